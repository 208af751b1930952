/**
 * Polymarket's monthly PnL leaderboard, kept in KV (issue 15 §1, decision 0020): up to 500 traders,
 * one request per page of 50, refreshed when an hour old. Whale trades are ranked against it when
 * their snapshot is built; a cold start loads it first, and a failing board leaves the trades unranked
 * and says so (`period: null`), never guessed.
 */
import type { Trader, WhaleTrade } from "~/lib/types";
import type { Dataset } from "../cache/swr-cache";
import { UpstreamError } from "../http";
import {
  fetchLeaderboard,
  LEADERBOARD_PAGE_SIZE,
  type LeaderboardPeriod,
  type RankedTrader,
} from "../polymarket/leaderboard";
import { polymarketOptions, type SnapshotDeps } from "./deps";
import { KV_KEYS } from "./keys";

export const BOARD_PERIOD: LeaderboardPeriod = "MONTH";
/** Traders kept at most (10 pages). */
export const BOARD_MAX = 500;
export const BOARD_FRESH_MS = 3_600_000;

export interface StoredBoard {
  period: LeaderboardPeriod;
  traders: RankedTrader[];
  fetchedAt: string;
}

/** Every page the upstream gives, up to BOARD_MAX traders; a short page is the last. */
async function buildBoard(deps: SnapshotDeps): Promise<StoredBoard> {
  const opts = polymarketOptions(deps, deps.config.dataUrl);
  const traders: RankedTrader[] = [];
  for (let offset = 0; offset < BOARD_MAX; offset += LEADERBOARD_PAGE_SIZE) {
    const page = await fetchLeaderboard({ period: BOARD_PERIOD, offset }, opts);
    traders.push(...page);
    if (page.length < LEADERBOARD_PAGE_SIZE) break;
  }
  if (traders.length === 0) throw new UpstreamError("data", "empty", "The leaderboard is empty.");
  return { period: BOARD_PERIOD, traders, fetchedAt: new Date(deps.now()).toISOString() };
}

export function boardDataset(deps: SnapshotDeps): Dataset<StoredBoard> {
  return {
    key: KV_KEYS.board,
    recordKey: KV_KEYS.boardRefresh,
    freshMs: BOARD_FRESH_MS,
    backoffMs: deps.config.failureBackoffSeconds * 1000,
    fetchedAt: (stored) => stored.fetchedAt,
    build: () => buildBoard(deps),
    isEmptyAnswer: (error) => error instanceof UpstreamError && error.kind === "empty",
    retryAfterMs: (error) => (error instanceof UpstreamError ? error.retryAfterMs : undefined),
  };
}

/** The board: cached (refreshed in the background once an hour old), else fetched now; null when it cannot be had. */
export async function readBoard(deps: SnapshotDeps): Promise<StoredBoard | null> {
  const result = await deps.cache.readOrRefresh(boardDataset(deps), deps.waitUntil);
  if (!(result instanceof Error)) return result.value;
  console.error(`[leaderboard] unavailable: ${result.message}`);
  return null;
}

/** The board as KV holds it, without asking the upstream (pages; the whale build keeps it current). */
export async function cachedBoard(deps: SnapshotDeps): Promise<StoredBoard | null> {
  return (await deps.cache.read(boardDataset(deps), deps.waitUntil))?.value ?? null;
}

/** The board's traders by wallet (lowercase), built once per list ranked. */
export function boardIndex(board: StoredBoard | null): Map<string, RankedTrader> {
  return new Map(board?.traders.map((t) => [t.wallet, t]) ?? []);
}

/** The trader as the board knows them: name from the trade, else from the board; ranks null when unranked. */
export function rankTrader(
  trader: Trader,
  board: StoredBoard | null,
  index: Map<string, RankedTrader>,
): Trader {
  if (board === null) return { ...trader, rank: null, pnl: null, volume: null, period: null };
  const wallet = trader.wallet.toLowerCase();
  const entry = index.get(wallet);
  return {
    wallet,
    name: trader.name ?? entry?.name ?? null,
    rank: entry?.rank ?? null,
    pnl: entry?.pnl ?? null,
    volume: entry?.volume ?? null,
    period: board.period,
  };
}

/** Each trade with its trader ranked against the board (or marked "ranks unknown" without one). */
export function rankTrades(trades: readonly WhaleTrade[], board: StoredBoard | null): WhaleTrade[] {
  const index = boardIndex(board);
  return trades.map((trade) => ({ ...trade, trader: rankTrader(trade.trader, board, index) }));
}
