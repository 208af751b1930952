/**
 * The generic stale-while-revalidate cache against real miniflare KV and D1 (refresh records and locks in
 * `refresh_state`), with its own clock.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type Dataset, type RefreshStateStore, SwrCache } from "~/.server/cache/swr-cache";
import { D1RefreshState } from "~/.server/history/refresh-state";

const T0 = Date.parse("2026-11-22T12:00:00Z");
const MIN = 60_000;

interface Value {
  n: number;
  fetchedAt: string;
}

let keys = 0;

/** A dataset with its own KV keys whose build can be told to fail; counts its builds. */
function harness(
  options: {
    kv?: KVNamespace;
    freshMs?: number;
    backoffMs?: number;
    store?: RefreshStateStore;
    sameContent?: boolean;
    minWriteMs?: number;
  } = {},
) {
  keys += 1;
  let now = T0;
  const background: Promise<unknown>[] = [];
  const logs: string[] = [];
  const state = {
    builds: 0,
    fail: null as Error | null,
    retryAfterMs: undefined as number | undefined,
    /** The content the next build finds upstream (the same content rebuilt is "the same"). */
    content: 1,
  };
  const puts: string[] = [];
  const baseKv = options.kv ?? env.CACHE;
  const kv = {
    get: (...args: unknown[]) => (baseKv.get as (...a: unknown[]) => unknown)(...args),
    put: (key: string, ...rest: unknown[]) => {
      puts.push(key);
      return (baseKv.put as (...a: unknown[]) => Promise<void>)(key, ...rest);
    },
  } as unknown as KVNamespace;
  const store = options.store ?? new D1RefreshState(env.DB);
  const dataset: Dataset<Value> = {
    key: `test:value:${keys}`,
    recordKey: `test:record:${keys}`,
    freshMs: options.freshMs ?? 15 * MIN,
    backoffMs: options.backoffMs ?? 30_000,
    fetchedAt: (value) => value.fetchedAt,
    build: async (previous) => {
      state.builds += 1;
      await Promise.resolve();
      if (state.fail) throw state.fail;
      const n = options.sameContent ? state.content : (previous?.n ?? 0) + 1;
      return { n, fetchedAt: new Date(now).toISOString() };
    },
    ...(options.sameContent ? { sameContent: (a: Value, b: Value) => a.n === b.n } : {}),
    ...(options.minWriteMs === undefined ? {} : { minWriteMs: options.minWriteMs }),
    isEmptyAnswer: (error) => error.message === "empty",
    retryAfterMs: () => state.retryAfterMs,
  };
  const makeCache = () => new SwrCache({ kv, state: store, now: () => now, log: (line) => logs.push(line) });
  return {
    dataset,
    state,
    logs,
    makeCache,
    cache: makeCache(),
    waitUntil: (p: Promise<unknown>) => {
      background.push(p);
    },
    background,
    settle: () => Promise.all(background.splice(0)),
    setNow: (t: number) => {
      now = t;
    },
    stored: () => env.CACHE.get<Value>(dataset.key, "json"),
    record: async () => (await new D1RefreshState(env.DB).readAll()).get(dataset.recordKey) ?? null,
    puts,
  };
}

describe("SwrCache", () => {
  it("builds once on a cold key, stores the value and a success record; a new isolate reads KV", async () => {
    const h = harness();
    const first = await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    expect(first).toEqual({
      ok: true,
      value: {
        value: { n: 1, fetchedAt: new Date(T0).toISOString() },
        fetchedAt: new Date(T0).toISOString(),
        checkedAt: new Date(T0).toISOString(),
        stale: false,
      },
    });
    expect(h.state.builds).toBe(1);
    expect(await h.stored()).toEqual({ n: 1, fetchedAt: new Date(T0).toISOString() });
    expect(await h.record()).toEqual({
      attemptAt: new Date(T0).toISOString(),
      successAt: new Date(T0).toISOString(),
      failingSince: null,
      error: null,
      confirmedAt: new Date(T0).toISOString(),
      confirmedOf: new Date(T0).toISOString(),
    });
    // KV holds the value only: the record and any lock live in D1.
    expect(h.puts).toEqual([h.dataset.key]);
    const other = h.makeCache();
    expect(await other.readOrRefresh(h.dataset, h.waitUntil)).toMatchObject({
      ok: true,
      value: { value: { n: 1 } },
    });
    expect(h.state.builds).toBe(1);
  });

  it("serves a fresh value without scheduling work, and a stale one while refreshing it once", async () => {
    const h = harness();
    await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    h.setNow(T0 + 14 * MIN);
    await h.makeCache().read(h.dataset, h.waitUntil);
    expect(h.background).toHaveLength(0);

    h.setNow(T0 + 16 * MIN);
    const reader = h.makeCache();
    const results = await Promise.all(Array.from({ length: 20 }, () => reader.read(h.dataset, h.waitUntil)));
    expect(results.every((r) => r?.stale === true && r.value.n === 1)).toBe(true);
    expect(h.background).toHaveLength(1);
    await h.settle();
    expect(h.state.builds).toBe(2);
    expect((await h.stored())?.n).toBe(2);
  });

  it("makes one build for many concurrent cold readers", async () => {
    const h = harness();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => h.cache.readOrRefresh(h.dataset, h.waitUntil)),
    );
    expect(new Set(results.map((r) => (r.ok ? r.value.fetchedAt : "error"))).size).toBe(1);
    expect(h.state.builds).toBe(1);
  });

  it("keeps the stored value when a refresh fails, records since when, and clears it on success", async () => {
    const h = harness();
    await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    h.state.fail = new Error("API error: 500");
    h.setNow(T0 + 20 * MIN);
    expect(await h.cache.refresh(h.dataset)).toEqual({
      ok: false,
      reason: "unavailable",
      message: "API error: 500",
    });
    expect((await h.stored())?.n).toBe(1);
    h.setNow(T0 + 30 * MIN);
    await h.makeCache().refresh(h.dataset);
    expect(await h.record()).toEqual({
      attemptAt: new Date(T0 + 30 * MIN).toISOString(),
      successAt: new Date(T0).toISOString(),
      failingSince: new Date(T0 + 20 * MIN).toISOString(),
      error: "API error: 500",
      confirmedAt: new Date(T0).toISOString(),
      confirmedOf: new Date(T0).toISOString(),
    });
    expect(h.logs).toContain(`refresh of ${h.dataset.key} failed, keeping previous data: API error: 500`);
    const served = await h.makeCache().read(h.dataset, () => {});
    expect(served?.failure).toEqual({
      message: "API error: 500",
      since: new Date(T0 + 20 * MIN).toISOString(),
    });

    h.state.fail = null;
    await h.makeCache().refresh(h.dataset);
    expect((await h.record())?.failingSince).toBeNull();
    expect((await h.makeCache().read(h.dataset, () => {}))?.failure).toBeUndefined();
  });

  it("does not rebuild within the back-off after a failure, and does after it", async () => {
    const h = harness({ backoffMs: 30_000 });
    h.state.fail = new Error("API error: 500");
    expect(await h.cache.readOrRefresh(h.dataset, h.waitUntil)).toMatchObject({ ok: false });
    h.setNow(T0 + 29_000);
    expect(await h.cache.readOrRefresh(h.dataset, h.waitUntil)).toMatchObject({ ok: false });
    expect(h.state.builds).toBe(1);
    h.setNow(T0 + 31_000);
    await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    expect(h.state.builds).toBe(2);
  });

  it("lengthens the back-off to what the failure asks for (Retry-After)", async () => {
    const h = harness({ backoffMs: 30_000 });
    h.state.fail = new Error("API error: 429");
    h.state.retryAfterMs = 600_000;
    await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    h.setNow(T0 + 599_000);
    await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    expect(h.state.builds).toBe(1);
    h.setNow(T0 + 601_000);
    await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    expect(h.state.builds).toBe(2);
  });

  it("does not record an empty answer as a failing refresh", async () => {
    const h = harness();
    h.state.fail = new Error("empty");
    await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    expect(await h.stored()).toBeNull();
    expect(await h.record()).toMatchObject({ failingSince: null, error: null });
  });

  it("skips the background refresh while another isolate holds the lock (a compare-and-set in D1)", async () => {
    const h = harness();
    await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    h.setNow(T0 + 20 * MIN);
    // Another isolate took it a second ago, for a minute.
    const store = new D1RefreshState(env.DB);
    expect(await store.takeLock(h.dataset.recordKey, T0 + 20 * MIN - 1000, T0 + 21 * MIN - 1000)).toBe(true);
    expect(await store.takeLock(h.dataset.recordKey, T0 + 20 * MIN, T0 + 21 * MIN)).toBe(false);
    await h.makeCache().read(h.dataset, h.waitUntil);
    await h.settle();
    expect(h.state.builds).toBe(1);
    // Once it has run out, the next stale read takes it and refreshes.
    h.setNow(T0 + 22 * MIN);
    await h.makeCache().read(h.dataset, h.waitUntil);
    await h.settle();
    expect(h.state.builds).toBe(2);
  });

  it("the same content rebuilt confirms the stored copy without a KV write; pages see it checked then", async () => {
    const h = harness({ sameContent: true, freshMs: 5 * MIN });
    await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    expect(h.puts).toHaveLength(1);
    h.setNow(T0 + 4 * MIN);
    expect(await h.cache.refresh(h.dataset)).toEqual({
      ok: true,
      value: { n: 1, fetchedAt: new Date(T0).toISOString() },
    });
    expect(h.puts).toHaveLength(1);
    // Another isolate, 3 minutes later: the copy fetched at T0 was checked at T0 + 4 min, so it is fresh.
    h.setNow(T0 + 7 * MIN);
    const read = await h.makeCache().read(h.dataset, h.waitUntil);
    expect(read).toMatchObject({ checkedAt: new Date(T0 + 4 * MIN).toISOString(), stale: false });
    expect(h.background).toHaveLength(0);
    // New content is written.
    h.state.content = 2;
    await h.cache.refresh(h.dataset);
    expect(h.puts).toHaveLength(2);
    expect((await h.stored())?.n).toBe(2);
  });

  it("changed content is written at most every minWriteMs; meanwhile the stored copy is not confirmed", async () => {
    const h = harness({ sameContent: true, minWriteMs: 4 * MIN, freshMs: 5 * MIN });
    await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    for (let minute = 1; minute <= 8; minute++) {
      h.setNow(T0 + minute * MIN);
      h.state.content = minute + 1; // new content every minute
      const newest = await h.cache.refresh(h.dataset);
      expect(newest.ok && newest.value.n).toBe(minute + 1);
    }
    // Written at T0 (cold), T0 + 4 and T0 + 8 minutes only.
    expect(h.puts).toHaveLength(3);
    expect(await h.stored()).toEqual({ n: 9, fetchedAt: new Date(T0 + 8 * MIN).toISOString() });
    h.setNow(T0 + 10 * MIN);
    h.state.content = 11;
    await h.cache.refresh(h.dataset);
    // Not rewritten at T0 + 10 (younger than 4 min) and not confirmed: its own fetch time stands.
    const read = await h.makeCache().read(h.dataset, () => {});
    expect(read?.checkedAt).toBe(new Date(T0 + 8 * MIN).toISOString());
  });

  it("a failing D1 keeps records in the isolate and still serves", async () => {
    const failing: RefreshStateStore = {
      readAll: () => Promise.reject(new Error("D1 down")),
      write: () => Promise.reject(new Error("D1 down")),
      takeLock: () => Promise.reject(new Error("D1 down")),
    };
    const h = harness({ store: failing });
    h.state.fail = new Error("API error: 500");
    expect(await h.cache.readOrRefresh(h.dataset, h.waitUntil)).toMatchObject({ ok: false });
    expect(await h.cache.record(h.dataset)).toMatchObject({ error: "API error: 500" });
    h.state.fail = null;
    h.setNow(T0 + MIN);
    expect(await h.cache.readOrRefresh(h.dataset, h.waitUntil)).toMatchObject({
      ok: true,
      value: { value: { n: 1 } },
    });
    expect(h.logs.some((line) => line.startsWith("refresh records unavailable"))).toBe(true);
  });

  it("trusts its memory for a few seconds, then reads KV again", async () => {
    const h = harness();
    await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    await env.CACHE.put(h.dataset.key, JSON.stringify({ n: 99, fetchedAt: new Date(T0).toISOString() }));
    expect((await h.cache.read(h.dataset, h.waitUntil))?.value.n).toBe(1);
    h.setNow(T0 + 6_000);
    expect((await h.cache.read(h.dataset, h.waitUntil))?.value.n).toBe(99);
  });

  it("still answers when KV fails on every call", async () => {
    const broken = {
      get: () => Promise.reject(new Error("KV down")),
      put: () => Promise.reject(new Error("KV down")),
    } as unknown as KVNamespace;
    const h = harness({ kv: broken });
    const result = await h.cache.readOrRefresh(h.dataset, h.waitUntil);
    expect(result).toMatchObject({ ok: true, value: { value: { n: 1 } } });
    expect(h.logs.some((line) => line.startsWith(`KV write of ${h.dataset.key} failed`))).toBe(true);
  });
});
