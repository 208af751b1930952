/**
 * The dashboard's view of the market snapshot: the cards of a category that match the search, and
 * the figures over exactly those markets (decision 0025: totals follow the view). A category's markets
 * and figures are worked out once per snapshot and isolate (the snapshot's market list is the memo
 * key), so a render without a search does only the slice; a search counts its own matches.
 */
import { type Category, filterMarkets } from "~/lib/categories";
import type { DashboardData } from "~/lib/dashboard";
import { viewProvenance } from "~/lib/dashboard";
import { matchesSearch } from "~/lib/search";
import { type DashboardCounts, dashboardCounts } from "~/lib/sentiment";
import type { DisplayMarket, MarketSnapshot } from "~/lib/types";
import { deriveKeyword } from "../mentions/keywords";

interface MarketsView {
  markets: DisplayMarket[];
  counts: DashboardCounts;
  mentions: number;
}

/**
 * X mentions of some markets, each keyword counted once: markets whose titles share a topic ("Trump
 * 2024") show the same count, which is one count of posts (as the snapshot's own total is).
 */
export function uniqueMentions(markets: readonly DisplayMarket[]): number {
  const byKeyword = new Map<string, number>();
  for (const m of markets) {
    const keyword = deriveKeyword(m.title);
    if (!byKeyword.has(keyword)) byKeyword.set(keyword, m.sentiment.twitterBuzz);
  }
  let total = 0;
  for (const count of byKeyword.values()) total += count;
  return total;
}

function viewOf(markets: DisplayMarket[]): MarketsView {
  return { markets, counts: dashboardCounts(markets), mentions: uniqueMentions(markets) };
}

const byList = new WeakMap<readonly DisplayMarket[], Map<string, MarketsView>>();

function categoryView(all: readonly DisplayMarket[], category: Category | undefined): MarketsView {
  let views = byList.get(all);
  if (!views) {
    views = new Map();
    byList.set(all, views);
  }
  const key = category?.slug ?? "";
  let view = views.get(key);
  if (!view) {
    view = viewOf(category ? filterMarkets(all, category, "") : [...all]);
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
  const inCategory = categoryView(all, query.category);
  const search = query.search.trim();
  const view = search
    ? viewOf(inCategory.markets.filter((m) => matchesSearch(m.title, query.search)))
    : inCategory;
  return {
    ...rest,
    markets: view.markets.slice(0, query.limit),
    counts: view.counts,
    totalMentions: view.mentions,
    provenance: viewProvenance(snapshot.provenance, view.markets, snapshot.fetchedAt),
    scope: { category: query.category?.label ?? null, search },
    total: all.length,
    matching: view.markets.length,
  };
}
