/** Polymarket Gamma API client: the active-markets feed, parsed leniently into `Market`s. */

import * as v from "valibot";
import { httpsOnly } from "~/lib/links";
import type { Market, Outcome } from "~/lib/types";
import { UpstreamError } from "../http";
import { createLog } from "../log";
import { CleanString, LenientNumber, RequiredText, Text } from "./lenient";
import { getPolymarketJson, type PolymarketOptions } from "./request";

const log = createLog("gamma");

/** SPEC §9: at most 100 markets are processed. */
const MAX_MARKETS = 100;

// ---------------------------------------------------------------------------------------------
// Schema. Gamma's field types vary between records (decimal strings vs numbers, JSON-encoded
// lists, zero values left out), so every field is read leniently and one odd field never
// rejects a market unless the market cannot be shown without it (id, title, prices).
// ---------------------------------------------------------------------------------------------

/** A list that arrives either as a real array or as a JSON-encoded string such as `"[\"Yes\", \"No\"]"`. */
function jsonList<TItem extends v.GenericSchema>(item: TItem) {
  return v.union([v.array(item), v.pipe(v.string(), v.parseJson(), v.array(item))]);
}

const GammaTagSchema = v.object({ label: Text });

const GammaEventSchema = v.object({
  slug: Text,
  tags: v.fallback(v.array(v.fallback(GammaTagSchema, { label: "" })), []),
});

const GammaMarketSchema = v.object({
  // Gamma sends string ids; a number is accepted and stringified so ids compare consistently.
  id: v.union([RequiredText, v.pipe(v.number(), v.finite(), v.transform(String))]),
  question: RequiredText,
  description: Text,
  slug: Text,
  image: Text,
  icon: Text,
  category: Text,
  endDate: Text,
  volume: LenientNumber,
  volumeNum: LenientNumber,
  volume24hr: LenientNumber,
  liquidity: LenientNumber,
  liquidityNum: LenientNumber,
  oneDayPriceChange: LenientNumber,
  // Unreadable labels are not fatal: the Yes/No defaults apply.
  outcomes: v.fallback(jsonList(CleanString), []),
  // Unreadable prices are fatal: a market without prices cannot be shown.
  outcomePrices: v.optional(jsonList(LenientNumber), []),
  conditionId: Text,
  // Only the history needs these: unreadable token ids leave the market without a price chart.
  clobTokenIds: v.fallback(jsonList(v.string()), []),
  closed: v.fallback(v.boolean(), false),
  umaResolutionStatus: Text,
  events: v.fallback(v.array(v.fallback(GammaEventSchema, { slug: "", tags: [] })), []),
});

type GammaMarket = v.InferOutput<typeof GammaMarketSchema>;

// ---------------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------------

/** Probability 0..1 → percent 0..100 rounded to 0.1 (the UI shows cents). */
function toPercent(probability: number): number {
  return Math.round(probability * 1000) / 10;
}

function isProbability(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && value >= 0 && value <= 1;
}

/** First finite value (Gamma duplicates figures as number and string), negative/absent → 0. */
function amount(...candidates: (number | undefined)[]): number {
  const value = candidates.find((c) => c !== undefined && Number.isFinite(c));
  return value !== undefined && value > 0 ? value : 0;
}

function isoDate(value: string): string | null {
  if (value === "") return null;
  const ms = Date.parse(value);
  // Normalised through toISOString because Gamma mixes formats ("2024-02-18 18:47:13+00" vs ISO).
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

function collectTags(market: GammaMarket): string[] {
  const labels = market.events.flatMap((event) => event.tags.map((tag) => tag.label));
  if (market.category !== "") labels.push(market.category);
  return [...new Set(labels.filter((label) => label !== ""))];
}

/**
 * Maps the provider's outcomes onto the product's two-sided Yes/No view.
 *
 * Decision: the FIRST outcome is the "yes" side and the SECOND the "no" side, whatever they
 * are called; the labels are kept in `yesLabel`/`noLabel` ("Up"/"Down", team names, "Over"/
 * "Under"). Missing labels default to "Yes"/"No". With a single price, `noPrice = 100 − yesPrice`.
 * With more than two outcomes the market is shown as the first outcome against "Other"
 * (`noPrice = 100 − yesPrice`). Every listed price must be a probability in 0..1, otherwise
 * the market is skipped: a NaN, negative or >1 price means the record is corrupt.
 */
function mapOutcomes(
  market: GammaMarket,
): Pick<Market, "yesPrice" | "noPrice" | "yesLabel" | "noLabel"> | null {
  const prices = market.outcomePrices;
  const first = prices[0];
  if (!isProbability(first) || !prices.every(isProbability)) return null;
  const labels = market.outcomes.map((label) => label.trim());
  const yesLabel = labels[0] || "Yes";
  const yesPrice = toPercent(first);
  const complement = Math.round((100 - yesPrice) * 10) / 10;
  const multi = labels.length > 2 || prices.length > 2;
  if (multi) return { yesPrice, noPrice: complement, yesLabel, noLabel: "Other" };
  const second = prices[1];
  return {
    yesPrice,
    noPrice: second === undefined ? complement : toPercent(second),
    yesLabel,
    noLabel: labels[1] || "No",
  };
}

/** 24h change in percentage points; a change beyond ±1 probability is impossible, so read as 0. */
function priceChange(change: number | undefined): number {
  if (change === undefined || !Number.isFinite(change) || Math.abs(change) > 1) return 0;
  return Math.round(change * 10_000) / 100;
}

/**
 * Normalises one Gamma market object (a `/markets` item or an `/events` `markets[]` item).
 * Returns null when the item cannot be shown (bad schema, empty id/title, absurd prices).
 */
export function normaliseGammaMarket(raw: unknown): Market | null {
  const parsed = v.safeParse(GammaMarketSchema, raw);
  if (!parsed.success) return null;
  const market = parsed.output;
  const headline = mapOutcomes(market);
  if (headline === null) return null;
  const eventSlug = market.events[0]?.slug ?? "";
  return {
    id: market.id,
    slug: market.slug === "" ? null : market.slug,
    title: market.question,
    description: market.description,
    image: httpsOnly(market.image) ?? httpsOnly(market.icon),
    endDate: isoDate(market.endDate),
    volume: amount(market.volumeNum, market.volume),
    volume24h: amount(market.volume24hr),
    liquidity: amount(market.liquidityNum, market.liquidity),
    outcomes: outcomesOf(market),
    ...headline,
    priceChange24h: priceChange(market.oneDayPriceChange),
    tags: collectTags(market),
    event: eventSlug === "" ? null : { slug: eventSlug },
    conditionId: market.conditionId === "" ? null : market.conditionId,
    closed: market.closed,
    resolution: market.umaResolutionStatus === "" ? null : market.umaResolutionStatus,
  };
}

/**
 * Every outcome with its price and token, in Gamma's order ("Yes"/"No" where a binary market names
 * none). The prices are all probabilities here (mapOutcomes has checked).
 */
function outcomesOf(market: GammaMarket): Outcome[] {
  const labels = market.outcomes.map((label) => label.trim());
  return market.outcomePrices.filter(isProbability).map((price, i) => ({
    label: labels[i] || (i === 0 ? "Yes" : i === 1 ? "No" : `Outcome ${i + 1}`),
    price,
    tokenId: market.clobTokenIds[i] ?? null,
  }));
}

/** One page of a markets list: its items and, for a keyset page, the cursor of the next one. */
interface MarketsPage {
  items: unknown[];
  nextCursor: string | null;
}

/**
 * Reads the structure of a markets payload: a plain array (the legacy list), or an object with a
 * `markets` array (the keyset list `{ markets, next_cursor }`, and SPEC §3's shape).
 * Throws UpstreamError kind "shape" for anything else.
 */
function readPage(json: unknown): MarketsPage {
  if (Array.isArray(json)) return { items: json, nextCursor: null };
  if (typeof json !== "object" || json === null) {
    throw new UpstreamError("gamma", "shape", "Invalid response structure - not an object");
  }
  const record = json as Record<string, unknown>;
  if (!Array.isArray(record.markets)) {
    throw new UpstreamError("gamma", "shape", "Invalid response structure - no markets array");
  }
  const cursor = record.next_cursor;
  return {
    items: record.markets,
    nextCursor: typeof cursor === "string" && cursor.trim() !== "" ? cursor : null,
  };
}

/** Adds the showable markets of `items` to `into` (first of a duplicated id wins), up to 100 in all. */
function collect(items: readonly unknown[], into: Market[], seen: Set<string>): void {
  for (const item of items) {
    if (into.length >= MAX_MARKETS) return;
    const market = normaliseGammaMarket(item);
    if (market === null || seen.has(market.id)) continue;
    seen.add(market.id);
    into.push(market);
  }
}

/**
 * Both outcomes surface as failures so callers keep their last good data instead of caching nothing.
 * An empty list is a valid answer (SPEC §8: 'No markets available'); a list of broken items is not.
 */
function checkCollected(markets: Market[], itemsSeen: number): Market[] {
  if (itemsSeen === 0) throw new UpstreamError("gamma", "empty", "No markets available");
  if (markets.length === 0) {
    throw new UpstreamError("gamma", "shape", "Invalid response structure - no valid markets");
  }
  return markets;
}

/**
 * Parses one markets payload (legacy array or keyset object). Processes the first 100 items, skips
 * invalid ones, keeps the first of duplicated ids. Throws UpstreamError kind "shape" for a wrong
 * structure and kind "empty" when the list is empty.
 */
export function parseMarketsPayload(json: unknown): Market[] {
  const { items } = readPage(json);
  const markets: Market[] = [];
  collect(items.slice(0, MAX_MARKETS), markets, new Set());
  return checkCollected(markets, items.length);
}

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

/** The keyset list: page 1, then `after_cursor` while fewer than 100 showable markets, ≤ 3 pages. */
async function fetchKeyset(opts: PolymarketOptions): Promise<ActiveMarkets> {
  const markets: Market[] = [];
  const seen = new Set<string>();
  let itemsSeen = 0;
  let cursor: string | null = null;
  let pages = 0;
  do {
    const path: string =
      cursor === null ? KEYSET_PATH : `${KEYSET_PATH}&after_cursor=${encodeURIComponent(cursor)}`;
    let page: MarketsPage;
    try {
      page = readPage(await getList(path, opts));
    } catch (error) {
      // A later page failing still leaves a usable list: show what the first pages gave.
      if (pages === 0 || markets.length === 0) throw error;
      log.warn(`keyset page ${pages + 1} failed, keeping ${markets.length} markets`, error);
      break;
    }
    pages += 1;
    itemsSeen += page.items.length;
    collect(page.items, markets, seen);
    cursor = page.nextCursor;
  } while (cursor !== null && markets.length < MAX_MARKETS && pages < MAX_KEYSET_PAGES);
  return { markets: checkCollected(markets, itemsSeen), route: "keyset", pages };
}

/**
 * The 100 most-traded active markets from Gamma's supported keyset list. If the keyset route itself
 * is missing (404/405/410) the deprecated offset list serves this refresh instead (logged).
 * Never sends `offset`. Throws UpstreamError.
 */
export async function fetchActiveMarkets(opts: PolymarketOptions): Promise<ActiveMarkets> {
  try {
    return await fetchKeyset(opts);
  } catch (error) {
    // kind "status" or "html": a mirror's 404 page may be HTML.
    if (!(error instanceof UpstreamError && MISSING_ROUTE.has(error.status ?? 0))) throw error;
    log.warn(`/markets/keyset answered ${error.status}: using the legacy /markets list`);
    return { markets: parseMarketsPayload(await getList(LEGACY_PATH, opts)), route: "legacy", pages: 1 };
  }
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

export interface GammaEvent {
  slug: string;
  title: string;
  /** Its markets that can be shown, in Gamma's order. */
  markets: Market[];
}

const EventSchema = v.object({
  slug: Text,
  title: Text,
  markets: v.fallback(v.array(v.unknown()), []),
});

/** An event with its markets (`GET /events/slug/<slug>`), or null when Gamma does not know it. Throws UpstreamError. */
export async function fetchEventBySlug(slug: string, opts: PolymarketOptions): Promise<GammaEvent | null> {
  if (!isSlug(slug)) return null;
  let json: unknown;
  try {
    json = await getPolymarketJson("gamma", `/events/slug/${slug}`, (s) => `API error: ${s}`, opts);
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
  const parsed = v.safeParse(EventSchema, Array.isArray(json) ? json[0] : json);
  if (!parsed.success) throw new UpstreamError("gamma", "shape", "Invalid response structure - not an event");
  const { title, markets } = parsed.output;
  return {
    slug: parsed.output.slug || slug,
    title,
    markets: markets.flatMap((item) => {
      const market = normaliseGammaMarket(item);
      // Markets inside an event do not list their event: they belong to this one.
      return market ? [{ ...market, event: market.event ?? { slug } }] : [];
    }),
  };
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
