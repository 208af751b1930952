import type { LookupGate, OnDemandCache } from "../cache/on-demand";
import type { SwrCache, WaitUntil } from "../cache/swr-cache";
import { openGate } from "../client-limits";
import type { Config } from "../config";
import { HistoryStore, type UpstreamCheck } from "../history/store";
import type { PolymarketOptions } from "../polymarket/request";
import type { HistoryOutbox } from "./outbox";

/** What the snapshot modules need: the isolate's caches, the config, and the request's fetch, clock and waitUntil. */
export interface SnapshotDeps {
  cache: SwrCache;
  /** On-demand answers (memory + Cache API, never KV), with per-upstream back-off. */
  onDemand: OnDemandCache;
  /** The request's per-client gate in front of on-demand upstream calls (open for the cron). */
  lookups: LookupGate;
  config: Config;
  fetch: typeof fetch;
  /** Epoch milliseconds. */
  now: () => number;
  /** Keeps background refreshes alive after the response (ctx.waitUntil). */
  waitUntil: WaitUntil;
  /** The history database, where the Worker has one (D1 binding `DB`). */
  history: HistoryStore | null;
  /** History batches this isolate could not write yet (outbox.ts). */
  outbox: HistoryOutbox;
  /** Collects what the builds saw of each upstream they called; only the cron sets it (checks.ts). */
  reportCheck?: (check: UpstreamCheck) => void;
  /** The checks reported so far in this cron run, removed: a build writes them with its own batch. */
  takeChecks?: () => UpstreamCheck[];
}

export interface DepsSources {
  caches: { cache: SwrCache; onDemand: OnDemandCache; outbox: HistoryOutbox };
  ctx: ExecutionContext;
  config: Config;
  db: D1Database | undefined;
  /** The request's lookup gate; the cron passes none (never limited). */
  lookups?: LookupGate;
}

/** Wires the snapshot modules to the Worker's bindings for one request or cron run. */
export function snapshotDeps({ caches, ctx, config, db, lookups }: DepsSources): SnapshotDeps {
  return {
    cache: caches.cache,
    onDemand: caches.onDemand,
    outbox: caches.outbox,
    lookups: lookups ?? openGate,
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

/**
 * Options for a lookup on a visitor's behalf: one attempt, no retries. A failure puts the upstream in
 * back-off instead (on-demand.ts), so a visitor never waits through retries of a failing upstream.
 */
export function onDemandOptions(deps: SnapshotDeps, baseUrl: string): PolymarketOptions {
  return { ...polymarketOptions(deps, baseUrl), retries: 0 };
}

/** A failure in words for a visitor (upstream errors already carry the SPEC texts). */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Unknown error occurred";
}
