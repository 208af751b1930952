import { requestContext } from "~/.server/context";
import { marketSnapshot } from "~/.server/snapshots/markets";
import { SentimentAnalysisView } from "~/components/insights/sentiment-analysis-view";
import { sentimentInsights } from "~/lib/insights/sentiment-analysis";
import { pageMeta, rootData } from "~/lib/seo";
import type { MarketSnapshot } from "~/lib/types";
import type { Route } from "./+types/sentiment-analysis";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sentiment Analysis",
    description:
      "X mention counts and AI forecasts across live prediction-market events: most-mentioned topics, most bullish and bearish events, confidence distribution.",
    origin: rootData(matches).origin,
    path: "/sentiment-analysis",
    structuredData: { about: "Sentiment analysis of prediction markets" },
  });

// The aggregates are computed here so the page ships a few ranked rows, not the whole snapshot.
export async function loader({ context }: Route.LoaderArgs) {
  const { deps } = context.get(requestContext);
  const view = (snapshot: MarketSnapshot) => sentimentInsights(snapshot, deps.now());
  return { insights: (await marketSnapshot.view(deps, view)).value };
}

export default function SentimentAnalysis({ loaderData }: Route.ComponentProps) {
  return <SentimentAnalysisView insights={loaderData.insights} />;
}
