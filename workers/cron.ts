import { getConfig } from "../app/.server/config";
import type { UpstreamCheck } from "../app/.server/history/store";
import { writeChecks } from "../app/.server/snapshots/checks";
import { type SnapshotDeps, snapshotDeps } from "../app/.server/snapshots/deps";
import { compactHistory } from "../app/.server/snapshots/history";
import { refreshMarkets, type StoredMarkets } from "../app/.server/snapshots/markets";
import { refreshWhales } from "../app/.server/snapshots/whales";
import { settleOpenCalls } from "../app/.server/track-record/settle";
import { isolateFor } from "./isolate";

/** Cron expressions of wrangler.toml [triggers]. */
export const MARKETS_CRON = "*/10 * * * *";
export const WHALES_CRON = "* * * * *";

/**
 * Prewarms the caches: markets every 10 min (fresh for 15, so visitors never hit a cold cache),
 * whales every minute. An unknown expression refreshes both. Failures keep the previous data.
 * Each run then records what it saw of each upstream it called (one batch), and the market run
 * compacts the history; neither can fail the run (a D1 failure is one log line).
 */
export async function runScheduled(cron: string, env: Env, ctx: ExecutionContext): Promise<void> {
  const checks: UpstreamCheck[] = [];
  const config = getConfig(env);
  const deps: SnapshotDeps = {
    ...snapshotDeps({ caches: isolateFor(env, config), ctx, config, db: env.DB }),
    reportCheck: (check) => checks.push(check),
  };
  const markets = cron !== WHALES_CRON;
  const jobs: Promise<unknown>[] = [];
  if (markets) jobs.push(refreshMarkets(deps));
  if (cron !== MARKETS_CRON) jobs.push(refreshWhales(deps));
  const results = await Promise.all(jobs);
  for (const result of results) {
    if (result instanceof Error) console.error(`[cron ${cron}] refresh failed: ${result.message}`);
  }
  const { history } = deps;
  if (!history) return;
  await Promise.all([
    writeChecks(history, checks),
    markets ? compactHistory(history, deps.now()) : null,
    markets ? settleCalls(deps, results[0]) : null,
  ]);
}

/**
 * Grades the calls whose markets resolved (the track record). Never throws: a failure is one log line
 * and the calls stay open for the next run.
 */
async function settleCalls(deps: SnapshotDeps, refreshed: unknown): Promise<void> {
  const stored = refreshed instanceof Error ? null : (refreshed as StoredMarkets | undefined);
  const active = stored ? new Set(stored.snapshot.markets.map((m) => m.id)) : null;
  try {
    const run = await settleOpenCalls(deps, active);
    if (run.looked > 0)
      console.info(
        `[track-record] looked up ${run.looked} markets: ${run.graded} calls graded, ${run.pending} markets pending`,
      );
  } catch (error) {
    console.error(
      `[track-record] settlement failed (the calls stay open for the next run): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
