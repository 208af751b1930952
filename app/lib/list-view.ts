/**
 * Sort and "ended" filter of the list pages (home and the 11 categories), read from and written to
 * the query string, and applied to any list of items with the figures below. Pure and client-safe.
 */
import { hasEnded, instantOf } from "./market-state";
import { queryChoice } from "./query-choice";

/** How a list is ordered. */
export type ListSort = "volume" | "change" | "ending" | "new" | "liquidity";

/** Whether items whose end date has passed are listed. */
export type EndedFilter = "hide" | "show";

/** A list page's view. */
export interface ListView {
  sort: ListSort;
  ended: EndedFilter;
}

/** Which list the view is for: Trending (the unfiltered home list) has other defaults. */
export interface ListContext {
  trending: boolean;
}

/** The figures a list item is sorted and filtered by. */
export interface ListItem {
  volume24h: number;
  /** Signed change of the headline price over 24 h; the sort uses its size. */
  priceChange24h: number;
  endDate: string | null;
  startDate: string | null;
  liquidity: number;
}

/** The sort control's options, in the order shown. */
export const SORT_OPTIONS: readonly { value: ListSort; label: string }[] = [
  { value: "volume", label: "24h volume" },
  { value: "change", label: "Biggest move" },
  { value: "ending", label: "Ending soon" },
  { value: "new", label: "Newest" },
  { value: "liquidity", label: "Liquidity" },
];

/** The ended filter's options, in the order shown. */
export const ENDED_OPTIONS: readonly { value: EndedFilter; label: string }[] = [
  { value: "hide", label: "Hide ended" },
  { value: "show", label: "Show ended" },
];

/**
 * The view with no parameters: by 24 h volume; Trending hides ended items (markets past their end
 * date stay active while they await resolution, and a front page of settled questions says little),
 * a category shows them (someone browsing Politics may be looking for one).
 */
export function defaultListView({ trending }: ListContext): ListView {
  return { sort: "volume", ended: trending ? "hide" : "show" };
}

/** The view from a list page's query string; anything missing or unknown is the default (`queryChoice`). */
export function parseListView(params: URLSearchParams, context: ListContext): ListView {
  const d = defaultListView(context);
  return {
    sort: queryChoice(params, "sort", SORT_OPTIONS, d.sort),
    ended: queryChoice(params, "ended", ENDED_OPTIONS, d.ended),
  };
}

/**
 * The query string ("?…", or "" when nothing is left) of a link to `view`: the other parameters of
 * `base` (the search, …) kept in their order, then `sort`, then `ended`, each only when it is not the
 * default, so the plain category URL stays the canonical one.
 */
export function listViewSearch(view: ListView, context: ListContext, base?: URLSearchParams): string {
  const params = new URLSearchParams(base);
  params.delete("sort");
  params.delete("ended");
  const d = defaultListView(context);
  if (view.sort !== d.sort) params.append("sort", view.sort);
  if (view.ended !== d.ended) params.append("ended", view.ended);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** A number to sort by, descending: anything not finite goes last. */
function figure(value: number): number {
  return Number.isFinite(value) ? value : Number.NEGATIVE_INFINITY;
}

/**
 * The key of each sort, larger first. "ending" puts future end dates first, soonest first, then ended
 * items (most recently ended first: they are not "ending soon"), then those with no end date.
 */
function sortKey(sort: ListSort, item: ListItem, now: number): number {
  switch (sort) {
    case "volume":
      return figure(item.volume24h);
    case "change":
      return figure(Math.abs(item.priceChange24h));
    case "liquidity":
      return figure(item.liquidity);
    case "new":
      return instantOf(item.startDate) ?? Number.NEGATIVE_INFINITY;
    case "ending": {
      const end = instantOf(item.endDate);
      if (end === null) return Number.NEGATIVE_INFINITY;
      // Future ends get positive keys (sooner is larger), past ends negative ones (later is larger).
      return end > now ? Number.MAX_SAFE_INTEGER - end : end - Number.MAX_SAFE_INTEGER;
    }
  }
}

/**
 * The items to list for `view` at `now` (epoch ms), as a new array. "hide" drops items whose end
 * date is at or before `now` (no or unreadable end date: not ended). Ties keep the input order.
 */
export function selectListItems<T extends ListItem>(items: readonly T[], view: ListView, now: number): T[] {
  const kept = view.ended === "hide" ? items.filter((item) => !hasEnded(item.endDate, now)) : items;
  // Keys once per item (Date.parse is not free); the index breaks ties so the order is stable.
  const keyed = kept.map((item, index) => ({ item, index, key: sortKey(view.sort, item, now) }));
  keyed.sort((a, b) => (a.key === b.key ? a.index - b.index : a.key > b.key ? -1 : 1));
  return keyed.map((k) => k.item);
}
