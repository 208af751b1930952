/**
 * What the record keeps of an event's forecast with its call, how it is scored once the event resolves
 * (hand-computed multi-outcome Brier and log scores), and the headline of current-rule calls only.
 */
import { describe, expect, it } from "vitest";
import { callStateOf } from "~/.server/events/card";
import { callOf } from "~/.server/snapshots/history";
import { DEFAULT_MIN_EDGE_POINTS } from "~/.server/track-record/call-rules";
import { recordedForecast, SCORE_TEXT, scoreForecast } from "~/.server/track-record/event-forecast";
import { EDGE_TO_DETECT, headlineOf } from "~/.server/track-record/headline";
import { withScore } from "~/.server/track-record/view";
import type { Call, CallOutcome, RecordedForecast, ScoredCall } from "~/lib/track-record";
import type { EventAnalysis, Market, MarketEvent } from "~/lib/types";
import { makeMarket } from "../support/markets";
import { V1_CALL_FIELDS } from "../support/track-calls";

const NOW = Date.parse("2026-11-01T12:00:00Z");

function outcomeMarket(id: string, price: number, groupTitle: string): Market {
  return makeMarket({
    id,
    slug: `m-${id}`,
    groupTitle,
    outcomes: [
      { label: "Yes", price, tokenId: null },
      { label: "No", price: Number((1 - price).toFixed(10)), tokenId: null },
    ],
  });
}

function makeEvent(markets: Market[], negRisk: boolean): MarketEvent {
  return {
    id: "e1",
    slug: "who-wins",
    title: "Who wins?",
    description: "",
    resolutionSource: null,
    image: null,
    endDate: "2026-12-31T00:00:00Z",
    startDate: null,
    volume24h: 100,
    volume: 1000,
    liquidity: 50,
    negRisk,
    tags: [],
    markets,
    resolved: [],
  };
}

const A = outcomeMarket("1", 0.4, "Alice");
const B = outcomeMarket("2", 0.4, "Bob");
const C = outcomeMarket("3", 0.3, "Carol");

function analysis(probabilities: Record<string, number> | null, call: EventAnalysis["call"]): EventAnalysis {
  return {
    eventId: "e1",
    confidence: 70,
    reasoning: "r",
    source: probabilities ? "model-x" : "estimated",
    probabilities,
    call,
    analysedPrices: {},
  };
}

describe("what the record keeps with an event's call", () => {
  it("an exclusive three-outcome event: the whole vector, the market's prices, side price and version", () => {
    const event = makeEvent([A, B, C], true);
    // Bob at 40¢ rated 25%: buying No on him has the largest edge, 15 points (Alice's is 5, Carol's 0).
    const a = analysis({ 1: 0.45, 2: 0.25, 3: 0.3 }, { marketId: "2", side: "buy_no" });
    const input = callOf(event, a, callStateOf(event, a, NOW, DEFAULT_MIN_EDGE_POINTS));
    expect(input).toMatchObject({
      marketId: "2",
      side: "buy_no",
      source: "model-x",
      ruleVersion: 3,
      // The entry price is the price of the side bought: No on Bob at 1 − 0.4.
      sidePrice: 0.6,
      priceAtCall: 0.4,
      modelProbability: 0.25,
      event: { id: "e1", slug: "who-wins", title: "Who wins?" },
      callOutcome: "No · Bob",
      forecast: {
        keys: ["1", "2", "3"],
        labels: ["Alice", "Bob", "Carol"],
        probabilities: [0.45, 0.25, 0.3],
        marketPrices: [0.4, 0.4, 0.3],
      },
    });
  });

  it("an outcome the model left out of an exclusive event counts 0; an unnormalised vector is scaled", () => {
    const event = makeEvent([A, B, C], true);
    expect(recordedForecast(event, { probabilities: { 1: 0.6, 2: 0.2 } }, A)?.probabilities).toEqual([
      expect.closeTo(0.75, 12),
      expect.closeTo(0.25, 12),
      0,
    ]);
    expect(recordedForecast(event, { probabilities: { 9: 0.6 } }, A)).toBeNull();
  });

  it("a non-exclusive multi-outcome event: the called market as its own Yes/No question", () => {
    const event = makeEvent([A, B, C], false);
    expect(recordedForecast(event, { probabilities: { 1: 0.7, 2: 0.9 } }, B)).toEqual({
      keys: ["2:0", "2:1"],
      labels: ["Yes", "No"],
      probabilities: [0.9, expect.closeTo(0.1, 12)],
      marketPrices: [0.4, 0.6],
    });
    // No probability for the called market: nothing to score.
    expect(recordedForecast(event, { probabilities: { 1: 0.7 } }, B)).toBeNull();
  });

  it("a one-market event: its two sides, from either side's probability", () => {
    const market = makeMarket({ id: "9" });
    const event = makeEvent([market], false);
    expect(recordedForecast(event, { probabilities: { "9:0": 0.25, "9:1": 0.75 } }, market)).toEqual({
      keys: ["9:0", "9:1"],
      labels: ["Yes", "No"],
      probabilities: [0.25, 0.75],
      marketPrices: [0.4, 0.6],
    });
    expect(recordedForecast(event, { probabilities: { "9:1": 0.75 } }, market)?.probabilities).toEqual([
      0.25, 0.75,
    ]);
  });

  it("an estimate records its call without a forecast or probability", () => {
    const event = makeEvent([A, B, C], true);
    const a = analysis(null, { marketId: "1", side: "buy_yes" });
    expect(callOf(event, a, callStateOf(event, a, NOW, DEFAULT_MIN_EDGE_POINTS))).toMatchObject({
      source: "estimate",
      modelProbability: null,
      sidePrice: 0.4,
      forecast: null,
    });
  });

  it("a call the rules refuse is not recorded: near-certain, ended, closed", () => {
    const cheap = outcomeMarket("4", 0.03, "Dan");
    const event = makeEvent([A, B, cheap], true);
    // The only gap is Dan's, 12 points on a side at 3¢: near-certain, not called.
    const buyCheap = analysis({ 1: 0.4, 2: 0.4, 4: 0.15 }, { marketId: "4", side: "buy_yes" });
    expect(callOf(event, buyCheap, callStateOf(event, buyCheap, NOW, DEFAULT_MIN_EDGE_POINTS))).toBeNull();
    const buyA = analysis({ 1: 0.5, 2: 0.4, 4: 0.1 }, { marketId: "1", side: "buy_yes" });
    const after = Date.parse("2027-01-01T00:00:00Z");
    expect(callOf(event, buyA, callStateOf(event, buyA, after, DEFAULT_MIN_EDGE_POINTS))).toBeNull();
    const closed = makeEvent([{ ...A, closed: true }, B], true);
    expect(callOf(closed, buyA, callStateOf(closed, buyA, NOW, DEFAULT_MIN_EDGE_POINTS))).toBeNull();
    expect(callOf(event, buyA, callStateOf(event, buyA, NOW, DEFAULT_MIN_EDGE_POINTS))).not.toBeNull();
  });
});

const THREE: RecordedForecast = {
  keys: ["1", "2", "3"],
  labels: ["Alice", "Bob", "Carol"],
  probabilities: [0.5, 0.3, 0.2],
  // Sum 1.1: scored as 4/11, 4/11, 3/11.
  marketPrices: [0.4, 0.4, 0.3],
};

const resolved = (entries: Record<string, CallOutcome>) => new Map(Object.entries(entries));

describe("scoring when the event resolves", () => {
  it("an exclusive three-outcome event won by its second outcome: hand-computed Brier and log scores", () => {
    const score = scoreForecast(THREE, null, resolved({ 1: "no", 2: "yes", 3: "no" }));
    expect(score.state).toBe("scored");
    if (score.state !== "scored") return;
    expect(score.winner).toBe(1);
    // 0.5² + (0.3 − 1)² + 0.2² = 0.25 + 0.49 + 0.04
    expect(score.brier).toBeCloseTo(0.78, 12);
    expect(score.logScore).toBeCloseTo(-Math.log(0.3), 12);
    // (4/11)² + (4/11 − 1)² + (3/11)² = (16 + 49 + 9)/121
    expect(score.marketBrier).toBeCloseTo(74 / 121, 12);
    expect(score.marketLogScore).toBeCloseTo(Math.log(11 / 4), 12);
  });

  it("waits until every listed outcome market has resolved", () => {
    expect(scoreForecast(THREE, "no", resolved({ 1: "no", 2: "yes" }))).toEqual({
      state: "waiting",
      reason: SCORE_TEXT.waiting(1),
    });
    expect(SCORE_TEXT.waiting(2)).toBe("Waiting for 2 more outcome markets to resolve");
  });

  it("is not scored on a void outcome, with no listed winner, or with two", () => {
    expect(scoreForecast(THREE, null, resolved({ 1: "void", 2: "yes", 3: "no" }))).toMatchObject({
      state: "unscorable",
      reason: SCORE_TEXT.void,
    });
    expect(scoreForecast(THREE, null, resolved({ 1: "no", 2: "no", 3: "no" }))).toMatchObject({
      reason: SCORE_TEXT.noWinner,
    });
    expect(scoreForecast(THREE, null, resolved({ 1: "yes", 2: "yes", 3: "no" }))).toMatchObject({
      reason: SCORE_TEXT.twoWinners,
    });
    expect(
      scoreForecast({ ...THREE, marketPrices: [0, 0, 0] }, null, resolved({ 1: "yes", 2: "no", 3: "no" })),
    ).toMatchObject({ reason: SCORE_TEXT.badPrices });
  });

  it("a binary question is scored by the called market's own grade: No won is the second side", () => {
    const binary: RecordedForecast = {
      keys: ["9:0", "9:1"],
      labels: ["Yes", "No"],
      probabilities: [0.2, 0.8],
      marketPrices: [0.4, 0.6],
    };
    expect(scoreForecast(binary, null, new Map())).toMatchObject({ state: "waiting" });
    expect(scoreForecast(binary, "void", new Map())).toMatchObject({ state: "unscorable" });
    const score = scoreForecast(binary, "no", new Map());
    // (0.2 − 0)² + (0.8 − 1)² = 0.08; market 0.4² + 0.4² = 0.32.
    expect(score).toMatchObject({ state: "scored", winner: 1 });
    if (score.state !== "scored") return;
    expect(score.brier).toBeCloseTo(0.08, 12);
    expect(score.marketBrier).toBeCloseTo(0.32, 12);
    expect(score.logScore).toBeCloseTo(-Math.log(0.8), 12);
  });
});

function row(id: string, overrides: Partial<Call>): Call {
  return {
    id,
    marketId: id,
    slug: null,
    question: `Q ${id}?`,
    category: "other",
    outcomes: ["Yes", "No"],
    side: "buy_yes",
    source: "model-x",
    calledAt: NOW,
    priceAtCall: 0.4,
    modelProbability: null,
    endDate: null,
    outcome: null,
    settledAt: null,
    ...V1_CALL_FIELDS,
    ...overrides,
  };
}

describe("the headline: current-rule calls only", () => {
  const binary = (p: number, price: number): RecordedForecast => ({
    keys: ["x:0", "x:1"],
    labels: ["Yes", "No"],
    probabilities: [p, 1 - p],
    marketPrices: [price, 1 - price],
  });
  const v3 = { ruleVersion: 3, eventId: "e", eventSlug: "e", eventTitle: "E", callOutcome: "Yes" };
  const calls: ScoredCall[] = [
    // Two v3 calls, both won: buy Yes at 0.4 (model 0.6), buy No at 0.7 entry (first outcome 0.3, model 0.2).
    row("a", { ...v3, sidePrice: 0.4, outcome: "yes", forecast: binary(0.6, 0.4) }),
    row("b", {
      ...v3,
      side: "buy_no",
      priceAtCall: 0.3,
      sidePrice: 0.7,
      outcome: "no",
      forecast: binary(0.2, 0.3),
    }),
    // A v1 row that won big: never in the figures.
    row("old", { outcome: "yes", modelProbability: 0.99, priceAtCall: 0.05 }),
    // A v2 row (the model's own stated side, before calls were derived from its probabilities), also won
    // big: kept with its version, counted apart, never in the figures.
    row("v2", {
      ...v3,
      ruleVersion: 2,
      sidePrice: 0.05,
      outcome: "yes",
      forecast: binary(0.9, 0.05),
    }),
  ].map((c) => withScore(c, new Map()));

  it("scores, hit rate beside the implied one, the edge with its interval and the calls needed", () => {
    const h = headlineOf(calls);
    expect(h).toMatchObject({
      ruleVersion: 3,
      calls: 2,
      scored: 2,
      waiting: 0,
      resolved: 2,
      earlierRules: 2,
    });
    // a: 2·(0.6 − 1)² = 0.32, market 2·0.6² = 0.72; b (No won): 2·0.2² = 0.08, market 2·0.3² = 0.18.
    expect(h.meanBrier).toBeCloseTo(0.2, 12);
    expect(h.meanMarketBrier).toBeCloseTo(0.45, 12);
    expect(h.brierSkill).toBeCloseTo(1 - 0.2 / 0.45, 12);
    // Edges 0.4 and 0.1: mean 0.25, sd √0.045, half-width 1.96·sd/√2.
    expect(h.edge).toBeCloseTo(0.25, 12);
    const half = (1.959963984540054 * Math.sqrt(0.045)) / Math.SQRT2;
    expect(h.edgeLow).toBeCloseTo(0.25 - half, 12);
    expect(h.edgeHigh).toBeCloseTo(0.25 + half, 12);
    expect(h.hitRate).toBe(1);
    expect(h.impliedHitRate).toBeCloseTo(0.55, 12);
    expect(h.edgeToDetect).toBe(EDGE_TO_DETECT);
    // ((1.96 + 0.8416) · √0.045 / 0.02)² = 882.9… → 883
    expect(h.neededToDetect).toBe(883);
  });

  it("with only rows of earlier rules there is nothing to judge, and they are counted", () => {
    const h = headlineOf(calls.filter((c) => c.ruleVersion < 3));
    expect(h).toMatchObject({ calls: 0, scored: 0, earlierRules: 2, hitRate: null, edge: null });
    expect(h.neededToDetect).toBeNull();
  });
});
