/** Pipeline status: each snapshot's state and age and its latest refresh outcome (status page, /api/health). */
import type { InferOutput } from "valibot";
import { POLYMARKET } from "~/lib/provenance";
import type {
  DatasetHealthSchema,
  HealthSchema,
  HistoryHealthSchema,
  PipelineStatusSchema,
  SnapshotStateSchema,
} from "~/lib/schemas/health";
import type { RefreshRecord } from "../cache/swr-cache";
import type { Deps } from "../deps";
import { createLog } from "../log";
import { marketSnapshot } from "./markets";
import { whaleSnapshot } from "./whales";

const log = createLog("health");

/**
 * fresh: stored and within its freshness window; stale: stored but older (served while refreshing);
 * fallback: nothing stored and the latest refresh failed (markets: pages show the sample markets);
 * missing: nothing stored and no failure on record (never refreshed yet).
 */
export type SnapshotState = InferOutput<typeof SnapshotStateSchema>;
export type DatasetHealth = InferOutput<typeof DatasetHealthSchema>;
export type PipelineStatus = InferOutput<typeof PipelineStatusSchema>;
export type Health = InferOutput<typeof HealthSchema>;
export type HistoryHealth = InferOutput<typeof HistoryHealthSchema>;

function datasetHealth(
  now: number,
  checkedAt: string | null,
  freshSeconds: number,
  record: RefreshRecord | null,
): DatasetHealth {
  const at = checkedAt === null ? Number.NaN : Date.parse(checkedAt);
  const age = Number.isFinite(at) ? now - at : null;
  const failing = record?.failingSince ?? null;
  let state: SnapshotState;
  if (checkedAt !== null) state = age !== null && age <= freshSeconds * 1000 ? "fresh" : "stale";
  else state = failing !== null ? "fallback" : "missing";
  return {
    state,
    fetchedAt: checkedAt,
    ageSeconds: age === null ? null : Math.max(0, Math.round(age / 1000)),
    freshSeconds,
    lastAttemptAt: record?.attemptAt ?? null,
    failingSince: failing,
    error: failing !== null ? (record?.error ?? null) : null,
  };
}

/**
 * Each snapshot's state and age and its latest refresh outcome. Never calls upstreams. A snapshot's
 * time is when it was last found current (a rebuild with the same content confirms it without a write).
 */
export async function readPipelineStatus(deps: Deps): Promise<PipelineStatus> {
  const { config } = deps;
  const [markets, whales] = await Promise.all([marketSnapshot.inspect(deps), whaleSnapshot.inspect(deps)]);
  const now = deps.now();
  const stored = markets.value;
  return {
    markets: {
      ...datasetHealth(now, markets.checkedAt, config.marketsFreshSeconds, markets.record),
      provenance: stored?.snapshot.provenance.markets ?? null,
      route: stored?.feedRoute ?? null,
    },
    whales: {
      ...datasetHealth(now, whales.checkedAt, config.whalesFreshSeconds, whales.record),
      // A stored trade list only ever comes from the Data API (no sample trades, decision 0001).
      provenance: whales.checkedAt ? { kind: "live", by: POLYMARKET, at: whales.checkedAt } : null,
    },
    mentions: {
      liveAt: stored?.mentionsLiveAt ?? null,
      provenance: stored?.snapshot.provenance.mentions ?? null,
    },
    sentiment: {
      modelAt: stored?.sentimentModelAt ?? null,
      provenance: stored?.snapshot.provenance.sentiment ?? null,
    },
  };
}

/** This isolate's last successful read of the history database (epoch ms). */
let lastHistoryReadMs: number | null = null;

/** Whether the history database answers: one read of its last recorded write (never throws). */
export async function readHistoryHealth(deps: Deps): Promise<HistoryHealth> {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  if (!deps.history) {
    return { ok: false, lastWriteAt: null, lastReadAt: null, error: "No history database is bound" };
  }
  try {
    const lastWrite = await deps.history.lastHistoryWrite();
    lastHistoryReadMs = deps.now();
    return { ok: true, lastWriteAt: iso(lastWrite), lastReadAt: iso(lastHistoryReadMs), error: null };
  } catch (error) {
    log.error("history database unavailable", error);
    return {
      ok: false,
      lastWriteAt: null,
      lastReadAt: iso(lastHistoryReadMs),
      error: "The history database cannot be read",
    };
  }
}

const SNAPSHOT_NAMES = { markets: "Markets", whales: "Whale trades" } as const;

/** Why the service is not healthy, in words; empty when it is. */
export function healthReasons(snapshots: PipelineStatus, history: HistoryHealth): string[] {
  const reasons: string[] = [];
  if (snapshots.markets.state === "fallback") {
    reasons.push("Only the sample markets can be shown: the markets feed is failing and nothing is cached");
  }
  for (const key of ["markets", "whales"] as const) {
    const dataset = snapshots[key];
    const name = SNAPSHOT_NAMES[key];
    if (dataset.state === "stale") {
      reasons.push(
        dataset.failingSince
          ? `${name} are past their freshness and refreshes have failed since ${dataset.failingSince}`
          : `${name} are past their freshness (last refreshed ${dataset.fetchedAt})`,
      );
    } else if (dataset.state === "missing") {
      reasons.push(`${name} have never been refreshed`);
    }
  }
  if (!history.ok) reasons.push(`History: ${history.error ?? "unavailable"}`);
  return reasons;
}

/**
 * The health check. `ok` (and `state: "ok"`) only when every snapshot is fresh and the history database
 * answers; otherwise `state: "degraded"` with the reasons (a snapshot past its freshness, a failing
 * refresh, a failing database, only the sample markets). With a snapshot never refreshed and no failure on
 * record, it tries one refresh first (as the first page view would), under the usual single flight and
 * back-off.
 */
export async function readHealth(deps: Deps): Promise<Health> {
  let snapshots = await readPipelineStatus(deps);
  const missingMarkets = snapshots.markets.state === "missing";
  const missingWhales = snapshots.whales.state === "missing";
  if (missingMarkets || missingWhales) {
    await Promise.all([
      missingMarkets ? marketSnapshot.get(deps) : null,
      missingWhales ? whaleSnapshot.get(deps) : null,
    ]);
    snapshots = await readPipelineStatus(deps);
  }
  const history = await readHistoryHealth(deps);
  const reasons = healthReasons(snapshots, history);
  return {
    ok: reasons.length === 0,
    state: reasons.length === 0 ? "ok" : "degraded",
    reasons,
    snapshots,
    history,
  };
}
