/**
 * /api/v1 inside workerd: every endpoint's answers (200, 304, 400, 404, 429, 503) validate against the
 * generated OpenAPI document; bad parameters are named; ETags give 304s; CORS is open for GET; the
 * rate-limiting binding (simulated by miniflare, 120 a minute per IP) answers 429 with Retry-After.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { HISTORY_EVENT_SLUG } from "../support/market-answers";
import { POSITIONS_WALLET } from "../support/upstream-answers";
import { clearCalls, gradeCall, insertCalls } from "./support/calls";
import { type Json, openApi, validatorFor } from "./support/openapi";
import { failingDb, testWorker, withinOneWindow, workerTest } from "./support/worker";

const t = workerTest();

beforeEach(async () => {
  await clearCalls();
});

/** Each test its own client IP, so the rate limit of one test never reaches another. */
let ipCounter = 0;
function client(): Record<string, string> {
  ipCounter += 1;
  return { "cf-connecting-ip": `203.0.113.${ipCounter}` };
}

async function seedCalls(): Promise<void> {
  const at = Date.parse("2026-10-01T00:00:00Z");
  await insertCalls([
    {
      id: "c1",
      marketId: "m1",
      slug: "will-it-rain",
      side: "buy_yes",
      priceAtCall: 0.4,
      calledMs: at,
      modelProbability: 0.55,
    },
    { id: "c2", marketId: "m2", side: "buy_no", priceAtCall: 0.7, calledMs: at + 1000 },
    { id: "c3", marketId: "m3", side: "hold", priceAtCall: 0.5, calledMs: at + 2000 },
  ]);
  await gradeCall("c1", "yes", at + 86_400_000);
  await gradeCall("c2", "void", at + 86_400_000);
}

describe("contract: every endpoint's answers validate against /api/v1/openapi.json", () => {
  it("covers every documented path with its success and error answers", async () => {
    const doc = await openApi(t.worker);
    expect((doc as unknown as Json).openapi).toBe("3.1.0");
    await seedCalls();
    const headers = client();
    const list = (await (await t.worker.fetch("/api/v1/markets?limit=3", { headers })).json()) as {
      markets: { slug: string | null }[];
    };
    const slug = list.markets.find((m) => m.slug)?.slug;
    expect(slug).toBeTruthy();
    const events = (await (await t.worker.fetch("/api/v1/events?limit=3", { headers })).json()) as {
      events: { slug: string }[];
    };
    const event = events.events[0]?.slug;
    expect(event).toBeTruthy();

    const cases: [template: string, path: string, status: number][] = [
      ["/markets", "/markets", 200],
      ["/markets", "/markets?category=politics&sort=ending&limit=5", 200],
      ["/markets", "/markets?q=trump&sort=sentiment", 200],
      ["/markets", "/markets?sort=change&limit=2", 200],
      ["/markets", "/markets?limit=500", 400],
      ["/markets/{slug}", `/markets/${slug}`, 200],
      ["/markets/{slug}", "/markets/no-such-market-anywhere", 404],
      ["/markets/{slug}", "/markets/Not_A_Slug", 400],
      ["/markets/{slug}/history", `/markets/${slug}/history?range=1d`, 200],
      ["/markets/{slug}/history", `/markets/${slug}/history?range=5y`, 400],
      ["/events", "/events", 200],
      ["/events", "/events?category=politics&sort=ending&ended=hide&limit=5", 200],
      ["/events", "/events?q=trump&sort=change", 200],
      ["/events", "/events?sort=sideways", 400],
      ["/events", "/events?ended=maybe", 400],
      ["/events", "/events?limit=500", 400],
      ["/events", "/events?cursor=bm9wZQ", 400],
      ["/events", "/events?category=astrology", 400],
      ["/search", "/search?q=trump", 200],
      ["/search", `/search?q=${"x".repeat(201)}`, 400],
      ["/search", "/search?cursor=bm9wZQ", 400],
      ["/events/{slug}", `/events/${event}`, 200],
      ["/events/{slug}", `/events/${HISTORY_EVENT_SLUG}`, 200],
      // Markets proposed and disputed: their resolutions with the Data API's answers and times.
      ["/events/{slug}", "/events/wta-frech-zvonare-2026-02-07", 200],
      ["/events/{slug}", "/events/where-will-the-us-iran-meet", 200],
      ["/events/{slug}", "/events/no-such-event-anywhere", 404],
      ["/events/{slug}", "/events/Not_A_Slug", 400],
      ["/events/{slug}/history", `/events/${event}/history?range=1d`, 200],
      ["/events/{slug}/history", `/events/${HISTORY_EVENT_SLUG}/history`, 200],
      ["/events/{slug}/history", "/events/no-such-event-anywhere/history", 404],
      ["/events/{slug}/history", `/events/${event}/history?range=5y`, 400],
      ["/whales", "/whales", 200],
      ["/whales", "/whales?minUsd=100000&outcome=yes&since=2020-01-01T00:00:00Z", 200],
      ["/whales", "/whales?minUsd=10", 400],
      ["/traders/{wallet}", `/traders/${POSITIONS_WALLET}`, 200],
      ["/traders/{wallet}", `/traders/0x${"ab".repeat(20)}`, 404],
      ["/traders/{wallet}", "/traders/0x123", 400],
      ["/track-record", "/track-record", 200],
      ["/track-record", "/track-record?cursor=bm9wZQ", 400],
      ["/status", "/status", 200],
      ["/compare", "/compare?category=sports&min_gap=1.5", 200],
      ["/compare", "/compare?min_gap=abc", 400],
    ];
    const seen = new Set<string>();
    for (const [template, path, status] of cases) {
      const res = await t.worker.fetch(`/api/v1${path}`, { headers });
      expect(res.status, path).toBe(status);
      const body = await res.json();
      const result = validatorFor(doc, template, status).validate(body);
      expect(result.errors, `${path}: ${JSON.stringify(result.errors.slice(0, 3))}`).toEqual([]);
      seen.add(template);
    }
    // A 200 with data in it: the track record's rows were read, and the markets page is real.
    // Every read path (the alerts' are covered by alerts-api.test.ts).
    expect(
      Object.keys(doc.paths)
        .filter((p) => !p.startsWith("/alerts"))
        .sort(),
    ).toEqual([...seen].sort());

    // The 503s: the history database down.
    const broken = testWorker({ DB: failingDb });
    const down = await broken.fetch("/api/v1/track-record", { headers });
    expect(down.status).toBe(503);
    expect(validatorFor(doc, "/track-record", 503).validate(await down.json()).valid).toBe(true);
    const history = await broken.fetch(`/api/v1/events/${event}/history`, { headers });
    expect(history.status).toBe(503);
    expect(validatorFor(doc, "/events/{slug}/history", 503).validate(await history.json()).valid).toBe(true);
    await broken.settle();
  });

  it("a wrong field in a body fails the contract (the check can fail)", async () => {
    const doc = await openApi(t.worker);
    const res = await t.worker.fetch("/api/v1/whales", { headers: client() });
    const body = (await res.json()) as { trades: unknown[]; fetchedAt: unknown };
    expect(validatorFor(doc, "/whales", 200).validate(body).valid).toBe(true);
    expect(validatorFor(doc, "/whales", 200).validate({ ...body, fetchedAt: 12 }).valid).toBe(false);
    expect(validatorFor(doc, "/whales", 200).validate({ trades: [{ id: 1 }], fetchedAt: "x" }).valid).toBe(
      false,
    );
  });

  it("the track record's rows are the export's", async () => {
    await seedCalls();
    const body = (await (await t.worker.fetch("/api/v1/track-record", { headers: client() })).json()) as {
      summary: { calls: number; graded: number; void: number; holds: number };
      calls: { id: string; outcome: string | null }[];
    };
    expect(body.calls.map((c) => [c.id, c.outcome])).toEqual([
      ["c1", "yes"],
      ["c2", "void"],
      ["c3", null],
    ]);
    expect(body.summary).toMatchObject({ calls: 3, void: 1, holds: 1 });
  });
});

describe("parameters", () => {
  const bad: [query: string, parameter: string, says: RegExp][] = [
    ["/markets?limit=0", "limit", /at least 1/],
    ["/markets?limit=101", "limit", /at most 100/],
    ["/markets?limit=ten", "limit", /whole number/],
    ["/markets?sort=hot", "sort", /volume, change, ending, sentiment/],
    ["/markets?sort=volume&sort=change", "sort", /sort/],
    ["/markets?category=astrology", "category", /politics/],
    [`/markets?q=${"x".repeat(201)}`, "q", /200 characters/],
    ["/markets?cursor=%%%", "cursor", /cursor/],
    ["/whales?minUsd=49999", "minUsd", /at least 50000/],
    ["/whales?outcome=maybe", "outcome", /yes, no, other/],
    ["/whales?since=yesterday", "since", /ISO 8601/],
    ["/markets/some-market/history?range=10y", "range", /1d, 1w, 1m, all/],
    ["/markets/UPPER", "slug", /lowercase/],
    ["/events?limit=0", "limit", /at least 1/],
    ["/events?limit=101", "limit", /at most 100/],
    ["/events?sort=sentiment", "sort", /volume, change, ending, new, liquidity/],
    ["/events?ended=no", "ended", /hide, show/],
    ["/events?ended=hide&ended=show", "ended", /ended/],
    ["/events?category=astrology", "category", /politics/],
    [`/events?q=${"x".repeat(201)}`, "q", /200 characters/],
    ["/events?cursor=%%%", "cursor", /cursor/],
    ["/events/UPPER", "slug", /lowercase/],
    [`/events/${"a".repeat(201)}`, "slug", /200 characters/],
    ["/events/some-event/history?range=10y", "range", /1d, 1w, 1m, all/],
    ["/track-record?cursor=zzzz", "cursor", /cursor/],
  ];
  it.each(bad)("%s → 400 naming %s", async (query, parameter, says) => {
    const res = await t.worker.fetch(`/api/v1${query}`, { headers: client() });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    const { error } = (await res.json()) as { error: { code: string; message: string; parameter: string } };
    expect(error.code).toBe("invalid_parameter");
    expect(error.parameter).toBe(parameter);
    expect(error.message).toContain(parameter);
    expect(error.message).toMatch(says);
  });

  it("filters and sorts as asked, and pages with the cursor through every market once", async () => {
    const headers = client();
    const get = async (q: string) =>
      (await (await t.worker.fetch(`/api/v1/markets${q}`, { headers })).json()) as {
        markets: { id: string; volume: number; priceChange24h: number; title: string }[];
        total: number;
        nextCursor: string | null;
      };
    const all = await get("?limit=100");
    expect(all.markets.map((m) => m.volume)).toEqual(
      [...all.markets.map((m) => m.volume)].sort((a, b) => b - a),
    );
    const moves = (await get("?sort=change&limit=100")).markets.map((m) => Math.abs(m.priceChange24h));
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    const trump = await get("?q=TRUMP&limit=100");
    expect(trump.total).toBeGreaterThan(0);
    expect(trump.markets.every((m) => m.title.toLowerCase().includes("trump"))).toBe(true);

    const ids: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await get(`?limit=30${cursor ? `&cursor=${cursor}` : ""}`);
      ids.push(...page.markets.map((m) => m.id));
      cursor = page.nextCursor;
    }
    expect(ids).toEqual(all.markets.map((m) => m.id));
    expect(new Set(ids).size).toBe(all.total);
  });

  it("whales: minUsd and outcome narrow the list", async () => {
    const headers = client();
    const get = async (q: string) =>
      (
        (await (await t.worker.fetch(`/api/v1/whales${q}`, { headers })).json()) as {
          trades: { outcome: string; size: number; price: number; timestamp: number }[];
        }
      ).trades;
    const all = await get("");
    const big = await get("?minUsd=1000000000");
    expect(big).toEqual([]);
    const yes = await get("?outcome=yes");
    expect(yes.every((t) => t.outcome === "YES")).toBe(true);
    const future = await get(`?since=${new Date(Date.now() + 86_400_000).toISOString()}`);
    expect(future).toEqual([]);
    expect(all.every((t) => t.size * t.price >= 50_000)).toBe(true);
  });
});

describe("HTTP", () => {
  it("ETag and 304 on If-None-Match; a different answer has a different ETag", async () => {
    const headers = client();
    const first = await t.worker.fetch("/api/v1/markets?limit=5", { headers });
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[^"]+"$/);
    const again = await t.worker.fetch("/api/v1/markets?limit=5", {
      headers: { ...headers, "if-none-match": tag ?? "" },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await t.worker.fetch("/api/v1/markets?limit=6", {
      headers: { ...headers, "if-none-match": tag ?? "" },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).not.toBe(tag);
  });

  it("Cache-Control matches the snapshot's age", async () => {
    const res = await t.worker.fetch("/api/v1/markets?limit=1", { headers: client() });
    const { fetchedAt } = (await res.json()) as { fetchedAt: string };
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get("cache-control") ?? "")?.[1]);
    const left = 900 - (Date.now() - Date.parse(fetchedAt)) / 1000;
    expect(res.headers.get("cache-control")).toMatch(/^public, /);
    expect(Math.abs(maxAge - left)).toBeLessThanOrEqual(2);
  });

  it("CORS is open for GET, preflight included", async () => {
    const res = await t.worker.fetch("/api/v1/status", {
      headers: { ...client(), origin: "https://elsewhere.example" },
    });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toContain("RateLimit-Remaining");
    const preflight = await t.worker.fetch("/api/v1/markets", {
      method: "OPTIONS",
      headers: { ...client(), origin: "https://elsewhere.example", "access-control-request-method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("GET");
  });

  it("unknown paths and other methods answer the error shape", async () => {
    const missing = await t.worker.fetch("/api/v1/nothing-here", { headers: client() });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
    const post = await t.worker.fetch("/api/v1/markets", { method: "POST", headers: client() });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const body = (await post.json()) as { error: { code: string } };
    expect(body.error.code).toBe("method_not_allowed");
    expect(validatorFor(await openApi(t.worker), "/markets", 405).validate(body).errors).toEqual([]);
  });

  it("the stable aliases answer as before", async () => {
    const headers = client();
    const markets = (await (await t.worker.fetch("/api/markets", { headers })).json()) as {
      markets: unknown[];
      sources: unknown;
    };
    expect(markets.markets).toHaveLength(100);
    expect(markets.sources).toBeTruthy();
    expect((await t.worker.fetch("/api/whales", { headers })).status).toBe(200);
    expect((await t.worker.fetch("/api/health", { headers })).status).toBe(200);
    // They share the v1 budget (decision 0021): the same RateLimit headers, counting on.
    const health = await t.worker.fetch("/api/health", { headers });
    expect(health.headers.get("ratelimit-limit")).toBe("120");
    expect(health.headers.get("ratelimit-remaining")).toBe("116");
  });
});

describe("rate limit", () => {
  it("120 a minute per IP: the 121st is 429 with Retry-After; another IP and the pages are still served", async () => {
    await withinOneWindow();
    const headers = client();
    const remaining: number[] = [];
    for (let i = 0; i < 120; i++) {
      const res = await t.worker.fetch("/api/v1/status", { headers });
      expect(res.status, `request ${i + 1}`).toBe(200);
      remaining.push(Number(res.headers.get("ratelimit-remaining")));
    }
    expect(remaining[0]).toBe(119);
    expect(remaining.at(-1)).toBe(0);
    const limited = await t.worker.fetch("/api/v1/status", { headers });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Retry-After is the time left in the window.
    expect(Math.abs(retryAfter - (60 - (Date.now() % 60_000) / 1000))).toBeLessThanOrEqual(1.5);
    expect(limited.headers.get("ratelimit-limit")).toBe("120");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    const body = (await limited.json()) as { error: { code: string } };
    expect(body.error.code).toBe("rate_limited");
    const doc = await openApi(testWorker());
    expect(validatorFor(doc, "/status", 429).validate(body).errors).toEqual([]);

    expect((await t.worker.fetch("/api/v1/status", { headers: client() })).status).toBe(200);
    expect((await t.worker.fetch("/help-center", { headers })).status).toBe(200);
  }, 30_000);
});

describe("/api-access", () => {
  it("renders every operation of the document with a live example, readable without JavaScript", async () => {
    const headers = client();
    const doc = await openApi(t.worker);
    // Endpoint headings may break after a slash (<wbr>): read them as text.
    const html = (await (await t.worker.fetch("/api-access", { headers })).text()).replaceAll("<wbr/>", "");
    for (const path of Object.keys(doc.paths)) expect(html).toContain(`/api/v1${path}</code>`);
    // Every read has a live example (the alerts' answers are a visitor's own: none).
    const reads = Object.keys(doc.paths).filter((p) => !p.startsWith("/alerts"));
    expect(html.match(/>Response \(live data\)</g)).toHaveLength(reads.length);
    expect(html).toContain(">POST</span>");
    expect(html).toContain(">DELETE</span>");
    // The markets example is the endpoint's own answer, in the server render.
    const live = (await (await t.worker.fetch("/api/v1/markets?limit=2", { headers })).json()) as {
      markets: { id: string }[];
    };
    for (const m of live.markets) expect(html).toContain(`&quot;id&quot;: &quot;${m.id}&quot;`);
    expect(html).toContain("curl -s &#x27;https://oddspulse.example/api/v1/markets?limit=2&#x27;");
  });

  it("sends the reference once: as HTML in a document, as loader data to a client-side navigation", async () => {
    const headers = client();
    const html = await (await t.worker.fetch("/api-access", { headers })).text();
    const loaderData = html.slice(html.indexOf("window.__reactRouterContext"));
    expect(html).toContain('id="op-listMarkets"');
    expect(loaderData).toContain("routes/api-access");
    expect(loaderData).not.toContain("listMarkets");
    const data = await (await t.worker.fetch("/api-access.data", { headers })).text();
    expect(data).toContain("listMarkets");
    expect(data).toContain("/markets?limit=2");
  });

  it("an example that cannot be made says so; the rest of the reference stands", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = testWorker({ DB: failingDb });
    const res = await broken.fetch("/api-access", { headers: client() });
    expect(res.status).toBe(200);
    const html = (await res.text()).replaceAll("<wbr/>", "");
    expect(html).toContain("Example response unavailable");
    expect(html).toContain("/api/v1/track-record</code>");
    expect(html.match(/>Response \(live data\)</g)?.length).toBeGreaterThanOrEqual(4);
    await broken.settle();
    errors.mockRestore();
  });
});
