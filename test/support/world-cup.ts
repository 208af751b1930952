/**
 * The recorded World Cup event (test/fixtures/polymarket/gamma-event-negrisk-60.json) as Gamma's markets list
 * serves it, and one pair the pairing job makes of it with Kalshi's recorded World Cup event
 * (test/fixtures/kalshi/iran-project__events_nested_14_EXTRACT.json): Spain, a labelled "same" pair of
 * test/fixtures/cross-venue-labels.json. The workerd tests (msw) and the browser tests (the fixture server's
 * `/__markets`) serve the same list.
 */
import worldCup from "../fixtures/polymarket/gamma-event-negrisk-60.json" with { type: "json" };

type Json = Record<string, unknown>;

const { markets, ...event } = worldCup as unknown as Json & { markets: Json[] };

/** The event's markets, each with its event embedded (as Gamma's markets list sends them). */
export const WORLD_CUP: Json[] = markets.map((m) => ({ ...m, events: [event] }));

export const WORLD_CUP_SLUG = "world-cup-winner";

/** Before the World Cup ends (the recorded event's end date is 2026-07-20). */
export const BEFORE_THE_FINAL = Date.parse("2026-06-01T12:00:00Z");

/** Spain's market on both venues, as recorded. */
export const SPAIN = {
  marketId: "558934",
  marketSlug: "will-spain-win-the-2026-fifa-world-cup-963",
  ticker: "KXMENWORLDCUP-26-ES",
  eventTicker: "KXMENWORLDCUP-26",
} as const;
