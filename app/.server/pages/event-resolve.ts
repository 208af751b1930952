/**
 * Which event an `/event/:slug` URL means, and its figures. A shown (busiest) event: every market from Gamma
 * on demand (kept 15 minutes in memory and the Cache API, never KV; an unknown slug remembered 10 minutes)
 * with the snapshot's card (its forecast and X count); Gamma failing, the snapshot's copy of its markets,
 * said so. Any other event the search index holds open: its prices from the index row, no Gamma call to draw
 * them (Gamma's rules and condition ids are asked for on demand by the page, decision 0037). Else Gamma on
 * demand. A slug that cannot be Polymarket's is unknown without any D1 query or upstream call.
 */
import type { EventView } from "~/lib/event-page";
import type { MarketSource, MarketStatus } from "~/lib/market-page";
import { eventEnds, eventStatus, RESOLVED_PRICE } from "~/lib/market-state";
import { eventOutcomes, eventTitleOf, isMultiOutcome } from "~/lib/outcomes";
import { ok, type Section, unavailable } from "~/lib/section";
import type { DisplayEvent, Market } from "~/lib/types";
import { sayUnavailable } from "../lookups";
import { isSlug } from "../polymarket/gamma";
import type { EventBySlug } from "../polymarket/gamma-events";
import { type FromIndex, openIndexedEvent } from "../search/indexed-event";
import { findShownEvent } from "../snapshots/markets";
import type { Sources } from "../sources";

/** When the event is unknown to us and Gamma cannot be asked: the page cannot be drawn. */
export const EVENT_UNAVAILABLE = "Event data is temporarily unavailable. Please try again in a few minutes.";

/** When Gamma cannot be asked for what only it has (the rules), or is over the client's lookup limit. */
export const RULES_UNAVAILABLE = "The rules are unavailable while Polymarket is unreachable.";

export interface ResolvedEvent {
  event: EventBySlug;
  /** Its card when the event is one of the shown (busiest) events. */
  card: DisplayEvent | null;
  source: MarketSource;
  /**
   * Gamma's answer, for what only it has (the rules, the markets' condition ids): the event itself when Gamma
   * answered, why not when the snapshot stood in, null when the index did (the page asks Gamma on demand).
   */
  gamma: Section<EventBySlug> | null;
}

/**
 * The event's state from its markets' own (lib/market-state.ts): open while any market trades before its
 * own end date; resolved when none is open and exactly one resolved market won; else awaiting resolution.
 */
export function eventStatusOf(event: EventBySlug, now: number): MarketStatus {
  const open = event.closed ? [] : event.markets;
  const winners = eventOutcomes({ markets: event.resolved }).filter((o) => o.price >= RESOLVED_PRICE);
  return eventStatus(
    open,
    winners.map((o) => o.label),
    event.endDate,
    now,
  );
}

/** The page's view of the event's own figures. */
export function toEventView(resolved: ResolvedEvent, now: number): EventView {
  const { event, source } = resolved;
  return {
    slug: event.slug,
    ...eventTitleOf({ title: event.title, markets: event.closed ? event.resolved : event.markets }),
    image: event.image ?? event.markets[0]?.image ?? event.resolved[0]?.image ?? null,
    ...eventEnds(event),
    volume24h: event.volume24h,
    volume: event.volume,
    liquidity: event.liquidity,
    multi: isMultiOutcome({ markets: event.closed ? event.resolved : event.markets }),
    status: eventStatusOf(event, now),
    source,
  };
}

/** A shown event as our snapshot last saw it: its card's figures and the markets the snapshot keeps. */
function fromSnapshot(card: DisplayEvent, markets: Market[]): EventBySlug {
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    description: "",
    resolutionSource: null,
    image: card.image,
    endDate: card.endDate,
    startDate: card.startDate,
    volume24h: card.volume24h,
    volume: card.volume,
    liquidity: card.liquidity,
    negRisk: false,
    tags: card.tags.map((label) => ({ slug: "", label })),
    markets,
    resolved: [],
    closed: false,
  };
}

/** An open indexed event: its markets and figures as the index holds them, said so with the row's time. */
function fromIndex({ event, checkedAt }: FromIndex): ResolvedEvent {
  return {
    event: { ...event, closed: false },
    card: null,
    source: { kind: "index", at: event.updatedAt, checkedAt },
    gamma: null,
  };
}

/**
 * The event a slug names, or null when there is none (a 404). Unavailable when Gamma fails for an event
 * neither the snapshot nor the index holds; `limited` when Gamma would have to be asked but the client is
 * over its lookup limit.
 */
export async function resolveEvent(sources: Sources, slug: string): Promise<Section<ResolvedEvent | null>> {
  if (!isSlug(slug)) return ok(null);
  const shown = findShownEvent(await sources.snapshot(), slug);
  if (!shown) {
    const indexed = await openIndexedEvent(sources, slug);
    if (indexed) return ok(fromIndex(indexed));
  }
  const kept = await sources.lookups.event(slug);
  const card = shown?.card ?? null;
  if (kept.ok) {
    const { value, fetchedAt, stale } = kept.value;
    if (value)
      return ok({ event: value, card, source: { kind: "gamma", at: fetchedAt, stale }, gamma: ok(value) });
    if (!shown) return ok(null);
  } else if (!shown) {
    return kept.reason === "limited" ? kept : unavailable(EVENT_UNAVAILABLE);
  }
  const { snapshot, markets } = shown;
  return ok({
    event: fromSnapshot(shown.card, markets),
    card,
    source: { kind: "snapshot", at: snapshot.fetchedAt, stale: true },
    gamma: kept.ok ? unavailable(RULES_UNAVAILABLE) : sayUnavailable(kept, RULES_UNAVAILABLE),
  });
}
