/**
 * What a snapshot build leaves in the history database, written so that a database outage loses nothing
 * (decision 0023). Each build hands its batch (the markets' points and calls, the new whale
 * trades, the run's upstream checks) to `flushHistory` together with every batch still unwritten; what
 * cannot be written is kept in the isolate's memory and in the snapshot value the build returns, which
 * the same run writes to KV anyway. The next build of that snapshot, in any isolate, writes them first,
 * oldest first. Every write is idempotent (per slot, per trade, per check), so a batch written twice is
 * stored once.
 */

import type { WhaleTrade } from "~/lib/types";
import type { CallInput, HistoryStore, MarketObservation, UpstreamCheck } from "../history/store";
import { createLog } from "../log";

const log = createLog("history");

/** One build's writes, taken together. */
export interface HistoryBatch {
  /** `<kind>:<atMs>`: the same batch kept in two places is written once. */
  id: string;
  atMs: number;
  points?: MarketObservation[];
  calls?: CallInput[];
  trades?: WhaleTrade[];
  checks?: UpstreamCheck[];
}

/** Kept at most: three hours of market batches, and a day of the others (oldest dropped first). */
const MAX_MARKET_BATCHES = 18;
const MAX_OTHER_BATCHES = 1_440;

/** Batches in time order, each once, within the bounds (a dropped batch is one log line). */
export function mergeBatches(...lists: readonly (readonly HistoryBatch[] | undefined)[]): HistoryBatch[] {
  const byId = new Map<string, HistoryBatch>();
  for (const list of lists)
    for (const batch of list ?? []) if (!byId.has(batch.id)) byId.set(batch.id, batch);
  const sorted = [...byId.values()].sort((a, b) => a.atMs - b.atMs || a.id.localeCompare(b.id));
  const markets = sorted.filter((b) => b.points !== undefined);
  const others = sorted.filter((b) => b.points === undefined);
  const dropped = new Set([
    ...markets.slice(0, Math.max(0, markets.length - MAX_MARKET_BATCHES)),
    ...others.slice(0, Math.max(0, others.length - MAX_OTHER_BATCHES)),
  ]);
  if (dropped.size > 0) {
    log.error(`outbox full: ${dropped.size} oldest unwritten batches dropped`);
  }
  return sorted.filter((b) => !dropped.has(b));
}

/** The isolate's unwritten batches (shared by every build and cron run of the isolate). */
export class HistoryOutbox {
  private pending: HistoryBatch[] = [];

  /** Every unwritten batch, removed from here (a failed flush puts back what it could not write). */
  take(): HistoryBatch[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  keep(batches: readonly HistoryBatch[]): void {
    this.pending = mergeBatches(this.pending, batches);
  }
}

async function writeBatch(store: HistoryStore, batch: HistoryBatch): Promise<number> {
  let added = 0;
  if (batch.points && batch.points.length > 0)
    added += (await store.recordSnapshot(batch.points, batch.atMs)).points;
  if (batch.calls && batch.calls.length > 0) added += await store.calls.recordCalls(batch.calls, batch.atMs);
  if (batch.trades && batch.trades.length > 0) added += await store.recordWhaleTrades(batch.trades);
  if (batch.checks && batch.checks.length > 0) await store.recordChecks(batch.checks);
  return added;
}

/** Where history writes go and where what fails is kept: the request's or cron run's deps. */
export interface HistoryTarget {
  history: HistoryStore | null;
  outbox: HistoryOutbox;
  now: () => number;
}

/**
 * Writes `batches` with every batch the isolate still holds, oldest first, and notes the write time
 * (health). Returns what could not be written (also kept in the isolate's outbox): the caller keeps it in
 * the snapshot it stores. Never throws. Without a database nothing is written or kept.
 */
export async function flushHistory(
  target: HistoryTarget,
  batches: readonly HistoryBatch[],
): Promise<HistoryBatch[]> {
  const { history } = target;
  if (!history) return [];
  const queue = mergeBatches(target.outbox.take(), batches);
  let written = 0;
  for (const [i, batch] of queue.entries()) {
    try {
      written += await writeBatch(history, batch);
    } catch (error) {
      const unwritten = queue.slice(i);
      target.outbox.keep(unwritten);
      log.error(
        `${unwritten.length} batches not written, kept for the next run (the KV snapshot is unaffected)`,
        error,
      );
      return unwritten;
    }
  }
  if (queue.length === 0) return [];
  if (written > 0) log.info(`${written} rows added from ${queue.length} batches`);
  try {
    await history.noteHistoryWrite(target.now());
  } catch (error) {
    log.error("write time not noted", error);
  }
  return [];
}
