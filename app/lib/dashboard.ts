/**
 * What a dashboard page (home and the 11 categories) is sent: only the event cards it shows, with the
 * figures over the events its grid lists (category, search, ended filter) worked out on the server. Searching or
 * showing more asks the loader again (a small `.data` request served from the cached snapshot, never an
 * upstream call).
 */

import type { ListView } from "./list-view";
import { mixProvenance, type SnapshotProvenance } from "./provenance";
import type { SearchSource } from "./search";
import type { DashboardCounts } from "./sentiment";
import type { AnyEvent, DisplayEvent, EventForecast, MarketSnapshot } from "./types";

/** Cards rendered at first; "Show more events" adds as many again. */
export const PAGE_SIZE = 12;
/** Most cards one page will render (`?show=` is capped here). */
export const MAX_CARDS = 1000;

/** `?show=`: the number of cards to render, PAGE_SIZE unless a larger whole number is asked for. */
export function cardLimit(show: string | null): number {
  const n = Number(show);
  return Number.isInteger(n) && n > PAGE_SIZE ? Math.min(n, MAX_CARDS) : PAGE_SIZE;
}

/** What a card shows of an event's forecast (the model's probabilities are the event page's). */
export type CardForecast = Omit<EventForecast, "probabilities">;

/**
 * What a card shows of an event. A list page sends its cards as loader data, serialised on every render
 * and again into the page for hydration: nothing the card does not show.
 */
export type CardEvent = Omit<AnyEvent, "startDate" | "liquidity" | "tags" | "volume24h" | "forecast"> & {
  forecast: CardForecast | null;
  /** "Smart money: 7 top wallets on Newsom, +$48K today", when the cron's row is at most two hours old. */
  smartMoney?: string | null;
};

/** An event as a card shows it. */
export function cardEvent(event: AnyEvent): CardEvent {
  const {
    startDate: _start,
    liquidity: _liquidity,
    tags: _tags,
    volume24h: _volume24h,
    forecast,
    ...card
  } = event;
  if (!forecast) return { ...card, forecast: null };
  const { probabilities: _probabilities, ...shown } = forecast;
  return { ...card, forecast: shown };
}

/** Which events the figures count: the grid's category and search. */
export interface DashboardScope {
  /** The category's label; null on the home page (Trending: every event of the snapshot). */
  category: string | null;
  /** The search as typed, trimmed; "" without one. */
  search: string;
  /**
   * A search of every open event (decision 0036): the figures count only the analysed events among its
   * results; how many results there are, and whether that is a cap (more events match). Absent otherwise.
   */
  results?: SearchCount;
}

/** The results of a search of every open event the page holds, at most SEARCH_RESULTS_MAX. */
export interface SearchCount {
  count: number;
  /** More events match than `count`: the count is the cap, not a total. */
  capped: boolean;
}

/** Results a list page's search of every open event fetches and can show (one query; decision 0036). */
export const SEARCH_RESULTS_MAX = 100;

/** Said above the grid while a search covers every open event (in place of the sort and filter). */
export const INDEX_SEARCH_NOTE =
  "Searching every open Polymarket event, best match first, then by 24h volume.";

/** Under the grid when the search matches more events than a page may show. */
export const SEARCH_CAPPED_NOTE = `More events match than the ${SEARCH_RESULTS_MAX} shown: add a word to narrow the search.`;

/** Where a search's results came from: every open event (the index), or the snapshot's busiest events. */
export interface DashboardSearch {
  source: "index" | "snapshot";
  /** Why the snapshot answered (before the index's first pass, or D1 failing); null for the index. */
  fallback: string | null;
}

export interface DashboardData extends Omit<MarketSnapshot, "markets" | "events"> {
  /**
   * The cards to render: the first `limit` events of the category that match the search, in the view's
   * order. Only an index search lists events outside the snapshot (`forecast` and `mentions` null).
   */
  events: CardEvent[];
  /** The dashboard figures over every event the grid lists (category, search, ended filter), not only those rendered. */
  counts: DashboardCounts;
  /** X mentions over the same events, each distinct query once (`mentionTotal`). */
  totalMentions: number;
  /** The distinct queries that total adds up. */
  mentionQueries: number;
  /** The snapshot's provenance, with mentions and sentiment said for the same events. */
  provenance: SnapshotProvenance;
  scope: DashboardScope;
  /** The sort and ended filter in force (bad or missing values read as the defaults). */
  view: ListView;
  /** Events in the snapshot, before category, search and filter. */
  total: number;
  /**
   * Events the grid lists (≥ events.length; = counts.total), or for an index search its results (≤
   * SEARCH_RESULTS_MAX; `scope.results.capped` when more match).
   */
  matching: number;
  /** The search's source when there is a search; null without one. */
  search: DashboardSearch | null;
  /** A category's search that found nothing: the same search across every category. Absent otherwise. */
  everywhere?: WiderSearch;
}

/**
 * A category page's search that found nothing, asked of every category: what the Trending page (`/?search=`)
 * finds for the same text, counted as that page counts it (decision 0050).
 */
export interface WiderSearch {
  /** The search as typed, trimmed. */
  search: string;
  /** Events found: at most SEARCH_RESULTS_MAX. */
  count: number;
  /** More events match than `count`. */
  capped: boolean;
  /** Every open event (the index), or only the busiest (the snapshot, when the index cannot answer). */
  source: SearchSource;
}

/** An event we forecast (one of the snapshot's): its card has a call and an X count. */
export function isAnalysed(event: AnyEvent): event is DisplayEvent {
  return event.forecast !== null && event.mentions !== null;
}

/** Longest search text echoed into the figures' notes; a pasted essay must not fill the dashboard. */
const SEARCH_SHOWN_MAX = 40;

/** The search as the notes echo it: cut at SEARCH_SHOWN_MAX characters. */
function shownTerm(search: string): string {
  return search.length > SEARCH_SHOWN_MAX ? `${search.slice(0, SEARCH_SHOWN_MAX)}…` : search;
}

/** The Trending page's search for a text: every category's open events. */
export function widerSearchHref(search: string): string {
  return `/?${new URLSearchParams({ search })}`;
}

/**
 * What an empty category search says of the same search everywhere: "12 open events match “newsom” across
 * all categories" ("More than 100 …" past the cap; "3 of the busiest events …" from the snapshot), or that
 * nothing matches there either (then there is nothing to link to).
 */
export function widerSearchText(wider: WiderSearch): string {
  const term = `“${shownTerm(wider.search)}”`;
  const busiest = wider.source === "snapshot";
  if (wider.count === 0) {
    return busiest
      ? `None of the busiest events matches ${term} in any category either.`
      : `No open event matches ${term} in any category either.`;
  }
  const one = wider.count === 1 && !wider.capped;
  const count = `${wider.capped ? "More than " : ""}${wider.count}`;
  const events = busiest ? `of the busiest events` : one ? "open event" : "open events";
  return `${count} ${events} ${one ? "matches" : "match"} ${term} across all categories`;
}

/**
 * "14 events in Politics", "3 events matching “trump”", "1 event in Politics matching “trump”"; over an
 * index search's results "2 analysed events among 37 results matching “fed”" ("among the first 100 results"
 * when more match).
 */
export function scopeText(scope: DashboardScope, count: number): string {
  const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;
  const category = scope.category ? ` in ${scope.category}` : "";
  const term = shownTerm(scope.search);
  const matching = `${category}${term ? ` matching “${term}”` : ""}`;
  const { results } = scope;
  if (!results) return `${plural(count, "event")}${matching}`;
  const among = `${results.capped ? "the first " : ""}${plural(results.count, "result")}`;
  return `${count} analysed ${count === 1 ? "event" : "events"} among ${among}${matching}`;
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
