/**
 * The gap after fees (decision 0057): Polymarket's taker fee read from Gamma's fields (the recorded World
 * Cup event: fees on, rate 0.03, exponent 1; a market with fees off), its formula, the gap after both fees,
 * and `/compare`'s filters, rows and order.
 */
import { describe, expect, it } from "vitest";
import { normaliseGammaEvent } from "~/.server/polymarket/gamma-events";
import { normaliseGammaMarket } from "~/.server/polymarket/gamma-markets";
import { compareRows, filterRows, parseCompareFilters, type ShownMarketInput } from "~/lib/compare";
import {
  centsText,
  endDatesApartDays,
  kalshiPrice,
  type PairInput,
  pairGap,
  polymarketFee,
} from "~/lib/cross-venue";
import { readFixture } from "../support/fixtures";

type Json = Record<string, unknown>;

describe("Polymarket's fee on a market", () => {
  it("is read from Gamma's feesEnabled and feeSchedule", () => {
    const event = normaliseGammaEvent(readFixture<Json>("polymarket/gamma-event-negrisk-60.json"));
    const spain = event?.markets.find((m) => m.id === "558934");
    expect(spain?.fee).toEqual({ rate: 0.03, exponent: 1 });
    const raw = readFixture<Json>("polymarket/gamma-event-negrisk-60.json");
    const first = (raw.markets as Json[]).find((m) => m.id === "558934") as Json;
    expect(normaliseGammaMarket({ ...first, feesEnabled: false })?.fee).toBeNull();
    // An older record that says nothing: not known (never read as free).
    const { feesEnabled: _f, feeSchedule: _s, ...silent } = first;
    expect(normaliseGammaMarket(silent)).not.toHaveProperty("fee");
  });

  it("is contracts × rate × P × (1 − P), 0 where fees are off, unknown for another exponent", () => {
    expect(polymarketFee(100, 0.5, { rate: 0.03, exponent: 1 })).toBe(0.75);
    expect(polymarketFee(100, 0.2, { rate: 0.04, exponent: 1 })).toBe(0.64);
    expect(polymarketFee(100, 0.5, null)).toBe(0);
    expect(polymarketFee(100, 0.5, undefined)).toBeNull();
    expect(polymarketFee(100, 0.5, { rate: 0.25, exponent: 2 })).toBeNull();
  });
});

describe("the gap after fees", () => {
  it("is |pK − pP| minus both venues' fees a contract on 100 contracts", () => {
    // Kalshi 0.60 (fee ⌈0.07 × 100 × 0.6 × 0.4⌉ = $1.68 → 1.68¢), Polymarket 0.50 (0.03 × 100 × 0.25 = $0.75).
    const gap = pairGap(0.6, 0.5, { rate: 0.03, exponent: 1 });
    expect(gap.kalshiFee).toBeCloseTo(0.0168, 10);
    expect(gap.polymarketFee).toBeCloseTo(0.0075, 10);
    expect(gap.afterFees).toBeCloseTo(0.1 - 0.0168 - 0.0075, 6);
    expect(gap.feesKnown).toBe(true);
    // The other way round: the same absolute gap.
    expect(pairGap(0.5, 0.6, null).afterFees).toBeCloseTo(0.1 - 0.0175, 6);
    // Polymarket's fee not known: Kalshi's alone, said so.
    const unknown = pairGap(0.6, 0.5, undefined);
    expect(unknown.feesKnown).toBe(false);
    expect(unknown.afterFees).toBeCloseTo(0.1 - 0.0168, 6);
    // Fees bigger than the gap: negative.
    expect(pairGap(0.5, 0.5, null).afterFees).toBeLessThan(0);
    expect(centsText(0.0757)).toBe("+7.6¢");
    expect(centsText(-0.0175)).toBe("−1.8¢");
  });

  it("prices Kalshi at its last trade, else the quote's middle", () => {
    expect(kalshiPrice({ lastPrice: 0.3, yesBid: 0.2, yesAsk: 0.4 })).toBe(0.3);
    expect(kalshiPrice({ lastPrice: null, yesBid: 0.2, yesAsk: 0.4 })).toBeCloseTo(0.3, 10);
    expect(kalshiPrice({ lastPrice: null, yesBid: null, yesAsk: 0.4 })).toBeNull();
    expect(endDatesApartDays("2026-07-19T00:00:00Z", "2026-07-20T00:00:00Z")).toBeNull();
    expect(endDatesApartDays("2026-07-19T00:00:00Z", "2026-07-24T00:00:00Z")).toBe(5);
  });
});

const pair = (
  id: string,
  ticker: string,
  last: number | null,
  closeTime: string | null = null,
): PairInput => ({
  polymarketId: id,
  eventSlug: "world-cup-winner",
  score: 0.8,
  reasons: ['outcome "Spain" on both'],
  decidedBy: "score",
  matchedMs: Date.parse("2026-06-01T00:00:00Z"),
  kalshi: {
    ticker,
    eventTicker: "KXMENWORLDCUP-26",
    title: "Will Spain win?",
    label: "Spain",
    lastPrice: last,
    yesBid: null,
    yesAsk: null,
    volume24h: 10,
    closeTime,
    rulesUrl: "https://kalshi.com/markets/kxmenworldcup",
    readMs: Date.parse("2026-06-01T00:05:00Z"),
    closed: false,
  },
});
const market = (id: string, yes: number, category: ShownMarketInput["category"]): ShownMarketInput => ({
  id,
  slug: `m-${id}`,
  question: `Market ${id}?`,
  eventTitle: "World Cup Winner",
  category,
  yes,
  endDate: "2026-07-20T00:00:00Z",
  fee: null,
});

describe("/compare's rows and filters", () => {
  const shown = new Map([
    ["1", market("1", 0.1, "sports")],
    ["2", market("2", 0.5, "sports")],
    ["3", market("3", 0.3, "politics")],
  ]);
  const rows = compareRows(
    [
      pair("1", "A", 0.12),
      pair("2", "B", 0.4, "2026-07-30T00:00:00Z"),
      pair("3", "C", 0.3),
      pair("9", "D", 0.5),
    ],
    shown,
    "2026-06-01T00:10:00Z",
  );

  it("orders by gap after fees, largest first, leaving out pairs whose market is not shown", () => {
    expect(rows.map((r) => r.polymarket.id)).toEqual(["2", "1", "3"]);
    expect(rows[0]?.endDatesApartDays).toBe(10);
    expect(rows[0]?.polymarket.url).toBe("https://polymarket.com/event/world-cup-winner/m-2");
  });

  it("filters by category and minimum gap; bad values are refused with what was wrong", () => {
    expect(filterRows(rows, { category: "politics", minGapCents: null }).map((r) => r.polymarket.id)).toEqual(
      ["3"],
    );
    expect(filterRows(rows, { category: null, minGapCents: 5 }).map((r) => r.polymarket.id)).toEqual(["2"]);
    expect(parseCompareFilters(new URLSearchParams("category=sports&min_gap=2.5"))).toEqual({
      ok: true,
      filters: { category: "sports", minGapCents: 2.5 },
    });
    expect(parseCompareFilters(new URLSearchParams("category=&min_gap="))).toEqual({
      ok: true,
      filters: { category: null, minGapCents: null },
    });
    for (const bad of ["category=nope", "min_gap=-1", "min_gap=abc", "min_gap=101", "min_gap=1e2"]) {
      const parsed = parseCompareFilters(new URLSearchParams(bad));
      expect(parsed.ok, bad).toBe(false);
    }
  });
});
