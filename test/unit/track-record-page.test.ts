/**
 * The track record's pages, pure parts: the figures' formats, page numbers and links, why a call is
 * pending, the settled and open lists' order, and which calls /trading-signals shows in what order.
 */
import { describe, expect, it } from "vitest";
import { openPage, settledPage } from "~/.server/pages/track-record";
import { signalsOf, standingCalls } from "~/.server/pages/trading-signals";
import { formatPerDollar, formatRatio, formatScore } from "~/lib/format";
import { CALL_RULES_VERSION, type Call, sideQuote } from "~/lib/track-record";
import { pageHref, pageOf, parsePageNumber, pendingText, quoteText } from "~/lib/track-record-page";
import type { DisplayEvent, DisplayMarket } from "~/lib/types";
import { V1_CALL_FIELDS } from "../support/track-calls";

const DAY = 86_400_000;
const NOW = Date.parse("2026-11-23T12:00:00Z");

function call(over: Partial<Call> & Pick<Call, "id">): Call {
  return {
    marketId: over.id,
    slug: `slug-${over.id}`,
    question: `Market ${over.id}?`,
    category: "other",
    outcomes: ["Yes", "No"],
    side: "buy_yes",
    source: "estimate",
    calledAt: NOW - DAY,
    priceAtCall: 0.4,
    modelProbability: null,
    endDate: null,
    outcome: null,
    settledAt: null,
    ...V1_CALL_FIELDS,
    ...over,
  };
}

describe("formats of the figures", () => {
  it.each([
    [2 / 3, "67%"],
    [0.2076, "21%"],
    [1, "100%"],
    [0, "0%"],
  ])("formatRatio(%d) → %s", (value, text) => {
    expect(formatRatio(value)).toBe(text);
  });

  it.each([
    [1.5, "+$1.50"],
    [0.428_571, "+$0.43"],
    [-1, "-$1.00"],
    [-0.523_81, "-$0.52"],
    [0.001, "$0.00"],
    [-0.004, "$0.00"],
  ])("formatPerDollar(%d) → %s", (value, text) => {
    expect(formatPerDollar(value)).toBe(text);
  });

  it("formatScore: three decimals by default, signed on request", () => {
    expect(formatScore(0.235)).toBe("0.235");
    expect(formatScore(0.225_625)).toBe("0.226");
    expect(formatScore(-0.041_55, 2, true)).toBe("-0.04");
    expect(formatScore(0.142_8, 2, true)).toBe("+0.14");
    expect(formatScore(0, 2, true)).toBe("0.00");
  });
});

describe("pages of the call lists", () => {
  it("reads a page number: absent is 1, a whole number from 1 is itself, anything else is refused", () => {
    expect(parsePageNumber(null)).toBe(1);
    expect(parsePageNumber("1")).toBe(1);
    expect(parsePageNumber("42")).toBe(42);
    for (const bad of ["", "0", "-1", "1.5", "2e3", "01", " 2", "abc", "1234567"]) {
      expect(parsePageNumber(bad), bad).toBeNull();
    }
  });

  it("slices 20 a page and clamps past the end to the last page", () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(items, 1)).toMatchObject({ page: 1, pages: 3, total: 45 });
    expect(pageOf(items, 3).rows).toEqual([40, 41, 42, 43, 44]);
    expect(pageOf(items, 99)).toMatchObject({ page: 3, rows: [40, 41, 42, 43, 44] });
    expect(pageOf([], 5)).toEqual({ rows: [], page: 1, pages: 1, total: 0 });
  });

  it("links keep the other list's page and leave page 1 out", () => {
    expect(pageHref({ graded: 1, open: 1 }, "graded", 2, "settled")).toBe("/track-record?graded=2#settled");
    expect(pageHref({ graded: 2, open: 3 }, "open", 1, "open")).toBe("/track-record?graded=2#open");
    expect(pageHref({ graded: 2, open: 3 }, "graded", 1, "settled")).toBe("/track-record?open=3#settled");
  });
});

describe("why a call is pending", () => {
  it("says the settlement check's finding in words, else whether the market has ended", () => {
    const why = (state: string, answer: string | null = null) => ({ state, answer });
    expect(pendingText(why("proposed"), null, NOW)).toBe("Resolution proposed, not final yet");
    expect(pendingText(why("not closed or unknown"), null, NOW)).toBe(
      "Not closed yet, or unknown to Polymarket",
    );
    expect(pendingText(why("something new"), null, NOW)).toBe("something new");
    expect(pendingText(undefined, "2026-12-31T00:00:00Z", NOW)).toBe("Market open, ends Dec 31, 2026");
    expect(pendingText(undefined, "2026-01-01T00:00:00Z", NOW)).toBe("Ended, awaiting its settlement check");
    expect(pendingText(undefined, null, NOW)).toBe("Market open, no end date");
  });

  it("says UMA's state with the proposed answer when the minute cron has it", () => {
    expect(pendingText({ state: "proposed", answer: "Yes" }, null, NOW)).toBe(
      "Answer proposed (Yes), not final yet",
    );
    expect(pendingText({ state: "disputed", answer: "50-50" }, null, NOW)).toBe(
      "Disputed (50-50 proposed): UMA's vote decides",
    );
  });
});

describe("the settled and open lists", () => {
  const calls = [
    call({ id: "a", outcome: "yes", settledAt: NOW - 3 * DAY, priceAtCall: 0.25 }),
    call({ id: "b", outcome: "void", settledAt: NOW - DAY }),
    call({ id: "c", side: "buy_no", outcome: "yes", settledAt: NOW - 2 * DAY, priceAtCall: 0.6 }),
    call({ id: "d", calledAt: NOW - 5 * DAY }),
    call({ id: "e", calledAt: NOW - 2 * DAY, endDate: "2027-01-01T00:00:00Z" }),
  ];

  it("settled: the latest settled first, each with its return", () => {
    const page = settledPage(calls, 1);
    expect(page.rows.map((r) => [r.id, r.outcome, r.return])).toEqual([
      ["b", "void", null],
      ["c", "yes", -1],
      ["a", "yes", 3],
    ]);
  });

  it("open: the newest first, each with why it is pending", () => {
    const page = openPage(calls, { d: { state: "disputed", answer: null } }, 1, NOW);
    expect(page.rows.map((r) => [r.id, r.pending])).toEqual([
      ["e", "Market open, ends Jan 1, 2027"],
      ["d", "Resolution disputed"],
    ]);
  });
});

describe("/trading-signals' calls", () => {
  /** A current-rule call on event `eventId`'s market `marketId`. */
  const v2 = (over: Partial<Call> & Pick<Call, "id" | "eventId">) =>
    call({ ruleVersion: CALL_RULES_VERSION, sidePrice: 0.4, callOutcome: "Yes", ...over });
  const event = (id: string, confidence: number, source = "estimated") =>
    ({ id, forecast: { confidence, source } }) as unknown as DisplayEvent;
  const market = (id: string, yesPrice = 50) => ({ id, yesPrice }) as unknown as DisplayMarket;

  it("an event's call stands until a later call of the same source on any of its outcomes; holds and graded calls never stand", () => {
    const standing = standingCalls([
      v2({ id: "1", eventId: "e1", marketId: "m1", calledAt: 1 }),
      // A sibling bucket of the same event, called later: it replaces call 1.
      v2({ id: "2", eventId: "e1", marketId: "m2", side: "buy_no", calledAt: 2 }),
      v2({ id: "3", eventId: "e2", marketId: "m3", calledAt: 1 }),
      v2({ id: "4", eventId: "e2", marketId: "m3", side: "hold", calledAt: 2 }),
      v2({ id: "5", eventId: "e3", marketId: "m4", outcome: "no", settledAt: 3 }),
      v2({ id: "6", eventId: "e1", marketId: "m1", source: "model-x", calledAt: 0 }),
    ]);
    expect(standing.map((c) => c.id).sort()).toEqual(["2", "6"]);
  });

  it("calls recorded under older rules stay on the track record, not among the open calls", () => {
    const old = call({ id: "v1", marketId: "m9", side: "buy_no", priceAtCall: 0.01 });
    expect(old.ruleVersion).toBe(1);
    expect(standingCalls([old, v2({ id: "now", eventId: "e1" })]).map((c) => c.id)).toEqual(["now"]);
  });

  it("orders by the event card's confidence, unknown confidence last, with the called market's price now", () => {
    const signals = signalsOf(
      [
        v2({ id: "low", eventId: "a", marketId: "ma" }),
        v2({ id: "high", eventId: "b", marketId: "mb" }),
        v2({ id: "other-source", eventId: "c", marketId: "mc", source: "model-x" }),
        v2({ id: "gone", eventId: "z", marketId: "mz", calledAt: NOW - 3 * DAY }),
      ],
      {
        events: [event("a", 40), event("b", 90), event("c", 99)],
        markets: [market("ma", 62), market("mb"), market("mc")],
      },
    );
    expect(signals.map((s) => [s.id, s.confidence, s.priceNow])).toEqual([
      ["high", 90, 0.5],
      ["low", 40, 0.62],
      ["other-source", null, 0.5],
      ["gone", null, null],
    ]);
  });
});

describe("a call's price as it is shown", () => {
  it("BUY NO shows No's price, 1 − the first outcome's; BUY YES and holds the first outcome's, named", () => {
    expect(quoteText("buy_no", ["Yes", "No"], 0.01)).toBe("No 99¢");
    expect(quoteText("buy_yes", ["Yes", "No"], 0.01)).toBe("Yes 1¢");
    expect(quoteText("hold", ["Yes", "No"], 0.38)).toBe("Yes 38¢");
    expect(quoteText("buy_no", ["Yes", "No"], null)).toBe("—");
    // A half cent stays a half cent: 1 − 0.405 is 0.595, shown as 59.5¢ like the card's.
    expect(quoteText("buy_no", ["Yes", "No"], 0.405)).toBe("No 59.5¢");
  });

  it("names the sides by the market's outcome labels; more than two outcomes are the first against Other", () => {
    expect(quoteText("buy_no", ["Lakers", "Celtics"], 0.4)).toBe("Celtics 60¢");
    expect(quoteText("buy_yes", ["Lakers", "Celtics"], 0.4)).toBe("Lakers 40¢");
    expect(quoteText("buy_no", ["A", "B", "C"], 0.4)).toBe("Other 60¢");
    expect(quoteText("buy_no", [], 0.4)).toBe("No 60¢");
    expect(sideQuote("buy_no", ["Yes", "No"], 0.7)).toEqual({ outcome: "No", price: 0.3 });
  });

  it("the rows of both lists and the signals carry the outcome labels", () => {
    const teams = call({ id: "t", side: "buy_no", outcomes: ["Lakers", "Celtics"], priceAtCall: 0.01 });
    expect(openPage([teams], {}, 1, NOW).rows[0]?.outcomes).toEqual(["Lakers", "Celtics"]);
    const teamsNow = { ...teams, ruleVersion: CALL_RULES_VERSION, eventId: "nba" };
    expect(signalsOf([teamsNow], { events: [], markets: [] })[0]?.outcomes).toEqual(["Lakers", "Celtics"]);
  });
});
