/**
 * A list page's search (issue 24 §2–§3, decision 0036): every open event through the search index, ranked by
 * relevance then 24 h volume, at most SEARCH_RESULTS_MAX in one query; the snapshot's busiest events when the
 * index cannot answer (searchOpenEvents says why). Streams like the list itself: with the snapshot cached the
 * one D1 query is awaited, so the results are in the first byte (and without JavaScript); on a cold cache the
 * page's shell goes first and the results follow the snapshot's build.
 */
import { type DashboardData, SEARCH_RESULTS_MAX } from "~/lib/dashboard";
import type { MarketSnapshot } from "~/lib/types";
import type { Deps } from "../deps";
import { searchOpenEvents } from "../search/results";
import { type DashboardQuery, searchResultsView } from "./dashboard";
import { marketSnapshot } from "./markets";

export async function dashboardSearch(
  deps: Deps,
  query: DashboardQuery,
): Promise<{ value: DashboardData | Promise<DashboardData> }> {
  const { value } = await marketSnapshot.view(deps, (snapshot) => snapshot);
  const answer = async (snapshot: MarketSnapshot) => {
    const results = await searchOpenEvents(deps, {
      q: query.search,
      limit: Math.min(query.limit, SEARCH_RESULTS_MAX),
      ...(query.category ? { category: query.category } : {}),
    });
    return searchResultsView(snapshot, results, query);
  };
  return { value: value instanceof Promise ? value.then(answer) : await answer(value) };
}
