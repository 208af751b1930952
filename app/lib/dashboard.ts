/**
 * What a dashboard page (home and the 11 categories) is sent: only the cards it shows, with the
 * figures over the markets its grid lists (category and search) worked out on the server. Searching or
 * showing more asks the loader again (a small `.data` request served from the cached snapshot, never an
 * upstream call).
 */
import { mixProvenance, type SnapshotProvenance } from "./provenance";
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

/** Which markets the figures count: the grid's category and search. */
export interface DashboardScope {
  /** The category's label; null on the home page (Trending: every market of the snapshot). */
  category: string | null;
  /** The search as typed, trimmed; "" without one. */
  search: string;
}

export interface DashboardData extends Omit<MarketSnapshot, "markets"> {
  /** The cards to render: the first `limit` markets of the category that match the search. */
  markets: DisplayMarket[];
  /** The dashboard figures over every market the grid lists (category and search), not only those rendered. */
  counts: DashboardCounts;
  /** X mentions over the same markets, each keyword once (markets sharing a topic share its count). */
  totalMentions: number;
  /** The snapshot's provenance, with mentions and sentiment said for the same markets. */
  provenance: SnapshotProvenance;
  scope: DashboardScope;
  /** Markets in the snapshot, before category and search. */
  total: number;
  /** Markets of the category that match the search (≥ markets.length; = counts.total). */
  matching: number;
}

/** Longest search text echoed into the figures' notes; a pasted essay must not fill the dashboard. */
const SEARCH_SHOWN_MAX = 40;

/** "14 markets in Politics", "3 markets matching “trump”", "1 market in Politics matching “trump”". */
export function scopeText(scope: DashboardScope, count: number): string {
  const markets = `${count} ${count === 1 ? "market" : "markets"}`;
  const category = scope.category ? ` in ${scope.category}` : "";
  const term =
    scope.search.length > SEARCH_SHOWN_MAX ? `${scope.search.slice(0, SEARCH_SHOWN_MAX)}…` : scope.search;
  return `${markets}${category}${term ? ` matching “${term}”` : ""}`;
}

/**
 * The snapshot's provenance for a subset of its markets: a mix of live and estimated figures is said
 * again from the subset's own cards (all live, none, or its own share), so a filtered view never reads
 * "partly estimated" when every figure it counts is an estimate, or the reverse.
 */
export function viewProvenance(
  provenance: SnapshotProvenance,
  markets: readonly DisplayMarket[],
  at: string,
): SnapshotProvenance {
  const { mentions, sentiment } = provenance;
  return {
    markets: provenance.markets,
    mentions:
      mentions.kind === "partial"
        ? mixProvenance(
            markets.filter((m) => m.mentionsSource === "live").length,
            markets.length,
            mentions.by,
            at,
            mentions.method,
          )
        : mentions,
    sentiment:
      sentiment.kind === "partial"
        ? mixProvenance(
            markets.filter((m) => m.sentiment.source !== "estimated").length,
            markets.length,
            sentiment.by,
            at,
            sentiment.method,
          )
        : sentiment,
  };
}
