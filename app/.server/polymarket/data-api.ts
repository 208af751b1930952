/** Polymarket Data API client: the large-trade ("whale") feed, parsed leniently into `WhaleTrade`s. */

import * as v from "valibot";
import { cleanText } from "~/lib/clean-text";
import type { Trader, WhaleOutcome, WhaleTrade } from "~/lib/types";
import { UpstreamError } from "../http";
import { LenientNumber, RequiredText, Text } from "./lenient";
import { getPolymarketJson, type PolymarketOptions } from "./request";

/** SPEC §9: a whale trade is worth over $50,000 (size × price). */
export const WHALE_THRESHOLD_USD = 50_000;

// The upstream filter is "at least" the amount; parseTradesPayload applies the strict "over".
const TRADES_PATH = `/trades?filterType=CASH&filterAmount=${WHALE_THRESHOLD_USD}&takerOnly=true&limit=100`;

/** Epoch values above this are already milliseconds (1e12 ms is 2001; 1e12 s is year 33658). */
const MS_EPOCH_FLOOR = 1e12;

// ---------------------------------------------------------------------------------------------
// Schema: lenient like the Gamma one, so one odd field skips at most one trade.
// ---------------------------------------------------------------------------------------------

/** Token ids are 77-digit decimal strings; a number is accepted for the fill-id suffix only. */
const TokenId = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) =>
      typeof value === "string" || typeof value === "number" ? cleanText(String(value)).trim() : "",
    ),
  ),
  "",
);

const DataTradeSchema = v.object({
  transactionHash: RequiredText,
  conditionId: RequiredText,
  proxyWallet: RequiredText,
  size: LenientNumber,
  price: LenientNumber,
  timestamp: LenientNumber,
  title: Text,
  slug: Text,
  eventSlug: Text,
  outcome: Text,
  side: Text,
  // Real payloads carry 999 here at times, so it is only used to tell fills apart, never for YES/NO.
  outcomeIndex: LenientNumber,
  asset: TokenId,
  name: Text,
  pseudonym: Text,
});

// ---------------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------------

/**
 * The newer `/v2/trades` answers in snake_case; renaming keys lets the same schema read it.
 * A camelCase key wins when both spellings are present.
 */
function camelCaseKeys(item: unknown): unknown {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return item;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    const camel = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    if (camel === key || !(camel in item)) out[camel] = value;
  }
  return out;
}

function toOutcome(label: string): WhaleOutcome {
  const lower = label.toLowerCase();
  if (lower === "yes") return "YES";
  if (lower === "no") return "NO";
  return "OTHER";
}

/** A trader before the leaderboard is consulted: ranks unknown. */
export function unranked(wallet: string, name: string | null): Trader {
  return { wallet: wallet.toLowerCase(), name, rank: null, pnl: null, volume: null, period: null };
}

function orNull(text: string): string | null {
  return text === "" ? null : text;
}

/** Normalises one trade row; null when unusable or not worth more than `thresholdUsd`. */
function normaliseTrade(raw: unknown, thresholdUsd: number): WhaleTrade | null {
  const parsed = v.safeParse(DataTradeSchema, camelCaseKeys(raw));
  if (!parsed.success) return null;
  const trade = parsed.output;
  const { size, price, timestamp } = trade;
  if (size === undefined || !Number.isFinite(size) || size <= 0) return null;
  if (price === undefined || !Number.isFinite(price) || price < 0 || price > 1) return null;
  if (timestamp === undefined || !Number.isFinite(timestamp) || timestamp <= 0) return null;
  if (!(size * price > thresholdUsd)) return null;

  // One transaction fills several rows (one per token); the suffix keeps them apart.
  const fill =
    trade.asset !== ""
      ? trade.asset
      : trade.outcomeIndex !== undefined && Number.isFinite(trade.outcomeIndex)
        ? String(trade.outcomeIndex)
        : "";
  return {
    id: fill === "" ? trade.transactionHash : `${trade.transactionHash}:${fill}`,
    marketId: trade.conditionId,
    title: trade.title || trade.slug || trade.conditionId,
    outcome: toOutcome(trade.outcome),
    outcomeLabel: trade.outcome,
    side: trade.side.toUpperCase() === "SELL" ? "SELL" : "BUY",
    size,
    price,
    timestamp: timestamp > MS_EPOCH_FLOOR ? timestamp : timestamp * 1000,
    trader: unranked(trade.proxyWallet, orNull(trade.pseudonym) ?? orNull(trade.name)),
    eventSlug: orNull(trade.eventSlug),
    marketSlug: orNull(trade.slug),
  };
}

function tradeItems(json: unknown): unknown[] {
  if (Array.isArray(json)) return json;
  if (typeof json !== "object" || json === null) {
    throw new UpstreamError("data", "shape", "Invalid response structure - not an object");
  }
  const record = json as Record<string, unknown>;
  if (Array.isArray(record.trades)) return record.trades;
  if (Array.isArray(record.data)) return record.data;
  // SPEC §7: "a trades array (empty if missing)".
  return [];
}

/**
 * Parses a trades payload (a plain array, `{ trades }` or `{ data }`) into whale trades worth
 * strictly more than `thresholdUsd`, newest first, duplicates collapsed. Invalid rows are
 * skipped; an empty result is valid. Throws UpstreamError kind "shape" for a non-object.
 */
export function parseTradesPayload(json: unknown, thresholdUsd = WHALE_THRESHOLD_USD): WhaleTrade[] {
  const seen = new Set<string>();
  const trades: WhaleTrade[] = [];
  for (const item of tradeItems(json)) {
    const trade = normaliseTrade(item, thresholdUsd);
    if (trade === null || seen.has(trade.id)) continue;
    seen.add(trade.id);
    trades.push(trade);
  }
  // Array sort is stable, so equal timestamps keep the provider's order.
  return trades.sort((a, b) => b.timestamp - a.timestamp);
}

/** Fetches the latest trades over the whale threshold from the Data API. Throws UpstreamError. */
export async function fetchWhaleTrades(opts: PolymarketOptions): Promise<WhaleTrade[]> {
  return parseTradesPayload(
    await getPolymarketJson("data", TRADES_PATH, () => "Failed to fetch whale trades", opts),
  );
}

/** The market page lists a market's trades from this size up (the site-wide whale line is $50K). */
export const MARKET_TRADE_THRESHOLD_USD = 10_000;

/** Condition ids are 0x and 64 hex digits; anything else is never sent upstream. */
const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;

export function isConditionId(value: string): boolean {
  return CONDITION_ID.test(value);
}

/** One market's trades over $10K, newest first. Throws UpstreamError (kind "shape" for a malformed id, without a request). */
export async function fetchMarketTrades(conditionId: string, opts: PolymarketOptions): Promise<WhaleTrade[]> {
  if (!isConditionId(conditionId)) throw new UpstreamError("data", "shape", "Invalid condition id");
  return fetchTradesOver(conditionId, opts);
}

/** The trades over $10K in `market` (one condition id, or several comma-separated), newest first. */
async function fetchTradesOver(market: string, opts: PolymarketOptions): Promise<WhaleTrade[]> {
  const query = new URLSearchParams({
    market,
    filterType: "CASH",
    filterAmount: String(MARKET_TRADE_THRESHOLD_USD),
    takerOnly: "true",
    limit: "50",
  });
  return parseTradesPayload(
    await getPolymarketJson("data", `/trades?${query}`, () => "Failed to fetch trades", opts),
    MARKET_TRADE_THRESHOLD_USD,
  );
}

/** Markets named in one event's trades request (the Data API takes `market=<id>,<id>,…`). */
export const EVENT_TRADE_MARKETS = 50;

/**
 * The trades over $10K in several markets of one event, newest first (`market=` with the condition ids
 * comma-separated, at most EVENT_TRADE_MARKETS; malformed ids are never sent). Throws UpstreamError.
 */
export async function fetchEventTrades(
  conditionIds: readonly string[],
  opts: PolymarketOptions,
): Promise<WhaleTrade[]> {
  const ids = [...new Set(conditionIds.filter(isConditionId))].slice(0, EVENT_TRADE_MARKETS);
  if (ids.length === 0) return [];
  return fetchTradesOver(ids.join(","), opts);
}

/** One of an outcome token's largest holders. */
export interface Holder {
  wallet: string;
  /** The public name or pseudonym, when the holder shows one. */
  name: string | null;
  /** Shares held. */
  amount: number;
  outcomeIndex: number;
}

/** The largest holders of each outcome token of a market. */
export interface TokenHolders {
  token: string;
  holders: Holder[];
}

const HolderSchema = v.object({
  proxyWallet: RequiredText,
  name: Text,
  pseudonym: Text,
  displayUsernamePublic: v.fallback(v.boolean(), true),
  amount: LenientNumber,
  outcomeIndex: LenientNumber,
});

const TokenHoldersSchema = v.object({
  token: v.pipe(
    v.unknown(),
    v.transform((value) => cleanText(typeof value === "string" ? value : String(value ?? "")).trim()),
  ),
  holders: v.fallback(v.array(v.unknown()), []),
});

/** A name is shown only when it is not just the wallet address again. */
function holderName(name: string, pseudonym: string, wallet: string, isPublic: boolean): string | null {
  const candidate = (isPublic ? name : "") || pseudonym;
  if (candidate === "" || candidate.toLowerCase() === wallet.toLowerCase()) return null;
  return candidate.startsWith("0x") && candidate.length > 30 ? null : candidate;
}

/**
 * Parses `[{ token, holders: [{ proxyWallet, name, pseudonym, amount, outcomeIndex }] }]`: unreadable
 * holders are skipped, each token's holders sorted by amount. Throws UpstreamError kind "shape" for a non-array.
 */
export function parseHoldersPayload(json: unknown): TokenHolders[] {
  if (!Array.isArray(json))
    throw new UpstreamError("data", "shape", "Invalid response structure - not an array");
  return json.flatMap((item) => {
    const token = v.safeParse(TokenHoldersSchema, item);
    if (!token.success) return [];
    const holders = token.output.holders.flatMap((raw) => {
      const parsed = v.safeParse(HolderSchema, raw);
      if (!parsed.success) return [];
      const h = parsed.output;
      if (h.amount === undefined || !Number.isFinite(h.amount) || h.amount <= 0) return [];
      return [
        {
          wallet: h.proxyWallet,
          name: holderName(h.name, h.pseudonym, h.proxyWallet, h.displayUsernamePublic),
          amount: h.amount,
          outcomeIndex: h.outcomeIndex !== undefined && Number.isFinite(h.outcomeIndex) ? h.outcomeIndex : 0,
        },
      ];
    });
    return [{ token: token.output.token, holders: holders.sort((a, b) => b.amount - a.amount) }];
  });
}

/** A market's ten largest holders per outcome token. Throws UpstreamError (kind "shape" for a malformed id, without a request). */
export async function fetchHolders(conditionId: string, opts: PolymarketOptions): Promise<TokenHolders[]> {
  if (!isConditionId(conditionId)) throw new UpstreamError("data", "shape", "Invalid condition id");
  const query = new URLSearchParams({ market: conditionId, limit: "10" });
  return parseHoldersPayload(
    await getPolymarketJson("data", `/holders?${query}`, () => "Failed to fetch holders", opts),
  );
}
