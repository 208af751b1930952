/**
 * Making the event the unit, on the recorded feeds: what it does to the grid and the record. The figures
 * are printed (the closing note quotes them) and the claims made for the change are asserted: fewer,
 * distinct cards; a smaller share of near-certain leading prices; calls refused by the record's rules.
 * Forecasts are the deterministic estimate (no model in tests); "now" is each recording's day.
 */
import { describe, expect, it } from "vitest";
import { callStateOf } from "~/.server/events/card";
import { groupMarketsByEvent, normaliseGammaEvent } from "~/.server/polymarket/gamma-events";
import { normaliseGammaMarket } from "~/.server/polymarket/gamma-markets";
import { estimateAnalysis } from "~/.server/sentiment/estimate";
import { DEFAULT_MIN_EDGE_POINTS } from "~/.server/track-record/call-rules";
import { byPrice, eventOutcomes, firstSidePriceOf } from "~/lib/outcomes";
import type { Market, MarketEvent } from "~/lib/types";
import { readFixture } from "../support/fixtures";

/** A price (0..1) at or beyond 97¢ or 3¢: the question is all but settled. */
const nearCertain = (price: number) => price >= 0.97 || price <= 0.03;

function report(markets: Market[], events: MarketEvent[], now: number) {
  const shown = events.slice(0, 100);
  const leading = shown.map((e) => byPrice(eventOutcomes(e))[0]?.price ?? 0);
  const refused: Record<string, number> = {
    recorded: 0,
    "no-move": 0,
    "near-certain": 0,
    ended: 0,
    closed: 0,
  };
  for (const event of shown) {
    const state = callStateOf(event, estimateAnalysis(event), now, DEFAULT_MIN_EDGE_POINTS);
    const key = state.call ? "recorded" : (state.reason ?? "none");
    refused[key] = (refused[key] ?? 0) + 1;
  }
  const before = markets.slice(0, 100);
  return {
    before: {
      cards: before.length,
      events: new Set(before.map((m) => m.event?.slug ?? m.id)).size,
      nearCertain: before.filter((m) => nearCertain(firstSidePriceOf(m))).length,
    },
    after: {
      cards: shown.length,
      markets: shown.reduce((sum, e) => sum + e.markets.length, 0),
      nearCertain: leading.filter(nearCertain).length,
    },
    calls: refused,
  };
}

describe("the event as the unit, on the recorded feeds", () => {
  it("the top-100 markets list (2026-02-13): 100 market cards become 20 event cards", () => {
    const raw = readFixture<unknown[]>("polymarket/gamma-markets-active-100.json");
    const markets = raw.map(normaliseGammaMarket);
    const events = groupMarketsByEvent(raw, markets);
    const r = report(
      markets.filter((m): m is Market => m !== null),
      events,
      Date.parse("2026-02-13T12:00:00Z"),
    );
    console.log("markets list 2026-02-13", JSON.stringify(r));
    expect(r.before).toMatchObject({ cards: 100, events: 20 });
    expect(r.after.cards).toBe(20);
    expect(r.after.markets).toBe(100);
    expect(r.after.nearCertain / r.after.cards).toBeLessThan(r.before.nearCertain / r.before.cards);
    expect(r.calls.ended).toBeGreaterThan(0);
  });

  it("the events list (2025-06): 100 events, each one card", () => {
    const raw = readFixture<unknown[]>("polymarket/gamma-events-active-100.json");
    const events = raw.map(normaliseGammaEvent).filter((e): e is MarketEvent => e !== null);
    const markets = events.flatMap((e) => e.markets).sort((a, b) => b.volume24h - a.volume24h);
    const r = report(markets, events, Date.parse("2025-06-15T12:00:00Z"));
    console.log("events list 2025-06", JSON.stringify(r));
    expect(r.after.cards).toBe(events.length);
    expect(r.after.markets).toBeGreaterThan(r.after.cards);
  });
});
