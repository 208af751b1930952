/**
 * The call rules: when a call is recorded (version 2's closed / ended / 5–95¢ band, every boundary) and,
 * since version 3, which call a forecast's probabilities make (the largest edge, at least the threshold).
 */
import { describe, expect, it } from "vitest";
import {
  CALL_RULES_VERSION,
  CALL_SKIP_TEXT,
  callDecision,
  DEFAULT_MIN_EDGE_POINTS,
  deriveCall,
  ENDED_TEXT,
  MAX_SIDE_PRICE,
  MIN_SIDE_PRICE,
  NEAR_CERTAIN_TEXT,
  sidePriceOf,
} from "~/.server/track-record/call-rules";
import { edgePoints } from "~/lib/edge";
import { makeBucket, makeEvent, makeMarket } from "../support/markets";

const NOW = Date.parse("2026-11-01T12:00:00Z");
const LATER = "2026-11-08T12:00:00Z";
const open = { eventClosed: false, endDate: LATER, now: NOW, sidePrice: 0.5 };

const ENDED = { record: false, reason: "ended", text: ENDED_TEXT };
const CLOSED = { record: false, reason: "closed", text: ENDED_TEXT };
const NEAR_CERTAIN = { record: false, reason: "near-certain", text: NEAR_CERTAIN_TEXT };

describe("constants", () => {
  it("are version 3 with a 5¢–95¢ band, an 8-point edge by default and one text per reason", () => {
    expect(CALL_RULES_VERSION).toBe(3);
    expect(DEFAULT_MIN_EDGE_POINTS).toBe(8);
    expect(MIN_SIDE_PRICE).toBe(0.05);
    expect(MAX_SIDE_PRICE).toBe(0.95);
    expect(ENDED_TEXT).toBe("Ended, awaiting resolution");
    expect(CALL_SKIP_TEXT).toEqual({
      closed: ENDED_TEXT,
      ended: ENDED_TEXT,
      "near-certain": NEAR_CERTAIN_TEXT,
    });
  });
});

describe("sidePriceOf", () => {
  it("is the outcome's price for buy-yes and its complement for buy-no", () => {
    expect(sidePriceOf("buy_yes", 0.3)).toBe(0.3);
    // 1 − 0.7 is 0.30000000000000004 in floating point; the side costs 30¢.
    expect(sidePriceOf("buy_no", 0.7)).toBe(0.3);
    expect(sidePriceOf("buy_no", 0.95)).toBe(0.05);
    expect(sidePriceOf("buy_no", 0)).toBe(1);
  });
});

describe("callDecision", () => {
  it("records a call on an open event before its end at a price inside the band", () => {
    expect(callDecision(open)).toEqual({ record: true });
  });

  it("refuses a closed event, whatever else holds", () => {
    expect(callDecision({ ...open, eventClosed: true })).toEqual(CLOSED);
    // Closed beats ended and near-certain.
    expect(
      callDecision({ eventClosed: true, endDate: "2026-10-01T00:00:00Z", now: NOW, sidePrice: 0.99 }),
    ).toEqual(CLOSED);
    expect(callDecision({ ...open, eventClosed: true, endDate: null, sidePrice: Number.NaN })).toEqual(
      CLOSED,
    );
  });

  it("refuses an event at or past its end date", () => {
    expect(callDecision({ ...open, endDate: "2026-11-01T11:59:59Z" })).toEqual(ENDED);
    // Exactly now counts as ended.
    expect(callDecision({ ...open, endDate: "2026-11-01T12:00:00Z" })).toEqual(ENDED);
    expect(callDecision({ ...open, endDate: "2026-11-01T12:00:00.001Z" })).toEqual({ record: true });
    // Ended beats near-certain.
    expect(callDecision({ ...open, endDate: "2026-10-01T00:00:00Z", sidePrice: 0.01 })).toEqual(ENDED);
  });

  it("treats an absent or unparseable end date as no end date", () => {
    expect(callDecision({ ...open, endDate: null })).toEqual({ record: true });
    expect(callDecision({ ...open, endDate: "" })).toEqual({ record: true });
    expect(callDecision({ ...open, endDate: "not a date" })).toEqual({ record: true });
    // Still judged on price.
    expect(callDecision({ ...open, endDate: null, sidePrice: 0.97 })).toEqual(NEAR_CERTAIN);
  });

  it("records a side priced from 5¢ to 95¢ inclusive and refuses one outside", () => {
    const at = (sidePrice: number) => callDecision({ ...open, sidePrice });
    expect(at(0.05)).toEqual({ record: true });
    expect(at(0.95)).toEqual({ record: true });
    expect(at(0.049)).toEqual(NEAR_CERTAIN);
    expect(at(0.951)).toEqual(NEAR_CERTAIN);
    expect(at(0)).toEqual(NEAR_CERTAIN);
    expect(at(1)).toEqual(NEAR_CERTAIN);
  });

  it("judges a complement computed in floating point at the price it is", () => {
    // 1 − 0.95 = 0.050000000000000044 and 1 − 0.951 = 0.049000000000000044.
    expect(callDecision({ ...open, sidePrice: 1 - 0.95 })).toEqual({ record: true });
    expect(callDecision({ ...open, sidePrice: 1 - 0.951 })).toEqual(NEAR_CERTAIN);
    expect(callDecision({ ...open, sidePrice: sidePriceOf("buy_no", 0.05) })).toEqual({ record: true });
    expect(callDecision({ ...open, sidePrice: sidePriceOf("buy_no", 0.049) })).toEqual(NEAR_CERTAIN);
  });

  it("refuses a side price that is not a number", () => {
    expect(callDecision({ ...open, sidePrice: Number.NaN })).toEqual(NEAR_CERTAIN);
    expect(callDecision({ ...open, sidePrice: Number.POSITIVE_INFINITY })).toEqual(NEAR_CERTAIN);
  });
});

describe("edgePoints: one rounding for every gap", () => {
  it("rounds to whole points without float noise, a side and its mirror the same size", () => {
    expect(edgePoints(0.45, 0.37)).toBe(8);
    expect(edgePoints(0.37, 0.45)).toBe(-8);
    expect(edgePoints(0.325, 0.3)).toBe(3);
    expect(edgePoints(0.3, 0.325)).toBe(-3);
    expect(edgePoints(0.5, 0.5)).toBe(0);
  });
});

describe("deriveCall: the call follows the probabilities shown with it", () => {
  // Newsom at 34¢, Harris at 40¢, Vance at 26¢ (December 2026 markets).
  const newsom = makeBucket("n", "Gavin Newsom", 34);
  const harris = makeBucket("h", "Kamala Harris", 40);
  const vance = makeBucket("v", "JD Vance", 26);
  const event = makeEvent("e", [newsom, harris, vance]);

  it("calls the side with the largest edge: the model's 4% on a 34¢ outcome is BUY NO at 66¢, 30 points", () => {
    const call = deriveCall(event, { n: 0.04, h: 0.5, v: 0.46 }, NOW, 8);
    expect(call.kind).toBe("call");
    if (call.kind !== "call") return;
    expect([call.candidate.market.id, call.candidate.side, call.candidate.sidePrice]).toEqual([
      "n",
      "buy_no",
      0.66,
    ]);
    expect(call.candidate.edge).toBe(30);
    expect(call.candidate.model).toBeCloseTo(0.96, 12);
  });

  it("buys Yes where the model rates an outcome above its price", () => {
    const call = deriveCall(event, { n: 0.34, h: 0.52, v: 0.14 }, NOW, 8);
    expect(call).toMatchObject({ kind: "call", candidate: { side: "buy_yes", edge: 12 } });
    if (call.kind === "call") expect(call.candidate.market.id).toBe("h");
  });

  it("makes no call below the threshold, and says the largest gap with the threshold", () => {
    expect(deriveCall(event, { n: 0.37, h: 0.4, v: 0.23 }, NOW, 8)).toEqual({
      kind: "none",
      reason: "small-edge",
      text: "Largest gap 3 points, below the 8-point threshold",
      edge: 3,
    });
    expect(deriveCall(event, { n: 0.35, h: 0.4, v: 0.26 }, NOW, 8)).toMatchObject({
      text: "Largest gap 1 point, below the 8-point threshold",
    });
    // At the threshold it calls.
    expect(deriveCall(event, { n: 0.42, h: 0.4, v: 0.18 }, NOW, 8).kind).toBe("call");
  });

  it("a large gap on a side under 5¢ or over 95¢ is near-certain, with its figure", () => {
    const longshot = makeEvent("l", [makeBucket("a", "A", 97), makeBucket("b", "B", 3)]);
    expect(deriveCall(longshot, { a: 0.85, b: 0.15 }, NOW, 8)).toMatchObject({
      kind: "none",
      reason: "near-certain",
      text: "Near-certain: the largest gap (12 points) is on a side priced under 5¢ or over 95¢",
    });
  });

  it("each market's own end date decides: ended markets are left out; all ended is 'Ended'", () => {
    const past = "2026-10-01T00:00:00Z";
    const mixed = makeEvent("m", [{ ...newsom, endDate: past }, harris, vance], { endDate: past });
    // Newsom's gap is the largest but its market has ended: Harris is called.
    const call = deriveCall(mixed, { n: 0.04, h: 0.6, v: 0.36 }, NOW, 8);
    expect(call).toMatchObject({ kind: "call", candidate: { side: "buy_yes", edge: 20 } });
    const over = makeEvent(
      "o",
      [newsom, harris].map((m) => ({ ...m, endDate: past })),
    );
    expect(deriveCall(over, { n: 0.04, h: 0.96 }, NOW, 8)).toMatchObject({
      reason: "ended",
      text: "Ended, awaiting resolution",
    });
    // An event dated in the past whose market runs on: open, called.
    const single = makeMarket({ id: "s", endDate: LATER });
    const stale = makeEvent("s", [single], { endDate: past });
    expect(deriveCall(stale, { "s:0": 0.6 }, NOW, 8)).toMatchObject({
      kind: "call",
      candidate: { side: "buy_yes", sidePrice: 0.4, edge: 20 },
    });
  });

  it("a one-market event reads either side's probability; none for its market is no forecast", () => {
    const single = makeMarket({ id: "s", endDate: LATER });
    const one = makeEvent("s", [single]);
    expect(deriveCall(one, { "s:1": 0.8 }, NOW, 8)).toMatchObject({
      kind: "call",
      candidate: { side: "buy_no", sidePrice: 0.6, edge: 20 },
    });
    expect(deriveCall(one, {}, NOW, 8)).toMatchObject({ reason: "no-forecast", edge: null });
  });
});
