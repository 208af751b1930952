/** Pipeline status: each snapshot's state and age and its latest refresh outcome (status page, /api/health). */
import type { InferOutput } from "valibot";
import { POLYMARKET } from "~/lib/provenance";
import type {
  DatasetHealthSchema,
  HealthSchema,
  PipelineStatusSchema,
  SnapshotStateSchema,
} from "~/lib/schemas/health";
import type { RefreshRecord } from "../cache/swr-cache";
import type { SnapshotDeps } from "./deps";
import { KV_KEYS } from "./keys";
import { getMarketSnapshot, type StoredMarkets } from "./markets";
import type { StoredWhales } from "./whales";

/**
 * fresh: stored and within its freshness window; stale: stored but older (served while refreshing);
 * fallback: nothing stored and the latest refresh failed (markets: pages show the sample markets);
 * missing: nothing stored and no failure on record (never refreshed yet).
 */
export type SnapshotState = InferOutput<typeof SnapshotStateSchema>;
export type DatasetHealth = InferOutput<typeof DatasetHealthSchema>;
export type PipelineStatus = InferOutput<typeof PipelineStatusSchema>;
export type Health = InferOutput<typeof HealthSchema>;

function datasetHealth(
  now: number,
  fetchedAt: string | null,
  freshSeconds: number,
  record: RefreshRecord | null,
): DatasetHealth {
  const at = fetchedAt === null ? Number.NaN : Date.parse(fetchedAt);
  const age = Number.isFinite(at) ? now - at : null;
  const failing = record?.failingSince ?? null;
  let state: SnapshotState;
  if (fetchedAt !== null) state = age !== null && age <= freshSeconds * 1000 ? "fresh" : "stale";
  else state = failing !== null ? "fallback" : "missing";
  return {
    state,
    fetchedAt,
    ageSeconds: age === null ? null : Math.max(0, Math.round(age / 1000)),
    freshSeconds,
    lastAttemptAt: record?.attemptAt ?? null,
    failingSince: failing,
    error: failing !== null ? (record?.error ?? null) : null,
  };
}

/** Each snapshot's state and age and its latest refresh outcome. Never calls upstreams. */
export async function readPipelineStatus(deps: SnapshotDeps): Promise<PipelineStatus> {
  const { cache, config } = deps;
  const [markets, whales, marketsRecord, whalesRecord] = await Promise.all([
    cache.get<StoredMarkets>(KV_KEYS.markets),
    cache.get<StoredWhales>(KV_KEYS.whales),
    cache.get<RefreshRecord>(KV_KEYS.marketsRefresh),
    cache.get<RefreshRecord>(KV_KEYS.whalesRefresh),
  ]);
  const now = deps.now();
  return {
    markets: {
      ...datasetHealth(now, markets?.snapshot.fetchedAt ?? null, config.marketsFreshSeconds, marketsRecord),
      provenance: markets?.snapshot.provenance.markets ?? null,
      route: markets?.feedRoute ?? null,
    },
    whales: {
      ...datasetHealth(now, whales?.snapshot.fetchedAt ?? null, config.whalesFreshSeconds, whalesRecord),
      // A stored trade list only ever comes from the Data API (no sample trades, decision 0001).
      provenance: whales ? { kind: "live", by: POLYMARKET, at: whales.snapshot.fetchedAt } : null,
    },
    mentions: {
      liveAt: markets?.mentionsLiveAt ?? null,
      provenance: markets?.snapshot.provenance.mentions ?? null,
    },
    sentiment: {
      modelAt: markets?.sentimentModelAt ?? null,
      provenance: markets?.snapshot.provenance.sentiment ?? null,
    },
  };
}

/**
 * The health check: every snapshot's state; `ok` is false when pages can only show the sample markets
 * (the feed is failing and nothing is cached). With nothing cached and nothing on record it tries
 * one refresh first (as the first page view would), under the usual single flight and back-off.
 */
export async function readHealth(deps: SnapshotDeps): Promise<Health> {
  let snapshots = await readPipelineStatus(deps);
  if (snapshots.markets.state === "missing") {
    await getMarketSnapshot(deps);
    snapshots = await readPipelineStatus(deps);
  }
  return { ok: snapshots.markets.state !== "fallback", snapshots };
}

/**
 * The data pipeline as one service state: operational while markets and trades refresh; degraded when
 * data is stale or refreshes fail but pages still show real data; outage when pages can only show
 * the sample markets.
 */
export function pipelineState(status: PipelineStatus): "operational" | "degraded" | "outage" {
  if (status.markets.state === "fallback") return "outage";
  const healthy = (d: DatasetHealth) =>
    (d.state === "fresh" || d.state === "missing") && d.failingSince === null;
  return healthy(status.markets) && healthy(status.whales) ? "operational" : "degraded";
}
