import type { SwrCache, WaitUntil } from "../cache/swr-cache";
import type { Config } from "../config";
import { HistoryStore, type UpstreamCheck } from "../history/store";
import type { PolymarketOptions } from "../polymarket/request";

/** What the snapshot modules need: the isolate's cache, the config, and the request's fetch, clock and waitUntil. */
export interface SnapshotDeps {
  cache: SwrCache;
  config: Config;
  fetch: typeof fetch;
  /** Epoch milliseconds. */
  now: () => number;
  /** Keeps background refreshes alive after the response (ctx.waitUntil). */
  waitUntil: WaitUntil;
  /** The history database, where the Worker has one (D1 binding `DB`). */
  history: HistoryStore | null;
  /** Collects what the builds saw of each upstream they called; only the cron sets it (checks.ts). */
  reportCheck?: (check: UpstreamCheck) => void;
}

/** Wires the snapshot modules to the Worker's bindings for one request or cron run. */
export function snapshotDeps(
  cache: SwrCache,
  ctx: ExecutionContext,
  config: Config,
  db: D1Database | undefined,
): SnapshotDeps {
  return {
    cache,
    config,
    // Looked up per call so test interceptors that patch globalThis.fetch see every request.
    fetch: (input, init) => globalThis.fetch(input, init),
    now: () => Date.now(),
    waitUntil: (promise) => ctx.waitUntil(promise),
    history: db ? new HistoryStore(db) : null,
  };
}

/** Options for a Polymarket client from the config. */
export function polymarketOptions(deps: SnapshotDeps, baseUrl: string): PolymarketOptions {
  const { timeoutMs, retries, retryBaseMs } = deps.config;
  return { baseUrl, fetch: deps.fetch, timeoutMs, retries, retryBaseMs };
}

/** A failure in words for a visitor (upstream errors already carry the SPEC texts). */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Unknown error occurred";
}
