import { getConfig } from "../app/.server/config";
import type { UpstreamCheck } from "../app/.server/history/store";
import { writeChecks } from "../app/.server/snapshots/checks";
import { type SnapshotDeps, snapshotDeps } from "../app/.server/snapshots/deps";
import { compactHistory } from "../app/.server/snapshots/history";
import { refreshMarkets } from "../app/.server/snapshots/markets";
import { refreshWhales } from "../app/.server/snapshots/whales";
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
  const deps: SnapshotDeps = {
    ...snapshotDeps(isolateFor(env).cache, ctx, getConfig(env), env.DB),
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
  await Promise.all([writeChecks(history, checks), markets ? compactHistory(history, deps.now()) : null]);
}
