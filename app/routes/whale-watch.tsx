import type { ShouldRevalidateFunctionArgs } from "react-router";
import { requestContext } from "~/.server/context";
import { whaleWatchPage } from "~/.server/pages/whale-watch";
import { WhaleWatchPage } from "~/components/whales/whale-watch-page";
import { feedAlternates, whaleFeedTitle } from "~/lib/feeds";
import { WHALES_EVERY } from "~/lib/refresh-cadence";
import { pageMeta, rootData } from "~/lib/seo";
import { parseWhaleView, whaleViewSearch } from "~/lib/whales";
import type { Route } from "./+types/whale-watch";

const TITLE = "Whale Watch: Live Large Trades";
const DESCRIPTION = `Live tracker of Polymarket trades over $50K: the market, the outcome, the amount, the odds and the trader, checked ${WHALES_EVERY}.`;

/** The page's head, and its feeds for the view in the URL (the filter and sort carried into their hrefs). */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const origin = rootData(matches).origin;
  const view = parseWhaleView(new URLSearchParams(location.search));
  const page = pageMeta({
    title: TITLE,
    description: DESCRIPTION,
    origin,
    path: "/whale-watch",
    type: "CollectionPage",
    structuredData: {
      about: { "@type": "Thing", name: "Polymarket trades over $50,000" },
      isAccessibleForFree: true,
    },
  });
  return [...page, ...feedAlternates(origin, "/whale-watch", whaleFeedTitle(view), whaleViewSearch(view))];
};

/**
 * Cached trades render with the first byte; on a cold cache the loader hands back the pending fetch
 * and the page streams six skeleton cards until it settles. `now` is the render time, so relative
 * labels ("3 min ago") hydrate to the same text in the browser.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return whaleWatchPage(context.get(requestContext), new URL(request.url));
}

/**
 * Changing the filter or sort only changes the query: the list is already in the browser and kept
 * current by its own polling, so don't refetch it from the server for that.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export default function WhaleWatch({ loaderData }: Route.ComponentProps) {
  return <WhaleWatchPage data={loaderData} />;
}
