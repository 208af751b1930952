import { WatchlistView } from "~/components/watchlist/watchlist-view";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/watchlist";

/** Different in every browser: not indexed and not in the sitemap (UNLISTED_PATHS). */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Your Watchlist",
    description:
      "The Polymarket markets you starred on OddsPulse, with their current price and the change since you starred them. Kept in your browser, no account needed.",
    origin: rootData(matches).origin,
    path: "/watchlist",
    noindex: true,
  });

/** `/watchlist`: no loader; the browser reads its stored list and asks /api/v1 for current prices. */
export default function Watchlist() {
  return <WatchlistView />;
}
