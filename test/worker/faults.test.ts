/**
 * Fault injection through the whole Worker: each upstream × each failure of quality-bar.md.
 * Every page and API answers 200, with the last good data or the labelled fallback.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RefreshRecord } from "~/.server/cache/swr-cache";
import { D1RefreshState } from "~/.server/history/refresh-state";
import { KV_KEYS } from "~/.server/snapshots/keys";
import type { StoredMarkets } from "~/.server/snapshots/markets";
import type { MarketSnapshot, WhaleSnapshot } from "~/lib/types";
import { calls, FAILURE_MODES, failing, upstreams } from "./support/upstreams";
import { CRAWLER, testWorker, workerTest } from "./support/worker";

const t = workerTest();

/** /api/markets: the snapshot plus its stable `sources` alias. */
type MarketsApi = MarketSnapshot & { sources: { markets: string; mentions: string; sentiment: string } };

async function marketsApi(): Promise<MarketsApi> {
  const res = await t.worker.fetch("/api/markets");
  expect(res.status).toBe(200);
  return res.json<MarketsApi>();
}

async function storedMarkets(): Promise<StoredMarkets> {
  const stored = await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json");
  if (!stored) throw new Error("expected a stored snapshot");
  return stored;
}

/** Ages the stored market snapshot by an hour; the next reader (a new isolate) must refresh it. */
async function ageMarkets(): Promise<string> {
  const stored = await storedMarkets();
  const old = new Date(Date.now() - 60 * 60_000).toISOString();
  stored.snapshot.fetchedAt = old;
  await env.CACHE.put(KV_KEYS.markets, JSON.stringify(stored));
  // An hour later, any earlier refresh lock is long gone.
  await env.DB.prepare("UPDATE refresh_state SET lock_until_ms = NULL").run();
  t.worker = testWorker();
  return old;
}

async function refreshRecord(key: string): Promise<RefreshRecord | null> {
  return (await new D1RefreshState(env.DB).readAll()).get(key) ?? null;
}

// The recorded 100 markets make 20 events (their embedded events[0]), whose titles make 19 distinct X
// keywords (one query per event; the two "Will Elon cut …" events share one); the cap is lowered to 10 here
// so a run cannot fetch them all.
const KEYWORDS = 19;
const X_CAP = 10;

describe("with every upstream healthy and keys configured", () => {
  beforeEach(() => {
    t.worker = testWorker({ X_MAX_REQUESTS: String(X_CAP) });
  });

  it("calls X once per event keyword up to the cap and labels the rest of the counts estimated", async () => {
    await marketsApi();
    expect(calls.x).toBe(X_CAP);
    const { events } = (await storedMarkets()).snapshot;
    expect(events).toHaveLength(20);
    const live = events.filter((e) => e.mentions.source === "live");
    // The 10 keywords fetched cover 11 of the 20 events (two share "Elon"); the others show estimates.
    expect(live.length).toBeGreaterThanOrEqual(X_CAP);
    expect(live.length).toBeLessThan(events.length);
    expect(live.every((e) => e.mentions.count === 820)).toBe(true);
    // One count per query: the total adds each distinct query once, never a bucket's or a sharing event's repeat.
    const stored = (await storedMarkets()).snapshot;
    const perQuery = new Map(events.map((e) => [e.mentions.query, e.mentions.count]));
    expect(perQuery.size).toBe(KEYWORDS);
    expect(stored.totalMentions).toBe([...perQuery.values()].reduce((sum, count) => sum + count, 0));
    expect(stored.totalMentions).toBeLessThan(events.reduce((sum, e) => sum + e.mentions.count, 0));
    expect(stored.provenance.mentions.kind).toBe("partial");
    expect(stored.provenance.sentiment).toMatchObject({ kind: "live", by: "grok-4-fast-non-reasoning" });
    const nba = events.find((e) => e.slug === "2026-nba-champion");
    expect(nba?.forecast.source).toBe("grok-4-fast-non-reasoning");
    expect(nba?.forecast.reasoning).toBe("Model view on 27830.");
  });

  it("re-uses forecasts and cached counts on the next refreshes, fetching only uncached keywords", async () => {
    await marketsApi();
    const llmAfterFirst = calls.llm;
    expect(llmAfterFirst).toBeGreaterThan(0);

    await ageMarkets();
    t.worker = testWorker({ X_MAX_REQUESTS: String(X_CAP) });
    await marketsApi(); // serves the stale copy and refreshes it in the background
    await t.worker.settle();
    expect(calls.llm).toBe(llmAfterFirst); // unchanged prices: no event re-forecast
    expect(calls.x).toBe(KEYWORDS); // the other 8, none of the first 10 again
    const stored = (await storedMarkets()).snapshot;
    expect(stored.events.every((e) => e.mentions.source === "live")).toBe(true);
    expect(stored.provenance.mentions.kind).toBe("live");
  });
});

describe.each(FAILURE_MODES)("Gamma %s", (mode) => {
  it("cold cache: the pages answer 200 with the three labelled sample markets (or the empty state)", async () => {
    upstreams.use(failing("gamma", mode));
    const snapshot = await marketsApi();
    expect(calls.gamma).toBeGreaterThan(0);
    const page = await t.worker.fetch("/", { headers: CRAWLER });
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

  it("stale cache: serves the last good data, and the failed refresh leaves it in KV", async () => {
    const good = await marketsApi();
    const old = await ageMarkets();
    upstreams.use(failing("gamma", mode));
    const callsBefore = calls.gamma;
    const served = await marketsApi();
    expect(served.fetchedAt).toBe(old);
    expect(served.markets).toHaveLength(good.markets.length);

    await t.worker.settle(); // the background refresh has run to its end
    expect(calls.gamma).toBeGreaterThan(callsBefore);
    const record = await refreshRecord(KV_KEYS.marketsRefresh);
    if (mode === "empty") {
      // An empty answer is the feed working: recorded as answered, the good data kept.
      expect(record).toMatchObject({ failingSince: null, error: null });
    } else {
      expect(record?.failingSince).toBeTruthy();
      expect(record?.error).toBeTruthy();
    }
    expect((await storedMarkets()).snapshot.fetchedAt).toBe(old);
  });
});

describe.each(FAILURE_MODES)("Data API %s", (mode) => {
  it("cold cache: answers 200 with an empty list and says why", async () => {
    upstreams.use(failing("data", mode));
    const res = await t.worker.fetch("/api/whales");
    expect(res.status).toBe(200);
    const body = await res.json<WhaleSnapshot>();
    expect(body.trades).toEqual([]);
    if (mode !== "empty" && mode !== "absurd") expect(body.error).toBeTruthy();
    expect(await env.CACHE.get(KV_KEYS.whales)).toBeNull();
    const page = await t.worker.fetch("/whale-watch", { headers: CRAWLER });
    expect(page.status).toBe(200);
  });

  it("stale cache: serves the last good trades with their time, and the failed refresh keeps them", async () => {
    const good = await (await t.worker.fetch("/api/whales")).json<WhaleSnapshot>();
    expect(good.trades.length).toBeGreaterThan(0);
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    await env.CACHE.put(KV_KEYS.whales, JSON.stringify({ snapshot: { ...good, fetchedAt: old } }));
    t.worker = testWorker();
    upstreams.use(failing("data", mode));
    const callsBefore = calls.data;
    const served = await (await t.worker.fetch("/api/whales")).json<WhaleSnapshot>();
    expect(served.fetchedAt).toBe(old);
    expect(served.trades).toEqual(good.trades);
    const page = await t.worker.fetch("/whale-watch", { headers: CRAWLER });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Pozoblanco: Akira Santillan vs Izan Almazan Valiente");

    await t.worker.settle();
    expect(calls.data).toBeGreaterThan(callsBefore);
    const record = await refreshRecord(KV_KEYS.whalesRefresh);
    // Empty and absurd answers (every trade dropped) are an empty list: nothing stored, nothing failing.
    if (mode === "empty" || mode === "absurd") expect(record?.failingSince).toBeNull();
    else expect(record?.failingSince).toBeTruthy();
    const after = await env.CACHE.get<{ snapshot: WhaleSnapshot }>(KV_KEYS.whales, "json");
    expect(after?.snapshot.fetchedAt).toBe(old);
  });
});

describe.each(FAILURE_MODES)("X counts %s", (mode) => {
  it("keeps the live markets, labels the mention counts estimated and logs one line", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(failing("x", mode));
    const snapshot = await marketsApi();
    expect(calls.x).toBeGreaterThan(0);
    const lines = errors.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith("[x]"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^\\[x\\] ${calls.x} of ${calls.x} keyword counts failed \\(.+\\): served estimates$`),
    );
    errors.mockRestore();
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
  it("keeps the live markets, labels the sentiment estimated and logs one line per failed batch", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(failing("llm", mode));
    const snapshot = await marketsApi();
    expect(calls.llm).toBe(2); // 20 events in batches of 10
    const lines = errors.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith("[llm]"));
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(line).toMatch(
        /^\[llm\] batch of 10 events (failed \(.+\): served estimates|gave 0 usable forecasts: served estimates for the rest)$/,
      );
    errors.mockRestore();
    expect(snapshot.sources.markets).toBe("live");
    expect(snapshot.sources.sentiment).toBe("estimated");
    for (const e of (await storedMarkets()).snapshot.events) expect(e.forecast.source).toBe("estimated");
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
    const fail = () => Promise.reject(new Error("KV unavailable"));
    const broken = { get: fail, put: fail, delete: fail } as unknown as KVNamespace;
    t.worker = testWorker({ CACHE: broken });
    const page = await t.worker.fetch("/", { headers: CRAWLER });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("2026 NBA Champion");
    expect(calls.gamma).toBe(1);
  });
});
