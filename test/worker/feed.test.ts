/**
 * Gamma's supported keyset list through the whole Worker: the requests it sends, paging, the legacy
 * fallback, what /api/health and /status say about it, and what pages say while refreshes fail.
 */
import { env } from "cloudflare:test";
import { HttpResponse, type HttpResponseResolver, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { D1RefreshState } from "~/.server/history/refresh-state";
import { KV_KEYS } from "~/.server/snapshots/keys";
import type { StoredMarkets } from "~/.server/snapshots/markets";
import { eventsOf } from "../support/upstream-answers";
import {
  calls,
  failing,
  GAMMA,
  gammaRequests,
  keysetHandler,
  recordedMarkets,
  upstreams,
} from "./support/upstreams";
import { CRAWLER, testWorker, workerTest } from "./support/worker";

const t = workerTest();

interface Health {
  ok: boolean;
  state: "ok" | "degraded";
  reasons: string[];
  history: { ok: boolean; lastWriteAt: string | null; lastReadAt: string | null; error: string | null };
  snapshots: {
    markets: {
      state: string;
      ageSeconds: number | null;
      route: string | null;
      failingSince: string | null;
      error: string | null;
    };
    whales: { state: string };
  };
}

async function health(): Promise<{ status: number; body: Health }> {
  const res = await t.worker.fetch("/api/health");
  return { status: res.status, body: await res.json<Health>() };
}

/** Makes the stored market snapshot an hour old, as if the cron had stopped succeeding. */
/** The markets' refresh record as every isolate reads it (D1, decision 0022). */
async function marketsRecord() {
  return (await new D1RefreshState(env.DB).readAll()).get(KV_KEYS.marketsRefresh) ?? null;
}

async function ageStoredMarkets(): Promise<string> {
  const stored = await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json");
  if (!stored) throw new Error("expected a stored snapshot");
  const old = new Date(Date.now() - 60 * 60_000).toISOString();
  stored.snapshot.fetchedAt = old;
  await env.CACHE.put(KV_KEYS.markets, JSON.stringify(stored));
  t.worker = testWorker(); // a new isolate: it reads the aged copy from KV
  return old;
}

describe("the events list", () => {
  const events = eventsOf(recordedMarkets);
  const marketsOf = (count: number) =>
    events.slice(0, count).reduce((n, e) => n + (e.markets as unknown[]).length, 0);

  it("is read from /events/keyset with the documented parameters, never offset", async () => {
    await t.worker.fetch("/api/markets");
    expect(gammaRequests.map((u) => u.pathname)).toEqual(["/events/keyset"]);
    const params = Object.fromEntries(gammaRequests[0]?.searchParams ?? []);
    expect(params).toEqual({
      active: "true",
      closed: "false",
      order: "volume24hr",
      ascending: "false",
      limit: "100",
    });
  });

  it("follows next_cursor with after_cursor while fewer than 100 events are showable", async () => {
    upstreams.use(keysetHandler(recordedMarkets, 15));
    const res = await t.worker.fetch("/api/markets");
    const body = await res.json<{ markets: unknown[] }>();
    expect(events).toHaveLength(20);
    expect(body.markets).toHaveLength(100);
    expect(gammaRequests).toHaveLength(2);
    expect(gammaRequests[0]?.searchParams.has("after_cursor")).toBe(false);
    expect(gammaRequests[1]?.searchParams.get("after_cursor")).toBeTruthy();
  });

  it("stops at 2 pages when the pages are small", async () => {
    upstreams.use(keysetHandler(recordedMarkets, 5));
    const body = await (await t.worker.fetch("/api/markets")).json<{ markets: unknown[] }>();
    expect(gammaRequests).toHaveLength(2);
    expect(body.markets).toHaveLength(marketsOf(10));
  });

  /** The events route answers 404; with `legacy`, the markets keyset route too. */
  function routesGone(legacy: boolean) {
    const gone: HttpResponseResolver = ({ request }) => {
      gammaRequests.push(new URL(request.url));
      return HttpResponse.json({ error: "Not Found" }, { status: 404 });
    };
    upstreams.use(http.get(`${GAMMA}/events/keyset`, gone));
    if (legacy) upstreams.use(http.get(`${GAMMA}/markets/keyset`, gone));
  }

  it("groups the markets keyset list by event when the events route is gone, and says so", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    routesGone(false);
    const body = await (await t.worker.fetch("/api/markets")).json<{
      markets: unknown[];
      sources: { markets: string };
    }>();
    expect(body.sources.markets).toBe("live");
    expect(body.markets).toHaveLength(100);
    expect(gammaRequests.map((u) => u.pathname)).toEqual(["/events/keyset", "/markets/keyset"]);
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(lines.filter((l) => l.startsWith("[gamma] /events/keyset failed"))).toHaveLength(1);
    const { body: h } = await health();
    expect(h.snapshots.markets.route).toBe("keyset");
    const status = await (await t.worker.fetch("/status", { headers: CRAWLER })).text();
    expect(status).toContain("grouped by event: the events list was unavailable");
  });

  it("falls back to the legacy list when both keyset routes are gone, and says so", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    routesGone(true);
    const body = await (await t.worker.fetch("/api/markets")).json<{
      markets: unknown[];
      sources: { markets: string };
    }>();
    expect(body.sources.markets).toBe("live");
    expect(body.markets).toHaveLength(100);
    expect(gammaRequests.map((u) => u.pathname)).toEqual(["/events/keyset", "/markets/keyset", "/markets"]);
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(lines).toContain("[gamma] /markets/keyset answered 404: using the legacy /markets list");
    // The legacy list's sunset notice is logged too.
    expect(lines.some((l) => l.startsWith("[gamma] /markets answered with sunset:"))).toBe(true);

    const { body: h } = await health();
    expect(h.snapshots.markets.route).toBe("legacy");
    const status = await (await t.worker.fetch("/status", { headers: CRAWLER })).text();
    expect(status).toContain("Gamma legacy list (/markets, deprecated)");
  });

  it("reports the events route on /api/health and /status after a normal refresh", async () => {
    await t.worker.fetch("/api/markets");
    const { body } = await health();
    expect(body.snapshots.markets.route).toBe("events");
    const status = await (await t.worker.fetch("/status", { headers: CRAWLER })).text();
    expect(status).toContain("Gamma events list (/events/keyset)");
  });
});

describe("/api/health", () => {
  it("answers 200 ok with a fresh market snapshot and its age", async () => {
    await t.worker.fetch("/api/markets");
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.snapshots.markets.state).toBe("fresh");
    expect(body.snapshots.markets.ageSeconds).toBeLessThan(60);
  });

  it("tries the feed when nothing is cached, and answers 503 when pages could only show samples", async () => {
    upstreams.use(failing("gamma", "http-500"));
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body.ok).toBe(false);
    expect(body.snapshots.markets.state).toBe("fallback");
    expect(body.snapshots.markets.error).toBe("API error: 500");
    // One refresh: the events list (first attempt and two retries), then its fallback, the markets list.
    expect(calls.gamma).toBe(6);
  });

  it("is degraded (503) while stale data is served with a failing refresh, and says why", async () => {
    await t.worker.fetch("/api/markets");
    await ageStoredMarkets();
    upstreams.use(failing("gamma", "http-500"));
    // A page view serves the stale copy and refreshes in the background; that refresh fails.
    await t.worker.fetch("/api/markets");
    await t.worker.settle(); // the background refresh ran, and failed
    expect((await marketsRecord())?.error).toContain("API error: 500");
    t.worker = testWorker(); // another isolate reads the record from D1
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body).toMatchObject({ ok: false, state: "degraded" });
    // The status page's words (decision 0048): since when the markets are stale and the refreshes fail.
    expect(body.reasons).toEqual([
      expect.stringMatching(/^Markets stale since .+ UTC, refreshes failing since .+ UTC$/),
    ]);
    expect(body.snapshots.markets.state).toBe("stale");
    expect(body.snapshots.markets.failingSince).toBeTruthy();
    expect(body.snapshots.markets.ageSeconds).toBeGreaterThanOrEqual(3600);
  });
});

describe("while refreshes fail", () => {
  it("pages and /api/markets say since when, and which data is shown", async () => {
    await t.worker.fetch("/api/markets");
    const old = await ageStoredMarkets();
    upstreams.use(failing("gamma", "http-500"));
    await t.worker.fetch("/api/markets");
    await t.worker.settle(); // the background refresh ran, and failed
    expect((await marketsRecord())?.error).toContain("API error: 500");
    t.worker = testWorker(); // another isolate reads the record from D1

    const api = await (await t.worker.fetch("/api/markets")).json<{
      stale: boolean;
      error?: string;
      failingSince?: string;
      fetchedAt: string;
    }>();
    expect(api).toMatchObject({ stale: true, error: "API error: 500", fetchedAt: old });
    expect(api.failingSince).toBeTruthy();

    // React separates adjacent text with <!-- --> markers; the reader sees one sentence.
    const html = (await (await t.worker.fetch("/", { headers: CRAWLER })).text()).replaceAll("<!-- -->", "");
    const hhmm = (iso: string) => iso.slice(11, 16);
    expect(html).toContain(
      `Couldn’t refresh since ${hhmm(api.failingSince ?? "")} UTC — showing data from ${hhmm(old)} UTC`,
    );
  });

  it("a 429's Retry-After lengthens the back-off: no new upstream call until it has passed", async () => {
    upstreams.use(
      http.get(`${GAMMA}/events/keyset`, () => {
        calls.gamma += 1;
        return HttpResponse.json({ error: "slow down" }, { status: 429, headers: { "retry-after": "600" } });
      }),
    );
    await t.worker.fetch("/api/markets");
    expect(calls.gamma).toBe(1); // 600 s is beyond the in-request cap: no retry, and a 429 is no reason for the fallback
    // FAILURE_BACKOFF_SECONDS is 30; Retry-After asked for 600, so even 2 minutes later no call is made.
    const realNow = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(realNow + 120_000);
    const body = await (await t.worker.fetch("/api/markets")).json<{ sources: { markets: string } }>();
    expect(body.sources.markets).toBe("sample");
    expect(calls.gamma).toBe(1);
  });
});
