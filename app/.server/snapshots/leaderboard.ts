/**
 * Polymarket's monthly PnL leaderboard, kept in KV (decision 0020): up to 500 traders,
 * one request per page of 50, refreshed when an hour old. Whale trades are ranked against it when
 * their snapshot is built; a cold start loads it first, and a failing board leaves the trades unranked
 * and says so (`period: null`), never guessed.
 */
import type { Trader, WhaleTrade } from "~/lib/types";
import { defineDataset } from "../cache/dataset";
import type { Deps } from "../deps";
import { UpstreamError } from "../http";
import { createLog } from "../log";
import { LEADERBOARD_PAGE_SIZE, type LeaderboardPeriod, type RankedTrader } from "../polymarket/leaderboard";
import { KV_KEYS } from "./keys";

const log = createLog("leaderboard");

export const BOARD_PERIOD: LeaderboardPeriod = "MONTH";
/** Traders kept at most (10 pages). */
export const BOARD_MAX = 500;
export const BOARD_FRESH_SECONDS = 3_600;

export interface StoredBoard {
  period: LeaderboardPeriod;
  traders: RankedTrader[];
  fetchedAt: string;
}

/** Every page the upstream gives, up to BOARD_MAX traders; a short page is the last. */
async function buildBoard(deps: Deps): Promise<StoredBoard> {
  const traders: RankedTrader[] = [];
  for (let offset = 0; offset < BOARD_MAX; offset += LEADERBOARD_PAGE_SIZE) {
    const page = await deps.upstreams.data.leaderboard({ period: BOARD_PERIOD, offset });
    traders.push(...page);
    if (page.length < LEADERBOARD_PAGE_SIZE) break;
  }
  if (traders.length === 0) throw new UpstreamError("data", "empty", "The leaderboard is empty.");
  return { period: BOARD_PERIOD, traders, fetchedAt: new Date(deps.now()).toISOString() };
}

/**
 * The board: `get` answers the cached one (refreshed in the background once an hour old), else fetches
 * now, else null (one log line; trades go unranked and say so); `read` never asks the upstream (pages:
 * the whale build keeps it current).
 */
export const leaderboard = defineDataset<StoredBoard, StoredBoard | null>({
  key: KV_KEYS.board,
  recordKey: KV_KEYS.boardRefresh,
  freshSeconds: () => BOARD_FRESH_SECONDS,
  fetchedAt: (stored) => stored.fetchedAt,
  build: (deps) => buildBoard(deps),
  present: (cached) => cached.value,
  fallback: (_now, failure) => {
    log.error("unavailable", failure.message);
    return null;
  },
});

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
