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
import type { RefreshRecord, SwrCache } from "../cache/swr-cache";
import type { Config } from "../config";
import type { HistoryStore } from "../history/store";
import { createLog } from "../log";
import type { StoredMarkets } from "./markets";
import { readStatusHistory } from "./uptime";
import type { StoredWhales } from "./whales";

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

/** What the cache holds of a snapshot and its refresh record, without scheduling anything. */
export interface Inspection<T> {
  value: T | null;
  checkedAt: string | null;
  record: RefreshRecord | null;
}

/** What the status is read from: the snapshots as the cache holds them, the history database, the clock. */
export interface StatusSources {
  now: number;
  config: Pick<Config, "marketsFreshSeconds" | "whalesFreshSeconds">;
  history: HistoryStore | null;
  memo: Pick<SwrCache, "remembered">;
  /** Both snapshots as cached, with their refresh records (never an upstream call). */
  inspect: () => Promise<{ markets: Inspection<StoredMarkets>; whales: Inspection<StoredWhales> }>;
  /** Builds now the snapshots never built yet (the health check's one try, single flight and back-off). */
  buildMissing: (which: { markets: boolean; whales: boolean }) => Promise<unknown>;
}

/**
 * Each snapshot's state and age and its latest refresh outcome. Never calls upstreams. A snapshot's
 * time is when it was last found current (a rebuild with the same content confirms it without a write).
 */
export async function readPipelineStatus({ inspect, config, now }: StatusSources): Promise<PipelineStatus> {
  const { markets, whales } = await inspect();
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
async function readHistoryHealth(history: HistoryStore | null, now: number): Promise<HistoryHealth> {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  if (!history) {
    return { ok: false, lastWriteAt: null, lastReadAt: null, error: NO_HISTORY };
  }
  try {
    const lastWrite = await history.lastHistoryWrite();
    lastHistoryReadMs = now;
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
  { history, now }: StatusSources,
  pipeline: PipelineStatus,
  checks: StatusHistory | null,
  error?: string | null,
) {
  return overallStatus({
    checks,
    historyError: error ?? (history ? HISTORY_UNREADABLE : NO_HISTORY),
    datasets: { markets: pipeline.markets, whales: pipeline.whales },
    at: now,
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
export async function readSystemStatus(sources: StatusSources): Promise<SystemStatus> {
  const { memo, history, now } = sources;
  const [pipeline, checks] = await Promise.all([
    readPipelineStatus(sources),
    readStatusHistory(memo, history, now),
  ]);
  return { pipeline, checks, overall: overallOf(sources, pipeline, checks) };
}

/**
 * The health check: the status page's overall status, with the snapshots and the history database in
 * full. `ok` (and `state: "ok"`) when nothing is known wrong (overall operational, or unchecked before the
 * first check); otherwise `state: "degraded"` with the reasons (a failing upstream, a snapshot past its
 * freshness, only the sample markets, a failing database). With a snapshot never refreshed and no failure
 * on record, it tries one refresh first (as the first page view would), under the usual single flight and
 * back-off.
 */
export async function readHealth(sources: StatusSources): Promise<Health> {
  let snapshots = await readPipelineStatus(sources);
  const markets = snapshots.markets.state === "missing";
  const whales = snapshots.whales.state === "missing";
  if (markets || whales) {
    await sources.buildMissing({ markets, whales });
    snapshots = await readPipelineStatus(sources);
  }
  const history = await readHistoryHealth(sources.history, sources.now);
  // A database that did not answer just now is not read again for the checks (one log line, not two).
  const checks = history.ok ? await readStatusHistory(sources.memo, sources.history, sources.now) : null;
  const overall = overallOf(sources, snapshots, checks, history.error);
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
