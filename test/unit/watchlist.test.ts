import { describe, expect, it } from "vitest";
import {
  changeInPoints,
  forEachLimited,
  isWatched,
  parseWatchlist,
  type StarTarget,
  serializeWatchlist,
  toggleWatch,
  WATCHLIST_MAX,
  type WatchEntry,
} from "~/lib/watchlist";
import { parseMarketAnswer } from "~/lib/watchlist-answer";

const T0 = Date.parse("2026-11-22T12:00:00Z");

const entry = (slug: string, extra: Partial<WatchEntry> = {}): WatchEntry => ({
  slug,
  title: `Market ${slug}?`,
  outcomeLabel: "Yes",
  priceAtStar: 0.42,
  starredAt: T0,
  ...extra,
});

const target = (slug: string, price = 0.58): StarTarget => ({
  slug,
  title: `Market ${slug}?`,
  outcomeLabel: "Yes",
  price,
});

describe("parseWatchlist", () => {
  it("reads what serializeWatchlist wrote, in order", () => {
    const list = [entry("a"), entry("b", { outcomeLabel: "Up", priceAtStar: 0, starredAt: T0 - 1 })];
    expect(parseWatchlist(serializeWatchlist(list))).toEqual(list);
  });

  it.each([
    ["nothing stored", null],
    ["empty text", ""],
    ["not JSON", "{oops"],
    ["JSON null", "null"],
    ["an object", '{"slug":"a"}'],
    ["a string", '"a"'],
    ["a number", "42"],
  ])("is an empty list for %s", (_, raw) => {
    expect(parseWatchlist(raw)).toEqual([]);
  });

  it("drops entries of another shape and keeps the good ones", () => {
    const good = entry("good");
    const raw = JSON.stringify([
      null,
      7,
      "slug-only",
      ["a", "b"],
      { slug: "old-shape", title: "Old", price: 0.4 },
      { ...good, slug: "" },
      { ...good, slug: "has space" },
      { ...good, slug: "x".repeat(201) },
      { ...good, slug: 12 },
      { ...good, title: "   " },
      { ...good, outcomeLabel: null },
      { ...good, priceAtStar: 1.5 },
      { ...good, priceAtStar: -0.1 },
      { ...good, priceAtStar: "0.4" },
      { ...good, starredAt: "yesterday" },
      { ...good, starredAt: 0 },
      good,
    ]);
    expect(parseWatchlist(raw)).toEqual([good]);
  });

  it("ignores extra fields, trims text, and keeps the first of a slug listed twice", () => {
    const raw = JSON.stringify([
      { ...entry("a"), title: "  First  ", extra: { nested: true } },
      { ...entry("a"), title: "Second" },
    ]);
    expect(parseWatchlist(raw)).toEqual([{ ...entry("a"), title: "First" }]);
  });

  it(`keeps at most ${WATCHLIST_MAX} entries`, () => {
    const many = Array.from({ length: WATCHLIST_MAX + 20 }, (_, i) => entry(`m-${i}`));
    const parsed = parseWatchlist(JSON.stringify(many));
    expect(parsed).toHaveLength(WATCHLIST_MAX);
    expect(parsed.at(-1)?.slug).toBe(`m-${WATCHLIST_MAX - 1}`);
  });
});

describe("serializeWatchlist", () => {
  it("writes only the five stored fields", () => {
    const withExtra = { ...entry("a"), secret: "x" } as WatchEntry;
    expect(JSON.parse(serializeWatchlist([withExtra]))).toEqual([
      { slug: "a", title: "Market a?", outcomeLabel: "Yes", priceAtStar: 0.42, starredAt: T0 },
    ]);
  });
});

describe("toggleWatch", () => {
  it("stars a market first in the list with the price and time of the moment", () => {
    const { entries, change } = toggleWatch([entry("old")], target("new", 0.58), T0 + 5);
    expect(change).toBe("added");
    expect(entries).toEqual([
      { slug: "new", title: "Market new?", outcomeLabel: "Yes", priceAtStar: 0.58, starredAt: T0 + 5 },
      entry("old"),
    ]);
    expect(isWatched(entries, "new")).toBe(true);
  });

  it("unstars a starred market and leaves the rest in order", () => {
    const list = [entry("a"), entry("b"), entry("c")];
    const { entries, change } = toggleWatch(list, target("b"), T0);
    expect(change).toBe("removed");
    expect(entries.map((e) => e.slug)).toEqual(["a", "c"]);
    expect(isWatched(entries, "b")).toBe(false);
    expect(list).toHaveLength(3); // the input is not changed
  });

  it("star, unstar, star again gives the new price", () => {
    let list: WatchEntry[] = [];
    list = toggleWatch(list, target("a", 0.3), T0).entries;
    list = toggleWatch(list, target("a", 0.3), T0 + 1).entries;
    expect(list).toEqual([]);
    list = toggleWatch(list, target("a", 0.7), T0 + 2).entries;
    expect(list).toEqual([{ ...entry("a"), priceAtStar: 0.7, starredAt: T0 + 2 }]);
  });

  it(`refuses a new star when ${WATCHLIST_MAX} are kept, but still unstars`, () => {
    const full = Array.from({ length: WATCHLIST_MAX }, (_, i) => entry(`m-${i}`));
    const refused = toggleWatch(full, target("one-more"), T0);
    expect(refused.change).toBe("full");
    expect(refused.entries).toEqual(full);
    const removed = toggleWatch(full, target("m-5"), T0);
    expect(removed.change).toBe("removed");
    expect(removed.entries).toHaveLength(WATCHLIST_MAX - 1);
  });

  it("refuses a target that would not survive the next read", () => {
    for (const bad of [
      { ...target("a"), price: Number.NaN },
      { ...target("a"), price: 2 },
      { ...target("a"), title: "" },
      { ...target("a"), slug: "" },
    ]) {
      const { entries, change } = toggleWatch([], bad, T0);
      expect(change).toBe("invalid");
      expect(entries).toEqual([]);
    }
  });

  it("a written list reads back the same after toggles", () => {
    let list: WatchEntry[] = [];
    for (const slug of ["a", "b", "c"]) list = toggleWatch(list, target(slug), T0).entries;
    list = toggleWatch(list, target("b"), T0).entries;
    expect(parseWatchlist(serializeWatchlist(list))).toEqual(list);
    expect(list.map((e) => e.slug)).toEqual(["c", "a"]);
  });
});

describe("changeInPoints", () => {
  it.each([
    [0.63, 0.58, 5],
    [0.58, 0.63, -5],
    [0.5, 0.5, 0],
    [0.1234, 0.1, 2.3],
    [1, 0, 100],
    [0, 1, -100],
    [0.07, 0.0649, 0.5],
    // Starred on a card at 2.3¢ (Gamma's 0.0225 rounded to a tenth of a percent): no move.
    [0.0225, 2.3 / 100, 0],
    [0.0225, 0.0225, 0],
  ])("now %s, starred at %s: %s pts", (current, atStar, points) => {
    expect(changeInPoints(current, atStar)).toBeCloseTo(points, 10);
  });
});

describe("parseMarketAnswer", () => {
  const body = {
    market: {
      id: "m-a",
      slug: "a",
      title: "Will A?",
      outcomes: [
        { label: "Yes", price: 0.61 },
        { label: "No", price: 0.39 },
      ],
      status: { kind: "resolved", outcome: "Yes" },
    },
    analysis: null,
  };

  it("takes the title, the first outcome, the status, the event (for alerts) and what live prices name", () => {
    expect(parseMarketAnswer(body)).toEqual({
      id: "m-a",
      slug: "a",
      title: "Will A?",
      eventSlug: null,
      outcomeLabel: "Yes",
      otherLabel: "No",
      price: 0.61,
      status: { kind: "resolved", outcome: "Yes" },
    });
    expect(parseMarketAnswer({ market: { ...body.market, eventSlug: "a-event" } })?.eventSlug).toBe(
      "a-event",
    );
  });

  it("is null for anything else", () => {
    for (const bad of [
      null,
      "x",
      {},
      { error: { code: "not_found", message: "No market" } },
      { market: { ...body.market, outcomes: [] } },
      { market: { ...body.market, outcomes: [{ label: "Yes", price: "0.6" }] } },
      { market: { ...body.market, outcomes: [{ label: "Yes", price: 61 }] } },
      { market: { ...body.market, title: null } },
    ]) {
      expect(parseMarketAnswer(bad)).toBeNull();
    }
  });
});

describe("forEachLimited", () => {
  it("never runs more than the limit at once, runs every item, and survives a failing one", async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    const gates: (() => void)[] = [];
    const items = Array.from({ length: 10 }, (_, i) => i);
    const all = forEachLimited(items, 4, async (i) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running--;
      if (i === 3) throw new Error("boom");
      done.push(i);
    });
    let finished = false;
    void all.then(() => {
      finished = true;
    });
    // Release one waiting task at a time, letting the promise chains settle in between.
    while (!finished) {
      expect(running).toBeLessThanOrEqual(4);
      gates.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await all;
    expect(peak).toBe(4);
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9]);
  });
});
