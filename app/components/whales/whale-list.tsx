import { useMemo } from "react";
import { Link } from "react-router";
import { classes, useLive, useLiveArrival, useLiveTopics } from "~/components/live/hooks";
import { LiveIndicator } from "~/components/live/live-indicator";
import { Card } from "~/components/ui/card";
import { RefreshNotice } from "~/components/ui/refresh-notice";
import { formatAge, formatMoment } from "~/lib/format";
import { WHALES_TOPIC } from "~/lib/live";
import { withPushedTrades } from "~/lib/live-state";
import type { WhaleSnapshot, WhaleTrade } from "~/lib/types";
import {
  DEFAULT_WHALE_VIEW,
  formatTradeAmount,
  selectTrades,
  sideLabel,
  type WhaleView,
  whaleViewSearch,
} from "~/lib/whales";
import { useWhaleFeed } from "./use-whale-feed";
import { WhaleCard, WhaleCardSkeleton } from "./whale-card";

// SPEC §8 / §2 texts, verbatim.
export const WHALE_ERROR_TEXT = "Failed to load whale trades. Please try refreshing.";
export const WHALE_EMPTY_TEXT = "No large trades found at the moment.";

const GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3";

/** SPEC §2: six skeleton cards while the first list loads. */
export function WhaleSkeletonGrid() {
  return (
    <div aria-busy="true" data-testid="whale-loading">
      <p className="sr-only">Loading whale trades…</p>
      <ul className={GRID}>
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <li key={n}>
            <WhaleCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** SPEC §8: the whale fetch failed and there is nothing to show. */
export function WhaleErrorCard() {
  return (
    // Not a Card: its white background and grey border would override the error colours.
    <div className="rounded-xl border border-rose-200 bg-rose-50 p-6 shadow-sm" data-testid="whale-error">
      <p className="text-base font-semibold text-rose-900">{WHALE_ERROR_TEXT}</p>
      <p className="mt-1 text-sm text-rose-900">
        The page also tries again by itself every minute while it is open.
      </p>
    </div>
  );
}

function EmptyState() {
  return (
    <Card className="p-6 text-center" data-testid="whale-empty">
      <p className="text-base font-semibold text-slate-900">{WHALE_EMPTY_TEXT}</p>
      <p className="mt-1 text-sm text-slate-600">
        Trades over $50K will appear here as soon as they are detected.
      </p>
    </Card>
  );
}

function FilteredEmpty({ view }: { view: WhaleView }) {
  return (
    <Card className="p-6 text-center" data-testid="whale-filtered-empty">
      <p className="text-base font-semibold text-slate-900">No large trades match this filter.</p>
      <p className="mt-2 text-sm">
        <Link
          to={`/whale-watch${whaleViewSearch({ ...DEFAULT_WHALE_VIEW, sort: view.sort })}`}
          preventScrollReset
          className="text-blue-800 underline"
        >
          Clear the filters
        </Link>
      </p>
    </Card>
  );
}

const TOPICS = [WHALES_TOPIC];

/** One trade of the list; a trade pushed live is highlighted briefly when it appears, and said. */
function TradeItem({
  trade,
  now,
  multiEvents,
  pushed,
}: {
  trade: WhaleTrade;
  now: number;
  multiEvents: ReadonlySet<string>;
  /** It came from the live socket (the list's last poll did not hold it). */
  pushed: boolean;
}) {
  const flash = useLiveArrival(pushed, {
    key: `trade\n${trade.id}`,
    kind: "trade",
    say: `${sideLabel(trade.side)} ${formatTradeAmount(trade)} of ${trade.outcomeLabel} on ${trade.title}`,
  });
  return (
    <li className={classes("min-w-0", flash && `rounded-xl ${flash}`)}>
      <WhaleCard trade={trade} now={now} multiEvents={multiEvents} />
    </li>
  );
}

/**
 * The list in its four states (SPEC §4: loading is the Suspense fallback; error, empty, loaded), kept
 * current by `useWhaleFeed`. A failed refresh over a list on screen is announced politely, never by
 * emptying the list. While the live socket is open, trades it pushes join the list at once (by id, so
 * the next poll does not list one twice); polling stays the fallback.
 */
export function WhaleFeedView({
  initial,
  serverNow,
  view,
  multiEvents,
}: {
  initial: WhaleSnapshot;
  serverNow: number;
  view: WhaleView;
  /** Slugs of the shown multi-outcome events (their trades link to the event page). */
  multiEvents?: readonly string[];
}) {
  const multi = useMemo(() => new Set(multiEvents), [multiEvents]);
  const { snapshot, refreshFailed, now } = useWhaleFeed(initial, serverNow);
  useLiveTopics(TOPICS);
  const pushed = useLive((s) => s.trades);
  const all = useMemo(() => withPushedTrades(snapshot.trades, pushed), [snapshot.trades, pushed]);
  const listed = useMemo(() => new Set(snapshot.trades.map((t) => t.id)), [snapshot.trades]);
  const total = all.length;
  const trades = selectTrades(all, view);
  const from = formatMoment(Date.parse(snapshot.fetchedAt), now);

  return (
    // Margins rather than a gap: the live region below is empty most of the time and takes no space.
    <div className="flex flex-col">
      {total > 0 && (
        <p className="mb-4 text-sm text-slate-600" data-testid="whale-summary">
          Showing {trades.length} of {total} {total === 1 ? "trade" : "trades"}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">. </span>
          <span data-testid="whale-updated">Updated {formatAge(snapshot.fetchedAt, now)}</span>{" "}
          <LiveIndicator subject="trades" />
        </p>
      )}
      {snapshot.failingSince && total > 0 && !refreshFailed && (
        <div className="mb-4">
          <RefreshNotice failingSince={snapshot.failingSince} fetchedAt={snapshot.fetchedAt} />
        </div>
      )}
      {/* Always in the page so screen readers announce the notice when it appears. */}
      <div role="status" aria-live="polite">
        {refreshFailed && total > 0 && (
          <p
            className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/30"
            data-testid="whale-refresh-notice"
          >
            Couldn't refresh the trades; showing trades from {from}.
          </p>
        )}
      </div>
      {total === 0 ? (
        snapshot.error ? (
          <WhaleErrorCard />
        ) : (
          <EmptyState />
        )
      ) : trades.length === 0 ? (
        <FilteredEmpty view={view} />
      ) : (
        <ul className={GRID} data-testid="whale-list">
          {trades.map((trade) => (
            <TradeItem
              key={trade.id}
              trade={trade}
              now={now}
              multiEvents={multi}
              pushed={!listed.has(trade.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
