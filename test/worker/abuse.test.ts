/**
 * What an anonymous visitor can make us spend (decision 0021), inside workerd with real miniflare KV, D1,
 * Cache API and rate-limiting bindings. On-demand answers never reach KV; an unknown id costs one upstream
 * call per 10 minutes across isolates; a failing upstream is not asked again during its back-off; lookups
 * and JSON requests are limited per client (IPv4 address or IPv6 /64), while pages from the snapshot
 * never are. Each test uses client addresses of its own: the simulated limiters count across tests.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { MARKETS_CRON } from "~/lib/refresh-cadence";
import { HISTORY_MARKET_SLUG } from "../support/market-answers";
import { POSITIONS_WALLET } from "../support/upstream-answers";
import { countingKv } from "./support/counting";
import { calls, DATA, failing, gammaRequests, upstreams } from "./support/upstreams";
import { BROWSER, type TestWorker, testWorker, withinOneWindow, workerTest } from "./support/worker";

const t = workerTest({ tables: ["market_points", "sentiment_changes", "whale_trades", "markets"] });

/** Rank 44 on the recorded monthly board: a known wallet without recorded positions. */
const RANKED_WALLET = "0x6d20c35f65d9899b6d6b74f8466e824580f9a165";
const UNKNOWN_WALLET = `0x${"ab".repeat(20)}`;

/** A test that first waits for a fresh rate-limit window (up to 10 s) gets time for that wait. */
const WINDOW_TIMEOUT_MS = 30_000;

const upstreamCalls = () => calls.gamma + calls.data + calls.clob + calls.x + calls.llm;

function from(ip: string, on: TestWorker = t.worker) {
  return (path: string) => on.fetch(path, { headers: { ...BROWSER, "cf-connecting-ip": ip } });
}

describe("on-demand data never reaches KV", () => {
  it("market and trader pages and their JSON write nothing to KV, and another isolate asks no upstream again", async () => {
    const { kv, puts } = countingKv();
    const first = testWorker({ CACHE: kv });
    await first.scheduled(MARKETS_CRON);
    await first.settle();
    puts.length = 0;
    const paths = [
      `/market/${HISTORY_MARKET_SLUG}`,
      `/api/v1/markets/${HISTORY_MARKET_SLUG}/history?range=1w`,
      "/market/will-trump-deport-less-than-250000",
      `/trader/${POSITIONS_WALLET}`,
      `/api/traders/${RANKED_WALLET}`,
      "/market/no-such-market-anywhere",
      `/trader/${UNKNOWN_WALLET}`,
    ];
    const get = from("192.0.2.10", first);
    for (const path of paths) await (await get(path)).text();
    await first.settle();
    expect(puts).toEqual([]);
    const asked = upstreamCalls();
    expect(asked).toBeGreaterThan(5);

    // Another isolate in the same data centre: the Cache API answers, memory is empty.
    const second = testWorker({ CACHE: kv });
    const again = from("192.0.2.11", second);
    for (const path of paths) await (await again(path)).text();
    await second.settle();
    expect(upstreamCalls()).toBe(asked);
    expect(puts).toEqual([]);
  });
});

describe("an unknown id costs one upstream call per 10 minutes", () => {
  it("an unknown slug: one Gamma call across requests and isolates, each a 404", async () => {
    for (const on of [t.worker, testWorker(), testWorker()]) {
      const get = from("192.0.2.20", on);
      expect((await get("/market/no-such-market-anywhere")).status).toBe(404);
      expect((await get("/api/v1/markets/no-such-market-anywhere")).status).toBe(404);
      expect((await get("/api/markets/no-such-market-anywhere")).status).toBe(404);
    }
    expect(calls.gamma).toBe(1);
  });

  it("a wallet with no activity: one Data API call (the all-time board), a 404 page and JSON", async () => {
    for (const on of [t.worker, testWorker()]) {
      const get = from("192.0.2.21", on);
      const response = await get(`/trader/${UNKNOWN_WALLET}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Oops! Page not found");
      const json = await get(`/api/traders/${UNKNOWN_WALLET}`);
      expect(json.status).toBe(404);
      expect(await json.json()).toEqual({ error: "No Polymarket activity for this wallet" });
    }
    expect({ data: calls.data, all: upstreamCalls() }).toEqual({ data: 1, all: 1 });
  });

  it("a wallet our whale watch stored is a page even when no board lists it", async () => {
    await env.DB.prepare(
      `INSERT INTO whale_trades (id, condition_id, market_slug, event_slug, title, outcome, outcome_label, side,
         size, price, traded_ms, wallet, pseudonym)
       VALUES ('0xseen:1', '0xcond', 'seen-market', NULL, 'Seen market?', 'YES', 'Yes', 'BUY', 200000, 0.4, ?1, ?2, NULL)`,
    )
      .bind(Date.now() - 60_000, UNKNOWN_WALLET)
      .run();
    const response = await from("192.0.2.22")(`/trader/${UNKNOWN_WALLET}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('href="/market/seen-market"');
  });
});

describe("a failing upstream is left alone during its back-off", () => {
  it("Gamma failing: the first unknown slug costs one call (no retries), the next ones none, each a 503", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(failing("gamma", "http-500", "/markets/slug/:slug"));
    const get = from("192.0.2.30");
    const started = Date.now();
    for (const slug of ["gone-one", "gone-two", "gone-three", "gone-four", "gone-five"]) {
      const response = await get(`/market/${slug}`);
      expect(response.status, slug).toBe(503);
      expect(await response.text()).toContain("Market data is temporarily unavailable");
    }
    expect(calls.gamma).toBe(1);
    // The JSON answer says the same at once, with when to try again.
    const json = await get("/api/v1/markets/gone-six");
    expect(json.status).toBe(503);
    expect(json.headers.get("retry-after")).toBe("60");
    expect(calls.gamma).toBe(1);
    // No retries and no waits: the whole run takes well under one retry delay of the defaults (1 s).
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("the Data API's positions failing: another wallet's positions say 'unavailable' without asking", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const positions: string[] = [];
    upstreams.use(
      http.get(`${DATA}/positions`, ({ request }) => {
        positions.push(new URL(request.url).searchParams.get("user") ?? "");
        return HttpResponse.json({ error: "down" }, { status: 500 });
      }),
    );
    const get = from("192.0.2.31");
    expect(await (await get(`/trader/${POSITIONS_WALLET}`)).text()).toContain(
      "Open positions are unavailable right now.",
    );
    const other = await (await get(`/trader/${RANKED_WALLET}`)).text();
    expect(other).toContain("Open positions are unavailable right now.");
    expect(other).toContain("Webbed-Myth");
    expect(positions).toEqual([POSITIONS_WALLET]);
  });
});

describe("lookups are limited per client", () => {
  it(
    "30 lookups a minute per address: the 31st is a 429 page and JSON with Retry-After, snapshot pages are not limited",
    async () => {
      await t.worker.scheduled(MARKETS_CRON);
      await t.worker.settle();
      await withinOneWindow();
      const get = from("198.51.100.40");
      for (let i = 0; i < 30; i++) expect((await get(`/market/unknown-slug-${i}`)).status).toBe(404);
      const refused = await get("/market/unknown-slug-30");
      expect(refused.status).toBe(429);
      const seconds = Number(refused.headers.get("retry-after"));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(await refused.text()).toContain("Too many lookups from your network");
      const json = await get("/api/v1/markets/unknown-slug-31");
      expect(json.status).toBe(429);
      expect(json.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await json.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
      expect((await get("/api/markets/unknown-slug-32")).status).toBe(429);
      expect(gammaRequests.filter((url) => url.pathname.includes("/markets/slug/")).length).toBe(30);

      // Served from the snapshot or a kept answer: never limited.
      expect((await get("/")).status).toBe(200);
      expect((await get("/market/unknown-slug-3")).status).toBe(404);
      expect((await get("/api/v1/markets?limit=5")).status).toBe(200);
      // Another client is not affected.
      expect((await from("198.51.100.41")("/market/unknown-slug-33")).status).toBe(404);
    },
    WINDOW_TIMEOUT_MS,
  );

  it(
    "IPv6 clients are one client per /64: rotating the host part does not reset the count",
    async () => {
      await withinOneWindow();
      for (let i = 0; i < 30; i++) {
        const host = (i + 1).toString(16);
        expect((await from(`2001:db8:77:1::${host}`)(`/market/v6-slug-${i}`)).status).toBe(404);
      }
      expect((await from("2001:db8:77:1:ffff:1:2:3")("/market/v6-slug-30")).status).toBe(429);
      expect((await from("2001:db8:77:2::1")("/market/v6-slug-31")).status).toBe(404);
    },
    WINDOW_TIMEOUT_MS,
  );

  it(
    "a page whose sections would need lookups over the limit still renders, the sections say why",
    async () => {
      await t.worker.scheduled(MARKETS_CRON);
      await t.worker.settle();
      await withinOneWindow();
      const get = from("198.51.100.42");
      for (let i = 0; i < 30; i++) await get(`/market/limited-slug-${i}`);
      const response = await get("/market/will-trump-deport-less-than-250000");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Will Trump deport less than 250,000?");
      expect(html).toContain("Too many lookups from your network");
    },
    WINDOW_TIMEOUT_MS,
  );
});

describe("every JSON route shares one budget per client", () => {
  it(
    "the aliases, the trader JSON and health count with /api/v1: the 121st request is a 429",
    async () => {
      await t.worker.scheduled(MARKETS_CRON);
      await t.worker.settle();
      await withinOneWindow();
      const get = from("203.0.113.50");
      for (let i = 0; i < 40; i++) {
        expect((await get("/api/markets")).status).toBe(200);
        expect((await get("/api/v1/markets?limit=1")).status).toBe(200);
        expect((await get("/api/whales")).status).toBe(200);
      }
      for (const path of [
        "/api/health",
        `/api/traders/${POSITIONS_WALLET}`,
        "/api/v1/status",
        "/api/markets",
      ]) {
        const response = await get(path);
        expect(response.status, path).toBe(429);
        expect(response.headers.get("retry-after"), path).toMatch(/^\d+$/);
      }
      expect((await from("203.0.113.51")("/api/markets")).status).toBe(200);
      // Pages are not part of the JSON budget.
      expect((await get("/")).status).toBe(200);
    },
    WINDOW_TIMEOUT_MS,
  );
});
