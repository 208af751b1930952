/** The whale snapshot: the Data API's trades over $50K, cached through the SWR cache. */
import type { WhaleSnapshot } from "~/lib/types";
import type { Cached, Dataset } from "../cache/swr-cache";
import { UpstreamError } from "../http";
import { fetchWhaleTrades } from "../polymarket/data-api";
import { observed, tradesOutcome } from "./checks";
import { failureMessage, polymarketOptions, type SnapshotDeps } from "./deps";
import { KV_KEYS } from "./keys";
import { rankTrades, readBoard } from "./leaderboard";
import { cachedOrPending } from "./loader-data";
import { flushHistory, type HistoryBatch } from "./outbox";

export interface StoredWhales {
  snapshot: WhaleSnapshot;
  /** History batches the database could not take yet, written by the next build (decision 0023). */
  pendingHistory?: HistoryBatch[];
}

async function buildWhales(deps: SnapshotDeps, previous: StoredWhales | null): Promise<StoredWhales> {
  const fetchTrades = observed(deps, "data", tradesOutcome, fetchWhaleTrades);
  // The board first (from KV; fetched now on a cold start), so no snapshot goes out unranked needlessly.
  // Both run to their end: a failing trade list leaves no board load behind, unawaited.
  const [fetched, board] = await Promise.all([
    fetchTrades(polymarketOptions(deps, deps.config.dataUrl)).catch((error: unknown) =>
      error instanceof Error ? error : new Error(String(error)),
    ),
    readBoard(deps),
  ]);
  if (fetched instanceof Error) throw fetched;
  const trades = rankTrades(fetched, board);
  if (trades.length === 0) {
    // SPEC §5: empty results are not cached; the previous list (with its time) stays.
    throw new UpstreamError("data", "empty", "No large trades found at the moment.");
  }
  const now = deps.now();
  // Only trades the stored list does not hold yet go to the history (each is stored once anyway).
  const known = new Set(previous?.snapshot.trades.map((t) => t.id));
  const unwritten = await flushHistory(deps, [
    ...(previous?.pendingHistory ?? []),
    {
      id: `whales:${now}`,
      atMs: now,
      trades: trades.filter((t) => !known.has(t.id)),
      checks: deps.takeChecks?.() ?? [],
    },
  ]);
  return {
    snapshot: { trades, fetchedAt: new Date(now).toISOString() },
    ...(unwritten.length > 0 ? { pendingHistory: unwritten } : {}),
  };
}

/** The whales dataset for the SWR cache. */
export function whalesDataset(deps: SnapshotDeps): Dataset<StoredWhales> {
  return {
    key: KV_KEYS.whales,
    recordKey: KV_KEYS.whalesRefresh,
    freshMs: deps.config.whalesFreshSeconds * 1000,
    backoffMs: deps.config.failureBackoffSeconds * 1000,
    fetchedAt: (stored) => stored.snapshot.fetchedAt,
    build: (previous) => buildWhales(deps, previous),
    // The list changes a few times an hour: an unchanged one confirms the stored copy instead of a KV
    // write, and a changed one is written at most every WHALES_WRITE_SECONDS (decision 0022). Unwritten
    // history is content too: it must reach KV to survive the isolate.
    sameContent: (stored, rebuilt) =>
      JSON.stringify(stored.snapshot.trades) === JSON.stringify(rebuilt.snapshot.trades) &&
      JSON.stringify(stored.pendingHistory ?? []) === JSON.stringify(rebuilt.pendingHistory ?? []),
    minWriteMs: deps.config.whalesWriteSeconds * 1000,
    isEmptyAnswer: (error) => error instanceof UpstreamError && error.kind === "empty",
    retryAfterMs: (error) => (error instanceof UpstreamError ? error.retryAfterMs : undefined),
  };
}

/** The list as pages see it: "updated" when it was last found current, with the current failure if any. */
function present({ value, failure, checkedAt }: Cached<StoredWhales>): WhaleSnapshot {
  return { ...value.snapshot, fetchedAt: checkedAt, ...(failure ?? {}) };
}

/** Refreshes the whale snapshot once (single flight); failures leave stored data untouched. */
export function refreshWhales(deps: SnapshotDeps): Promise<StoredWhales | Error> {
  return deps.cache.refresh(whalesDataset(deps));
}

/** Cached whale snapshot (scheduling a background refresh when stale) or null. */
export async function readWhaleSnapshot(deps: SnapshotDeps): Promise<WhaleSnapshot | null> {
  const cached = await deps.cache.read(whalesDataset(deps), deps.waitUntil);
  return cached ? present(cached) : null;
}

/** The whale snapshot: cached if possible, else fetched now; an empty list plus the failure otherwise. */
export async function getWhaleSnapshot(deps: SnapshotDeps): Promise<WhaleSnapshot> {
  const result = await deps.cache.readOrRefresh(whalesDataset(deps), deps.waitUntil);
  if (!(result instanceof Error)) return present(result);
  const empty = result instanceof UpstreamError && result.kind === "empty";
  return {
    trades: [],
    fetchedAt: new Date(deps.now()).toISOString(),
    ...(empty ? {} : { error: failureMessage(result) }),
  };
}

/** The whale snapshot: at once when cached, else a promise a loader streams (cold cache). */
export function whaleSnapshotView(deps: SnapshotDeps) {
  return cachedOrPending(
    () => readWhaleSnapshot(deps),
    () => getWhaleSnapshot(deps),
    (snapshot) => snapshot,
    deps.waitUntil,
  );
}
