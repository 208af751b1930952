/**
 * Fault injection through the whole Worker: each upstream × each failure of quality-bar.md.
 * Every page and API answers 200, with the last good data or the labelled fallback.
 */
import { env, SELF } from "cloudflare:test";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { KV_KEYS, type StoredMarkets } from "~/.server/snapshot";
import type { MarketSnapshot, WhaleSnapshot } from "~/lib/types";
import { calls, FAILURE_MODES, failing, resetCalls, resetWorkerMemory, upstreams } from "./support/upstreams";

beforeAll(() => upstreams.listen({ onUnhandledRequest: "error" }));
afterEach(() => upstreams.resetHandlers());
afterAll(() => upstreams.close());
beforeEach(async () => {
  await resetWorkerMemory();
  resetCalls();
  for (const key of Object.values(KV_KEYS)) await env.CACHE.delete(key);
});

const ORIGIN = "https://oddspulse.example";
const CRAWLER = { headers: { "user-agent": "Googlebot/2.1" } };

async function marketsApi(): Promise<MarketSnapshot> {
  const res = await SELF.fetch(`${ORIGIN}/api/markets`);
  expect(res.status).toBe(200);
  return res.json<MarketSnapshot>();
}

describe("with every upstream healthy and keys configured", () => {
  it("labels live X counts and model analyses as such", async () => {
    const snapshot = await marketsApi();
    expect(snapshot.sources.markets).toBe("live");
    // 25 X requests per refresh at most (Workers subrequest budget): the rest are labelled estimates.
    expect(calls.x).toBeLessThanOrEqual(25);
    expect(snapshot.sources.mentions).toBe("partial");
    expect(snapshot.sources.sentiment).toBe("grok-4-fast-non-reasoning");
    const first = snapshot.markets[0];
    expect(first?.sentiment.source).toBe("grok-4-fast-non-reasoning");
    expect(first?.sentiment.grokAnalysis).toBe("Model view on 517310.");
    expect(first?.sentiment.recommendation).toBe("BUY_NO"); // 5.8¢: the mock model says buy_no
    expect(snapshot.markets.some((m) => m.mentionsSource === "live" && m.sentiment.twitterBuzz === 820)).toBe(
      true,
    );
  });

  it("re-uses analyses and mention counts on the next refresh instead of calling again", async () => {
    await marketsApi();
    const first = { x: calls.x, llm: calls.llm };
    // Force a refresh with an unchanged feed: only uncached keywords may be fetched, no market re-analysed.
    const stored = await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json");
    if (!stored) throw new Error("expected a stored snapshot");
    stored.snapshot.fetchedAt = new Date(Date.now() - 60 * 60_000).toISOString();
    await env.CACHE.put(KV_KEYS.markets, JSON.stringify(stored));
    await resetWorkerMemory();
    const { refreshMarkets } = await import("~/.server/snapshot");
    const { snapshotDeps } = await import("~/.server/deps");
    const { getConfig } = await import("~/.server/config");
    const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;
    await refreshMarkets(snapshotDeps(env, ctx, getConfig(env)));
    expect(calls.llm).toBe(first.llm);
    expect(calls.x - first.x).toBeLessThanOrEqual(25);
  });
});

describe.each(FAILURE_MODES)("Gamma %s", (mode) => {
  it("cold cache: the pages answer 200 with the three labelled sample markets (or the empty state)", async () => {
    upstreams.use(failing("gamma", mode));
    const snapshot = await marketsApi();
    const page = await SELF.fetch(`${ORIGIN}/`, CRAWLER);
    expect(page.status).toBe(200);
    const html = await page.text();
    if (mode === "empty") {
      expect(snapshot.markets).toEqual([]);
      expect(html).toContain("No markets available");
    } else {
      expect(snapshot.sources.markets).toBe("sample");
      expect(snapshot.markets).toHaveLength(3);
      expect(snapshot.error).toBeTruthy();
      expect(html).toContain("Will Bitcoin reach $100k?");
    }
    expect(await env.CACHE.get(KV_KEYS.markets)).toBeNull();
  });

  it("stale cache: serves the last good data and keeps it in KV", async () => {
    const good = await marketsApi();
    const stored = await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json");
    if (!stored) throw new Error("expected a stored snapshot");
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    stored.snapshot.fetchedAt = old;
    await env.CACHE.put(KV_KEYS.markets, JSON.stringify(stored));
    await resetWorkerMemory();
    upstreams.use(failing("gamma", mode));
    const served = await marketsApi();
    expect(served.fetchedAt).toBe(old);
    expect(served.markets).toHaveLength(good.markets.length);
    // Let the background refresh fail, then check it did not overwrite anything.
    await new Promise((r) => setTimeout(r, mode === "timeout" ? 2_000 : 100));
    const after = await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json");
    expect(after?.snapshot.fetchedAt).toBe(old);
  });
});

describe.each(FAILURE_MODES)("Data API %s", (mode) => {
  it("cold cache: answers 200 with an empty list and says why", async () => {
    upstreams.use(failing("data", mode));
    const res = await SELF.fetch(`${ORIGIN}/api/whales`);
    expect(res.status).toBe(200);
    const body = await res.json<WhaleSnapshot>();
    expect(body.trades).toEqual([]);
    if (mode !== "empty" && mode !== "absurd") expect(body.error).toBeTruthy();
    expect(await env.CACHE.get(KV_KEYS.whales)).toBeNull();
    const page = await SELF.fetch(`${ORIGIN}/whale-watch`, CRAWLER);
    expect(page.status).toBe(200);
  });

  it("stale cache: serves the last good trades with their time and keeps them in KV", async () => {
    const good = await (await SELF.fetch(`${ORIGIN}/api/whales`)).json<WhaleSnapshot>();
    expect(good.trades.length).toBeGreaterThan(0);
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    await env.CACHE.put(KV_KEYS.whales, JSON.stringify({ snapshot: { ...good, fetchedAt: old } }));
    await resetWorkerMemory();
    upstreams.use(failing("data", mode));
    const served = await (await SELF.fetch(`${ORIGIN}/api/whales`)).json<WhaleSnapshot>();
    expect(served.fetchedAt).toBe(old);
    expect(served.trades).toEqual(good.trades);
    const page = await SELF.fetch(`${ORIGIN}/whale-watch`, CRAWLER);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Pozoblanco: Akira Santillan vs Izan Almazan Valiente");
    await new Promise((r) => setTimeout(r, mode === "timeout" ? 2_000 : 100));
    const after = await env.CACHE.get<{ snapshot: WhaleSnapshot }>(KV_KEYS.whales, "json");
    expect(after?.snapshot.fetchedAt).toBe(old);
  });
});

describe.each(FAILURE_MODES)("X counts %s", (mode) => {
  it("keeps the live markets and labels the mention counts estimated", async () => {
    upstreams.use(failing("x", mode));
    const snapshot = await marketsApi();
    expect(snapshot.sources.markets).toBe("live");
    expect(snapshot.sources.mentions).toBe("estimated");
    for (const m of snapshot.markets) {
      expect(m.mentionsSource).toBe("estimated");
      expect(m.isTwitterLive).toBe(false);
      expect(m.sentiment.twitterBuzz).toBeGreaterThanOrEqual(300);
    }
  });
});

describe.each(FAILURE_MODES)("LLM %s", (mode) => {
  it("keeps the live markets and labels the sentiment estimated", async () => {
    upstreams.use(failing("llm", mode));
    const snapshot = await marketsApi();
    expect(snapshot.sources.markets).toBe("live");
    expect(snapshot.sources.sentiment).toBe("estimated");
    for (const m of snapshot.markets) {
      expect(m.sentiment.source).toBe("estimated");
      expect(Math.abs(m.sentiment.score)).toBeLessThanOrEqual(72);
      expect(m.sentiment.confidence).toBeGreaterThanOrEqual(0);
      expect(m.sentiment.confidence).toBeLessThanOrEqual(100);
    }
  });
});

describe("KV failing", () => {
  it("still renders the page and the API", async () => {
    const original = { get: env.CACHE.get, put: env.CACHE.put };
    const fail = () => Promise.reject(new Error("KV unavailable"));
    Object.assign(env.CACHE, { get: fail, put: fail });
    try {
      const page = await SELF.fetch(`${ORIGIN}/`, CRAWLER);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Will Trump deport less than 250,000?");
    } finally {
      Object.assign(env.CACHE, original);
    }
  });
});
