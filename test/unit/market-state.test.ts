/**
 * One end date, one state: a market's own end date drives its state, and an event's state and dates come
 * from its markets (lib/market-state.ts); a one-market event's title says what its prices price.
 */
import { describe, expect, it } from "vitest";
import { endSpan, endWords, eventEnds, eventStatus, hasEnded, marketStatus } from "~/lib/market-state";
import { eventTitleOf } from "~/lib/outcomes";
import { makeBucket, makeEvent, makeMarket } from "../support/markets";

const NOW = Date.parse("2026-11-26T12:00:00Z");
const YES_NO = [
  { label: "Yes", price: 0.4 },
  { label: "No", price: 0.6 },
];

describe("a market's own end date", () => {
  it("decides open and awaiting resolution; no or an unreadable date is open", () => {
    expect(hasEnded("2026-11-26T12:00:00Z", NOW)).toBe(true);
    expect(hasEnded("2026-11-26T12:00:00.001Z", NOW)).toBe(false);
    expect(hasEnded(null, NOW)).toBe(false);
    expect(hasEnded("soon", NOW)).toBe(false);
    expect(marketStatus(YES_NO, false, null, "2026-12-25T00:00:00Z", NOW)).toEqual({ kind: "open" });
    expect(marketStatus(YES_NO, false, null, "2026-03-01T00:00:00Z", NOW)).toEqual({
      kind: "awaiting",
      since: "2026-03-01T00:00:00Z",
    });
  });
});

describe("an event's dates and state from its markets'", () => {
  it("an event dated Mar 1 whose only market ends Dec 25 is open and ends Dec 25", () => {
    const market = makeMarket({ id: "m", endDate: "2026-12-25T00:00:00Z" });
    const event = makeEvent("e", [market], { endDate: "2026-03-01T00:00:00Z" });
    expect(eventEnds(event)).toEqual({ endDate: "2026-12-25T00:00:00Z", endsFrom: null });
    expect(eventStatus(event.markets, [], event.endDate, NOW)).toEqual({ kind: "open" });
    expect(endWords(eventEnds(event), NOW)).toEqual({ label: "Ends", value: "Dec 25, 2026" });
  });

  it("markets ending on different dates: 'between A and B', the event over when its last one is", () => {
    const event = makeEvent("n", [
      makeBucket("a", "A", 60, { endDate: "2028-11-07T00:00:00Z" }),
      makeBucket("b", "B", 40, { endDate: "2029-09-01T00:00:00Z" }),
    ]);
    expect(eventEnds(event)).toEqual({ endDate: "2029-09-01T00:00:00Z", endsFrom: "2028-11-07T00:00:00Z" });
    expect(endWords(eventEnds(event), NOW)).toEqual({
      label: "Markets end",
      value: "between Nov 7, 2028 and Sep 1, 2029",
    });
    expect(endWords(eventEnds(event), Date.parse("2030-01-01T00:00:00Z"))?.label).toBe("Markets ended");
  });

  it("a market without a date takes the event's; no dates at all is no end", () => {
    expect(endSpan([{ endDate: null }], "2027-01-01T00:00:00Z")).toEqual({
      first: "2027-01-01T00:00:00Z",
      last: "2027-01-01T00:00:00Z",
    });
    expect(eventEnds({ endDate: null, markets: [{ endDate: null }] })).toEqual({
      endDate: null,
      endsFrom: null,
    });
    expect(endWords({ endDate: null, endsFrom: null }, NOW)).toBeNull();
  });

  it("every market ended: awaiting since the last one; none open and one winner: resolved", () => {
    const ended = [
      { endDate: "2026-10-01T00:00:00Z", closed: false },
      { endDate: "2026-11-01T00:00:00Z", closed: false },
    ];
    expect(eventStatus(ended, [], null, NOW)).toEqual({ kind: "awaiting", since: "2026-11-01T00:00:00Z" });
    expect(eventStatus([], ["Trump"], "2026-11-01T00:00:00Z", NOW)).toEqual({
      kind: "resolved",
      outcome: "Trump",
    });
  });
});

describe("a one-market event says the question its prices price", () => {
  it("fills a '___' title with its market's label, and shows the market's question beside it", () => {
    const eth = makeMarket({
      id: "eth",
      title: "Will the price of Ethereum be above $2,000 on February 9?",
      groupTitle: "2,000",
    });
    expect(eventTitleOf({ title: "Ethereum above ___ on February 9?", markets: [eth] })).toEqual({
      title: "Ethereum above 2,000 on February 9?",
      question: "Will the price of Ethereum be above $2,000 on February 9?",
    });
  });

  it("keeps a title with a blank it cannot fill, beside the question", () => {
    const kraken = makeMarket({ id: "k", title: "Kraken IPO by December 31, 2026?", groupTitle: null });
    expect(eventTitleOf({ title: "Kraken IPO by ___ ?", markets: [kraken] })).toEqual({
      title: "Kraken IPO by ___ ?",
      question: "Kraken IPO by December 31, 2026?",
    });
  });

  it("no question when the title is the question; a multi-outcome event keeps its title", () => {
    const same = makeMarket({ id: "s", title: "Will it rain?" });
    expect(eventTitleOf({ title: "Will it rain?", markets: [same] })).toEqual({
      title: "Will it rain?",
      question: null,
    });
    const multi = [makeBucket("a", "A", 50), makeBucket("b", "B", 50)];
    expect(eventTitleOf({ title: "Who wins ___?", markets: multi })).toEqual({
      title: "Who wins ___?",
      question: null,
    });
  });
});
