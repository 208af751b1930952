/**
 * Gamma's event objects, parsed leniently into `MarketEvent`s (pure: no requests; gamma.ts makes them).
 * Events arrive from `/events/keyset` with their `markets[]`, and embedded as `events[0]` in every market
 * of the markets lists: the fallback groups those markets by it. Real data (fixtures README): event
 * volume and liquidity are numbers while a market's are strings; placeholder markets have no prices and
 * `active: false`; closed markets sit inside active events; a title can end in a space.
 */
import * as v from "valibot";
import { httpsOnly } from "~/lib/links";
import type { EventTag, Market, MarketEvent } from "~/lib/types";
import { UpstreamError } from "../http";
import { amount, isoDate, normaliseGammaMarket } from "./gamma-markets";
import { LenientNumber, RequiredText, Text } from "./lenient";

/** At most this many events are kept: the busiest 100 (the grid's and the model's budget). */
export const MAX_EVENTS = 100;

const TagSchema = v.object({ slug: Text, label: Text });

const EventSchema = v.object({
  id: v.union([RequiredText, v.pipe(v.number(), v.finite(), v.transform(String))]),
  slug: RequiredText,
  title: RequiredText,
  description: Text,
  resolutionSource: Text,
  image: Text,
  icon: Text,
  endDate: Text,
  startDate: Text,
  volume24hr: LenientNumber,
  volume: LenientNumber,
  liquidity: LenientNumber,
  negRisk: v.fallback(v.boolean(), false),
  closed: v.fallback(v.boolean(), false),
  tags: v.fallback(v.array(v.fallback(TagSchema, { slug: "", label: "" })), []),
  markets: v.fallback(v.array(v.unknown()), []),
});

type GammaEvent = v.InferOutput<typeof EventSchema>;

/** Whether a raw market is still traded: Gamma's `active` (absent counts as active) and not `closed`. */
function isTraded(raw: unknown, market: Market): boolean {
  const active = (raw as { active?: unknown } | null)?.active;
  return active !== false && !market.closed;
}

function tagsOf(event: GammaEvent): EventTag[] {
  const seen = new Set<string>();
  return event.tags.flatMap((tag) => {
    const slug = tag.slug.toLowerCase();
    if ((slug === "" && tag.label === "") || seen.has(slug || tag.label)) return [];
    seen.add(slug || tag.label);
    return [{ slug, label: tag.label }];
  });
}

/** A market's tag labels with its event's (the category filter reads them), each once. */
function withEventTags(market: Market, event: GammaEvent): string[] {
  return [
    ...new Set([...market.tags, ...event.tags.map((tag) => tag.label).filter((label) => label !== "")]),
  ];
}

/** The event's own fields, with the markets it is given (open ones, then resolved ones). */
function toEvent(event: GammaEvent, markets: Market[], resolved: Market[]): MarketEvent {
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    description: event.description,
    resolutionSource: event.resolutionSource === "" ? null : event.resolutionSource,
    image: httpsOnly(event.image) ?? httpsOnly(event.icon),
    endDate: isoDate(event.endDate),
    startDate: isoDate(event.startDate),
    volume24h: amount(event.volume24hr),
    volume: amount(event.volume),
    liquidity: amount(event.liquidity),
    negRisk: event.negRisk,
    tags: tagsOf(event),
    markets,
    resolved,
  };
}

/**
 * One `/events` item with its markets, or null when it cannot be shown: a bad schema, a closed event,
 * or no market that is still traded. Markets inside carry the event's slug.
 */
export function normaliseGammaEvent(raw: unknown): MarketEvent | null {
  const read = readGammaEvent(raw);
  if (read === null || read.closed || read.markets.length === 0) return null;
  const { closed: _closed, ...event } = read;
  return event;
}

/** An event as Gamma answers it by slug: with whether it is closed (trading over for all its markets). */
export interface EventBySlug extends MarketEvent {
  closed: boolean;
}

/**
 * Any event Gamma answers by slug (the event page), or null for a bad schema: closed events too, and
 * events without a traded market. A closed event's markets are all `resolved` (none is offered to trade).
 */
export function readGammaEvent(raw: unknown): EventBySlug | null {
  const parsed = v.safeParse(EventSchema, raw);
  if (!parsed.success) return null;
  const event = parsed.output;
  const open: Market[] = [];
  const resolved: Market[] = [];
  const seen = new Set<string>();
  for (const item of event.markets) {
    const normalised = normaliseGammaMarket(item);
    if (normalised === null || seen.has(normalised.id)) continue;
    seen.add(normalised.id);
    // Markets inside an event list no events[] of their own: they belong to this one, and carry its tags.
    const market = { ...normalised, event: { slug: event.slug }, tags: withEventTags(normalised, event) };
    (!event.closed && isTraded(item, market) ? open : resolved).push(market);
  }
  return { ...toEvent(event, open, resolved), closed: event.closed };
}

/** One page of an events list: `{ events, next_cursor }` (keyset) or a plain array. Throws UpstreamError "shape". */
export function readEventsPage(json: unknown): { items: unknown[]; nextCursor: string | null } {
  if (Array.isArray(json)) return { items: json, nextCursor: null };
  const record = typeof json === "object" && json !== null ? (json as Record<string, unknown>) : null;
  if (!record || !Array.isArray(record.events)) {
    throw new UpstreamError("gamma", "shape", "Invalid response structure - no events array");
  }
  const cursor = record.next_cursor;
  return {
    items: record.events,
    nextCursor: typeof cursor === "string" && cursor.trim() !== "" ? cursor : null,
  };
}

/** Adds the showable events of `items` to `into` (first of a duplicated slug wins), up to MAX_EVENTS. */
export function collectEvents(items: readonly unknown[], into: MarketEvent[], seen: Set<string>): void {
  for (const item of items) {
    if (into.length >= MAX_EVENTS) return;
    const event = normaliseGammaEvent(item);
    if (event === null || seen.has(event.slug)) continue;
    seen.add(event.slug);
    into.push(event);
  }
}

/**
 * The fallback: markets of the markets list grouped by their embedded `events[0]`, busiest event first
 * (its 24 h volume, else the sum of its markets'). A market without a readable event is an event of its
 * own. `raw` is the list's items, `markets` their normalised forms in the same order (null where skipped).
 */
export function groupMarketsByEvent(
  raw: readonly unknown[],
  markets: readonly (Market | null)[],
): MarketEvent[] {
  const groups = new Map<string, { event: MarketEvent; order: number }>();
  raw.forEach((item, i) => {
    const market = markets[i];
    if (!market) return;
    const embedded = v.safeParse(EventSchema, (item as { events?: unknown[] } | null)?.events?.[0]);
    const event = embedded.success ? toEvent(embedded.output, [], []) : ownEvent(market);
    const group = groups.get(event.slug) ?? { event, order: groups.size };
    groups.set(event.slug, group);
    if (group.event.markets.some((m) => m.id === market.id)) return;
    const member = { ...market, event: { slug: group.event.slug } };
    (isTraded(item, market) ? group.event.markets : group.event.resolved).push(member);
  });
  const volume = (e: MarketEvent) => e.volume24h || e.markets.reduce((sum, m) => sum + m.volume24h, 0);
  return [...groups.values()]
    .filter((g) => g.event.markets.length > 0)
    .sort((a, b) => volume(b.event) - volume(a.event) || a.order - b.order)
    .map((g) => g.event)
    .slice(0, MAX_EVENTS);
}

/** A market without an event: an event of one market, named after it. */
function ownEvent(market: Market): MarketEvent {
  const slug = market.event?.slug ?? market.slug ?? `market-${market.id}`;
  return {
    id: `market-${market.id}`,
    slug,
    title: market.title,
    description: market.description,
    resolutionSource: null,
    image: market.image,
    endDate: market.endDate,
    startDate: null,
    volume24h: market.volume24h,
    volume: market.volume ?? 0,
    liquidity: market.liquidity ?? 0,
    negRisk: false,
    tags: market.tags.map((label) => ({ slug: label.toLowerCase().replace(/\s+/g, "-"), label })),
    markets: [],
    resolved: [],
  };
}
