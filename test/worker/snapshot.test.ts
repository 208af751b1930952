/** The market and whale snapshots on real miniflare KV, each test with its own cache and clock. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OnDemandCache } from "~/.server/cache/on-demand";
import { SwrCache } from "~/.server/cache/swr-cache";
import { parseConfig } from "~/.server/config";
import { createDeps, type Deps } from "~/.server/deps";
import { D1RefreshState } from "~/.server/history/refresh-state";
import { KV_KEYS } from "~/.server/snapshots/keys";
import { marketSnapshot, type StoredMarkets } from "~/.server/snapshots/markets";
import { HistoryOutbox } from "~/.server/snapshots/outbox";
import { whaleSnapshot } from "~/.server/snapshots/whales";
import { MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import { clearIndex } from "./support/search";
import { calls, failing, feedRequests, gammaRequests, upstreams } from "./support/upstreams";
import { testWorker, workerTest } from "./support/worker";

workerTest({ worker: false, tables: ["wallet_facts"] });

const T0 = Date.parse("2026-11-22T12:00:00Z");
const MIN = 60_000;

/** Snapshot deps on the test KV with a settable clock, collected background work and its own isolate cache. */
function testDeps(kv: KVNamespace = env.CACHE) {
  let now = T0;
  const background: Promise<unknown>[] = [];
  const clock = () => now;
  const deps: Deps = createDeps({
    caches: {
      cache: new SwrCache({ kv, state: new D1RefreshState(env.DB), now: clock }),
      onDemand: new OnDemandCache({ now: clock, cache: null, backoffMs: 30_000 }),
      outbox: new HistoryOutbox(),
    },
    ctx: {
      waitUntil: (p) => {
        background.push(p);
      },
    },
    // Without secrets: these tests are about the feed; the mentions/sentiment paths have their own.
    config: parseConfig({ ...env, X_BEARER_TOKEN: "", LLM_API_KEY: "" }),
    db: undefined,
    now: clock,
  });
  return {
    deps,
    /** The same clock and KV seen from a new isolate (empty memory). */
    newIsolate: () => {
      deps.cache = new SwrCache({ kv, state: new D1RefreshState(env.DB), now: clock });
    },
    setNow: (t: number) => {
      now = t;
    },
    settle: () => Promise.all(background.splice(0)),
  };
}

async function storedMarkets(): Promise<StoredMarkets | null> {
  return env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json");
}

describe("market snapshot", () => {
  it("fetches once on a cold cache, stores it in KV with its fetch time, then serves from cache", async () => {
    const { deps, newIsolate } = testDeps();
    const first = await marketSnapshot.get(deps);
    expect(first.markets).toHaveLength(100);
    expect(first.provenance).toEqual({
      markets: { kind: "live", by: "Polymarket", at: new Date(T0).toISOString() },
      mentions: { kind: "estimated", method: "topic baselines" },
      sentiment: { kind: "estimated", method: "24h price moves" },
    });
    expect(first.fetchedAt).toBe(new Date(T0).toISOString());
    expect(first.stale).toBe(false);
    expect(calls.gamma).toBe(1);
    expect((await storedMarkets())?.snapshot.fetchedAt).toBe(first.fetchedAt);
    expect((await storedMarkets())?.feedRoute).toBe("events");

    newIsolate(); // must come from KV, not memory
    const second = await marketSnapshot.get(deps);
    expect(second.fetchedAt).toBe(first.fetchedAt);
    expect(calls.gamma).toBe(1);
  });

  it("serves a stale snapshot at once, marked stale, and refreshes it in the background", async () => {
    const { deps, setNow, settle, newIsolate } = testDeps();
    await marketSnapshot.get(deps);
    setNow(T0 + 16 * MIN);
    newIsolate();
    const stale = await marketSnapshot.read(deps);
    expect(stale?.fetchedAt).toBe(new Date(T0).toISOString());
    expect(stale?.stale).toBe(true);
    await settle();
    expect(calls.gamma).toBe(2);
    expect((await storedMarkets())?.snapshot.fetchedAt).toBe(new Date(T0 + 16 * MIN).toISOString());
  });

  it("keeps the good data when a refresh fails, and says since when refreshes fail", async () => {
    const { deps, setNow, settle, newIsolate } = testDeps();
    const good = await marketSnapshot.get(deps);
    upstreams.use(failing("gamma", "http-500"));
    setNow(T0 + 30 * MIN);
    newIsolate();
    await marketSnapshot.get(deps);
    await settle();
    expect((await storedMarkets())?.snapshot.fetchedAt).toBe(good.fetchedAt);
    newIsolate();
    const served = await marketSnapshot.get(deps);
    expect(served).toMatchObject({
      fetchedAt: good.fetchedAt,
      stale: true,
      error: "API error: 500",
      failingSince: new Date(T0 + 30 * MIN).toISOString(),
    });
    // Past its freshness window the market data is no longer "live" but "cached at" its fetch time.
    expect(served.provenance.markets).toEqual({ kind: "cached", by: "Polymarket", at: good.fetchedAt });
  });

  it("falls back to the three sample markets, flagged, when nothing good is held", async () => {
    upstreams.use(failing("gamma", "http-500"));
    const { deps } = testDeps();
    const snapshot = await marketSnapshot.get(deps);
    expect(snapshot.provenance.markets).toEqual({ kind: "sample" });
    expect(snapshot.error).toBe("API error: 500");
    expect(snapshot.failingSince).toBe(new Date(T0).toISOString());
    expect(snapshot.markets.map((m) => m.title)).toEqual([
      "Russia x Ukraine ceasefire in 2025?",
      "Will Bitcoin reach $100k?",
      "Will AGI be achieved by 2030?",
    ]);
    expect(await storedMarkets()).toBeNull();
    // The failure is remembered briefly: a burst of visitors does not hammer a failing upstream.
    const callsAfterFirst = calls.gamma;
    await marketSnapshot.get(deps);
    expect(calls.gamma).toBe(callsAfterFirst);
  });

  it("answers an empty feed with an empty snapshot (SPEC 'No markets available') and does not cache it", async () => {
    upstreams.use(failing("gamma", "empty"));
    const { deps } = testDeps();
    const snapshot = await marketSnapshot.get(deps);
    expect(snapshot.markets).toEqual([]);
    expect(snapshot.provenance.markets.kind).toBe("live");
    expect(await storedMarkets()).toBeNull();
  });

  it("still answers when KV fails on every call", async () => {
    const broken = {
      get: () => Promise.reject(new Error("KV down")),
      put: () => Promise.reject(new Error("KV down")),
    } as unknown as KVNamespace;
    const { deps } = testDeps(broken);
    const snapshot = await marketSnapshot.get(deps);
    expect(snapshot.markets).toHaveLength(100);
    expect(snapshot.provenance.markets.kind).toBe("live");
  });
});

describe("whale snapshot", () => {
  it("keeps only trades over $50,000 and caches them for their freshness (WHALES_FRESH_SECONDS, 5 min)", async () => {
    const { deps, setNow, settle, newIsolate } = testDeps();
    const first = await whaleSnapshot.get(deps);
    expect(first.trades.length).toBeGreaterThan(0);
    for (const t of first.trades) expect(t.size * t.price).toBeGreaterThan(50_000);
    setNow(T0 + 299_000);
    newIsolate();
    await whaleSnapshot.get(deps);
    await settle();
    // One trades request, and the two pages of the leaderboard the cold start loads first (kept an hour).
    expect(calls.data).toBe(3);
    setNow(T0 + 301_000);
    newIsolate();
    await whaleSnapshot.get(deps);
    await settle();
    expect(calls.data).toBe(4);
  });

  it("answers an empty list plus the failure when the Data API fails and nothing is cached", async () => {
    upstreams.use(failing("data", "html-403"));
    const { deps } = testDeps();
    const snapshot = await whaleSnapshot.get(deps);
    expect(snapshot.trades).toEqual([]);
    expect(snapshot.error).toBe("Failed to fetch whale trades");
  });
});

describe("cron", () => {
  it("the market schedule writes the market snapshot to KV", async () => {
    const worker = testWorker();
    await worker.scheduled(MARKETS_CRON, T0);
    await worker.settle();
    expect((await storedMarkets())?.snapshot.markets).toHaveLength(100);
    expect(feedRequests()).toBe(1);
    expect(calls.data).toBe(0);
  });

  it("the minute schedule writes the whale snapshot to KV", async () => {
    await clearIndex();
    const worker = testWorker();
    await worker.scheduled(WHALES_CRON, T0);
    await worker.settle();
    expect(await env.CACHE.get(KV_KEYS.whales)).not.toBeNull();
    // The trades, the leaderboard's two pages (the board is cold) and the v2 all-time board's two pages
    // (the smart wallets, once a day), and the radar's lookup of the recorded whale's wallet (one call).
    expect(calls.data).toBe(6);
    // Gamma only for the search index's crawl: the first page of the open events (decision 0034).
    expect(gammaRequests.map((url) => `${url.pathname}?${url.searchParams}`)).toEqual([
      "/events/keyset?active=true&closed=false&limit=100",
    ]);
  });
});
