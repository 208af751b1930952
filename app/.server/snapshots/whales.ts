/** The whale snapshot: the Data API's trades over $50K, cached through the SWR cache. */
import type { WhaleSnapshot } from "~/lib/types";
import type { Cached, Dataset } from "../cache/swr-cache";
import { UpstreamError } from "../http";
import { fetchWhaleTrades } from "../polymarket/data-api";
import { observed, tradesOutcome } from "./checks";
import { failureMessage, polymarketOptions, type SnapshotDeps } from "./deps";
import { recordWhales } from "./history";
import { KV_KEYS } from "./keys";
import { rankTrades, readBoard } from "./leaderboard";
import { cachedOrPending } from "./loader-data";

export interface StoredWhales {
  snapshot: WhaleSnapshot;
}

async function buildWhales(deps: SnapshotDeps): Promise<StoredWhales> {
  const fetchTrades = observed(deps, "data", tradesOutcome, fetchWhaleTrades);
  // The board first (from KV; fetched now on a cold start), so no snapshot goes out unranked needlessly.
  const [fetched, board] = await Promise.all([
    fetchTrades(polymarketOptions(deps, deps.config.dataUrl)),
    readBoard(deps),
  ]);
  const trades = rankTrades(fetched, board);
  if (trades.length === 0) {
    // SPEC §5: empty results are not cached; the previous list (with its time) stays.
    throw new UpstreamError("data", "empty", "No large trades found at the moment.");
  }
  recordWhales(deps, trades);
  return { snapshot: { trades, fetchedAt: new Date(deps.now()).toISOString() } };
}

/** The whales dataset for the SWR cache. */
export function whalesDataset(deps: SnapshotDeps): Dataset<StoredWhales> {
  return {
    key: KV_KEYS.whales,
    lockKey: KV_KEYS.whalesLock,
    recordKey: KV_KEYS.whalesRefresh,
    freshMs: deps.config.whalesFreshSeconds * 1000,
    backoffMs: deps.config.failureBackoffSeconds * 1000,
    fetchedAt: (stored) => stored.snapshot.fetchedAt,
    build: () => buildWhales(deps),
    isEmptyAnswer: (error) => error instanceof UpstreamError && error.kind === "empty",
    retryAfterMs: (error) => (error instanceof UpstreamError ? error.retryAfterMs : undefined),
  };
}

function present({ value, failure }: Cached<StoredWhales>): WhaleSnapshot {
  return failure ? { ...value.snapshot, ...failure } : value.snapshot;
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
