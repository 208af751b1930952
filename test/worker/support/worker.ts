/**
 * The whole Worker as a test talks to it: each `testWorker()` has its own env object, hence its own
 * isolate state (snapshot memo, single flight, failure back-off, page memory), so no test resets globals.
 * KV and D1 are the test run's real miniflare storage.
 */
import {
  createExecutionContext,
  env,
  getQueueResult,
  type QueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, beforeEach, vi } from "vitest";
import { KV_KEYS } from "~/.server/snapshots/keys";
import worker from "../../../workers/app";
import { listenToUpstreams, resetCalls } from "./upstreams";

export const ORIGIN = "https://oddspulse.example";
export const BROWSER = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
};
export const CRAWLER = { "user-agent": "Googlebot/2.1" };

export interface TestWorker {
  env: Env;
  /** A request through the Worker's fetch handler (a path is resolved against ORIGIN). */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** Runs a cron trigger as the runtime would. */
  scheduled: (cron: string, scheduledTime?: number) => Promise<void>;
  /** Runs the queue handler on a batch (createMessageBatch) and says what it acknowledged and retried. */
  queue: (batch: MessageBatch) => Promise<QueueResult>;
  /** Waits for the background work (waitUntil) of every request and cron run so far. */
  settle: () => Promise<void>;
}

/**
 * The Cache API namespace on-demand answers go to (workers/isolate.ts): a new one per test, so each test
 * starts with the data centre's cache empty, shared by every test worker of that test ("another isolate,
 * same data centre").
 */
let onDemandCache: Cache | null = null;
let cacheGeneration = 0;

/** Gives the following test workers an empty Cache API namespace. */
async function freshOnDemandCache(): Promise<Cache> {
  cacheGeneration += 1;
  onDemandCache = await caches.open(`on-demand-test-${cacheGeneration}`);
  return onDemandCache;
}

/** `overrides` replace bindings, vars or secrets of the test env (e.g. `{ X_BEARER_TOKEN: "" }`). */
export function testWorker(overrides: Record<string, unknown> = {}): TestWorker {
  const testEnv = {
    ...env,
    ...(onDemandCache ? { ON_DEMAND_CACHE: onDemandCache } : {}),
    ...overrides,
  } as Env;
  const pending: ExecutionContext[] = [];
  const context = () => {
    const ctx = createExecutionContext();
    pending.push(ctx);
    return ctx;
  };
  return {
    env: testEnv,
    fetch: async (path, init) => worker.fetch(new Request(new URL(path, ORIGIN), init), testEnv, context()),
    scheduled: async (cron, scheduledTime = Date.now()) => {
      await worker.scheduled(
        { cron, scheduledTime, noRetry: () => {} } as ScheduledController,
        testEnv,
        context(),
      );
    },
    queue: async (batch) => {
      const ctx = createExecutionContext();
      await worker.queue(batch, testEnv);
      return getQueueResult(batch, ctx);
    },
    settle: async () => {
      await Promise.all(pending.splice(0).map((ctx) => waitOnExecutionContext(ctx)));
    },
  };
}

/** Empties the cached datasets in KV and their refresh records and locks (D1): each test starts cold. */
export async function clearKv(): Promise<void> {
  for (const key of Object.values(KV_KEYS)) await env.CACHE.delete(key);
  await env.DB.prepare("DELETE FROM refresh_state").run();
}

/** What each test of a file starts from (see workerTest). */
export interface WorkerTestOptions {
  /**
   * A fresh worker for each test at `t.worker` (the default). `false` for a file whose tests make their own
   * with testWorker(): those use the default Cache API namespace (no new one per test), and each test still
   * starts with zeroed counts, cold KV and the tables and prefixes below emptied.
   */
  worker?: boolean;
  /** D1 tables emptied before each test (not `calls`, which refuses deletes: clearCalls in support/calls.ts). */
  tables?: readonly string[];
  /** KV key prefixes (e.g. "market:"): every key under each is deleted before each test. */
  kvPrefixes?: readonly string[];
}

export interface WorkerTest {
  /**
   * The current test's worker. A test may put another in its place (`t.worker = testWorker({ ... })`: another
   * isolate, other bindings) for the rest of that test; the next test gets a fresh one again.
   */
  worker: TestWorker;
}

/**
 * The set-up of a workerd test file, called once at its top: `const t = workerTest({ tables: ["markets"] })`.
 * - msw answers the upstreams from the recorded payloads (listenToUpstreams); after each test its handlers,
 *   the mocks and the real timers are put back.
 * - Before each test: a fresh worker at `t.worker` (its own isolate state; it and any testWorker() the test
 *   makes share a new, empty Cache API namespace), the upstream call counts zeroed, KV's cached datasets
 *   and their refresh records gone (clearKv), then `tables` emptied and the KV keys under `kvPrefixes`
 *   deleted.
 * - After each test: the background work of the worker it made (refreshes that write KV) finishes, so none
 *   of it lands in the next test.
 */
export function workerTest({
  worker = true,
  tables = [],
  kvPrefixes = [],
}: WorkerTestOptions = {}): WorkerTest {
  listenToUpstreams();
  let made: TestWorker | null = null;
  let current: TestWorker | null = null;
  beforeEach(async () => {
    if (worker) {
      await freshOnDemandCache();
      made = current = testWorker();
    }
    resetCalls();
    await clearKv();
    if (tables.length > 0) await clearTables(...tables);
    for (const prefix of kvPrefixes) {
      const { keys } = await env.CACHE.list({ prefix });
      for (const key of keys) await env.CACHE.delete(key.name);
    }
  });
  afterEach(async () => {
    vi.useRealTimers();
    await made?.settle();
  });
  return {
    get worker(): TestWorker {
      if (!current)
        throw new Error("t.worker exists only inside a test, and only without workerTest({ worker: false })");
      return current;
    },
    set worker(other: TestWorker) {
      current = other;
    },
  };
}

/** A D1 binding whose every call fails, as when the database is unreachable. */
export const failingDb = {
  prepare: () => {
    throw new Error("D1_ERROR: database unavailable");
  },
  batch: async () => {
    throw new Error("D1_ERROR: database unavailable");
  },
} as unknown as D1Database;

/**
 * The rate-limiting bindings' windows (and miniflare's) are aligned to the wall clock: a test that counts
 * requests against a limit starts well inside a minute, so they all count against the same window.
 */
export async function withinOneWindow(needMs = 10_000): Promise<void> {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 60_000 - needMs)
    await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindow + 50));
}

/** Empties history tables (not `calls`, which refuses deletes: see support/calls.ts). */
export async function clearTables(...tables: string[]): Promise<void> {
  await env.DB.batch(tables.map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
}
