import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/config";
import {
  getMarketSnapshot,
  getWhaleSnapshot,
  KV_KEYS,
  readMarketSnapshot,
  resetSnapshotMemory,
  type SnapshotDeps,
  type StoredMarkets,
} from "~/.server/snapshot";
import worker from "../../workers/app";
import { calls, failing, resetCalls, upstreams } from "./support/upstreams";

beforeAll(() => upstreams.listen({ onUnhandledRequest: "error" }));
afterEach(() => upstreams.resetHandlers());
afterAll(() => upstreams.close());

const T0 = Date.parse("2026-11-22T12:00:00Z");
const MIN = 60_000;

/** Snapshot deps on the test KV with a settable clock and collected background work. */
function testDeps(overrides: Partial<SnapshotDeps> = {}) {
  let now = T0;
  const background: Promise<unknown>[] = [];
  const deps: SnapshotDeps = {
    kv: env.CACHE,
    // Without secrets: these tests are about the feed; the mentions/sentiment paths have their own.
    config: parseConfig({ ...env, X_BEARER_TOKEN: "", LLM_API_KEY: "" }),
    fetch: (input, init) => globalThis.fetch(input, init),
    now: () => now,
    waitUntil: (p) => {
      background.push(p);
    },
    ...overrides,
  };
  return {
    deps,
    setNow: (t: number) => {
      now = t;
    },
    settle: () => Promise.all(background.splice(0)),
    background,
  };
}

async function storedMarkets(): Promise<StoredMarkets | null> {
  return env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json");
}

beforeEach(async () => {
  resetSnapshotMemory();
  resetCalls();
  for (const key of Object.values(KV_KEYS)) await env.CACHE.delete(key);
});

describe("market snapshot", () => {
  it("fetches once on a cold cache, stores it in KV with its fetch time, then serves from cache", async () => {
    const { deps } = testDeps();
    const first = await getMarketSnapshot(deps);
    expect(first.markets).toHaveLength(100);
    expect(first.sources).toEqual({ markets: "live", mentions: "estimated", sentiment: "estimated" });
    expect(first.fetchedAt).toBe(new Date(T0).toISOString());
    expect(calls.gamma).toBe(1);
    expect((await storedMarkets())?.snapshot.fetchedAt).toBe(first.fetchedAt);

    resetSnapshotMemory(); // a new isolate: must come from KV, not memory
    const second = await getMarketSnapshot(deps);
    expect(second.fetchedAt).toBe(first.fetchedAt);
    expect(calls.gamma).toBe(1);
  });

  it("stays fresh for 15 minutes without refetching", async () => {
    const { deps, setNow, background } = testDeps();
    await getMarketSnapshot(deps);
    setNow(T0 + 14 * MIN);
    resetSnapshotMemory();
    await readMarketSnapshot(deps);
    expect(background).toHaveLength(0);
    expect(calls.gamma).toBe(1);
  });

  it("serves a stale snapshot at once and refreshes it in the background", async () => {
    const { deps, setNow, settle } = testDeps();
    await getMarketSnapshot(deps);
    setNow(T0 + 16 * MIN);
    resetSnapshotMemory();
    const stale = await getMarketSnapshot(deps);
    expect(stale.fetchedAt).toBe(new Date(T0).toISOString());
    await settle();
    expect(calls.gamma).toBe(2);
    expect((await storedMarkets())?.snapshot.fetchedAt).toBe(new Date(T0 + 16 * MIN).toISOString());
  });

  it("triggers a single refresh for many concurrent stale readers", async () => {
    const { deps, setNow, settle } = testDeps();
    await getMarketSnapshot(deps);
    setNow(T0 + 20 * MIN);
    resetSnapshotMemory();
    await Promise.all(Array.from({ length: 20 }, () => readMarketSnapshot(deps)));
    await settle();
    expect(calls.gamma).toBe(2);
  });

  it("makes one upstream call for many concurrent cold readers", async () => {
    const { deps } = testDeps();
    const results = await Promise.all(Array.from({ length: 10 }, () => getMarketSnapshot(deps)));
    expect(new Set(results.map((r) => r.fetchedAt)).size).toBe(1);
    expect(calls.gamma).toBe(1);
  });

  it("keeps the good data when a refresh fails", async () => {
    const { deps, setNow, settle } = testDeps();
    const good = await getMarketSnapshot(deps);
    upstreams.use(failing("gamma", "http-500"));
    setNow(T0 + 30 * MIN);
    resetSnapshotMemory();
    const served = await getMarketSnapshot(deps);
    await settle();
    expect(served.fetchedAt).toBe(good.fetchedAt);
    expect(served.sources.markets).toBe("live");
    expect((await storedMarkets())?.snapshot.fetchedAt).toBe(good.fetchedAt);
  });

  it("falls back to the three sample markets, flagged, when nothing good is held", async () => {
    upstreams.use(failing("gamma", "http-500"));
    const { deps } = testDeps();
    const snapshot = await getMarketSnapshot(deps);
    expect(snapshot.sources.markets).toBe("sample");
    expect(snapshot.error).toBe("API error: 500");
    expect(snapshot.markets.map((m) => m.title)).toEqual([
      "Russia x Ukraine ceasefire in 2025?",
      "Will Bitcoin reach $100k?",
      "Will AGI be achieved by 2030?",
    ]);
    expect(await storedMarkets()).toBeNull();
    // The failure is remembered briefly: a burst of visitors does not hammer a failing upstream.
    const callsAfterFirst = calls.gamma;
    await getMarketSnapshot(deps);
    expect(calls.gamma).toBe(callsAfterFirst);
  });

  it("answers an empty feed with an empty snapshot (SPEC 'No markets available') and does not cache it", async () => {
    upstreams.use(failing("gamma", "empty"));
    const { deps } = testDeps();
    const snapshot = await getMarketSnapshot(deps);
    expect(snapshot.markets).toEqual([]);
    expect(snapshot.sources.markets).toBe("live");
    expect(await storedMarkets()).toBeNull();
  });

  it("keeps cached data when the feed turns empty", async () => {
    const { deps, setNow, settle } = testDeps();
    const good = await getMarketSnapshot(deps);
    upstreams.use(failing("gamma", "empty"));
    setNow(T0 + 30 * MIN);
    resetSnapshotMemory();
    expect((await getMarketSnapshot(deps)).fetchedAt).toBe(good.fetchedAt);
    await settle();
    expect((await storedMarkets())?.snapshot.fetchedAt).toBe(good.fetchedAt);
  });

  it("still answers when KV fails on every call", async () => {
    const broken = {
      get: () => Promise.reject(new Error("KV down")),
      put: () => Promise.reject(new Error("KV down")),
    } as unknown as KVNamespace;
    const { deps } = testDeps({ kv: broken });
    const snapshot = await getMarketSnapshot(deps);
    expect(snapshot.markets).toHaveLength(100);
    expect(snapshot.sources.markets).toBe("live");
  });
});

describe("whale snapshot", () => {
  it("keeps only trades over $50,000 and caches them for 60 s", async () => {
    const { deps, setNow, settle } = testDeps();
    const first = await getWhaleSnapshot(deps);
    expect(first.trades.length).toBeGreaterThan(0);
    for (const t of first.trades) expect(t.size * t.price).toBeGreaterThan(50_000);
    setNow(T0 + 59_000);
    resetSnapshotMemory();
    await getWhaleSnapshot(deps);
    await settle();
    expect(calls.data).toBe(1);
    setNow(T0 + 61_000);
    resetSnapshotMemory();
    await getWhaleSnapshot(deps);
    await settle();
    expect(calls.data).toBe(2);
  });

  it("answers an empty list plus the failure when the Data API fails and nothing is cached", async () => {
    upstreams.use(failing("data", "html-403"));
    const { deps } = testDeps();
    const snapshot = await getWhaleSnapshot(deps);
    expect(snapshot.trades).toEqual([]);
    expect(snapshot.error).toBe("Failed to fetch whale trades");
  });
});

describe("cron", () => {
  it("the market schedule writes the market snapshot to KV", async () => {
    const ctx = createExecutionContext();
    await worker.scheduled(
      { cron: "*/10 * * * *", scheduledTime: T0, noRetry: () => {} } as ScheduledController,
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect((await storedMarkets())?.snapshot.markets).toHaveLength(100);
    expect(calls.gamma).toBe(1);
    expect(calls.data).toBe(0);
  });

  it("the minute schedule writes the whale snapshot to KV", async () => {
    const ctx = createExecutionContext();
    await worker.scheduled(
      { cron: "* * * * *", scheduledTime: T0, noRetry: () => {} } as ScheduledController,
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await env.CACHE.get(KV_KEYS.whales)).not.toBeNull();
    expect(calls.data).toBe(1);
    expect(calls.gamma).toBe(0);
  });
});
