/**
 * One trader's Data API reads for `/trader/:wallet`: open positions (`GET /positions`) and recent large
 * trades (`GET /trades?user=`), parsed leniently: one odd row is skipped, never the list. A malformed
 * wallet is refused before any request.
 */
import * as v from "valibot";
import type { TraderPosition } from "~/lib/trader-page";
import type { WhaleTrade } from "~/lib/types";
import { UpstreamError } from "../http";
import { MARKET_TRADE_THRESHOLD_USD, parseTradesPayload } from "./data-api";
import { isWallet } from "./leaderboard";
import { LenientNumber, RequiredText, Text } from "./lenient";
import { getPolymarketJson, type PolymarketOptions } from "./request";

/** Positions smaller than this many shares are left out upstream (dust and leftovers). */
export const POSITION_SIZE_THRESHOLD = 1000;
export const TRADER_LIST_LIMIT = 50;

const PositionSchema = v.object({
  conditionId: RequiredText,
  size: LenientNumber,
  avgPrice: LenientNumber,
  currentValue: LenientNumber,
  cashPnl: LenientNumber,
  curPrice: LenientNumber,
  title: Text,
  slug: Text,
  eventSlug: Text,
  outcome: Text,
  redeemable: v.optional(v.fallback(v.boolean(), false), false),
});

const finite = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n);
const orNull = (text: string): string | null => (text === "" ? null : text);

/**
 * Rows of a positions payload, largest current value first; rows without a readable size, average
 * price (0..1) or current value are skipped. Throws UpstreamError "shape" for a non-array.
 */
export function parsePositions(json: unknown): TraderPosition[] {
  if (!Array.isArray(json))
    throw new UpstreamError("data", "shape", "Invalid response structure - not a list");
  const positions: TraderPosition[] = [];
  for (const item of json) {
    const parsed = v.safeParse(PositionSchema, item);
    if (!parsed.success) continue;
    const p = parsed.output;
    if (!finite(p.size) || p.size <= 0) continue;
    if (!finite(p.avgPrice) || p.avgPrice < 0 || p.avgPrice > 1) continue;
    if (!finite(p.currentValue) || p.currentValue < 0) continue;
    positions.push({
      conditionId: p.conditionId,
      title: p.title || p.slug || p.conditionId,
      slug: orNull(p.slug),
      outcome: p.outcome || "Unknown",
      size: p.size,
      avgPrice: p.avgPrice,
      currentValue: p.currentValue,
      // Missing upstream: what the shares are worth now against what they cost.
      cashPnl: finite(p.cashPnl) ? p.cashPnl : p.currentValue - p.size * p.avgPrice,
      curPrice: finite(p.curPrice) && p.curPrice >= 0 && p.curPrice <= 1 ? p.curPrice : null,
      redeemable: p.redeemable,
    });
  }
  return positions.sort(
    (a, b) => b.currentValue - a.currentValue || b.size * b.avgPrice - a.size * a.avgPrice,
  );
}

function walletOrThrow(wallet: string): string {
  if (!isWallet(wallet)) throw new UpstreamError("data", "shape", "Invalid wallet address");
  return wallet.toLowerCase();
}

/** The Data API path of a wallet's open positions of 1,000 shares or more. */
export function positionsPath(wallet: string): string {
  const query = new URLSearchParams({
    user: walletOrThrow(wallet),
    sizeThreshold: String(POSITION_SIZE_THRESHOLD),
    limit: String(TRADER_LIST_LIMIT),
  });
  return `/positions?${query}`;
}

/** The Data API path of a wallet's taker trades of $10K or more. */
export function userTradesPath(wallet: string): string {
  const query = new URLSearchParams({
    user: walletOrThrow(wallet),
    filterType: "CASH",
    filterAmount: String(MARKET_TRADE_THRESHOLD_USD),
    takerOnly: "true",
    limit: String(TRADER_LIST_LIMIT),
  });
  return `/trades?${query}`;
}

/** A wallet's open positions. Throws UpstreamError (kind "shape" for a bad wallet, without a request). */
export async function fetchPositions(wallet: string, opts: PolymarketOptions): Promise<TraderPosition[]> {
  const path = positionsPath(wallet);
  return parsePositions(await getPolymarketJson("data", path, () => "Failed to fetch positions", opts));
}

/** A wallet's trades over $10K, newest first (rows of other wallets dropped). Throws UpstreamError. */
export async function fetchUserTrades(wallet: string, opts: PolymarketOptions): Promise<WhaleTrade[]> {
  const path = userTradesPath(wallet);
  const own = wallet.toLowerCase();
  const trades = parseTradesPayload(
    await getPolymarketJson("data", path, () => "Failed to fetch trades", opts),
    MARKET_TRADE_THRESHOLD_USD,
  );
  return trades.filter((t) => t.trader.wallet === own);
}
