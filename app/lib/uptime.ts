/**
 * Uptime and incidents of the upstreams, from the checks each cron run records (decision 0013).
 * Pure: the status loader hands it what D1 counted and the checks around failures.
 *
 * - Uptime of a window: ok checks / all checks of that upstream in the window; none → "no checks yet".
 * - Incident: a run of consecutive failed checks of one upstream; it starts at the first failed check
 *   and ends at the next ok check, or is ongoing while the latest check still fails.
 * The overall line over these and the datasets' ages is overall-status.ts.
 */

export type CheckedUpstream = "gamma" | "data" | "x" | "llm";

/** The status page's order. */
export const CHECKED_UPSTREAMS: readonly CheckedUpstream[] = ["gamma", "data", "x", "llm"];

/** What the pages call each upstream (the status rows, the overall line and its reasons). */
export const UPSTREAM_NAMES: Record<CheckedUpstream, string> = {
  gamma: "Polymarket markets feed",
  data: "Polymarket trades",
  x: "X counts",
  llm: "Sentiment model",
};

export type UptimeWindow = "24h" | "7d" | "30d";

const HOUR_MS = 3_600_000;

/** The uptime windows, shortest first; the longest is also how far back incidents are listed. */
export const UPTIME_WINDOWS: readonly { key: UptimeWindow; label: string; ms: number }[] = [
  { key: "24h", label: "24 h", ms: 24 * HOUR_MS },
  { key: "7d", label: "7 d", ms: 7 * 24 * HOUR_MS },
  { key: "30d", label: "30 d", ms: 30 * 24 * HOUR_MS },
];

export const HISTORY_WINDOW_MS = 30 * 24 * HOUR_MS;

/** One upstream's checks since a window's start, as the database counts them. */
export interface CheckTally {
  upstream: CheckedUpstream;
  total: number;
  ok: number;
  meanLatencyMs: number;
  lastMs: number;
}

/** One recorded check, as incidents need it. */
export interface CheckRecord {
  upstream: CheckedUpstream;
  checkedMs: number;
  ok: boolean;
  status: number | null;
  items: number | null;
  error: string | null;
}

export interface Uptime {
  ok: number;
  total: number;
}

export interface Incident {
  upstream: CheckedUpstream;
  /** The first failed check (epoch ms). */
  startMs: number;
  /** The first ok check after the failures; null while the latest check still fails (ongoing). */
  endMs: number | null;
  /** Start to end, or to the time of computing while ongoing. */
  durationMs: number;
  failedChecks: number;
  /** What the latest failed check saw: its HTTP status, its error, and whether some items still arrived. */
  status: number | null;
  error: string | null;
  partial: boolean;
}

/** SPEC §3 service states, from the latest check. */
export type UpstreamState = "operational" | "degraded" | "outage";

export interface UpstreamHealth {
  upstream: CheckedUpstream;
  uptime: Record<UptimeWindow, Uptime>;
  /** Mean latency of the last 24 h's checks; null without any. */
  meanLatencyMs: number | null;
  lastCheckMs: number | null;
  /** Null without a check in the longest window. */
  state: UpstreamState | null;
  lastIncident: Incident | null;
}

export interface StatusHistory {
  /** Epoch ms the figures were computed at. */
  at: number;
  upstreams: UpstreamHealth[];
  /** Newest first. */
  incidents: Incident[];
}

/**
 * Percent of ok checks, floored to two decimals so that any failure shows below 100.00%; null
 * without checks.
 */
export function uptimePercent({ ok, total }: Uptime): number | null {
  return total > 0 ? Math.floor((ok * 10_000) / total) / 100 : null;
}

/** "75.00%", or "no checks yet". */
export function formatUptime(uptime: Uptime): string {
  const percent = uptimePercent(uptime);
  return percent === null ? "no checks yet" : `${percent.toFixed(2)}%`;
}

/** Runs of consecutive failed checks per upstream, newest first. `checks` may come in any order. */
export function groupIncidents(checks: readonly CheckRecord[], nowMs: number): Incident[] {
  const open = new Map<CheckedUpstream, Incident>();
  const incidents: Incident[] = [];
  for (const check of [...checks].sort((a, b) => a.checkedMs - b.checkedMs)) {
    const current = open.get(check.upstream);
    if (check.ok) {
      if (current) {
        current.endMs = check.checkedMs;
        current.durationMs = check.checkedMs - current.startMs;
        open.delete(check.upstream);
      }
      continue;
    }
    const seen = { status: check.status, error: check.error, partial: (check.items ?? 0) > 0 };
    if (current) {
      Object.assign(current, seen, { failedChecks: current.failedChecks + 1 });
      continue;
    }
    const incident: Incident = {
      upstream: check.upstream,
      startMs: check.checkedMs,
      endMs: null,
      durationMs: 0,
      failedChecks: 1,
      ...seen,
    };
    open.set(check.upstream, incident);
    incidents.push(incident);
  }
  for (const incident of open.values()) incident.durationMs = Math.max(0, nowMs - incident.startMs);
  return incidents.sort((a, b) => b.startMs - a.startMs);
}

/** Ok → operational; failed with some items received → degraded; failed with none → outage. */
function stateOf(hasChecks: boolean, lastIncident: Incident | null): UpstreamState | null {
  if (!hasChecks) return null;
  if (lastIncident === null || lastIncident.endMs !== null) return "operational";
  return lastIncident.partial ? "degraded" : "outage";
}

/**
 * The status page's measured figures. `tallies` holds one list per entry of UPTIME_WINDOWS, in its
 * order (24 h, 7 d, 30 d); `checks` at least every failed check of the 30 days and the check after each.
 */
export function statusHistory(
  tallies: readonly (readonly CheckTally[])[],
  checks: readonly CheckRecord[],
  nowMs: number,
): StatusHistory {
  const incidents = groupIncidents(checks, nowMs);
  const upstreams = CHECKED_UPSTREAMS.map((upstream): UpstreamHealth => {
    const inWindow = (i: number) => tallies[i]?.find((t) => t.upstream === upstream);
    const uptimeIn = (i: number): Uptime => ({ ok: inWindow(i)?.ok ?? 0, total: inWindow(i)?.total ?? 0 });
    const longest = inWindow(2);
    const lastIncident = incidents.find((incident) => incident.upstream === upstream) ?? null;
    return {
      upstream,
      uptime: { "24h": uptimeIn(0), "7d": uptimeIn(1), "30d": uptimeIn(2) },
      meanLatencyMs: inWindow(0)?.meanLatencyMs ?? null,
      lastCheckMs: longest?.lastMs ?? null,
      state: stateOf(longest !== undefined, lastIncident),
      lastIncident,
    };
  });
  return { at: nowMs, upstreams, incidents };
}
