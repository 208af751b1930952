import type { LookupGate, OnDemandCache } from "./cache/on-demand";
import type { SwrCache, WaitUntil } from "./cache/swr-cache";
import { openGate } from "./client-limits";
import type { Config } from "./config";
import { HistoryStore, type UpstreamCheck } from "./history/store";
import type { SearchMemo } from "./search/memo";
import type { IndexAnswer } from "./search/query";
import type { HistoryOutbox } from "./snapshots/outbox";
import { createLookupUpstreams, createUpstreams, type LookupUpstreams, type Upstreams } from "./upstreams";

/**
 * What the server side needs for one request or cron run, built once (`createDeps`): the config and
 * clock, the isolate's caches, the history database, and the upstream clients already constructed.
 */
export interface Deps {
  config: Config;
  /** Epoch milliseconds. */
  now: () => number;
  /** Keeps background refreshes alive after the response (ctx.waitUntil). */
  waitUntil: WaitUntil;
  /** The shared snapshots (KV), with their refresh records (D1). */
  cache: SwrCache;
  /** On-demand answers (memory + Cache API, never KV), with per-upstream back-off. */
  onDemand: OnDemandCache;
  /** The request's per-client gate in front of on-demand upstream calls (open for the cron). */
  lookups: LookupGate;
  /** The clients the snapshot builds use: the configured retries. */
  upstreams: Upstreams;
  /** The clients a visitor's lookup uses: one attempt, a failure backs the route off instead (decision 0021). */
  lookupUpstreams: LookupUpstreams;
  /** The history database, where the Worker has one (D1 binding `DB`). */
  history: HistoryStore | null;
  /** The same database as is: the search index's own modules read and write it (app/.server/search/). */
  db: D1Database | null;
  /** History batches this isolate could not write yet (outbox.ts). */
  outbox: HistoryOutbox;
  /** The index's recent answers to searches, kept a minute in this isolate (search/memo.ts); none: not kept. */
  searches?: SearchMemo<IndexAnswer>;
  /** Collects what the builds saw of each upstream they called; only the cron sets it (checks.ts). */
  reportCheck?: (check: UpstreamCheck) => void;
  /** The checks reported so far in this cron run, removed: a build writes them with its own batch. */
  takeChecks?: () => UpstreamCheck[];
}

export interface DepsSources {
  caches: {
    cache: SwrCache;
    onDemand: OnDemandCache;
    outbox: HistoryOutbox;
    searches?: SearchMemo<IndexAnswer>;
  };
  ctx: Pick<ExecutionContext, "waitUntil">;
  config: Config;
  db: D1Database | undefined;
  /** The request's lookup gate; the cron passes none (never limited). */
  lookups?: LookupGate;
  /** Epoch milliseconds; the wall clock unless a test sets one. */
  now?: () => number;
  /** The fetch every client uses; by default looked up per call, so test interceptors see every request. */
  fetch?: typeof fetch;
}

/** Wires the server modules to the Worker's bindings for one request or cron run. */
export function createDeps({ caches, ctx, config, db, lookups, now, fetch }: DepsSources): Deps {
  const send = fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    config,
    now: now ?? (() => Date.now()),
    waitUntil: (promise) => ctx.waitUntil(promise),
    cache: caches.cache,
    onDemand: caches.onDemand,
    lookups: lookups ?? openGate,
    upstreams: createUpstreams(config, send),
    lookupUpstreams: createLookupUpstreams(config, send),
    history: db ? new HistoryStore(db) : null,
    db: db ?? null,
    outbox: caches.outbox,
    ...(caches.searches ? { searches: caches.searches } : {}),
  };
}
