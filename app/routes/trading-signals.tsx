import { requestContext } from "~/.server/context";
import { tradingSignalsPage } from "~/.server/pages/trading-signals";
import { TradingSignalsView } from "~/components/insights/trading-signals-view";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/trading-signals";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Trading Signals",
    description:
      "The open buy-yes and buy-no calls on Polymarket markets, highest confidence first, with the price at each call and the price now; every call graded in public on the track record.",
    origin: rootData(matches).origin,
    path: "/trading-signals",
    structuredData: { about: "Open prediction-market calls from the OddsPulse track record" },
  });

/** The open calls from the track record (D1) with confidence and price now from the cached snapshot. */
export function loader({ context }: Route.LoaderArgs) {
  return tradingSignalsPage(context.get(requestContext));
}

export default function TradingSignals({ loaderData }: Route.ComponentProps) {
  return <TradingSignalsView data={loaderData} />;
}
