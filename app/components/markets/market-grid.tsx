import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import type { CardEvent, WiderSearch } from "~/lib/dashboard";
import { SEARCH_CAPPED_NOTE, SEARCH_RESULTS_MAX, widerSearchHref, widerSearchText } from "~/lib/dashboard";
import { UNKNOWN_ERROR } from "~/lib/errors";
import { EventCard } from "./event-card";

const GRID = "grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3";

export function MarketCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex gap-3">
        <Skeleton className="size-14" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </div>
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-12 w-full" />
      <div className="grid grid-cols-2 gap-2">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    </Card>
  );
}

/** SPEC §2: the 9-card grid skeleton. */
export function MarketGridSkeleton() {
  return (
    <div className={GRID} role="status" aria-label="Loading markets">
      {Array.from({ length: 9 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <MarketCardSkeleton key={i} />
      ))}
    </div>
  );
}

/** SPEC §4 'error with no data'. */
export function MarketGridError({ message }: { message?: string }) {
  return (
    <Card className="p-8 text-center" role="alert">
      <h2 className="text-lg font-semibold text-rose-800">Failed to load market data</h2>
      <p className="mt-2 text-sm text-slate-700">{message || UNKNOWN_ERROR}</p>
    </Card>
  );
}

/**
 * Under a category's empty search: the same search across every category, as a link to it with what it
 * finds, or that it finds nothing either (no link to an empty page).
 */
function WiderSearchHint({ wider }: { wider: WiderSearch }) {
  const text = widerSearchText(wider);
  if (wider.count === 0) {
    return (
      <p className="mt-3 text-sm text-slate-700" data-testid="wider-search">
        {text}
      </p>
    );
  }
  return (
    <p className="mt-3">
      <Link
        to={widerSearchHref(wider.search)}
        className="font-medium text-blue-800 underline"
        data-testid="wider-search"
      >
        {text}
      </Link>
    </p>
  );
}

/**
 * The grid and its states: empty feed ('No markets available' with a retry) and filtered to
 * nothing ('No markets found matching your criteria.', with the same search across every category when a
 * category's search found nothing). A search of every open event fetches only the cards it
 * shows: with more behind them (`capped`) it says "the first N results", never a total, and offers more up to
 * SEARCH_RESULTS_MAX.
 */
export function MarketGrid({
  events,
  totalBeforeFilter,
  matching = events.length,
  capped = false,
  moreHref,
  wider,
  onRetry,
  retrying,
  now,
}: {
  /** Render time (epoch ms): end dates read "Ends" or "Ended" against it. */
  now: number;
  /** The cards to show (already filtered, sorted and limited). */
  events: readonly CardEvent[];
  /** Events in the snapshot before category and search filters; null when the list is a search of every open event. */
  totalBeforeFilter: number | null;
  /** Events that match the filters (≥ events.length when the list is limited). */
  matching?: number;
  /** More events match than the cards shown (a search of every open event): no total is known. */
  capped?: boolean;
  /** Link that shows more cards, when there are more. */
  moreHref?: string;
  /** A category's search found nothing: what the same search finds in every category. */
  wider?: WiderSearch | undefined;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (totalBeforeFilter === 0) {
    return (
      <Card className="p-8 text-center">
        <h2 className="text-lg font-semibold">No markets available</h2>
        <Button className="mt-4" onClick={onRetry} disabled={retrying}>
          Retry Loading Markets
        </Button>
      </Card>
    );
  }
  if (events.length === 0) {
    return (
      <Card className="p-8 text-center">
        <p className="text-slate-700">No markets found matching your criteria.</p>
        {wider && <WiderSearchHint wider={wider} />}
      </Card>
    );
  }
  const atCap = capped && events.length >= SEARCH_RESULTS_MAX;
  return (
    <>
      <section aria-label="Events" className={GRID}>
        {events.map((event) => (
          <EventCard key={event.id} event={event} now={now} />
        ))}
      </section>
      <div className="mt-6 flex flex-col items-center gap-3 text-sm text-slate-700">
        <p>
          {capped
            ? `Showing the first ${events.length} results`
            : `Showing ${events.length} of ${matching} events`}
        </p>
        {atCap && (
          <p className="text-center" data-testid="search-capped">
            {SEARCH_CAPPED_NOTE}
          </p>
        )}
        {moreHref && (capped ? !atCap : matching > events.length) && (
          <Link
            to={moreHref}
            preventScrollReset
            replace
            className="inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-900 hover:bg-slate-50"
          >
            Show more events
          </Link>
        )}
      </div>
    </>
  );
}
