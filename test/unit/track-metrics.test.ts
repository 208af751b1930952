/** Track-record arithmetic against hand-computed cases. */
import { describe, expect, it } from "vitest";
import {
  favouriteSide,
  horizonOf,
  paperReturn,
  reliability,
  summarise,
  summariseBy,
  wilsonInterval,
} from "~/.server/track-record/metrics";
import type { Call } from "~/lib/track-record";
import { V1_CALL_FIELDS } from "../support/track-calls";

const T = Date.parse("2026-11-01T00:00:00Z");
const DAY = 86_400_000;

function call(id: string, overrides: Partial<Call>): Call {
  return {
    id,
    marketId: `m-${id}`,
    slug: `market-${id}`,
    question: `Market ${id}?`,
    category: "Politics",
    outcomes: ["Yes", "No"],
    side: "buy_yes",
    source: "grok-4",
    calledAt: T,
    priceAtCall: 0.5,
    modelProbability: null,
    endDate: null,
    outcome: null,
    settledAt: null,
    ...V1_CALL_FIELDS,
    ...overrides,
  };
}

/** Six calls whose figures are worked out by hand in the comments below. */
const CALLS: Call[] = [
  // hit, return (1 − 0.25)/0.25 = 3; the favourite at 0.25 is No: −1
  call("1", {
    side: "buy_yes",
    priceAtCall: 0.25,
    modelProbability: 0.4,
    outcome: "yes",
    settledAt: T + 2 * DAY,
  }),
  // hit, return 0.8/0.2 = 4; the favourite at 0.8 is Yes: −1
  call("2", {
    side: "buy_no",
    priceAtCall: 0.8,
    modelProbability: 0.7,
    outcome: "no",
    settledAt: T + 10 * DAY,
  }),
  // miss: −1; the favourite at exactly 0.5 is Yes: −1
  call("3", {
    side: "buy_yes",
    priceAtCall: 0.5,
    outcome: "no",
    settledAt: T + 40 * DAY,
    source: "estimate",
  }),
  // an abstention: no hit or return, but its probability is a forecast
  call("4", {
    side: "hold",
    priceAtCall: 0.6,
    modelProbability: 0.6,
    outcome: "yes",
    settledAt: T + DAY / 2,
  }),
  call("5", { side: "buy_yes", priceAtCall: 0.3, outcome: "void", settledAt: T + DAY }),
  call("6", { side: "buy_no", priceAtCall: 0.4, category: "Crypto" }),
];

describe("wilsonInterval", () => {
  it("matches the published 95% interval for 7 of 10 (0.3968, 0.8922)", () => {
    const interval = wilsonInterval(7, 10);
    expect(interval?.low).toBeCloseTo(0.3968, 4);
    expect(interval?.high).toBeCloseTo(0.8922, 4);
  });

  it("stays inside 0..1 at the extremes, and is null without trials", () => {
    expect(wilsonInterval(0, 5)?.low).toBe(0);
    expect(wilsonInterval(5, 5)?.high).toBe(1);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe("paperReturn", () => {
  it("pays (1 − p)/p on a winning Yes and p/(1 − p) on a winning No, −1 on a loss", () => {
    expect(paperReturn("buy_yes", 0.25, "yes")).toBe(3);
    expect(paperReturn("buy_yes", 0.25, "no")).toBe(-1);
    expect(paperReturn("buy_no", 0.8, "no")).toBeCloseTo(4, 12);
    expect(paperReturn("buy_no", 0.8, "yes")).toBe(-1);
  });

  it("is null for holds, voids, pending calls and prices of exactly 0 or 1", () => {
    expect(paperReturn("hold", 0.5, "yes")).toBeNull();
    expect(paperReturn("buy_yes", 0.5, "void")).toBeNull();
    expect(paperReturn("buy_yes", 0.5, null)).toBeNull();
    expect(paperReturn("buy_yes", 0, "yes")).toBeNull();
    expect(paperReturn("buy_no", 1, "no")).toBeNull();
  });

  it("takes the first outcome as favourite from 0.5 up", () => {
    expect(favouriteSide(0.5)).toBe("buy_yes");
    expect(favouriteSide(0.49)).toBe("buy_no");
  });
});

describe("summarise", () => {
  const s = summarise(CALLS);

  it("counts calls, graded, pending, void and holds", () => {
    expect(s).toMatchObject({ calls: 6, graded: 4, pending: 1, void: 1, holds: 1, buyGraded: 3 });
  });

  it("hit rate 2 of 3 buy calls with its Wilson interval (0.2077, 0.9385)", () => {
    expect(s.hitRate).toBeCloseTo(2 / 3, 12);
    expect(s.hitRateLow).toBeCloseTo(0.2077, 4);
    expect(s.hitRateHigh).toBeCloseTo(0.9385, 4);
  });

  it("mean return (3 + 4 − 1)/3 = 2 beside the favourite's (−1 −1 −1)/3 = −1", () => {
    expect(s.meanReturn).toBeCloseTo(2, 12);
    expect(s.favouriteReturn).toBe(-1);
  });

  it("Brier scores over the three graded calls with a model probability, and the skill score", () => {
    // model: (0.4 − 1)² + (0.7 − 0)² + (0.6 − 1)² = 0.36 + 0.49 + 0.16 = 1.01 → 0.336667
    // market: (0.25 − 1)² + (0.8 − 0)² + (0.6 − 1)² = 0.5625 + 0.64 + 0.16 = 1.3625 → 0.454167
    expect(s.probabilityGraded).toBe(3);
    expect(s.brierModel).toBeCloseTo(1.01 / 3, 12);
    expect(s.brierMarket).toBeCloseTo(1.3625 / 3, 12);
    expect(s.skill).toBeCloseTo(1 - 1.01 / 1.3625, 12);
  });

  it("says 'too few to judge' under 30 graded calls, and not at 30", () => {
    expect(s.tooFew).toBe(true);
    const thirty = Array.from({ length: 30 }, (_, i) => call(`g${i}`, { outcome: i % 2 ? "yes" : "no" }));
    expect(summarise(thirty).tooFew).toBe(false);
  });

  it("is all null where nothing is defined", () => {
    expect(summarise([])).toMatchObject({
      calls: 0,
      hitRate: null,
      hitRateLow: null,
      meanReturn: null,
      favouriteReturn: null,
      brierModel: null,
      skill: null,
      tooFew: true,
    });
  });
});

describe("reliability", () => {
  it("puts each graded forecast in its tenth, with the share that resolved Yes", () => {
    const bins = reliability([...CALLS, call("7", { modelProbability: 1, outcome: "yes" })]);
    expect(bins).toHaveLength(10);
    expect(bins.map((b) => b.count)).toEqual([0, 0, 0, 0, 1, 0, 1, 1, 0, 1]);
    expect(bins[4]).toEqual({ from: 0.4, to: 0.5, count: 1, meanForecast: 0.4, observed: 1 });
    expect(bins[7]).toMatchObject({ count: 1, observed: 0 });
    expect(bins[0]).toMatchObject({ meanForecast: null, observed: null });
  });
});

describe("grouping", () => {
  it("by horizon: from the call to the resolution", () => {
    expect(CALLS.map(horizonOf)).toEqual(["1-7d", "7-30d", "over-30d", "under-1d", "1-7d", null]);
  });

  it("by source and category, in first-seen order", () => {
    expect(summariseBy(CALLS, (c) => c.source).map((g) => [g.key, g.summary.calls])).toEqual([
      ["grok-4", 5],
      ["estimate", 1],
    ]);
    expect(summariseBy(CALLS, (c) => c.category).map((g) => [g.key, g.summary.graded])).toEqual([
      ["Politics", 4],
      ["Crypto", 0],
    ]);
  });
});

describe("horizon of a pending call past its market's end date", () => {
  it("is unknown, not under a day", () => {
    const call = {
      calledAt: Date.parse("2026-11-10T00:00:00Z"),
      settledAt: null,
      endDate: "2026-11-01T00:00:00Z",
    };
    expect(horizonOf(call)).toBeNull();
  });
});
