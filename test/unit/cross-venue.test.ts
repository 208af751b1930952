import { describe, expect, it } from "vitest";
import {
  endDatesApartDays,
  endDatesText,
  gapCents,
  gapText,
  KALSHI_STALE_MS,
  kalshiFee,
  kalshiLine,
  kalshiPairView,
  kalshiStateText,
  matchedText,
  type PairInput,
} from "~/lib/cross-venue";

describe("Kalshi's fee", () => {
  it("is 0.07 × contracts × P × (1 − P), rounded up to the cent", () => {
    expect(kalshiFee(100, 0.5)).toBe(1.75);
    expect(kalshiFee(1, 0.5)).toBe(0.02);
    expect(kalshiFee(10, 0.9)).toBe(0.07);
    expect(kalshiFee(0, 0.5)).toBe(0);
    expect(kalshiFee(10, 1)).toBe(0);
  });
});

describe("the pair's line", () => {
  it("names Kalshi's price, its quote and the gap in cents", () => {
    expect(kalshiLine({ lastPrice: 0.54, yesBid: 0.53, yesAsk: 0.55 }, 0.49)).toBe(
      "Kalshi: Yes 54¢ (bid 53¢ / ask 55¢) · gap +5¢",
    );
    expect(kalshiLine({ lastPrice: null, yesBid: 0.4, yesAsk: 0.42 }, 0.44)).toBe(
      "Kalshi: Yes 41¢ (bid 40¢ / ask 42¢) · gap −3¢",
    );
    expect(kalshiLine({ lastPrice: null, yesBid: null, yesAsk: 0.4 }, 0.4)).toBeNull();
    expect(gapText(0.5, 0.5)).toBe("0¢");
  });
});

const pair = (over: Partial<PairInput["kalshi"]> = {}, decidedBy: "score" | "confirmed" = "score") => ({
  polymarketId: "517311",
  eventSlug: "how-many-people-will-trump-deport-in-2025",
  score: 0.8234,
  reasons: ["same words", "same date"],
  decidedBy,
  matchedMs: Date.parse("2026-11-27T12:00:00Z"),
  kalshi: {
    ticker: "KXUSAIRANAGREEMENT-27",
    eventTicker: "KXUSAIRANAGREEMENT-27",
    title: "Will the US agree to a new Iranian nuclear deal this year?",
    label: "",
    lastPrice: 0.64,
    yesBid: 0.6,
    yesAsk: 0.63,
    volume24h: 9380,
    closeTime: "2027-01-01T15:00:00Z",
    rulesUrl: "https://kalshi.com/markets/kxusairanagreement",
    readMs: Date.parse("2026-11-27T12:00:00Z"),
    closed: false,
    ...over,
  },
});

describe("a pair as pages and the API show it", () => {
  it("Kalshi's price (last trade, else the quote's middle), its links and the end dates apart", () => {
    const view = kalshiPairView(pair(), "2026-12-31T23:59:00Z");
    expect(view).toMatchObject({
      price: 0.64,
      bid: 0.6,
      ask: 0.63,
      url: "https://kalshi.com/markets/kxusairanagreement-27",
      rulesUrl: "https://kalshi.com/markets/kxusairanagreement",
      endDatesApartDays: null,
    });
    expect(kalshiPairView(pair({ lastPrice: null }), null).price).toBeCloseTo(0.615);
    expect(kalshiPairView(pair({ lastPrice: null, yesAsk: null }), null).price).toBeNull();
    expect(kalshiPairView(pair(), "2025-12-31T12:00:00Z").endDatesApartDays).toBe(366);
  });

  it("end dates a day apart or less are not said; more than a day is, in whole days", () => {
    expect(endDatesApartDays("2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z")).toBeNull();
    expect(endDatesApartDays("2026-01-01T00:00:00Z", "2026-01-02T00:00:01Z")).toBe(1);
    expect(endDatesApartDays("2026-01-01T00:00:00Z", null)).toBeNull();
    expect(endDatesText(1)).toBe("End dates differ by 1 day.");
    expect(endDatesText(366)).toBe("End dates differ by 366 days.");
    expect(endDatesText(null)).toBeNull();
  });

  it("how the pair was made, and why Kalshi's price may be out of date", () => {
    expect(matchedText(kalshiPairView(pair(), null))).toBe(
      "Paired by our matcher, score 0.82 (same words; same date)",
    );
    expect(matchedText(kalshiPairView(pair({}, "confirmed"), null))).toBe("Paired: confirmed by hand");
    const readMs = Date.parse("2026-11-27T12:00:00Z");
    expect(kalshiStateText({ closed: false, readMs }, readMs + KALSHI_STALE_MS)).toBeNull();
    expect(kalshiStateText({ closed: false, readMs }, readMs + KALSHI_STALE_MS + 1)).toBe(
      "Kalshi's price was last read 2 hours ago.",
    );
    expect(kalshiStateText({ closed: true, readMs }, readMs)).toBe(
      "Kalshi no longer lists this market open: its last price is shown.",
    );
    expect(gapCents(0.64, 0.5)).toBe(14);
    expect(gapCents(0.64, 0.76)).toBe(-12);
  });
});
