import { requestContext } from "~/.server/context";
import { sentimentAnalysisPage } from "~/.server/pages/insights";
import { SentimentAnalysisView } from "~/components/insights/sentiment-analysis-view";
import { pageMeta, rootData } from "~/lib/seo";
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
export function loader({ context }: Route.LoaderArgs) {
  return sentimentAnalysisPage(context.get(requestContext));
}

export default function SentimentAnalysis({ loaderData }: Route.ComponentProps) {
  return <SentimentAnalysisView insights={loaderData.insights} />;
}
