/**
 * `/market/:slug` inside workerd: real miniflare D1 (migrations applied) and KV, upstreams served by
 * msw from the recorded payloads. The 404 rules, a top-100 market drawn from our own history, a market
 * fetched on demand with its CLOB history, holders and event, caching, and each section failing alone.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { MARKETS_CRON } from "~/lib/refresh-cadence";
import { HISTORY_EVENT_SLUG, HISTORY_MARKET_SLUG, HISTORY_TOKEN } from "../support/market-answers";
import { calls, DATA, failing, recordedTrades, upstreams } from "./support/upstreams";
import { BROWSER, failingDb, testWorker, workerTest } from "./support/worker";

const TOP_SLUG = "will-trump-deport-less-than-250000";
const TOP_ID = "517310";
const RESOLVED_SLUG = "will-ron-desantis-win-the-us-2024-republican-presidential-nomination";
/** The on-demand market's condition id (recorded event, market 824952). */
const HISTORY_CONDITION = "0x8213d395e079614d6c4d7f4cbb9be9337ab51648a21cc2a334ae8f1966d164b4";

const t = workerTest({
  tables: ["market_points", "sentiment_changes", "whale_trades", "markets"],
  kvPrefixes: ["market:"],
});

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await t.worker.fetch(path, { headers: BROWSER });
  return { status: response.status, html: await response.text() };
}

/** Stores earlier points of a market, as earlier cron runs would have (`spacing` seconds apart, back from now). */
async function storePastPoints(
  marketId: string,
  prices: number[][],
  spacing = 600,
  slot = Math.floor(Date.now() / 600_000) * 600,
): Promise<void> {
  const insert = env.DB.prepare(
    `INSERT INTO market_points (market_id, t, step, prices, volume_24h, liquidity, sentiment, confidence,
       recommendation, sentiment_source, mentions, mentions_source)
     VALUES (?1, ?2, 600, ?3, 1000, 500, 'neutral', 50, 'NEUTRAL', 'estimated', ?4, 'estimated')`,
  );
  await env.DB.batch(
    prices.map((p, i) =>
      insert.bind(marketId, slot - (prices.length - i) * spacing, JSON.stringify(p), 100 + i),
    ),
  );
}

describe("which URLs are market pages", () => {
  it("a slug that cannot be Polymarket's is a 404 without any upstream call", async () => {
    for (const slug of ["Not_A_Slug", "a..b", "-x", `${"a".repeat(201)}`, "%3Cscript%3E"]) {
      const { status, html } = await page(`/market/${slug}`);
      expect(status, slug).toBe(404);
      expect(html).toContain("Oops! Page not found");
    }
    expect(calls.gamma + calls.data + calls.clob).toBe(0);
  });

  it("an unknown slug is a 404 after one question to Gamma, and the answer is not written to KV", async () => {
    const { status } = await page("/market/no-such-market-anywhere");
    expect(status).toBe(404);
    expect(calls.gamma).toBe(1);
    expect((await env.CACHE.list({ prefix: "market:" })).keys).toHaveLength(0);
  });

  it("a range that is not one of 1d, 1w, 1m, all is a 400 that says so", async () => {
    const { status, html } = await page(`/market/${HISTORY_MARKET_SLUG}?range=5y`);
    expect(status).toBe(400);
    expect(html).toContain("Unknown range: use one of 1d, 1w, 1m, all.");
  });
});

describe("a market of the current top 100", () => {
  it("shows its outcomes, figures and our own history as an SVG chart with a text summary", async () => {
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    await storePastPoints(TOP_ID, [
      [0.041, 0.959],
      [0.05, 0.95],
      [0.055, 0.945],
    ]);
    const { status, html } = await page(`/market/${TOP_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("<h1");
    expect(html).toContain("Will Trump deport less than 250,000?");
    // "Live" is the socket's word: the snapshot's prices say when they were fetched.
    expect(html).toContain("Prices from Polymarket, fetched");
    expect(html).toContain('data-testid="price-chart"');
    // The line ends at the market's price now (5.8¢, as the outcome tile shows), not the last stored point.
    expect(html).toContain("Yes rose from 4.1¢ to 5.8¢ this week.");
    expect(html).toContain("Our own 10-minute history of this market.");
    expect(html).toContain("Current call");
    expect(html).toContain(`<link rel="canonical" href="https://oddspulse.example/market/${TOP_SLUG}"/>`);
    expect(html).toContain('"@type":"WebPage"');
    // Ours reach the start of neither range here, so the CLOB was asked for both outcome tokens.
    expect(calls.clob).toBe(2);
  });
});

describe("a market fetched on demand", () => {
  it("renders from Gamma with the CLOB's history, its event's other markets and its holders", async () => {
    const { status, html } = await page(`/market/${HISTORY_MARKET_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("MicroStrategy sells any Bitcoin by December 31, 2026?");
    expect(html).toContain("Prices from Polymarket, fetched");
    expect(html).toContain("not among the 100 most traded right now");
    expect(html).toContain('data-testid="price-chart"');
    expect(html).toContain(
      "Polymarket&#x27;s price history (our own history of this market does not reach back this far).",
    );
    expect(html).toContain('data-testid="event-markets"');
    expect(html).toContain('href="/market/microstrategy-sells-any-bitcoin-by-march-31-2026"');
    expect(html).toContain('data-testid="holders"');
    expect(html).toContain("DEEDDIT");
    expect(html).toContain("No trades over $10K found in this market.");
    const asked = { gamma: calls.gamma, data: calls.data, clob: calls.clob };
    expect(asked).toEqual({ gamma: 2, data: 2, clob: 2 });

    // A second visitor (new isolate, same KV) is served from KV: no upstream call at all.
    const { html: again } = await page(`/market/${HISTORY_MARKET_SLUG}`);
    expect(again).toContain('data-testid="price-chart"');
    expect({ gamma: calls.gamma, data: calls.data, clob: calls.clob }).toEqual(asked);
  });

  it("a resolved market says which outcome won", async () => {
    const { status, html } = await page(`/market/${RESOLVED_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("Resolved: No");
  });

  it("lists stored and fetched trades over $10K in the market once each", async () => {
    const recorded = recordedTrades[0] as Record<string, unknown>;
    const mine = {
      ...recorded,
      conditionId: HISTORY_CONDITION,
      size: 40_000,
      price: 0.5,
      transactionHash: "0xfeed",
    };
    upstreams.use(http.get(`${DATA}/trades`, () => HttpResponse.json([mine])));
    const { html } = await page(`/market/${HISTORY_MARKET_SLUG}`);
    expect(html).toContain('data-testid="market-trades"');
    expect(html).toContain("$20K");
    expect(html).toContain("0 from our whale-watch record, 1 from Polymarket&#x27;s Data API.");
  });
});

describe("each section fails on its own", () => {
  it("holders failing: that section says so, the rest renders, status 200", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(failing("data", "http-500", "/holders"));
    const { status, html } = await page(`/market/${HISTORY_MARKET_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("Top holders are unavailable right now.");
    expect(html).toContain('data-testid="price-chart"');
    expect(html).toContain('data-testid="event-markets"');
  });

  it("the CLOB failing: the chart says Polymarket's history is unavailable, the rest renders", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(failing("clob", "http-500"));
    const { status, html } = await page(`/market/${HISTORY_MARKET_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("Polymarket&#x27;s price history is unavailable right now.");
    expect(html).toContain('data-testid="holders"');
  });

  it("the event failing: only the other-markets section says so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(failing("gamma", "html-403", "/events/slug/:slug"));
    const { status, html } = await page(`/market/${HISTORY_MARKET_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("The other markets of this event are unavailable right now.");
    expect(html).toContain('data-testid="price-chart"');
  });

  it("the database failing: history sections say 'History unavailable', the page is 200", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = testWorker({ DB: failingDb });
    const response = await broken.fetch(`/market/${HISTORY_MARKET_SLUG}`, { headers: BROWSER });
    const html = await response.text();
    await broken.settle();
    expect(response.status).toBe(200);
    expect(html).toContain("History unavailable right now.");
    expect(html).toContain("Our own price history is unavailable right now.");
    // The CLOB's history still draws the chart.
    expect(html).toContain('data-testid="price-chart"');
  });

  it("Gamma failing for a market we have recorded: the page shows our last stored point", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.prepare(
      `INSERT INTO markets (id, slug, event_slug, condition_id, question, outcomes, clob_token_ids, end_date, first_seen)
       VALUES ('824952', ?1, ?2, NULL, 'MicroStrategy sells any Bitcoin by December 31, 2026?', '["Yes","No"]', ?3, NULL, 0)`,
    )
      .bind(HISTORY_MARKET_SLUG, HISTORY_EVENT_SLUG, JSON.stringify([HISTORY_TOKEN]))
      .run();
    await storePastPoints("824952", [[0.31, 0.69]]);
    upstreams.use(failing("gamma", "http-500", "/markets/slug/:slug"));
    const { status, html } = await page(`/market/${HISTORY_MARKET_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("Polymarket is unreachable: prices from our history");
    expect(html).toContain("31¢");
  });

  it("Gamma failing for a market we never recorded: a 503 page that says so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(failing("gamma", "http-500", "/markets/slug/:slug"));
    const { status, html } = await page(`/market/${HISTORY_MARKET_SLUG}`);
    expect(status).toBe(503);
    expect(html).toContain("Market data is temporarily unavailable.");
    expect(html).not.toContain("    at ");
  });
});

describe("the same data as JSON", () => {
  it("GET /api/markets/:slug answers the market, cached like /api/markets", async () => {
    const response = await t.worker.fetch(`/api/markets/${HISTORY_MARKET_SLUG}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=15");
    const body = (await response.json()) as {
      market: { slug: string; outcomes: { label: string }[]; status: { kind: string } };
    };
    expect(body.market.slug).toBe(HISTORY_MARKET_SLUG);
    expect(body.market.outcomes.map((o) => o.label)).toEqual(["Yes", "No"]);
    expect(body.market.status.kind).toBe("awaiting");
  });

  it("GET /api/markets/:slug/history answers points with every outcome's price and their source", async () => {
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    await storePastPoints(TOP_ID, [[0.041, 0.959]]);
    const response = await t.worker.fetch(`/api/markets/${TOP_SLUG}/history?range=1d`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      slug: string;
      points: { t: number; prices: number[]; source: string }[];
    };
    expect(body.slug).toBe(TOP_SLUG);
    expect(body.points).toHaveLength(2);
    expect(body.points[0]).toMatchObject({ prices: [0.041, 0.959], source: "ours" });
    expect(body.points[1]?.prices).toEqual([0.058, 0.942]);

    const clob = await t.worker.fetch(`/api/markets/${HISTORY_MARKET_SLUG}/history?range=1d`);
    const fromClob = (await clob.json()) as { points: { source: string; prices: (number | null)[] }[] };
    expect(fromClob.points.length).toBeGreaterThan(100);
    expect(new Set(fromClob.points.map((p) => p.source))).toEqual(new Set(["clob"]));
  });

  it("bad input is a one-line JSON 400, an unknown market a 404", async () => {
    const badRange = await t.worker.fetch(`/api/markets/${TOP_SLUG}/history?range=forever`);
    expect(badRange.status).toBe(400);
    expect(await badRange.json()).toEqual({ error: "Invalid range: use one of 1d, 1w, 1m, all" });
    const badSlug = await t.worker.fetch("/api/markets/Not_A_Slug");
    expect(badSlug.status).toBe(400);
    const unknown = await t.worker.fetch("/api/markets/no-such-market-anywhere/history");
    expect(unknown.status).toBe(404);
    expect(calls.gamma).toBe(1);
  });
});

describe("links in", () => {
  it("sitemap.xml lists a page for each market currently shown, and none before there is a snapshot", async () => {
    const before = await (await t.worker.fetch("/sitemap.xml")).text();
    expect(before).not.toContain("/market/");
    expect(calls.gamma).toBe(0);
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const after = await (await t.worker.fetch("/sitemap.xml")).text();
    expect(after.match(/<loc>https:\/\/oddspulse\.example\/market\/[a-z0-9-]+<\/loc>/g)).toHaveLength(100);
    expect(after).toContain(`<loc>https://oddspulse.example/market/${TOP_SLUG}</loc>`);
  });

  it("one-market cards on / lead to the market pages and show a 24-hour sparkline once there are two points", async () => {
    // "GTA VI released before June 2026?" is a one-market event shown on Trending (Yes at 2.65¢ when recorded).
    const id = "540881";
    const slug = "gta-vi-released-before-june-2026";
    // On the last two hour marks: the line takes each hour's first point, so both are in it.
    await storePastPoints(
      id,
      [
        [0.041, 0.959],
        [0.05, 0.95],
      ],
      3600,
      Math.floor(Date.now() / 3_600_000) * 3600,
    );
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const { html } = await page("/");
    expect(html).toContain(`href="/market/${slug}"`);
    expect(html).toMatch(/data-testid="sparkline"/);
    expect(html).toContain("Yes 24h: 4.1¢ → 2.7¢");
  });

  it("a multi-outcome card leads to its event page, its outcome rows to their market pages", async () => {
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const { html } = await page("/?ended=show");
    expect(html).toContain('href="/event/how-many-people-will-trump-deport-in-2025"');
    // Its leading three of nine buckets: 250-500k (89¢), <250k (6¢), 500-750k (2¢), then "+6 more".
    expect(html).toContain('href="/market/will-trump-deport-250000-500000-people"');
    expect(html).toContain(`href="/market/${TOP_SLUG}"`);
    expect(html).toContain("+6 more");
  });
});
