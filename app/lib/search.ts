import type { AnswerProvenance } from "./provenance";
import type { AnyEvent, EventOutcome } from "./types";

/** Longest search text used or shown anywhere: a pasted essay is cut here before it is rendered. */
export const SEARCH_MAX_LENGTH = 200;

/** A search parameter as the site uses it: at most SEARCH_MAX_LENGTH characters, "" when absent. */
export function readSearch(params: URLSearchParams, name = "search"): string {
  return (params.get(name) ?? "").slice(0, SEARCH_MAX_LENGTH);
}

/** SPEC §5 search: case-insensitive substring of the title; blank matches everything. */
export function matchesSearch(title: string, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === "" || title.toLowerCase().includes(needle);
}

/** A search matches an event's title or one of the outcomes its card lists ("Trump" finds the election). */
export function matchesEvent(
  event: { title: string; outcomes: readonly { label: string }[] },
  search: string,
): boolean {
  return matchesSearch(event.title, search) || event.outcomes.some((o) => matchesSearch(o.label, search));
}

/** Where a search of every open event was answered from: the index, or the snapshot's busiest events. */
export type SearchSource = "index" | "snapshot";

/** One page of a search of every open event (app/.server/search/results.ts, decision 0035). */
export interface SearchResults {
  source: SearchSource;
  /** Why `source` is the snapshot; null when the index answered. */
  fallback: string | null;
  /** The page's events, best first. */
  events: AnyEvent[];
  /** The next page's cursor, null on the last. */
  nextCursor: string | null;
  /**
   * Where the page's figures came from: prices from the index (cached at its last full pass) or the
   * snapshot; forecasts and X counts the snapshot's, when any event listed has them.
   */
  provenance: AnswerProvenance;
  /**
   * The outcome of one of `events` that the search's words name, with its own price (0–1), or null when
   * none does (the title or tags matched). Worked out only when asked (the API's answer, not the list pages).
   */
  outcomeNamed: (event: AnyEvent) => EventOutcome | null;
}
