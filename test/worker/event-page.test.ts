/**
 * `/event/:slug` inside workerd: real miniflare D1 (migrations applied) and KV, upstreams served by msw
 * from the recorded payloads. The 404 rules with their request counts, a shown multi-outcome event with
 * its order books and forecast, an event fetched on demand, a closed event, caching, each section failing
 * alone, and the links in (sitemap, market page).
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { MARKETS_CRON } from "~/lib/refresh-cadence";
import { HISTORY_EVENT_SLUG, HISTORY_MARKET_SLUG } from "../support/market-answers";
import { calls, failing, upstreams } from "./support/upstreams";
import { BROWSER, failingDb, testWorker, workerTest } from "./support/worker";

/** A shown multi-outcome event of the recorded top 100 (9 markets). */
const SHOWN_SLUG = "how-many-people-will-trump-deport-in-2025";
const SHOWN_LEADER_ID = "517311";
/** A closed event of the 2024 recording. */
const CLOSED_SLUG = "presidential-election-winner-2024";

const t = workerTest({
  tables: ["market_points", "sentiment_changes", "whale_trades", "markets"],
  kvPrefixes: ["market:", "event:"],
});

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await t.worker.fetch(path, { headers: BROWSER });
  return { status: response.status, html: await response.text() };
}

const asked = () => ({ gamma: calls.gamma, data: calls.data, clob: calls.clob });

async function storePastPoints(marketId: string, prices: number[][], spacing = 600): Promise<void> {
  const slot = Math.floor(Date.now() / 600_000) * 600;
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

describe("which URLs are event pages", () => {
  it("a slug that cannot be Polymarket's is a 404 without any upstream call", async () => {
    for (const slug of ["Not_A_Slug", "a..b", "-x", `${"a".repeat(201)}`, "%3Cscript%3E"]) {
      const { status, html } = await page(`/event/${slug}`);
      expect(status, slug).toBe(404);
      expect(html).toContain("Oops! Page not found");
    }
    expect(calls.gamma + calls.data + calls.clob).toBe(0);
  });

  it("an unknown slug is a 404 after one question to Gamma, remembered, and never written to KV", async () => {
    expect((await page("/event/no-such-event-anywhere")).status).toBe(404);
    expect((await page("/event/no-such-event-anywhere")).status).toBe(404);
    expect(asked()).toEqual({ gamma: 1, data: 0, clob: 0 });
    expect((await env.CACHE.list({ prefix: "event:" })).keys).toHaveLength(0);
    expect((await env.CACHE.list({ prefix: "market:" })).keys).toHaveLength(0);
  });

  it("a range that is not one of 1d, 1w, 1m, all is a 400 that says so", async () => {
    const { status, html } = await page(`/event/${HISTORY_EVENT_SLUG}?range=5y`);
    expect(status).toBe(400);
    expect(html).toContain("Unknown range: use one of 1d, 1w, 1m, all.");
  });
});

describe("a shown multi-outcome event", () => {
  it("lists every outcome by price with its book, charts the leaders and shows the forecast", async () => {
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    await storePastPoints(SHOWN_LEADER_ID, [
      [0.85, 0.15],
      [0.87, 0.13],
      [0.89, 0.11],
    ]);
    calls.gamma = calls.data = calls.clob = 0;
    const { status, html } = await page(`/event/${SHOWN_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("How many people will Trump deport in 2025?");
    // Every one of its 9 markets, dearest first, each linking to its market page.
    expect(html.match(/data-testid="outcome-row"/g)).toHaveLength(9);
    const table = html.slice(html.indexOf('data-testid="outcome-table"'), html.indexOf("</table>"));
    const first = table.indexOf('href="/market/will-trump-deport-250000-500000-people"');
    const second = table.indexOf('href="/market/will-trump-deport-less-than-250000"');
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    // The recorded book: best bid 50¢, best ask 51¢, spread 1¢.
    expect(html).toMatch(/data-testid="best-bid">50¢</);
    expect(html).toMatch(/data-testid="best-ask">51¢</);
    expect(html).toContain('data-testid="price-chart"');
    // The line ends at the price the table shows, and the legend says the same price.
    expect(html).toContain("250-500k rose from 85¢ to 89.5¢ this week.");
    expect(html).toMatch(/data-testid="chart-legend-item">.*?<\/span>250-500k 89.5¢</);
    expect(table).toContain(">89.5¢<");
    expect(html).toContain('data-testid="event-forecast"');
    expect(html).toContain('data-testid="forecast-call"');
    // The X count names what was counted: the query derived from the title.
    expect(html).toContain("820 X mentions of “How many people” now (live)");
    expect(html).not.toContain("not among the 100 busiest");
    expect(html).toContain('data-testid="holders"');
    expect(html).toContain("Top holders: 250-500k");
    expect(html).toContain(`<link rel="canonical" href="https://oddspulse.example/event/${SHOWN_SLUG}"/>`);
    expect(html).toContain('"@type":"WebPage"');
    expect(html).toMatch(
      /<title>How many people will Trump deport in 2025\? — Odds, Order Book &amp; AI Forecast/,
    );
    // One event, one POST for its 9 books, trades of all its markets in one request, the leader's holders,
    // smart money (v2 holders of its markets, v2 trades of the event);
    // the CLOB's history for the six lines drawn (our points cover the last half hour, not the week), none
    // for the three outcomes left out of the chart.
    expect(asked()).toEqual({ gamma: 1, data: 4, clob: 1 + 6 });
  });
});

describe("an event fetched on demand", () => {
  it("renders from Gamma with its rules, the CLOB's history, no forecast, and is served from the cache next", async () => {
    const { status, html } = await page(`/event/${HISTORY_EVENT_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("Prices from Polymarket, fetched");
    expect(html).toContain("No AI forecast: this event is not among the 100 busiest");
    expect(html).toContain('data-testid="event-rules"');
    expect(html.match(/data-testid="outcome-row"/g)).toHaveLength(3);
    // Its resolved market by its own name and how it ended (No), not as two sides of one market.
    expect(html).toMatch(/data-testid="resolved-markets">.*December 31, 2025.*<\/ul>/);
    expect(html).toMatch(/December 31, 2025<\/a><span class="tabular-nums">No</);
    expect(html).toContain('data-testid="price-chart"');
    expect(html).toContain(`href="/market/${HISTORY_MARKET_SLUG}"`);
    expect(html).toContain("No trades over $10K found in this event.");
    const first = asked();
    // Gamma once; the CLOB: one POST of books and one history per line (3 open outcomes); Data: trades,
    // holders, and smart money's v2 holders and trades.
    expect(first).toEqual({ gamma: 1, data: 4, clob: 4 });

    const { html: again } = await page(`/event/${HISTORY_EVENT_SLUG}`);
    expect(again).toContain('data-testid="price-chart"');
    expect(asked()).toEqual(first);
  });

  it("a closed event says which outcome won and lists how each ended", async () => {
    const { status, html } = await page(`/event/${CLOSED_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("Resolved: Donald Trump");
    expect(html).toContain("How the outcomes ended");
  });
});

describe("each section fails on its own", () => {
  it.each([
    [
      "the order books",
      () => failing("clob", "http-500", "/books"),
      "Polymarket&#x27;s order books are unavailable right now.",
    ],
    [
      "the CLOB's history",
      () => failing("clob", "html-403", "/prices-history"),
      "Polymarket&#x27;s price history is unavailable right now.",
    ],
    [
      "the trades",
      () => failing("data", "invalid-json", "/trades"),
      "Polymarket&#x27;s trades are unavailable right now.",
    ],
    [
      "the holders",
      () => failing("data", "wrong-shape", "/holders"),
      "Top holders are unavailable right now.",
    ],
  ])("%s failing: that section says so, the rest renders, status 200", async (_name, handler, message) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(handler());
    const { status, html } = await page(`/event/${HISTORY_EVENT_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain(message);
    expect(html).toContain('data-testid="outcome-table"');
    expect(html).toContain('data-testid="event-forecast"');
  });

  it("the database failing: calls and mentions say 'History unavailable', the page is 200", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = testWorker({ DB: failingDb });
    const response = await broken.fetch(`/event/${HISTORY_EVENT_SLUG}`, { headers: BROWSER });
    const html = await response.text();
    await broken.settle();
    expect(response.status).toBe(200);
    expect(html.match(/History unavailable right now\./g)?.length).toBeGreaterThanOrEqual(2);
    expect(html).toContain("Our own price history is unavailable right now.");
    expect(html).toContain('data-testid="price-chart"');
  });

  it("Gamma failing for a shown event: the snapshot's copy of its markets, said so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    upstreams.use(failing("gamma", "http-500", "/events/slug/:slug"));
    const { status, html } = await page(`/event/${SHOWN_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("Prices from Polymarket, cached at");
    expect(html).toContain("The rules are unavailable while Polymarket is unreachable.");
    expect(html).toContain('data-testid="outcome-table"');
  });

  it("Gamma failing for an event we do not show: a 503 page that says so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(failing("gamma", "http-500", "/events/slug/:slug"));
    const { status, html } = await page(`/event/${HISTORY_EVENT_SLUG}`);
    expect(status).toBe(503);
    expect(html).toContain("Event data is temporarily unavailable.");
  });
});

describe("links in", () => {
  it("sitemap.xml lists the shown multi-outcome events' pages", async () => {
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const sitemap = await (await t.worker.fetch("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>https://oddspulse.example/event/${SHOWN_SLUG}</loc>`);
    // A one-market event's card leads to its market page, which is listed instead.
    expect(sitemap).not.toContain("<loc>https://oddspulse.example/event/bitboy-convicted</loc>");
  });

  it("a market of a multi-market event links up to its event page", async () => {
    const { html } = await page(`/market/${HISTORY_MARKET_SLUG}`);
    expect(html).toContain(`href="/event/${HISTORY_EVENT_SLUG}"`);
  });
});
