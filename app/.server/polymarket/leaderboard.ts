/**
 * Polymarket's public trader leaderboard (Data API `GET /v1/leaderboard`), parsed leniently: one odd
 * row is skipped, never the board. Ranks arrive as strings ("1"); wallets are lowercased so they join
 * with trades.
 */
import * as v from "valibot";
import { UpstreamError } from "../http";
import { LenientNumber, Text } from "./lenient";
import { getPolymarketJson, type PolymarketOptions } from "./request";

export type LeaderboardPeriod = "DAY" | "WEEK" | "MONTH" | "ALL";
export const LEADERBOARD_PERIODS: readonly LeaderboardPeriod[] = ["DAY", "WEEK", "MONTH", "ALL"];
/** The upstream's page size cap. */
export const LEADERBOARD_PAGE_SIZE = 50;

/** A Polymarket wallet: 0x and 40 hex digits. Anything else is never sent upstream. */
const WALLET = /^0x[0-9a-fA-F]{40}$/;
export function isWallet(value: string): boolean {
  return WALLET.test(value);
}

export interface RankedTrader {
  rank: number;
  /** Lowercase. */
  wallet: string;
  name: string | null;
  /** USD over the period. */
  pnl: number;
  volume: number;
  verified: boolean;
}

const RowSchema = v.object({
  rank: LenientNumber,
  proxyWallet: v.pipe(v.string(), v.trim(), v.regex(WALLET)),
  userName: Text,
  vol: LenientNumber,
  pnl: LenientNumber,
  verifiedBadge: v.optional(v.fallback(v.boolean(), false), false),
});

/** Rows of a leaderboard payload; unreadable rows are skipped. Throws UpstreamError "shape" for a non-array. */
export function parseLeaderboard(json: unknown): RankedTrader[] {
  if (!Array.isArray(json))
    throw new UpstreamError("data", "shape", "Invalid response structure - not a list");
  const traders: RankedTrader[] = [];
  for (const item of json) {
    const parsed = v.safeParse(RowSchema, item);
    if (!parsed.success) continue;
    const { rank, proxyWallet, userName, vol, pnl, verifiedBadge } = parsed.output;
    if (rank === undefined || !Number.isInteger(rank) || rank < 1) continue;
    if (pnl === undefined || !Number.isFinite(pnl)) continue;
    const wallet = proxyWallet.toLowerCase();
    traders.push({
      rank,
      wallet,
      // A "name" that is the wallet itself is no name.
      name: userName === "" || userName.toLowerCase() === wallet ? null : userName,
      pnl,
      volume: vol !== undefined && Number.isFinite(vol) ? vol : 0,
      verified: verifiedBadge,
    });
  }
  return traders;
}

export interface LeaderboardQuery {
  period: LeaderboardPeriod;
  orderBy?: "PNL" | "VOL";
  offset?: number;
  /** One wallet's row on the board (an empty list when it is not ranked). */
  user?: string;
}

/** One page of the board, or one wallet's row. Throws UpstreamError (kind "shape" for a bad wallet, without a request). */
export async function fetchLeaderboard(
  query: LeaderboardQuery,
  opts: PolymarketOptions,
): Promise<RankedTrader[]> {
  if (query.user !== undefined && !isWallet(query.user))
    throw new UpstreamError("data", "shape", "Invalid wallet address");
  const params = new URLSearchParams({
    timePeriod: query.period,
    orderBy: query.orderBy ?? "PNL",
    limit: String(LEADERBOARD_PAGE_SIZE),
  });
  if (query.offset) params.set("offset", String(query.offset));
  if (query.user !== undefined) params.set("user", query.user.toLowerCase());
  return parseLeaderboard(
    await getPolymarketJson(
      "data",
      `/v1/leaderboard?${params}`,
      () => "Failed to fetch the leaderboard",
      opts,
    ),
  );
}
