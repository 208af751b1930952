import { describe, expect, it } from "vitest";
import {
  defaultListView,
  ENDED_OPTIONS,
  type ListItem,
  listViewSearch,
  parseListView,
  SORT_OPTIONS,
  selectListItems,
} from "~/lib/list-view";

const TRENDING = { trending: true };
const CATEGORY = { trending: false };
const parse = (query: string, context = CATEGORY) => parseListView(new URLSearchParams(query), context);

const NOW = Date.parse("2026-03-01T12:00:00Z");

interface Row extends ListItem {
  id: string;
}

function row(id: string, fields: Partial<ListItem> = {}): Row {
  return {
    id,
    volume24h: 0,
    priceChange24h: 0,
    endDate: null,
    startDate: null,
    liquidity: 0,
    ...fields,
  };
}
const ids = (rows: Row[]) => rows.map((r) => r.id);

describe("parseListView", () => {
  it("defaults to 24h volume; Trending hides ended items, categories show them", () => {
    expect(parse("", TRENDING)).toEqual({ sort: "volume", ended: "hide" });
    expect(parse("", CATEGORY)).toEqual({ sort: "volume", ended: "show" });
    expect(defaultListView(TRENDING)).toEqual({ sort: "volume", ended: "hide" });
  });

  it("reads every sort and both filters", () => {
    for (const { value } of SORT_OPTIONS) expect(parse(`sort=${value}`).sort).toBe(value);
    expect(parse("ended=hide").ended).toBe("hide");
    expect(parse("ended=show", TRENDING).ended).toBe("show");
    expect(parse("search=trump&sort=change&ended=hide")).toEqual({ sort: "change", ended: "hide" });
  });

  it("falls back to the default on bad or empty values; a repeated one counts by its first", () => {
    expect(parse("sort=bogus").sort).toBe("volume");
    expect(parse("sort=").sort).toBe("volume");
    expect(parse("sort=volume&sort=change").sort).toBe("volume");
    expect(parse("sort=change&sort=volume").sort).toBe("change");
    expect(parse("ended=maybe", TRENDING).ended).toBe("hide");
    expect(parse("ended=maybe", CATEGORY).ended).toBe("show");
    expect(parse("ended=show&ended=hide", TRENDING).ended).toBe("show");
    expect(parse("sort=__proto__&ended=constructor")).toEqual({ sort: "volume", ended: "show" });
  });

  it("accepts a value in another case or with spaces around it", () => {
    expect(parse("sort=%20Change%20").sort).toBe("change");
    expect(parse("ended=SHOW", TRENDING).ended).toBe("show");
  });
});

describe("listViewSearch", () => {
  it("is empty for the default view, so default links stay clean", () => {
    expect(listViewSearch(defaultListView(TRENDING), TRENDING)).toBe("");
    expect(listViewSearch(defaultListView(CATEGORY), CATEGORY)).toBe("");
  });

  it("keeps the search and drops values equal to the defaults", () => {
    const base = new URLSearchParams("search=trump&sort=liquidity&ended=hide");
    expect(listViewSearch({ sort: "change", ended: "show" }, CATEGORY, base)).toBe(
      "?search=trump&sort=change",
    );
    expect(listViewSearch({ sort: "volume", ended: "show" }, CATEGORY, base)).toBe("?search=trump");
    expect(listViewSearch({ sort: "volume", ended: "hide" }, CATEGORY, base)).toBe(
      "?search=trump&ended=hide",
    );
    expect(listViewSearch({ sort: "volume", ended: "hide" }, TRENDING, base)).toBe("?search=trump");
    expect(listViewSearch({ sort: "new", ended: "show" }, TRENDING)).toBe("?sort=new&ended=show");
  });

  it("writes the other parameters first, in their order, then sort, then ended", () => {
    const base = new URLSearchParams("ended=show&b=2&sort=new&search=donald trump&a=1");
    expect(listViewSearch({ sort: "ending", ended: "show" }, TRENDING, base)).toBe(
      "?b=2&search=donald+trump&a=1&sort=ending&ended=show",
    );
    // The base is read, not changed.
    expect(base.get("sort")).toBe("new");
  });

  it("round-trips through parseListView", () => {
    for (const context of [TRENDING, CATEGORY]) {
      for (const { value: sort } of SORT_OPTIONS) {
        for (const { value: ended } of ENDED_OPTIONS) {
          const view = { sort, ended };
          expect(parseListView(new URLSearchParams(listViewSearch(view, context)), context)).toEqual(view);
        }
      }
    }
  });
});

describe("selectListItems", () => {
  const show = (sort: (typeof SORT_OPTIONS)[number]["value"]) => ({ sort, ended: "show" as const });

  it("sorts by 24h volume, largest first", () => {
    const rows = [row("a", { volume24h: 5 }), row("b", { volume24h: 50 }), row("c", { volume24h: 20 })];
    expect(ids(selectListItems(rows, show("volume"), NOW))).toEqual(["b", "c", "a"]);
  });

  it("sorts by the size of the 24h move, either way", () => {
    const rows = [
      row("up", { priceChange24h: 0.04 }),
      row("down", { priceChange24h: -0.12 }),
      row("flat", { priceChange24h: 0 }),
      row("bad", { priceChange24h: Number.NaN }),
    ];
    expect(ids(selectListItems(rows, show("change"), NOW))).toEqual(["down", "up", "flat", "bad"]);
  });

  it("sorts by soonest future end, then ended (latest first), then no or unreadable end date", () => {
    const rows = [
      row("none", { endDate: null }),
      row("week", { endDate: "2026-03-08T00:00:00Z" }),
      row("ended-long-ago", { endDate: "2025-01-01T00:00:00Z" }),
      row("hour", { endDate: "2026-03-01T13:00:00Z" }),
      row("garbage", { endDate: "not a date" }),
      row("ended-yesterday", { endDate: "2026-02-28T12:00:00Z" }),
      row("day", { endDate: "2026-03-02" }),
    ];
    expect(ids(selectListItems(rows, show("ending"), NOW))).toEqual([
      "hour",
      "day",
      "week",
      "ended-yesterday",
      "ended-long-ago",
      "none",
      "garbage",
    ]);
  });

  it("sorts by newest start date, absent last", () => {
    const rows = [
      row("none"),
      row("old", { startDate: "2025-06-01T00:00:00Z" }),
      row("new", { startDate: "2026-02-20T00:00:00Z" }),
      row("bad", { startDate: "soon" }),
      row("mid", { startDate: "2025-12-01" }),
    ];
    expect(ids(selectListItems(rows, show("new"), NOW))).toEqual(["new", "mid", "old", "none", "bad"]);
  });

  it("sorts by liquidity, largest first", () => {
    const rows = [row("a", { liquidity: 10 }), row("b", { liquidity: 1000 }), row("c", { liquidity: 100 })];
    expect(ids(selectListItems(rows, show("liquidity"), NOW))).toEqual(["b", "c", "a"]);
  });

  it("keeps the input order on ties, for every sort", () => {
    const rows = ["p", "q", "r", "s"].map((id) =>
      row(id, {
        volume24h: 7,
        priceChange24h: id === "q" ? -0.1 : 0.1,
        liquidity: 3,
        startDate: "2026-01-01",
        endDate: "2026-04-01",
      }),
    );
    for (const { value } of SORT_OPTIONS) {
      expect(ids(selectListItems(rows, show(value), NOW))).toEqual(["p", "q", "r", "s"]);
    }
  });

  it("hides items whose end date is at or before now, keeping those without a readable one", () => {
    const rows = [
      row("past", { endDate: "2026-02-28T00:00:00Z", volume24h: 100 }),
      row("now", { endDate: "2026-03-01T12:00:00Z", volume24h: 90 }),
      row("future", { endDate: "2026-03-01T12:00:01Z", volume24h: 80 }),
      row("none", { endDate: null, volume24h: 70 }),
      row("garbage", { endDate: "", volume24h: 60 }),
      row("year-24", { endDate: "0024-01-15T00:00:00Z", volume24h: 50 }),
    ];
    expect(ids(selectListItems(rows, { sort: "volume", ended: "hide" }, NOW))).toEqual([
      "future",
      "none",
      "garbage",
    ]);
    expect(selectListItems(rows, { sort: "volume", ended: "show" }, NOW)).toHaveLength(6);
  });

  it("returns a new array and leaves the input alone", () => {
    const rows = [row("a", { volume24h: 1 }), row("b", { volume24h: 2 })];
    const out = selectListItems(rows, show("volume"), NOW);
    expect(ids(out)).toEqual(["b", "a"]);
    expect(ids(rows)).toEqual(["a", "b"]);
  });

  it("labels the controls", () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      "24h volume",
      "Biggest move",
      "Ending soon",
      "Newest",
      "Liquidity",
    ]);
    expect(ENDED_OPTIONS.map((o) => o.label)).toEqual(["Hide ended", "Show ended"]);
  });
});
