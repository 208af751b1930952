import { Suspense } from "react";
import { Await, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { requestContext } from "~/.server/context";
import { whaleSnapshot } from "~/.server/snapshots/whales";
import { WhaleFilters } from "~/components/whales/whale-filters";
import { WhaleErrorCard, WhaleFeedView, WhaleSkeletonGrid } from "~/components/whales/whale-list";
import { feedAlternates, whaleFeedTitle } from "~/lib/feeds";
import { WHALES_EVERY, WHALES_REFRESH_NOTE } from "~/lib/refresh-cadence";
import { pageMeta, rootData } from "~/lib/seo";
import type { WhaleSnapshot } from "~/lib/types";
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
export async function loader({ context }: Route.LoaderArgs) {
  const { deps } = context.get(requestContext);
  return { now: deps.now(), snapshot: (await whaleSnapshot.view(deps, (snapshot) => snapshot)).value };
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
  const [params] = useSearchParams();
  const view = parseWhaleView(params);
  const { snapshot } = loaderData;
  const feed = (ready: WhaleSnapshot) => (
    <WhaleFeedView initial={ready} serverNow={loaderData.now} view={view} />
  );
  // A cached list renders in place, outside any Suspense boundary: React outlines a large completed
  // boundary into a hidden segment that only a script reveals, so the first paint (and a browser
  // without JavaScript) would show skeletons. Only a cold cache streams, behind the skeletons.
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Whale Watch</h1>
        <p className="max-w-3xl text-slate-700">
          Track the largest trades on Polymarket as they happen: every trade over $50K, with the market, the
          outcome, how much changed hands, the odds and the trader behind it.
        </p>
      </header>
      <WhaleFilters view={view} />
      <section aria-labelledby="whale-trades-heading" className="flex flex-col gap-4">
        <h2 id="whale-trades-heading" className="sr-only">
          Latest large trades
        </h2>
        {snapshot instanceof Promise ? (
          <Suspense fallback={<WhaleSkeletonGrid />}>
            <Await resolve={snapshot} errorElement={<WhaleErrorCard />}>
              {feed}
            </Await>
          </Suspense>
        ) : (
          feed(snapshot)
        )}
      </section>
      <p className="text-sm text-slate-600" data-testid="whale-footnote">
        {WHALES_REFRESH_NOTE} Times are shown in UTC.
      </p>
    </div>
  );
}
