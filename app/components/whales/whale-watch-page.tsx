import { useSearchParams } from "react-router";
import { Deferred } from "~/components/ui/deferred";
import { WHALES_REFRESH_NOTE } from "~/lib/refresh-cadence";
import type { WhaleSnapshot } from "~/lib/types";
import { parseWhaleView } from "~/lib/whales";
import { WhaleFilters } from "./whale-filters";
import { WhaleErrorCard, WhaleFeedView, WhaleSkeletonGrid } from "./whale-list";

/** What the whale page shows (the loader's data): the trades, streamed on a cold cache. */
export interface WhaleWatchPageView {
  /** Render time (epoch ms): relative labels ("3 min ago") hydrate to the same text. */
  now: number;
  snapshot: WhaleSnapshot | Promise<WhaleSnapshot>;
  /** Slugs of the shown multi-outcome events: a trade in one links to the event page. */
  multiEvents?: string[];
}

/** `/whale-watch`: the filters from the URL, then the large trades, kept current by the list's own polling. */
export function WhaleWatchPage({ data }: { data: WhaleWatchPageView }) {
  const [params] = useSearchParams();
  const view = parseWhaleView(params);
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
        {/* A cached list renders in place, outside any Suspense boundary (see Deferred); only a cold
            cache streams, behind the skeletons. */}
        <Deferred value={data.snapshot} fallback={<WhaleSkeletonGrid />} errorElement={<WhaleErrorCard />}>
          {(ready) => (
            <WhaleFeedView initial={ready} serverNow={data.now} view={view} multiEvents={data.multiEvents} />
          )}
        </Deferred>
      </section>
      <p className="text-sm text-slate-600" data-testid="whale-footnote">
        {WHALES_REFRESH_NOTE} Times are shown in UTC.
      </p>
    </div>
  );
}
