/**
 * The market page's reads of the history database, kept a minute in the isolate's memory: the history
 * changes once per 10-minute slot, and a page render should not wait on four database round trips
 * that answer the same as a minute ago. Throws when the Worker has no database (callers say so).
 */

import type { Call } from "~/lib/track-record";
import type { WhaleTrade } from "~/lib/types";
import type { PricePoint, SentimentChange } from "../history/store";
import type { SnapshotDeps } from "../snapshots/deps";

const HISTORY_MEMO_MS = 60_000;

export class NoHistoryError extends Error {
  constructor() {
    super("no history database (binding DB)");
  }
}

function read<T>(
  deps: SnapshotDeps,
  key: string,
  run: (store: NonNullable<SnapshotDeps["history"]>) => Promise<T>,
): Promise<T> {
  const store = deps.history;
  if (!store) return Promise.reject(new NoHistoryError());
  return deps.cache.remembered(`history:${key}`, HISTORY_MEMO_MS, () => run(store));
}

/** A market's points from `sinceT` (rounded down to its 10-minute slot, so the key holds for a slot). */
export function storedPoints(deps: SnapshotDeps, marketId: string, sinceT: number): Promise<PricePoint[]> {
  const since = Math.floor(sinceT / 600) * 600;
  return read(deps, `points:${marketId}:${since}`, (store) => store.points(marketId, since));
}

export function storedSentimentChanges(deps: SnapshotDeps, marketId: string): Promise<SentimentChange[]> {
  return read(deps, `changes:${marketId}`, (store) => store.sentimentChanges(marketId, 20));
}

export function storedMarketTrades(deps: SnapshotDeps, conditionId: string): Promise<WhaleTrade[]> {
  return read(deps, `trades:${conditionId}`, (store) => store.whaleTradesForMarket(conditionId, 50));
}

/** The whale trades our cron stored for one wallet (the trader page). */
export function storedWalletTrades(deps: SnapshotDeps, wallet: string): Promise<WhaleTrade[]> {
  return read(deps, `wallet-trades:${wallet}`, (store) => store.whaleTradesForWallet(wallet, 50));
}

/** The market's track-record calls with their grading, newest first. */
export function storedCalls(deps: SnapshotDeps, marketId: string): Promise<Call[]> {
  return read(deps, `calls:${marketId}`, (store) => store.calls.callsForMarket(marketId));
}
