/**
 * The dashboard's view of the market snapshot. A category's markets and figures are worked out
 * once per snapshot and isolate (the snapshot's market list is the memo key), so a render does
 * only the search and the slice.
 */
import { type Category, filterMarkets } from "~/lib/categories";
import type { DashboardData } from "~/lib/dashboard";
import { matchesSearch } from "~/lib/search";
import { type DashboardCounts, dashboardCounts } from "~/lib/sentiment";
import type { DisplayMarket, MarketSnapshot } from "~/lib/types";

interface CategoryView {
  markets: DisplayMarket[];
  counts: DashboardCounts;
}

const byList = new WeakMap<readonly DisplayMarket[], Map<string, CategoryView>>();

function categoryView(all: readonly DisplayMarket[], category: Category | undefined): CategoryView {
  let views = byList.get(all);
  if (!views) {
    views = new Map();
    byList.set(all, views);
  }
  const key = category?.slug ?? "";
  let view = views.get(key);
  if (!view) {
    const markets = category ? filterMarkets(all, category, "") : [...all];
    view = { markets, counts: dashboardCounts(markets) };
    views.set(key, view);
  }
  return view;
}

export interface DashboardQuery {
  category: Category | undefined;
  /** Already cut to SEARCH_MAX_LENGTH (readSearch). */
  search: string;
  /** Cards to render (cardLimit). */
  limit: number;
}

export function dashboardView(snapshot: MarketSnapshot, query: DashboardQuery): DashboardData {
  const { markets: all, ...rest } = snapshot;
  const { markets, counts } = categoryView(all, query.category);
  const matching = query.search.trim()
    ? markets.filter((m) => matchesSearch(m.title, query.search))
    : markets;
  return {
    ...rest,
    markets: matching.slice(0, query.limit),
    counts,
    total: all.length,
    matching: matching.length,
  };
}
