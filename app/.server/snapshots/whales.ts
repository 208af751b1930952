/** The whale snapshot: the Data API's trades over $50K, cached through the SWR cache. */
import type { Unavailable } from "~/lib/section";
import type { WhaleSnapshot } from "~/lib/types";
import type { Cached } from "../cache/cached";
import { defineDataset, failureFields } from "../cache/dataset";
import type { Deps } from "../deps";
import { UpstreamError } from "../http";
import { observed, tradesOutcome } from "./checks";
import { KV_KEYS } from "./keys";
import { leaderboard, rankTrades } from "./leaderboard";
import { flushHistory, type HistoryBatch } from "./outbox";

export interface StoredWhales {
  snapshot: WhaleSnapshot;
  /** History batches the database could not take yet, written by the next build (decision 0023). */
  pendingHistory?: HistoryBatch[];
}

async function buildWhales(deps: Deps, previous: StoredWhales | null): Promise<StoredWhales> {
  const fetchTrades = observed(deps, "data", tradesOutcome, deps.upstreams.data.whaleTrades);
  // The board first (from KV; fetched now on a cold start), so no snapshot goes out unranked needlessly.
  // Both run to their end: a failing trade list leaves no board load behind, unawaited.
  const [fetched, board] = await Promise.allSettled([fetchTrades(), leaderboard.get(deps)]);
  if (fetched.status === "rejected") throw fetched.reason;
  const trades = rankTrades(fetched.value, board.status === "fulfilled" ? board.value : null);
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

/** The list as pages see it: "updated" when it was last found current, with the current failure if any. */
function present({ value, failure, fetchedAt, checkedAt }: Cached<StoredWhales>): WhaleSnapshot {
  return { ...value.snapshot, fetchedAt: checkedAt ?? fetchedAt, ...failureFields(failure) };
}

/** Nothing cached and no list: empty, with the failure unless the upstream simply had no large trades. */
function fallback(now: number, failure: Unavailable): WhaleSnapshot {
  return {
    trades: [],
    fetchedAt: new Date(now).toISOString(),
    ...(failure.reason === "empty" ? {} : { error: failure.message }),
  };
}

/**
 * The whale snapshot: the Data API's trades over $50K, fresh for WHALES_FRESH_SECONDS. The list changes
 * a few times an hour: an unchanged one confirms the stored copy instead of a KV write, and a changed one
 * is written at most every WHALES_WRITE_SECONDS (decision 0022). Unwritten history is content too: it
 * must reach KV to survive the isolate.
 */
export const whaleSnapshot = defineDataset<StoredWhales, WhaleSnapshot>({
  key: KV_KEYS.whales,
  recordKey: KV_KEYS.whalesRefresh,
  freshSeconds: (config) => config.whalesFreshSeconds,
  fetchedAt: (stored) => stored.snapshot.fetchedAt,
  build: buildWhales,
  present,
  fallback,
  sameContent: (stored, rebuilt) =>
    JSON.stringify(stored.snapshot.trades) === JSON.stringify(rebuilt.snapshot.trades) &&
    JSON.stringify(stored.pendingHistory ?? []) === JSON.stringify(rebuilt.pendingHistory ?? []),
  minWriteSeconds: (config) => config.whalesWriteSeconds,
});
