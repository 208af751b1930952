import { requestContext } from "~/.server/context";
import { comparePage } from "~/.server/pages/compare";
import { ComparePage } from "~/components/compare/compare-page";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/compare";

const DESCRIPTION =
  "Polymarket and Kalshi prices of the same questions side by side, by the gap left after both venues' trading fees. Not an arbitrage: resolution rules can differ.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Polymarket vs Kalshi: Price Gaps After Fees",
    description: DESCRIPTION,
    origin: rootData(matches).origin,
    path: "/compare",
    type: "CollectionPage",
    structuredData: { isAccessibleForFree: true },
  });

/**
 * `/compare`: awaited in full (readable without JavaScript; the filters are a GET form). `?category=` and
 * `?min_gap=` (cents) filter; a bad value is a 400 that says what was wrong.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return comparePage(context.get(requestContext), new URL(request.url));
}

export default function Compare({ loaderData }: Route.ComponentProps) {
  return <ComparePage data={loaderData.compare} now={loaderData.now} />;
}
