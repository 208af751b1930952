/** The version-2 call rules (issue 23): every rule and its boundaries. */
import { describe, expect, it } from "vitest";
import {
  CALL_RULES_VERSION,
  CALL_SKIP_TEXT,
  callDecision,
  ENDED_TEXT,
  MAX_SIDE_PRICE,
  MIN_SIDE_PRICE,
  NEAR_CERTAIN_TEXT,
  sidePriceOf,
} from "~/.server/track-record/call-rules";

const NOW = Date.parse("2026-11-01T12:00:00Z");
const LATER = "2026-11-08T12:00:00Z";
const open = { eventClosed: false, endDate: LATER, now: NOW, sidePrice: 0.5 };

const ENDED = { record: false, reason: "ended", text: ENDED_TEXT };
const CLOSED = { record: false, reason: "closed", text: ENDED_TEXT };
const NEAR_CERTAIN = { record: false, reason: "near-certain", text: NEAR_CERTAIN_TEXT };

describe("constants", () => {
  it("are version 2 with a 5¢–95¢ band and one text per reason", () => {
    expect(CALL_RULES_VERSION).toBe(2);
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
