import { requestContext } from "~/.server/context";
import { marketIntelligencePage } from "~/.server/pages/insights";
import { MarketIntelligenceView } from "~/components/insights/market-intelligence-view";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/market-intelligence";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Market Intelligence",
    description:
      "Prediction-market analytics by event: volume by category, biggest 24h movers, widest gaps between the model's forecast and the price, and events closing soonest.",
    origin: rootData(matches).origin,
    path: "/market-intelligence",
    structuredData: { about: "Prediction market analytics" },
  });

// Aggregated here so the page ships a few ranked rows, not the whole feed.
export function loader({ context }: Route.LoaderArgs) {
  return marketIntelligencePage(context.get(requestContext));
}

export default function MarketIntelligencePage({ loaderData }: Route.ComponentProps) {
  return <MarketIntelligenceView intelligence={loaderData.intelligence} />;
}
