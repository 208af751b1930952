/**
 * Polymarket Gamma API client: the only code that calls Gamma (the busiest markets and events, every open
 * event page by page for the search index, one market or event by slug, closed markets by id). Parsing lives
 * beside it: gamma-markets.ts, gamma-events.ts.
 */

import * as v from "valibot";
import type { Market, MarketEvent } from "~/lib/types";
import { UpstreamError } from "../http";
import { createLog } from "../log";
import {
  collectEvents,
  type EventBySlug,
  groupMarketsByEvent,
  MAX_EVENTS,
  normaliseGammaEvent,
  readEventsPage,
  readGammaEvent,
} from "./gamma-events";
import {
  checkCollected,
  collect,
  jsonList,
  MAX_MARKETS,
  normaliseGammaMarket,
  parseMarketsPayload,
  readPage,
} from "./gamma-markets";
import { getPolymarketJson, type PolymarketOptions } from "./request";

const log = createLog("gamma");

/** Which Gamma list served a refresh: the supported keyset route, or the deprecated offset list. */
export type MarketsRoute = "keyset" | "legacy";

export interface ActiveMarkets {
  markets: Market[];
  route: MarketsRoute;
  /** Pages requested from the list. */
  pages: number;
}

const LIST_QUERY = "active=true&closed=false&order=volume24hr&ascending=false&limit=100";
export const KEYSET_PATH = `/markets/keyset?${LIST_QUERY}`;
export const LEGACY_PATH = `/markets?${LIST_QUERY}`;
/** Keyset pages followed at most per refresh (each is a subrequest). */
export const MAX_KEYSET_PAGES = 3;
/** Statuses meaning "this route does not exist here" (an older mirror, or the route retired). */
const MISSING_ROUTE = new Set([404, 405, 410]);
const NOTICE_HEADERS = ["sunset", "deprecation", "warning"] as const;

/** Deprecation notices already logged by this isolate (one line each, not one per refresh). */
const noticesLogged = new Set<string>();

function logNotices(path: string): (response: Response) => void {
  const route = path.slice(0, path.indexOf("?"));
  return (response) => {
    for (const name of NOTICE_HEADERS) {
      const value = response.headers.get(name);
      if (value === null) continue;
      const key = `${route} ${name}: ${value}`;
      if (noticesLogged.has(key)) continue;
      noticesLogged.add(key);
      log.warn(`${route} answered with ${name}: ${value}`);
    }
  };
}

function getList(path: string, opts: PolymarketOptions): Promise<unknown> {
  return getPolymarketJson("gamma", path, (status) => `API error: ${status}`, {
    ...opts,
    onResponse: logNotices(path),
  });
}

/** A markets list as fetched: the showable markets, and every item the pages held (the events fallback). */
interface MarketItems extends ActiveMarkets {
  items: unknown[];
}

/** How to page one keyset list and what its pages are taken into. */
interface KeysetPaging {
  path: string;
  maxPages: number;
  /** Showable ones wanted: paging stops once this many are kept. */
  most: number;
  read: (json: unknown) => { items: unknown[]; nextCursor: string | null };
  /** Takes a page's items; returns how many showable ones are kept so far. */
  take: (items: unknown[]) => number;
  /** For the log line: what is kept ("markets", "events"). */
  noun: string;
}

/**
 * Pages a keyset list: page 1, then `after_cursor` while fewer than `most` showable ones are kept and
 * fewer than `maxPages` pages were read. A later page failing still leaves a usable list: paging ends with what
 * the first pages gave (one log line); the first page failing, or nothing kept, is thrown.
 */
async function followKeyset(
  opts: PolymarketOptions,
  paging: KeysetPaging,
): Promise<{ items: unknown[]; pages: number }> {
  const items: unknown[] = [];
  let kept = 0;
  let cursor: string | null = null;
  let pages = 0;
  do {
    const path: string =
      cursor === null ? paging.path : `${paging.path}&after_cursor=${encodeURIComponent(cursor)}`;
    let page: { items: unknown[]; nextCursor: string | null };
    try {
      page = paging.read(await getList(path, opts));
    } catch (error) {
      if (pages === 0 || kept === 0) throw error;
      log.warn(
        `${paging.path.slice(0, paging.path.indexOf("?"))} page ${pages + 1} failed, keeping ${kept} ${paging.noun}`,
        error,
      );
      break;
    }
    pages += 1;
    items.push(...page.items);
    kept = paging.take(page.items);
    cursor = page.nextCursor;
  } while (cursor !== null && kept < paging.most && pages < paging.maxPages);
  return { items, pages };
}

/** The markets keyset list: at most 100 showable markets from at most 3 pages. */
async function fetchKeyset(opts: PolymarketOptions): Promise<MarketItems> {
  const markets: Market[] = [];
  const seen = new Set<string>();
  const { items, pages } = await followKeyset(opts, {
    path: KEYSET_PATH,
    maxPages: MAX_KEYSET_PAGES,
    most: MAX_MARKETS,
    read: readPage,
    take: (page) => {
      collect(page, markets, seen);
      return markets.length;
    },
    noun: "markets",
  });
  return { markets: checkCollected(markets, items.length), items, route: "keyset", pages };
}

/** The keyset list, or the legacy list when the keyset route is missing (logged). */
async function fetchMarketItems(opts: PolymarketOptions): Promise<MarketItems> {
  try {
    return await fetchKeyset(opts);
  } catch (error) {
    // kind "status" or "html": a mirror's 404 page may be HTML.
    if (!(error instanceof UpstreamError && MISSING_ROUTE.has(error.status ?? 0))) throw error;
    log.warn(`/markets/keyset answered ${error.status}: using the legacy /markets list`);
    const json = await getList(LEGACY_PATH, opts);
    return { markets: parseMarketsPayload(json), items: readPage(json).items, route: "legacy", pages: 1 };
  }
}

/**
 * The 100 most-traded active markets from Gamma's supported keyset list. If the keyset route itself
 * is missing (404/405/410) the deprecated offset list serves this refresh instead (logged).
 * Never sends `offset`. Throws UpstreamError.
 */
export async function fetchActiveMarkets(opts: PolymarketOptions): Promise<ActiveMarkets> {
  const { markets, route, pages } = await fetchMarketItems(opts);
  return { markets, route, pages };
}

/** Which list served the events: Gamma's events keyset list, or the markets list grouped by event. */
export type EventsRoute = "events" | "markets";

export interface ActiveEvents {
  events: MarketEvent[];
  route: EventsRoute;
  /** The markets list that served the fallback (absent for the events route). */
  marketsRoute?: MarketsRoute;
  pages: number;
}

export const EVENTS_KEYSET_PATH = `/events/keyset?${LIST_QUERY}`;
/** Events keyset pages followed at most per refresh (each is a subrequest; 100 events a page). */
export const MAX_EVENT_PAGES = 2;

/** The events keyset list: at most 100 showable events from at most 2 pages. */
async function fetchEventsKeyset(opts: PolymarketOptions): Promise<ActiveEvents> {
  const events: MarketEvent[] = [];
  const seen = new Set<string>();
  const { items, pages } = await followKeyset(opts, {
    path: EVENTS_KEYSET_PATH,
    maxPages: MAX_EVENT_PAGES,
    most: MAX_EVENTS,
    read: readEventsPage,
    take: (page) => {
      collectEvents(page, events, seen);
      return events.length;
    },
    noun: "events",
  });
  if (items.length === 0) throw new UpstreamError("gamma", "empty", "No markets available");
  if (events.length === 0) {
    throw new UpstreamError("gamma", "shape", "Invalid response structure - no valid events");
  }
  return { events, route: "events", pages };
}

/**
 * The events route itself failed (missing, broken, or answering something unreadable): the markets list
 * may still serve. Not when Gamma is unreachable or slow (the markets list shares its host), asks us to
 * slow down (429), or answered with nothing.
 */
function routeFailed(error: unknown): boolean {
  if (!(error instanceof UpstreamError)) return false;
  if (error.kind === "network" || error.kind === "timeout" || error.kind === "empty") return false;
  return error.status !== 429;
}

/**
 * The 100 busiest open events (by 24 h volume) with their open markets, from Gamma's events keyset list.
 * When that route is missing or broken, the markets list grouped by each market's event serves instead
 * (one log line; `route` says which); see `routeFailed`. Throws UpstreamError.
 */
export async function fetchActiveEvents(opts: PolymarketOptions): Promise<ActiveEvents> {
  try {
    return await fetchEventsKeyset(opts);
  } catch (error) {
    if (!routeFailed(error)) throw error;
    log.warn("/events/keyset failed: grouping the markets list by event instead", error);
    const list = await fetchMarketItems(opts);
    const events = groupMarketsByEvent(list.items, list.items.map(normaliseGammaMarket));
    return { events, route: "markets", marketsRoute: list.route, pages: list.pages };
  }
}

/**
 * Every open event, in Gamma's own order (the search index's crawl, decision 0034): 100 a page, the next
 * asked with `after_cursor`; no `order`, so the pages of a pass do not reshuffle as volumes move.
 */
export const OPEN_EVENTS_PATH = "/events/keyset?active=true&closed=false&limit=100";

/** One page of the open events. */
export interface OpenEventsPage {
  /** Its showable events (open, with a traded market), in Gamma's order. */
  events: MarketEvent[];
  /** How many items it listed, showable or not. */
  listed: number;
  /** The cursor of the next page; null on the last. */
  nextCursor: string | null;
}

/**
 * One page of every open event: the first without a cursor, else the page after `cursor`. One request (the
 * crawl keeps the cursor between runs). Throws UpstreamError (kind "shape" when the answer is not a page).
 */
export async function fetchOpenEventsPage(
  cursor: string | null,
  opts: PolymarketOptions,
): Promise<OpenEventsPage> {
  const path =
    cursor === null ? OPEN_EVENTS_PATH : `${OPEN_EVENTS_PATH}&after_cursor=${encodeURIComponent(cursor)}`;
  const { items, nextCursor } = readEventsPage(await getList(path, opts));
  const events = items.flatMap((item) => normaliseGammaEvent(item) ?? []);
  return { events, listed: items.length, nextCursor };
}

/** A Polymarket slug: lowercase words joined by hyphens. Anything else is never sent upstream. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 200;

export function isSlug(value: string): boolean {
  return value.length <= MAX_SLUG_LENGTH && SLUG.test(value);
}

/** Gamma answers 404 (or an empty list) for a slug it does not know. */
function notFound(error: unknown): boolean {
  return error instanceof UpstreamError && (error.status === 404 || error.kind === "empty");
}

/**
 * One market by its slug (`GET /markets/slug/<slug>`), open or closed, or null when Gamma does not know
 * it. Throws UpstreamError for any other failure, or kind "shape" when the market cannot be shown.
 */
export async function fetchMarketBySlug(slug: string, opts: PolymarketOptions): Promise<Market | null> {
  if (!isSlug(slug)) return null;
  let json: unknown;
  try {
    json = await getPolymarketJson("gamma", `/markets/slug/${slug}`, (s) => `API error: ${s}`, opts);
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
  const item = Array.isArray(json) ? json[0] : json;
  if (item === undefined) return null;
  const market = normaliseGammaMarket(item);
  if (market === null)
    throw new UpstreamError("gamma", "shape", "Invalid response structure - unreadable market");
  return market;
}

/**
 * An event with all its markets (`GET /events/slug/<slug>`), closed or open, or null when Gamma does not
 * know it. Throws UpstreamError (kind "shape" when the answer is not an event).
 */
export async function fetchEventBySlug(slug: string, opts: PolymarketOptions): Promise<EventBySlug | null> {
  if (!isSlug(slug)) return null;
  let json: unknown;
  try {
    json = await getPolymarketJson("gamma", `/events/slug/${slug}`, (s) => `API error: ${s}`, opts);
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
  const event = readGammaEvent(Array.isArray(json) ? json[0] : json);
  if (event === null) throw new UpstreamError("gamma", "shape", "Invalid response structure - not an event");
  return event;
}

// ---------------------------------------------------------------------------------------------
// Closed markets (the track record's settlement)
// ---------------------------------------------------------------------------------------------

/** Market ids asked per closed-markets request (the `limit` sent, and how many `id=` a URL carries). */
export const CLOSED_IDS_PER_REQUEST = 50;

/** A Gamma market id: a decimal number. Anything else is never sent upstream. */
const MARKET_ID = /^\d{1,20}$/;

export function isMarketId(value: string): boolean {
  return MARKET_ID.test(value);
}

/** A closed market's resolution, as Gamma reports it. */
export interface MarketResolution {
  closed: boolean;
  /** UMA's resolution status as sent ("resolved", "proposed", "disputed", …), or null. */
  umaResolutionStatus: string | null;
  /** Each outcome's final price, in Gamma's order; null when any of them is not a number. */
  outcomePrices: number[] | null;
  /** When the market closed (`closedTime`, epoch ms), or null when missing or unreadable. */
  closedAt: number | null;
  endDate: string | null;
}

/** One market of `fetchClosedMarkets`' answer. */
export interface ClosedMarket {
  id: string;
  /** Null when Gamma's resolution fields could not be read. */
  resolution: MarketResolution | null;
}

// Strict on purpose (unlike the feed's schema): a resolution field of an unexpected type means the
// answer cannot be trusted to grade a call, so the whole resolution reads as unreadable.
const ResolutionSchema = v.object({
  closed: v.optional(v.boolean(), false),
  umaResolutionStatus: v.optional(v.nullable(v.string()), null),
  outcomePrices: v.optional(jsonList(v.union([v.string(), v.number()])), []),
  closedTime: v.optional(v.nullable(v.string()), null),
  endDate: v.optional(v.nullable(v.string()), null),
});

/** Gamma writes times as ISO or as "2024-07-18 00:10:37.491895+00"; both become epoch ms. */
export function parseGammaTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const iso = value
    .trim()
    .replace(" ", "T")
    .replace(/([+-]\d{2})$/, "$1:00");
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

/** Prices as numbers ("0" and 0 alike), or null when any is not a finite number. */
function finitePrices(prices: readonly (string | number)[]): number[] | null {
  const numbers = prices.map((p) => (typeof p === "number" ? p : Number(p.trim())));
  return numbers.every(Number.isFinite) ? numbers : null;
}

/** The resolution fields of one Gamma market object (raw, as the API sends it), or null when unreadable. */
export function parseMarketResolution(raw: unknown): MarketResolution | null {
  const parsed = v.safeParse(ResolutionSchema, raw);
  if (!parsed.success) return null;
  const market = parsed.output;
  return {
    closed: market.closed,
    umaResolutionStatus: market.umaResolutionStatus,
    outcomePrices: finitePrices(market.outcomePrices),
    closedAt: parseGammaTime(market.closedTime),
    endDate: market.endDate,
  };
}

/** The items of a closed-markets answer: a keyset page's `markets`, or a plain list; anything else holds none. */
function closedItems(json: unknown): unknown[] {
  if (Array.isArray(json)) return json;
  const markets = (json as { markets?: unknown } | null)?.markets;
  return Array.isArray(markets) ? markets : [];
}

/**
 * The closed markets among `ids` (`GET /markets/keyset?closed=true&limit=50&id=…`, 50 ids a request,
 * one request after another), in Gamma's order. A market still open or unknown to Gamma is absent;
 * ids that are not Gamma market ids are never sent. Throws UpstreamError.
 */
export async function fetchClosedMarkets(
  ids: readonly string[],
  opts: PolymarketOptions,
): Promise<ClosedMarket[]> {
  const wanted = ids.filter(isMarketId);
  const closed: ClosedMarket[] = [];
  for (let i = 0; i < wanted.length; i += CLOSED_IDS_PER_REQUEST) {
    const query = wanted.slice(i, i + CLOSED_IDS_PER_REQUEST).map((id) => `id=${id}`);
    const json = await getPolymarketJson(
      "gamma",
      `/markets/keyset?closed=true&limit=${CLOSED_IDS_PER_REQUEST}&${query.join("&")}`,
      (status) => `API error: ${status}`,
      opts,
    );
    for (const item of closedItems(json)) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === "string" || typeof id === "number")
        closed.push({ id: String(id), resolution: parseMarketResolution(item) });
    }
  }
  return closed;
}
