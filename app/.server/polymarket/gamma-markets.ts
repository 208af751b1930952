/**
 * Gamma's market objects, parsed leniently into `Market`s (pure: no requests; gamma.ts makes them). The
 * same objects arrive in the markets lists, inside events, and by slug.
 */

import * as v from "valibot";
import { httpsOnly } from "~/lib/links";
import { statusHistoryOf } from "~/lib/resolution";
import type { Market, Outcome } from "~/lib/types";
import { UpstreamError } from "../http";
import { CleanString, LenientNumber, RequiredText, Text } from "./lenient";

/** SPEC §9: at most 100 markets are processed. */
export const MAX_MARKETS = 100;

// ---------------------------------------------------------------------------------------------
// Schema. Gamma's field types vary between records (decimal strings vs numbers, JSON-encoded
// lists, zero values left out), so every field is read leniently and one odd field never
// rejects a market unless the market cannot be shown without it (id, title, prices).
// ---------------------------------------------------------------------------------------------

/** A list that arrives either as a real array or as a JSON-encoded string such as `"[\"Yes\", \"No\"]"`. */
export function jsonList<TItem extends v.GenericSchema>(item: TItem) {
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
  groupItemTitle: Text,
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
  // Every status the market went through, a JSON list sent as text; unreadable reads as none.
  umaResolutionStatuses: v.optional(v.unknown()),
  // The taker fee (docs.polymarket.com/trading/fees): unreadable reads as unknown, never as free.
  feesEnabled: v.fallback(v.optional(v.boolean()), undefined),
  feeSchedule: v.fallback(v.optional(v.object({ rate: LenientNumber, exponent: LenientNumber })), undefined),
  events: v.fallback(v.array(v.fallback(GammaEventSchema, { slug: "", tags: [] })), []),
});

type GammaMarket = v.InferOutput<typeof GammaMarketSchema>;

// ---------------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------------

function isProbability(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && value >= 0 && value <= 1;
}

/** First finite value (Gamma duplicates figures as number and string), negative/absent → 0. */
export function amount(...candidates: (number | undefined)[]): number {
  const value = candidates.find((c) => c !== undefined && Number.isFinite(c));
  return value !== undefined && value > 0 ? value : 0;
}

export function isoDate(value: string): string | null {
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
 * Names the product's two-sided Yes/No view of the provider's outcomes (decision 0002).
 *
 * Decision: the FIRST outcome is the "yes" side and the SECOND the "no" side, whatever they
 * are called; the labels are kept in `yesLabel`/`noLabel` ("Up"/"Down", team names, "Over"/
 * "Under"). Missing labels default to "Yes"/"No". With more than two outcomes the market is shown
 * as the first outcome against "Other". The prices are the outcomes' own (0..1); the view prices a
 * lone price's or "Other"'s side as the first's complement (`headlinePercent`). Every listed price
 * must be a probability in 0..1, otherwise the market is skipped: a NaN, negative or >1 price
 * means the record is corrupt.
 */
function mapOutcomes(market: GammaMarket): Pick<Market, "yesLabel" | "noLabel"> | null {
  const prices = market.outcomePrices;
  const first = prices[0];
  if (!isProbability(first) || !prices.every(isProbability)) return null;
  const labels = market.outcomes.map((label) => label.trim());
  const yesLabel = labels[0] || "Yes";
  const multi = labels.length > 2 || prices.length > 2;
  return { yesLabel, noLabel: multi ? "Other" : labels[1] || "No" };
}

/**
 * 24h change of a price (0..1 units) to the hundredth of a point; a change beyond ±1 probability is
 * impossible, so read as 0.
 */
function priceChange(change: number | undefined): number {
  if (change === undefined || !Number.isFinite(change) || Math.abs(change) > 1) return 0;
  return Math.round(change * 10_000) / 10_000;
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
    groupTitle: market.groupItemTitle.trim() === "" ? null : market.groupItemTitle.trim(),
    description: market.description,
    image: httpsOnly(market.image) ?? httpsOnly(market.icon),
    endDate: isoDate(market.endDate),
    volume: amount(market.volumeNum, market.volume),
    volume24h: amount(market.volume24hr),
    liquidity: amount(market.liquidityNum, market.liquidity),
    outcomes: outcomesOf(market),
    ...headline,
    firstPriceChange24h: priceChange(market.oneDayPriceChange),
    tags: collectTags(market),
    event: eventSlug === "" ? null : { slug: eventSlug },
    conditionId: market.conditionId === "" ? null : market.conditionId,
    closed: market.closed,
    resolution: market.umaResolutionStatus === "" ? null : market.umaResolutionStatus,
    resolutionHistory: statusHistoryOf(market.umaResolutionStatuses),
    ...feeOf(market),
  };
}

/**
 * The market's taker fee: null when Gamma says fees are off, the schedule when it is on and readable; left
 * out when Gamma does not say (an older record): the gap after fees then says the fee is not included.
 */
function feeOf(market: GammaMarket): Pick<Market, "fee"> {
  if (market.feesEnabled === false) return { fee: null };
  const rate = market.feeSchedule?.rate;
  if (market.feesEnabled !== true || rate === undefined || !(rate >= 0)) return {};
  return { fee: { rate, exponent: market.feeSchedule?.exponent ?? 1 } };
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
export interface MarketsPage {
  items: unknown[];
  nextCursor: string | null;
}

/**
 * Reads the structure of a markets payload: a plain array (the legacy list), or an object with a
 * `markets` array (the keyset list `{ markets, next_cursor }`, and SPEC §3's shape).
 * Throws UpstreamError kind "shape" for anything else.
 */
export function readPage(json: unknown): MarketsPage {
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
export function collect(items: readonly unknown[], into: Market[], seen: Set<string>): void {
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
export function checkCollected(markets: Market[], itemsSeen: number): Market[] {
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
