/**
 * What a dashboard page (home and the 11 categories) is sent: only the event cards it shows, with the
 * figures over the events its grid lists (category, search, ended filter) worked out on the server. Searching or
 * showing more asks the loader again (a small `.data` request served from the cached snapshot, never an
 * upstream call).
 */
import { mixProvenance, type SnapshotProvenance } from "./provenance";
import type { ListView } from "./list-view";
import type { DashboardCounts } from "./sentiment";
import type { DisplayEvent, MarketSnapshot } from "./types";

/** Cards rendered at first; "Show more events" adds as many again. */
export const PAGE_SIZE = 12;
/** Most cards one page will render (`?show=` is capped here). */
export const MAX_CARDS = 1000;

/** `?show=`: the number of cards to render, PAGE_SIZE unless a larger whole number is asked for. */
export function cardLimit(show: string | null): number {
  const n = Number(show);
  return Number.isInteger(n) && n > PAGE_SIZE ? Math.min(n, MAX_CARDS) : PAGE_SIZE;
}

/** Which events the figures count: the grid's category and search. */
export interface DashboardScope {
  /** The category's label; null on the home page (Trending: every event of the snapshot). */
  category: string | null;
  /** The search as typed, trimmed; "" without one. */
  search: string;
}

export interface DashboardData extends Omit<MarketSnapshot, "markets" | "events"> {
  /** The cards to render: the first `limit` events of the category that match the search, in the view's order. */
  events: DisplayEvent[];
  /** The dashboard figures over every event the grid lists (category, search, ended filter), not only those rendered. */
  counts: DashboardCounts;
  /** X mentions over the same events (one count per event). */
  totalMentions: number;
  /** The snapshot's provenance, with mentions and sentiment said for the same events. */
  provenance: SnapshotProvenance;
  scope: DashboardScope;
  /** The sort and ended filter in force (bad or missing values read as the defaults). */
  view: ListView;
  /** Events in the snapshot, before category, search and filter. */
  total: number;
  /** Events the grid lists (≥ events.length; = counts.total). */
  matching: number;
}

/** Longest search text echoed into the figures' notes; a pasted essay must not fill the dashboard. */
const SEARCH_SHOWN_MAX = 40;

/** "14 events in Politics", "3 events matching “trump”", "1 event in Politics matching “trump”". */
export function scopeText(scope: DashboardScope, count: number): string {
  const markets = `${count} ${count === 1 ? "event" : "events"}`;
  const category = scope.category ? ` in ${scope.category}` : "";
  const term =
    scope.search.length > SEARCH_SHOWN_MAX ? `${scope.search.slice(0, SEARCH_SHOWN_MAX)}…` : scope.search;
  return `${markets}${category}${term ? ` matching “${term}”` : ""}`;
}

/**
 * The snapshot's provenance for a subset of its events: a mix of live and estimated figures is said
 * again from the subset's own cards (all live, none, or its own share), so a filtered view never reads
 * "partly estimated" when every figure it counts is an estimate, or the reverse.
 */
export function viewProvenance(
  provenance: SnapshotProvenance,
  events: readonly DisplayEvent[],
  at: string,
): SnapshotProvenance {
  const { mentions, sentiment } = provenance;
  return {
    markets: provenance.markets,
    mentions:
      mentions.kind === "partial"
        ? mixProvenance(
            events.filter((e) => e.mentions.source === "live").length,
            events.length,
            mentions.by,
            at,
            mentions.method,
          )
        : mentions,
    sentiment:
      sentiment.kind === "partial"
        ? mixProvenance(
            events.filter((e) => e.forecast.source !== "estimated").length,
            events.length,
            sentiment.by,
            at,
            sentiment.method,
          )
        : sentiment,
  };
}
