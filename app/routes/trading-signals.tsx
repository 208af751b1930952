import { TradingSignalsView } from "~/components/insights/trading-signals-view";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/trading-signals";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Trading Signals",
    description:
      "Preview of planned prediction-market trading signals: performance, active signals, alerts and history, shown with sample data.",
    origin: rootData(matches).origin,
    path: "/trading-signals",
    structuredData: { about: "Planned trading signals (sample data)" },
  });

export default function TradingSignals() {
  return <TradingSignalsView />;
}
