/** The generator of varied open events for the search index's tests and bench. */
import { describe, expect, it } from "vitest";
import { normaliseGammaEvent } from "~/.server/polymarket/gamma-events";
import { indexEvents, recordedOpenEvents, TITLE_WORDS } from "../support/index-events";

describe("indexEvents", () => {
  it("builds 10,000 distinct open events from the recorded ones, the same each time", () => {
    const events = indexEvents(10_000);
    expect(events).toHaveLength(10_000);
    expect(new Set(events.map((e) => e.id)).size).toBe(10_000);
    expect(new Set(events.map((e) => e.slug)).size).toBe(10_000);
    expect(new Set(events.flatMap((e) => e.markets.map((m) => m.id))).size).toBe(
      events.reduce((n, e) => n + e.markets.length, 0),
    );
    const shown = events.map(normaliseGammaEvent);
    expect(shown.every((e) => e !== null && e.markets.length > 0)).toBe(true);
    expect(indexEvents(300)).toEqual(events.slice(0, 300));
  });

  it("varies titles by the word list, and prices and volumes", () => {
    const events = indexEvents(1_000);
    const withWord = (word: string) => events.filter((e) => e.title.includes(word)).length;
    for (const word of TITLE_WORDS.slice(0, 5)) {
      expect(withWord(word)).toBeGreaterThan(10);
      expect(withWord(word)).toBeLessThan(100);
    }
    const base = events[0];
    const copy = events[249];
    expect(copy?.title.startsWith(base?.title.replace(/ \(.*\)$/, "") ?? "")).toBe(true);
    expect(copy?.markets[0]?.outcomePrices).not.toBe(base?.markets[0]?.outcomePrices);
    expect(new Set(events.map((e) => e.volume24hr)).size).toBeGreaterThan(900);
  });

  it("a different seed gives other figures and titles", () => {
    expect(indexEvents(50, { seed: 2 })).not.toEqual(indexEvents(50));
  });

  it("reopens the 149 closed recordings: every recorded event is showable", () => {
    const recorded = recordedOpenEvents();
    expect(recorded).toHaveLength(249);
    expect(recorded.map(normaliseGammaEvent).filter((e) => e !== null)).toHaveLength(249);
  });
});
