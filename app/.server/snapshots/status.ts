/**
 * Pipeline status: each snapshot's state and age and its latest refresh outcome, and the one overall
 * status over them and the crons' checks (the status page, the help center, /api/health, /api/v1/status).
 */
import type { InferOutput } from "valibot";
import { isHealthy, type OverallStatus, overallStatus } from "~/lib/overall-status";
import { POLYMARKET } from "~/lib/provenance";
import type {
  DatasetHealthSchema,
  HealthSchema,
  HistoryHealthSchema,
  PipelineStatusSchema,
  SnapshotStateSchema,
} from "~/lib/schemas/health";
import type { StatusHistory } from "~/lib/uptime";
import type { RefreshRecord } from "../cache/swr-cache";
import type { Deps } from "../deps";
import { createLog } from "../log";
import { marketSnapshot } from "./markets";
import { readStatusHistory } from "./uptime";
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
      askedAt: stored?.sentimentAskedAt ?? null,
      analyses: Object.values(stored?.analyses ?? {}).filter((a) => a.source !== "estimated").length,
      disagreements: stored?.modelDisagreements ?? 0,
      provenance: stored?.snapshot.provenance.sentiment ?? null,
    },
  };
}

const NO_HISTORY = "No history database is bound";
const HISTORY_UNREADABLE = "The history database cannot be read";

/** This isolate's last successful read of the history database (epoch ms). */
let lastHistoryReadMs: number | null = null;

/** Whether the history database answers: one read of its last recorded write (never throws). */
export async function readHistoryHealth(deps: Deps): Promise<HistoryHealth> {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  if (!deps.history) {
    return { ok: false, lastWriteAt: null, lastReadAt: null, error: NO_HISTORY };
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
      error: HISTORY_UNREADABLE,
    };
  }
}

/** The one overall status over a pipeline status and the checks (null: the history could not be read). */
function overallOf(
  deps: Deps,
  pipeline: PipelineStatus,
  checks: StatusHistory | null,
  error?: string | null,
) {
  return overallStatus({
    checks,
    historyError: error ?? (deps.history ? HISTORY_UNREADABLE : NO_HISTORY),
    datasets: { markets: pipeline.markets, whales: pipeline.whales },
    at: deps.now(),
  });
}

export interface SystemStatus {
  pipeline: PipelineStatus;
  /** The crons' checks; null when the history database could not be read. */
  checks: StatusHistory | null;
  overall: OverallStatus;
}

/**
 * What the status page and the help center show: the pipeline, the crons' checks and the overall status
 * over both. Never calls upstreams.
 */
export async function readSystemStatus(deps: Deps): Promise<SystemStatus> {
  const [pipeline, checks] = await Promise.all([readPipelineStatus(deps), readStatusHistory(deps)]);
  return { pipeline, checks, overall: overallOf(deps, pipeline, checks) };
}

/**
 * The health check: the status page's overall status, with the snapshots and the history database in
 * full. `ok` (and `state: "ok"`) when nothing is known wrong (overall operational, or unchecked before the
 * first check); otherwise `state: "degraded"` with the reasons (a failing upstream, a snapshot past its
 * freshness, only the sample markets, a failing database). With a snapshot never refreshed and no failure
 * on record, it tries one refresh first (as the first page view would), under the usual single flight and
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
  // A database that did not answer just now is not read again for the checks (one log line, not two).
  const checks = history.ok ? await readStatusHistory(deps) : null;
  const overall = overallOf(deps, snapshots, checks, history.error);
  const ok = isHealthy(overall.state);
  return {
    ok,
    state: ok ? "ok" : "degraded",
    overall: overall.state,
    headline: overall.headline,
    reasons: overall.reasons,
    snapshots,
    history,
  };
}
