import { getConfig } from "../app/.server/config";
import { snapshotDeps } from "../app/.server/snapshots/deps";
import { refreshMarkets } from "../app/.server/snapshots/markets";
import { refreshWhales } from "../app/.server/snapshots/whales";
import { isolateFor } from "./isolate";

/** Cron expressions of wrangler.toml [triggers]. */
export const MARKETS_CRON = "*/10 * * * *";
export const WHALES_CRON = "* * * * *";

/**
 * Prewarms the caches: markets every 10 min (fresh for 15, so visitors never hit a cold cache),
 * whales every minute. An unknown expression refreshes both. Failures keep the previous data.
 */
export async function runScheduled(cron: string, env: Env, ctx: ExecutionContext): Promise<void> {
  const deps = snapshotDeps(isolateFor(env).cache, ctx, getConfig(env), env.DB);
  const jobs: Promise<unknown>[] = [];
  if (cron !== WHALES_CRON) jobs.push(refreshMarkets(deps));
  if (cron !== MARKETS_CRON) jobs.push(refreshWhales(deps));
  const results = await Promise.all(jobs);
  for (const result of results) {
    if (result instanceof Error) console.error(`[cron ${cron}] refresh failed: ${result.message}`);
  }
}
