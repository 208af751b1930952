/** What the list endpoints select from a snapshot: pure, so the API and the reference page's examples agree. */

import { categoryBySlug, filterMarkets } from "~/lib/categories";
import { selectListItems } from "~/lib/list-view";
import { matchesEvent } from "~/lib/search";
import type { DisplayEvent, DisplayMarket, WhaleOutcome, WhaleTrade } from "~/lib/types";
import { tradeValue } from "~/lib/whales";
import { pageAfter } from "../cursor";
import type { EventsQuery, MarketSort, MarketsQuery, WhalesQuery } from "./params";

function endTime(market: DisplayMarket, now: number): number {
  const end = market.endDate === null ? Number.NaN : Date.parse(market.endDate);
  // Ended and undated markets go last, in their feed order.
  return Number.isFinite(end) && end > now ? end : Number.POSITIVE_INFINITY;
}

const ORDER: Record<MarketSort, (a: DisplayMarket, b: DisplayMarket, now: number) => number> = {
  volume: (a, b) => b.volume - a.volume,
  change: (a, b) => Math.abs(b.priceChange24h) - Math.abs(a.priceChange24h),
  ending: (a, b, now) => {
    const [x, y] = [endTime(a, now), endTime(b, now)];
    return x === y ? 0 : x < y ? -1 : 1;
  },
  sentiment: (a, b) => Math.abs(b.sentiment.score) - Math.abs(a.sentiment.score),
};

/** One page of the snapshot's markets, filtered and sorted; null when the cursor names no market of the list. */
export function selectMarkets(markets: readonly DisplayMarket[], query: MarketsQuery, now: number) {
  const kept = filterMarkets(markets, categoryBySlug(query.category), query.q ?? "");
  // Array.prototype.sort is stable: ties keep the feed's order.
  const sorted = kept.sort((a, b) => ORDER[query.sort](a, b, now));
  const page = pageAfter(sorted, (m) => m.id, query.cursor, query.limit);
  return page && { markets: page.items, total: sorted.length, nextCursor: page.nextCursor };
}

/**
 * One page of the snapshot's event cards: the list pages' category, search, sort and ended filter
 * (`selectListItems`), paged by event id; null when the cursor names no event of the list.
 */
export function selectEvents(events: readonly DisplayEvent[], query: EventsQuery, now: number) {
  const inCategory = filterMarkets(events, categoryBySlug(query.category), "");
  const search = query.q?.trim() ?? "";
  const matching = search ? inCategory.filter((e) => matchesEvent(e, search)) : inCategory;
  const listed = selectListItems(matching, { sort: query.sort, ended: query.ended }, now);
  const page = pageAfter(listed, (e) => e.id, query.cursor, query.limit);
  return page && { events: page.items, total: listed.length, nextCursor: page.nextCursor };
}

const OUTCOMES: Record<NonNullable<WhalesQuery["outcome"]>, WhaleOutcome> = {
  yes: "YES",
  no: "NO",
  other: "OTHER",
};

/**
 * The snapshot's trades at or above `minUsd`, of the outcome and since the time asked (and only the
 * radar's fresh wallets with `fresh=1`), newest first.
 */
export function selectWhales(trades: readonly WhaleTrade[], query: WhalesQuery): WhaleTrade[] {
  const outcome = query.outcome ? OUTCOMES[query.outcome] : null;
  const since = query.since ? Date.parse(query.since) : Number.NEGATIVE_INFINITY;
  return trades
    .filter(
      (t) =>
        tradeValue(t) >= query.minUsd &&
        (outcome === null || t.outcome === outcome) &&
        t.timestamp >= since &&
        (query.fresh !== "1" || t.radar?.fresh === true),
    )
    .sort((a, b) => b.timestamp - a.timestamp);
}
