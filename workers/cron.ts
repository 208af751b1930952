import { getConfig } from "../app/.server/config";
import type { UpstreamCheck } from "../app/.server/history/store";
import { describeFailure } from "../app/.server/http";
import { type SnapshotDeps, snapshotDeps } from "../app/.server/snapshots/deps";
import { compactHistory } from "../app/.server/snapshots/history";
import { refreshMarkets, type StoredMarkets } from "../app/.server/snapshots/markets";
import { flushHistory } from "../app/.server/snapshots/outbox";
import { refreshWhales } from "../app/.server/snapshots/whales";
import { settleOpenCalls } from "../app/.server/track-record/settle";
// The cron expressions of wrangler.toml [triggers]: one module says them, a unit test compares.
import { MARKETS_CRON, WHALES_CRON } from "../app/lib/refresh-cadence";
import { isolateFor } from "./isolate";

/**
 * Prewarms the caches: markets every 10 min (fresh for 15, so visitors never hit a cold cache),
 * whales every minute. An unknown expression refreshes both. Failures keep the previous data.
 * What each run saw of each upstream it called is written with the build's own history batch; what a
 * failed build saw is written after it, through the same outbox (a D1 failure keeps it for the next
 * run, decision 0023). The market run also compacts the history and settles the track record; neither
 * can fail the run.
 */
export async function runScheduled(cron: string, env: Env, ctx: ExecutionContext): Promise<void> {
  const checks: UpstreamCheck[] = [];
  const config = getConfig(env);
  const deps: SnapshotDeps = {
    ...snapshotDeps({ caches: isolateFor(env, config), ctx, config, db: env.DB }),
    reportCheck: (check) => checks.push(check),
    takeChecks: () => checks.splice(0),
  };
  const startedMs = deps.now();
  const markets = cron !== WHALES_CRON;
  const whales = cron !== MARKETS_CRON;
  const [marketRun, whaleRun] = await Promise.all([
    markets ? refreshMarkets(deps) : null,
    whales ? refreshWhales(deps) : null,
  ]);
  for (const [name, run] of [
    ["markets", marketRun],
    ["whales", whaleRun],
  ] as const) {
    if (run instanceof Error) console.error(`[cron ${cron}] ${name} refresh failed: ${run.message}`);
  }
  const { history } = deps;
  if (!history) return;
  await Promise.all([
    // Checks of a build that failed before writing its batch (or of none at all).
    checks.length > 0
      ? flushHistory(deps, [{ id: `checks:${startedMs}`, atMs: startedMs, checks: checks.splice(0) }])
      : null,
    markets ? compactHistory(history, deps.now()) : null,
    markets ? settleCalls(deps, marketRun) : null,
  ]);
}

/**
 * Grades the calls whose markets resolved (the track record). Never throws: a failure is one log line
 * and the calls stay open for the next run.
 */
async function settleCalls(deps: SnapshotDeps, refreshed: StoredMarkets | Error | null): Promise<void> {
  const stored = refreshed instanceof Error ? null : refreshed;
  const active = stored ? new Set(stored.snapshot.markets.map((m) => m.id)) : null;
  try {
    const run = await settleOpenCalls(deps, active);
    if (run.looked > 0)
      console.info(
        `[track-record] looked up ${run.looked} markets: ${run.graded} calls graded, ${run.pending} markets pending`,
      );
  } catch (error) {
    console.error(
      `[track-record] settlement failed (the calls stay open for the next run): ${describeFailure(error)}`,
    );
  }
}
