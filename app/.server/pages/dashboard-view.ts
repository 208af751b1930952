/**
 * The dashboard's view of the market snapshot: the event cards of a category that match the search, in
 * the list view's order (sort, ended filter), and the figures over exactly those events (decision 0025:
 * totals follow the view). A category's events are worked out once per snapshot and isolate (the
 * snapshot's event list is the memo key); the search, the filter and the sort run per render (100 cards).
 * A search of every open event (the index's results) is viewed here too (`searchResultsView`, decision 0036).
 */
import { type Category, filterMarkets } from "~/lib/categories";
import type { DashboardData } from "~/lib/dashboard";
import { cardEvent, isAnalysed, viewProvenance } from "~/lib/dashboard";
import { type ListView, selectListItems } from "~/lib/list-view";
import { mentionTotal } from "~/lib/mentions";
import { matchesEvent, type SearchResults } from "~/lib/search";
import { eventCounts } from "~/lib/sentiment";
import type { DisplayEvent, MarketSnapshot } from "~/lib/types";

const byList = new WeakMap<readonly DisplayEvent[], Map<string, DisplayEvent[]>>();

function categoryEvents(all: readonly DisplayEvent[], category: Category | undefined): DisplayEvent[] {
  let views = byList.get(all);
  if (!views) {
    views = new Map();
    byList.set(all, views);
  }
  const key = category?.slug ?? "";
  let events = views.get(key);
  if (!events) {
    events = category ? filterMarkets(all, category, "") : [...all];
    views.set(key, events);
  }
  return events;
}

export interface DashboardQuery {
  category: Category | undefined;
  /** Already cut to SEARCH_MAX_LENGTH (readSearch). */
  search: string;
  /** Cards to render (cardLimit). */
  limit: number;
  view: ListView;
  /** Epoch ms: what "ended" is judged against. */
  now: number;
}

/**
 * The snapshot's events the page lists. `fallback`: why a search reads the snapshot rather than the index
 * (said on the page); a search with none is read here only by callers that never asked the index.
 */
export function dashboardView(
  snapshot: MarketSnapshot,
  query: DashboardQuery,
  fallback: string | null = null,
): DashboardData {
  const { markets: _markets, events: all, ...rest } = snapshot;
  const inCategory = categoryEvents(all, query.category);
  const search = query.search.trim();
  const matching = search ? inCategory.filter((e) => matchesEvent(e, query.search)) : inCategory;
  const listed = selectListItems(matching, query.view, query.now);
  const mentions = mentionTotal(listed);
  return {
    ...rest,
    events: listed.slice(0, query.limit).map(cardEvent),
    counts: eventCounts(listed),
    totalMentions: mentions.total,
    mentionQueries: mentions.queries,
    provenance: viewProvenance(snapshot.provenance, listed, snapshot.fetchedAt),
    scope: { category: query.category?.label ?? null, search },
    view: query.view,
    total: all.length,
    matching: listed.length,
    search: search ? { source: "snapshot", fallback } : null,
  };
}

/**
 * A search's view: the snapshot's answer (before the index's first pass, or D1 failing) is the snapshot's
 * own view, sorted and filtered as always, with why; the index's is its results in relevance order (the sort
 * and ended filter do not apply), the first `limit` as cards, and the figures over the analysed events among
 * all of them: the others have no call, X count or live flag of ours to count.
 */
export function searchResultsView(
  snapshot: MarketSnapshot,
  results: SearchResults,
  query: DashboardQuery,
): DashboardData {
  if (results.source === "snapshot") return dashboardView(snapshot, query, results.fallback);
  const { markets: _markets, events: all, ...rest } = snapshot;
  const analysed = results.events.filter(isAnalysed);
  const mentions = mentionTotal(analysed);
  return {
    ...rest,
    events: results.events.slice(0, query.limit).map(cardEvent),
    counts: eventCounts(analysed),
    totalMentions: mentions.total,
    mentionQueries: mentions.queries,
    provenance: viewProvenance(snapshot.provenance, analysed, snapshot.fetchedAt),
    scope: {
      category: query.category?.label ?? null,
      search: query.search.trim(),
      results: { count: results.events.length, capped: results.nextCursor !== null },
    },
    view: query.view,
    total: all.length,
    matching: results.events.length,
    search: { source: "index", fallback: null },
  };
}
