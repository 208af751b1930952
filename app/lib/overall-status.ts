/**
 * The one overall status (decision 0048). The status page's banner and key metrics, the help center's
 * status box, /api/health and /api/v1/status all compute it here from the same inputs: the crons' latest
 * upstream checks (uptime.ts) and the states and ages of the stored datasets. Pure and client-safe.
 *
 * - degraded: an upstream's latest check failed, or a dataset is stale, the fallback, or never refreshed;
 *   the headline names each ("Degraded: Whale trades stale since 14:07 UTC").
 * - unavailable: the checks cannot be read (no history database) and nothing else is known wrong.
 * - unchecked: every dataset is fresh but no cron run has checked an upstream yet.
 * - operational: every dataset is fresh and every checked upstream's latest check succeeded.
 */
import type { InferOutput } from "valibot";
import { formatMoment } from "./format";
import type { DatasetHealthSchema } from "./schemas/health";
import { type CheckedUpstream, type StatusHistory, UPSTREAM_NAMES } from "./uptime";

export type OverallState = "unavailable" | "unchecked" | "operational" | "degraded";

/** The datasets the crons keep refreshed, whose states the overall status judges. */
export type RefreshedDataset = "markets" | "whales";

export const REFRESHED_DATASETS: readonly RefreshedDataset[] = ["markets", "whales"];

/** What the pages call each dataset (the pipeline cards, the overall line, the health reasons). */
export const DATASET_NAMES: Record<RefreshedDataset, string> = {
  markets: "Markets",
  whales: "Whale trades",
};

/** What the overall status needs of a dataset's health (app/.server/snapshots/status.ts). */
export type DatasetAge = Pick<
  InferOutput<typeof DatasetHealthSchema>,
  "state" | "fetchedAt" | "freshSeconds" | "failingSince"
>;

export interface StatusInputs {
  /** The crons' checks; null when the history database could not be read. */
  checks: StatusHistory | null;
  /** Why the checks could not be read (said only when `checks` is null). */
  historyError: string;
  datasets: Record<RefreshedDataset, DatasetAge>;
  /** When the inputs were read (epoch ms): times in the words are said relative to it. */
  at: number;
}

export interface FailingUpstream {
  upstream: CheckedUpstream;
  /** The first failed check of the ongoing run (epoch ms). */
  sinceMs: number;
}

export interface DatasetProblem {
  dataset: RefreshedDataset;
  state: Exclude<DatasetAge["state"], "fresh">;
}

export interface OverallStatus {
  state: OverallState;
  /** "All systems operational", "No checks yet", "Status unavailable", or "Degraded: " and the reasons. */
  headline: string;
  /** What is wrong, one sentence each: failing upstreams, then datasets, then the history; empty when all is well. */
  reasons: string[];
  /** Upstreams whose latest check failed, in the status page's order. */
  failing: FailingUpstream[];
  /** The datasets that are not fresh, and how many are judged. */
  datasets: { total: number; problems: DatasetProblem[] };
  /** Incidents of the last 30 days; null while the checks cannot be read. */
  incidents: { total: number; ongoing: number } | null;
  /** The newest check of any upstream; null without any (or while the checks cannot be read). */
  lastCheckMs: number | null;
  /** When the checks were counted (epoch ms); null while they cannot be read. */
  at: number | null;
}

/** The health answers' `ok`: nothing is known to be wrong (operational, or fresh data before the first check). */
export function isHealthy(state: OverallState): boolean {
  return state === "operational" || state === "unchecked";
}

/** Upstreams whose latest check failed (outage or partial: their last incident is still open). */
function failingUpstreams(checks: StatusHistory): FailingUpstream[] {
  return checks.upstreams.flatMap((u) =>
    u.lastCheckMs !== null && u.state !== "operational" && u.lastIncident?.endMs === null
      ? [{ upstream: u.upstream, sinceMs: u.lastIncident.startMs }]
      : [],
  );
}

/** A dataset that is not fresh, in words: since when it has been stale or unavailable. */
function datasetReason(key: RefreshedDataset, health: DatasetAge, at: number): string {
  const name = DATASET_NAMES[key];
  const moment = (iso: string | null) => (iso === null ? null : formatMoment(Date.parse(iso), at));
  const failing = moment(health.failingSince);
  switch (health.state) {
    case "stale": {
      const staleMs = Date.parse(health.fetchedAt ?? "") + health.freshSeconds * 1000;
      const failingPart = failing ? `, refreshes failing since ${failing}` : "";
      return `${name} stale since ${formatMoment(staleMs, at)}${failingPart}`;
    }
    case "fallback": {
      const since = failing ? ` since ${failing}` : "";
      return key === "markets"
        ? `${name} unavailable${since}: only the sample markets are shown`
        : `${name} unavailable${since}`;
    }
    default:
      return `${name} not refreshed yet`;
  }
}

/** The overall state, headline and reasons from the latest checks and the datasets' states. */
export function overallStatus({ checks, historyError, datasets, at }: StatusInputs): OverallStatus {
  const failing = checks ? failingUpstreams(checks) : [];
  const problems = REFRESHED_DATASETS.flatMap((dataset): DatasetProblem[] => {
    const { state } = datasets[dataset];
    return state === "fresh" ? [] : [{ dataset, state }];
  });
  const reasons = [
    ...failing.map((f) => `${UPSTREAM_NAMES[f.upstream]} failing since ${formatMoment(f.sinceMs, at)}`),
    ...problems.map((p) => datasetReason(p.dataset, datasets[p.dataset], at)),
    ...(checks ? [] : [`History: ${historyError}`]),
  ];
  const checked = checks?.upstreams.filter((u) => u.lastCheckMs !== null) ?? [];
  const base = {
    reasons,
    failing,
    datasets: { total: REFRESHED_DATASETS.length, problems },
    incidents: checks && {
      total: checks.incidents.length,
      ongoing: checks.incidents.filter((i) => i.endMs === null).length,
    },
    lastCheckMs: checked.length === 0 ? null : Math.max(...checked.map((u) => u.lastCheckMs ?? 0)),
    at: checks?.at ?? null,
  };
  if (failing.length > 0 || problems.length > 0)
    return { ...base, state: "degraded", headline: `Degraded: ${reasons.join("; ")}` };
  if (!checks) return { ...base, state: "unavailable", headline: "Status unavailable" };
  if (checked.length === 0) return { ...base, state: "unchecked", headline: "No checks yet" };
  return { ...base, state: "operational", headline: "All systems operational" };
}
