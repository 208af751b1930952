/**
 * `/` and the 11 category paths: the cards the URL asks for (category, `search`, `show`). Without a search
 * the snapshot's cards, with their smart-money lines (one D1 read kept a minute) and, only when a card names
 * a market proposed or disputed, its answer and time (one more, decision 0053); with one, every open event
 * through the index (decision 0036).
 *
 * A list page's search (decision 0036): every open event through the search index, ranked by
 * relevance then 24 h volume, at most SEARCH_RESULTS_MAX in one query; the snapshot's busiest events when the
 * index cannot answer (searchOpenEvents says why). Streams like the list itself: with the snapshot cached the
 * one D1 query is awaited, so the results are in the first byte (and without JavaScript); on a cold cache the
 * page's shell goes first and the results follow the snapshot's build.
 *
 * A category's search that finds nothing asks once more, of every category (decision 0050): the page then
 * offers the Trending page's search for the same text with what it finds. Only then: a search with results
 * costs its one query, as before.
 */
import { categoryBySlug } from "~/lib/categories";
import { cardLimit, type DashboardData, SEARCH_RESULTS_MAX, type WiderSearch } from "~/lib/dashboard";
import { defaultListView, parseListView } from "~/lib/list-view";
import { readSearch } from "~/lib/search";
import type { MarketSnapshot } from "~/lib/types";
import type { RequestContext } from "../context";
import type { Deps } from "../deps";
import { SMART_ROW_MAX_AGE_MS } from "../history/event-smart-money";
import { HistoryReads } from "../history/reads";
import { searchOpenEvents } from "../search/results";
import { pagePath } from "../single-fetch";
import { marketSnapshot } from "../snapshots/markets";
import { searchSourcesOf } from "../sources";
import { withUmaStates } from "./card-resolutions";
import { type DashboardQuery, dashboardView, searchResultsView } from "./dashboard-view";

/**
 * What `/?search=` finds for the same text, counted as that page counts it (its default view; no cards
 * made): one more query of the index, up to SEARCH_RESULTS_MAX results.
 */
async function widerSearch(
  deps: Deps,
  snapshot: MarketSnapshot,
  query: DashboardQuery,
): Promise<WiderSearch> {
  const results = await searchOpenEvents(searchSourcesOf(deps), {
    q: query.search,
    limit: SEARCH_RESULTS_MAX,
  });
  const trending: DashboardQuery = {
    ...query,
    category: undefined,
    limit: 0,
    view: defaultListView({ trending: true }),
  };
  const view = searchResultsView(snapshot, results, trending);
  return {
    search: query.search.trim(),
    count: view.matching,
    capped: view.scope.results?.capped ?? false,
    source: results.source,
  };
}

async function dashboardSearch(
  deps: Deps,
  query: DashboardQuery,
): Promise<{ value: DashboardData | Promise<DashboardData> }> {
  const { value } = await marketSnapshot.view(deps, (snapshot) => snapshot);
  const answer = async (snapshot: MarketSnapshot): Promise<DashboardData> => {
    const results = await searchOpenEvents(searchSourcesOf(deps), {
      q: query.search,
      limit: Math.min(query.limit, SEARCH_RESULTS_MAX),
      ...(query.category ? { category: query.category } : {}),
    });
    const view = searchResultsView(snapshot, results, query);
    if (!query.category || view.matching > 0) return view;
    return { ...view, everywhere: await widerSearch(deps, snapshot, query) };
  };
  return { value: value instanceof Promise ? value.then(answer) : await answer(value) };
}

/** The page's loader: the query the URL asks for, its cards now (cached) or streamed (cold cache). */
export async function dashboardPage({ deps }: RequestContext, url: URL) {
  // The page's path, not the `.data` one: read as is, a client-side navigation got Trending's cards.
  const category = categoryBySlug(pagePath(url).replace(/^\/+|\/+$/g, "") || undefined);
  const now = deps.now();
  const query: DashboardQuery = {
    category,
    search: readSearch(url.searchParams),
    limit: cardLimit(url.searchParams.get("show")),
    view: parseListView(url.searchParams, { trending: category === undefined }),
    now,
  };
  // The cards' smart-money lines: the minute cron's rows, one D1 read kept a minute.
  const reads = new HistoryReads(deps.history, deps.cache);
  const lines = reads.eventSmartMoney(now, SMART_ROW_MAX_AGE_MS);
  const { value } =
    query.search.trim() === ""
      ? await marketSnapshot.view(deps, (snapshot) => dashboardView(snapshot, query))
      : await dashboardSearch(deps, query);
  const withLines = async (data: DashboardData): Promise<DashboardData> => {
    const rows = await lines;
    if (!rows.ok || rows.value.size === 0) return data;
    return {
      ...data,
      events: data.events.map((e) => ({ ...e, smartMoney: rows.value.get(e.slug)?.line ?? null })),
    };
  };
  // Then the resolution lines' answers and times, read only when a card names a market in resolution.
  const cards = async (data: DashboardData) => withUmaStates(reads, await withLines(data));
  return {
    slug: category?.slug ?? null,
    renderedAt: now,
    dashboard: value instanceof Promise ? value.then(cards) : await cards(value),
  };
}
