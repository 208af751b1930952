import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { AlertButton } from "~/components/alerts/alert-button";
import { YourAlerts } from "~/components/alerts/your-alerts";
import { classes, useFirstSidePrice, useLiveEvent, useLiveFlash } from "~/components/live/hooks";
import { Badge } from "~/components/ui/badge";
import { Skeleton } from "~/components/ui/skeleton";
import { formatMoment, formatPoints, formatPrice } from "~/lib/format";
import { marketPath, statusText } from "~/lib/market-page";
import { useHydrated, useWatchlist } from "~/lib/use-watchlist";
import {
  changeInPoints,
  type ToggleChange,
  WATCHLIST_MAX,
  type WatchEntry,
  type WatchedMarket,
} from "~/lib/watchlist";
import { StarButton } from "./star-button";
import { type MarketState, useWatchedMarkets } from "./use-watched-markets";

function Change({ points }: { points: number }) {
  const tone = points > 0 ? "text-emerald-800" : points < 0 ? "text-rose-800" : "text-slate-700";
  return (
    <span className={`text-sm font-semibold ${tone}`} data-testid="watch-change">
      {points === 0 ? "Unchanged since starred" : `${formatPoints(points)} since starred`}
    </span>
  );
}

/**
 * A starred market's price now and its move since starring: the answer's price, then the event's live
 * prices while the page is open (the same ticks that move its cards and pages).
 */
function WatchedPrice({ entry, market }: { entry: WatchEntry; market: WatchedMarket }) {
  useLiveEvent(market.eventSlug, market.status.kind === "open");
  const now = useFirstSidePrice(market.id, [market.outcomeLabel, market.otherLabel], market.price);
  const price = formatPrice(now.price);
  const flash = useLiveFlash(
    price,
    now.pushed,
    {
      key: `${market.id}\n${market.outcomeLabel}`,
      kind: "price",
      say: `${market.title} ${market.outcomeLabel} ${price}`,
    },
    now.price,
  );
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className={classes("text-xl font-bold text-slate-900", flash)} data-testid="watch-price">
        {`${market.outcomeLabel} ${price}`}
      </span>
      <Change points={changeInPoints(now.price, entry.priceAtStar)} />
      {market.status.kind !== "open" && (
        <Badge variant={market.status.kind === "resolved" ? "secondary" : "warning"}>
          {statusText(market.status)}
        </Badge>
      )}
    </p>
  );
}

function RowState({ entry, state, onRetry }: { entry: WatchEntry; state: MarketState; onRetry: () => void }) {
  switch (state.kind) {
    case "loading":
      return (
        <div className="flex h-7 items-center">
          <Skeleton className="h-6 w-40" />
          <span className="sr-only">Loading the current price</span>
        </div>
      );
    case "ok":
      return <WatchedPrice entry={entry} market={state.market} />;
    case "gone":
      return (
        <p className="text-sm font-medium text-slate-800" data-testid="watch-problem">
          This market is no longer available.
        </p>
      );
    case "error":
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-800">
          <span data-testid="watch-problem">Couldn't load the current price.</span>
          <button type="button" className="btn btn-outline min-h-8 px-3 text-xs" onClick={onRetry}>
            Try again
          </button>
        </p>
      );
  }
}

function WatchRow({
  entry,
  state,
  now,
  onRetry,
  onToggle,
}: {
  entry: WatchEntry;
  state: MarketState;
  now: number;
  onRetry: () => void;
  onToggle: (change: ToggleChange) => void;
}) {
  const title = state.kind === "ok" ? state.market.title : entry.title;
  return (
    <li className="card flex items-start gap-3 p-4" data-testid="watch-row">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="text-base leading-snug font-semibold break-words">
          <Link to={marketPath(entry.slug)} className="link-quiet">
            {title}
          </Link>
        </h3>
        <RowState entry={entry} state={state} onRetry={onRetry} />
        <p className="text-xs text-slate-600" data-testid="watch-starred">
          {`Starred ${formatMoment(entry.starredAt, now)} at ${entry.outcomeLabel} ${formatPrice(entry.priceAtStar)}`}
        </p>
        {state.kind === "ok" && state.market.eventSlug ? (
          <div>
            <AlertButton
              target={{ kind: "event", slug: state.market.eventSlug, title }}
              className="min-h-9 px-3 text-xs"
            />
          </div>
        ) : null}
      </div>
      <StarButton
        target={{
          slug: entry.slug,
          title: entry.title,
          outcomeLabel: entry.outcomeLabel,
          price: entry.priceAtStar,
        }}
        className="-mt-2 -mr-2"
        onToggle={onToggle}
      />
    </li>
  );
}

function EmptyState({ headingRef }: { headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  return (
    <div className="card flex flex-col items-center gap-3 p-8 text-center" data-testid="watch-empty">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        No starred markets yet
      </h2>
      <p className="max-w-md text-sm text-slate-700">
        Press the ☆ on any market card or market page and the market shows up here, with its price now and how
        much it has moved since.
      </p>
      <Link to="/" className="btn btn-primary">
        Browse markets
      </Link>
    </div>
  );
}

/** The stored list and each market's current state (after hydration only: the list is this browser's). */
function WatchlistBody() {
  const entries = useWatchlist();
  const { stateOf, retry } = useWatchedMarkets(entries.map((e) => e.slug));
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLHeadingElement>(null);
  // After an unstar here the row is gone: focus moves to the star that took its place, or the one
  // before it, or the empty state's heading, never to the top of the page.
  const focusIndex = useRef<number | null>(null);
  const now = Date.now();

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    const stars = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-testid="star"]') ?? [];
    const next = stars[Math.min(index, stars.length - 1)];
    if (entries.length > 0 && next) next.focus();
    else emptyRef.current?.focus();
  }, [entries]);

  const onToggle = (index: number, entry: WatchEntry) => (change: ToggleChange) => {
    if (change !== "removed") return;
    focusIndex.current = index;
    setAnnouncement(`Removed ${entry.title} from your watchlist.`);
  };

  return (
    <>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {entries.length === 0 ? (
        <EmptyState headingRef={emptyRef} />
      ) : (
        <section aria-labelledby="watchlist-heading" className="flex flex-col gap-3">
          <h2 id="watchlist-heading" className="text-sm text-slate-700">
            {`${entries.length} starred ${entries.length === 1 ? "market" : "markets"}, newest first${entries.length >= WATCHLIST_MAX ? ` (the most a watchlist keeps)` : ""}`}
          </h2>
          <ul ref={listRef} className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="watch-list">
            {entries.map((entry, index) => (
              <WatchRow
                key={entry.slug}
                entry={entry}
                state={stateOf(entry.slug)}
                now={now}
                onRetry={() => retry(entry.slug)}
                onToggle={onToggle(index, entry)}
              />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** `/watchlist`: the explanation is server-rendered; the list itself is read from this browser. */
export function WatchlistView() {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Watchlist</h1>
        <p className="max-w-3xl text-slate-700">
          The markets you star, with the price of their first outcome now and how far it has moved, in
          percentage points, since you starred them. Your watchlist is kept in this browser only (no account;
          it is not stored on our servers) and every tab of this browser shares it.
        </p>
        <noscript>
          <p className="max-w-3xl font-medium text-slate-900">
            Your watchlist lives in this browser and needs JavaScript to show it.
          </p>
        </noscript>
      </header>
      {hydrated ? <WatchlistBody /> : null}
      {hydrated ? <YourAlerts /> : null}
    </div>
  );
}
