/**
 * Which event an `/event/:slug` URL means, and its figures: every market from Gamma on demand (kept 15
 * minutes in memory and the Cache API, never KV; an unknown slug remembered 10 minutes), with the
 * snapshot's card (its forecast and X count) when the event is one of the shown ones. Gamma failing for a
 * shown event: the snapshot's copy of its markets, said so. A slug that cannot be Polymarket's is unknown
 * without any upstream call.
 */
import type { EventView } from "~/lib/event-page";
import type { MarketSource, MarketStatus } from "~/lib/market-page";
import { ok, type Section, unavailable } from "~/lib/section";
import type { DisplayEvent, Market } from "~/lib/types";
import type { Deps } from "../deps";
import { eventOutcomes, isMultiOutcome } from "../events/outcomes";
import { LOOKUPS } from "../lookups";
import { isSlug } from "../polymarket/gamma";
import type { EventBySlug } from "../polymarket/gamma-events";
import { findShownEvent } from "../snapshots/markets";

/** When the event is unknown to us and Gamma cannot be asked: the page cannot be drawn. */
export const EVENT_UNAVAILABLE = "Event data is temporarily unavailable. Please try again in a few minutes.";

export interface ResolvedEvent {
  event: EventBySlug;
  /** Its card when the event is one of the shown (busiest) events. */
  card: DisplayEvent | null;
  source: MarketSource;
}

const RESOLVED_PRICE = 0.99;

/**
 * Open while it has traded markets and its end date is ahead; awaiting resolution past it (or closed with
 * no single winner yet); resolved when closed with one outcome priced at 1.
 */
export function eventStatus(event: EventBySlug, now: number): MarketStatus {
  const end = event.endDate === null ? Number.NaN : Date.parse(event.endDate);
  if (!event.closed && event.markets.length > 0) {
    return Number.isFinite(end) && end <= now ? { kind: "awaiting", since: event.endDate } : { kind: "open" };
  }
  const winners = eventOutcomes({ markets: event.resolved }).filter((o) => o.price >= RESOLVED_PRICE);
  if (winners.length === 1) return { kind: "resolved", outcome: winners[0]?.label ?? null };
  return { kind: "awaiting", since: event.endDate };
}

/** The page's view of the event's own figures. */
export function toEventView(resolved: ResolvedEvent, now: number): EventView {
  const { event, source } = resolved;
  return {
    slug: event.slug,
    title: event.title,
    description: event.description === "" ? null : event.description,
    resolutionSource: event.resolutionSource,
    image: event.image ?? event.markets[0]?.image ?? event.resolved[0]?.image ?? null,
    endDate: event.endDate ?? event.markets[0]?.endDate ?? null,
    volume24h: event.volume24h,
    volume: event.volume,
    liquidity: event.liquidity,
    multi: isMultiOutcome({ markets: event.closed ? event.resolved : event.markets }),
    status: eventStatus(event, now),
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

/**
 * The event a slug names, or null when there is none (a 404). Unavailable when Gamma fails for an event
 * the snapshot does not show; `limited` when Gamma would have to be asked but the client is over its
 * lookup limit.
 */
export async function resolveEvent(deps: Deps, slug: string): Promise<Section<ResolvedEvent | null>> {
  if (!isSlug(slug)) return ok(null);
  const [shown, kept] = await Promise.all([findShownEvent(deps, slug), LOOKUPS.event.get(deps, slug)]);
  const card = shown?.card ?? null;
  if (kept.ok) {
    const { value, fetchedAt, stale } = kept.value;
    if (value) return ok({ event: value, card, source: { kind: "gamma", at: fetchedAt, stale } });
    if (!shown) return ok(null);
  } else if (!shown) {
    return kept.reason === "limited" ? kept : unavailable(EVENT_UNAVAILABLE);
  }
  const { snapshot, markets } = shown;
  return ok({
    event: fromSnapshot(shown.card, markets),
    card,
    source: { kind: "snapshot", at: snapshot.fetchedAt, stale: true },
  });
}
