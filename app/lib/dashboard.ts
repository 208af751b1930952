/**
 * What a dashboard page (home and the 11 categories) is sent: only the cards it shows, with the
 * figures over its whole category worked out on the server. Searching or showing more asks the
 * loader again (a small `.data` request served from the cached snapshot, never an upstream call).
 */
import type { DashboardCounts } from "./sentiment";
import type { DisplayMarket, MarketSnapshot } from "./types";

/** Cards rendered at first; "Show more markets" adds as many again. */
export const PAGE_SIZE = 12;
/** Most cards one page will render (`?show=` is capped here). */
export const MAX_CARDS = 1000;

/** `?show=`: the number of cards to render, PAGE_SIZE unless a larger whole number is asked for. */
export function cardLimit(show: string | null): number {
  const n = Number(show);
  return Number.isInteger(n) && n > PAGE_SIZE ? Math.min(n, MAX_CARDS) : PAGE_SIZE;
}

export interface DashboardData extends Omit<MarketSnapshot, "markets"> {
  /** The cards to render: the first `limit` markets of the category that match the search. */
  markets: DisplayMarket[];
  /** The dashboard figures, over the whole category (not narrowed by the search). */
  counts: DashboardCounts;
  /** Markets in the snapshot, before category and search. */
  total: number;
  /** Markets of the category that match the search (≥ markets.length). */
  matching: number;
}
