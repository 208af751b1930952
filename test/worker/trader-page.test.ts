/**
 * `/trader/:wallet` and `/api/traders/:wallet` inside workerd: real miniflare D1 and KV, the Data API
 * served by msw from the recorded leaderboard and positions. The 404 rule (no upstream call), the
 * sections, each failing alone, and the 5-minute KV cache.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { POSITIONS_WALLET } from "../support/upstream-answers";
import { calls, DATA, failing, recordedTrades, upstreams } from "./support/upstreams";
import { BROWSER, failingDb, type TestWorker, testWorker, workerTest } from "./support/worker";

/** Rank 1 on the recorded monthly PnL board (DEEDDIT), holder of the recorded positions. */
const WALLET = POSITIONS_WALLET;
const PATH = `/trader/${WALLET}`;

const t = workerTest({ tables: ["whale_trades"], kvPrefixes: ["trader:"] });

async function page(path: string, on: TestWorker = t.worker): Promise<{ status: number; html: string }> {
  const response = await on.fetch(path, { headers: BROWSER });
  return { status: response.status, html: await response.text() };
}

const upstreamCalls = () => calls.gamma + calls.data + calls.clob + calls.x + calls.llm;

/** A whale trade our cron stored for the wallet. */
async function storeTrade(): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO whale_trades (id, condition_id, market_slug, event_slug, title, outcome, outcome_label, side,
       size, price, traded_ms, wallet, pseudonym)
     VALUES ('0xstored:1', '0xcond', 'stored-market-slug', NULL, 'Stored whale market?', 'YES', 'Yes', 'BUY',
       200000, 0.4, ?1, ?2, NULL)`,
  )
    .bind(Date.now() - 3_600_000, WALLET)
    .run();
}

/** A trade of the wallet as the Data API lists it ($30K). */
function fetchedTrade(): Record<string, unknown> {
  return {
    ...(recordedTrades[0] as Record<string, unknown>),
    proxyWallet: WALLET,
    size: 60_000,
    price: 0.5,
    slug: "fetched-market-slug",
    title: "Fetched trade market?",
    transactionHash: "0xfetched",
    timestamp: Math.floor(Date.now() / 1000) - 600,
  };
}

describe("which URLs are trader pages", () => {
  it("anything but 0x + 40 hex digits is the 404 page without any upstream call", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const wallet of ["abc", "0x123", `0x${"a".repeat(41)}`, `0x${"g".repeat(40)}`, "%3Cscript%3E"]) {
      const { status, html } = await page(`/trader/${wallet}`);
      expect(status, wallet).toBe(404);
      expect(html).toContain("Oops! Page not found");
    }
    expect(upstreamCalls()).toBe(0);
  });

  it("the JSON answer for a non-wallet is a 404 { error } without any upstream call", async () => {
    for (const wallet of ["abc", `0x${"a".repeat(41)}`]) {
      const response = await t.worker.fetch(`/api/traders/${wallet}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Not a wallet address: use 0x and 40 hex digits" });
    }
    expect(upstreamCalls()).toBe(0);
  });
});

describe("the rank-1 trader", () => {
  it("shows the name, ranks and PnL, positions linked to market pages, trades, and the profile link", async () => {
    await storeTrade();
    upstreams.use(http.get(`${DATA}/trades`, () => HttpResponse.json([fetchedTrade()])));
    const { status, html } = await page(PATH);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>DEEDDIT<\/h1>/);
    expect(html).toContain("<title>DEEDDIT — Polymarket Trader | ");
    expect(html).toContain(`<link rel="canonical" href="https://oddspulse.example/trader/${WALLET}"/>`);
    expect(html).not.toContain('name="robots"');
    // Monthly board: rank 1, +$8.1M PnL, $72.1M volume; the other boards (not recorded) list nobody.
    expect(html).toMatch(/data-testid="rank-month".*?#1<.*?\+\$8\.1M PnL.*?\$72\.1M volume/s);
    expect(html).toMatch(/data-testid="rank-day".*?Not ranked/s);
    expect(html).toContain(`href="https://polymarket.com/profile/${WALLET}"`);
    // Positions: both recorded ones, linked to their market pages.
    expect(html).toContain('data-testid="trader-positions"');
    expect(html).toContain('href="/market/fifwc-nor-eng-2026-07-11-eng"');
    expect(html).toContain('href="/market/fifwc-arg-che-2026-07-11-goals-lionel-messi-gte1"');
    expect(html).toContain("2,251,963 shares");
    expect(html).toContain("-$1.1M");
    // Trades: ours from D1 and the Data API's, each once.
    expect(html).toContain('data-testid="trader-trades"');
    expect(html).toContain('href="/market/stored-market-slug"');
    expect(html).toContain("$80K");
    expect(html).toContain('href="/market/fetched-market-slug"');
    expect(html).toContain("$30K");
    expect(html).toContain("1 from our whale-watch record, 1 from Polymarket&#x27;s Data API.");
  });

  it("asks the Data API ten times (four boards, positions, trades, the record's three lists, a page of activity), then serves the kept answers for 5 minutes", async () => {
    await page(PATH);
    await t.worker.settle();
    expect({ data: calls.data, others: upstreamCalls() - calls.data }).toEqual({ data: 10, others: 0 });
    // Another isolate (no memory of the first), the same data centre's cache: nothing asked again.
    const { html } = await page(PATH, testWorker());
    expect(calls.data).toBe(10);
    expect(html).toContain('data-testid="trader-positions"');
    expect(html).toMatch(/data-testid="rank-month".*?#1</s);
    // Any visitor can name any wallet: none of it is written to KV (decision 0021).
    expect((await env.CACHE.list({ prefix: "trader:" })).keys).toEqual([]);
  });

  it("an upper-case wallet is the same trader (lowercased upstream and in KV)", async () => {
    const { status, html } = await page(`/trader/0x${WALLET.slice(2).toUpperCase()}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>DEEDDIT<\/h1>/);
    expect(html).toContain(`<link rel="canonical" href="https://oddspulse.example/trader/${WALLET}"/>`);
  });

  it("GET /api/traders/:wallet answers what the page shows, cached 5 minutes", async () => {
    await storeTrade();
    const response = await t.worker.fetch(`/api/traders/${WALLET}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const body = (await response.json()) as {
      wallet: string;
      name: string;
      profileUrl: string;
      ranks: { period: string; standing: { ok: boolean; value: { rank: number; pnl: number } | null } }[];
      positions: { ok: boolean; value: { slug: string; size: number; cashPnl: number }[] };
      trades: {
        trades: { id: string; marketSlug: string }[];
        stored: number;
        fetched: number;
        notes: string[];
      };
    };
    expect(body.wallet).toBe(WALLET);
    expect(body.name).toBe("DEEDDIT");
    expect(body.profileUrl).toBe(`https://polymarket.com/profile/${WALLET}`);
    expect(body.ranks.map((r) => [r.period, r.standing.value?.rank ?? null])).toEqual([
      ["DAY", null],
      ["WEEK", null],
      ["MONTH", 1],
      // The fixtures put every recorded trader on the all-time board (test/support/upstream-answers.ts).
      ["ALL", 1],
    ]);
    expect(body.ranks[2]?.standing.value?.pnl).toBeCloseTo(8_052_184.54, 1);
    expect(body.positions.ok).toBe(true);
    expect(body.positions.value.map((p) => p.slug)).toEqual([
      "fifwc-nor-eng-2026-07-11-eng",
      "fifwc-arg-che-2026-07-11-goals-lionel-messi-gte1",
    ]);
    expect(body.trades).toMatchObject({ stored: 1, fetched: 0, notes: [] });
    expect(body.trades.trades.map((t) => t.marketSlug)).toEqual(["stored-market-slug"]);

    // The page agrees (and is served from the same kept answers, but for the wallet's history, which
    // the JSON answer does not carry: one page of its activity).
    const asked = calls.data;
    const { html } = await page(PATH);
    expect(calls.data).toBe(asked + 1);
    expect(html).toContain('href="/market/stored-market-slug"');
    expect(html).toMatch(/data-testid="rank-month".*?#1</s);
  });
});

describe("each section fails on its own", () => {
  it("positions failing: that section says so, the rest renders, status 200, the failure is not kept", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(failing("data", "http-500", "/positions"));
    const { status, html } = await page(PATH);
    expect(status).toBe(200);
    expect(html).toContain("Open positions are unavailable right now.");
    expect(html).not.toContain('data-testid="trader-positions"');
    expect(html).toMatch(/<h1[^>]*>DEEDDIT<\/h1>/);
    expect(html).toMatch(/data-testid="rank-month".*?#1</s);
    expect(html).toContain("No trades over $10K found for this wallet.");
    expect(errors).toHaveBeenCalled();
    // The failure is not kept as an answer: once the upstream is back, another isolate asks again.
    upstreams.resetHandlers();
    expect((await page(PATH, testWorker())).html).toContain('data-testid="trader-positions"');
  });

  it("the leaderboard failing: each board says so, the page falls back to the wallet, 200", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(failing("data", "http-500", "/v1/leaderboard"));
    const { status, html } = await page(PATH);
    expect(status).toBe(200);
    expect(html).toContain("Polymarket&#x27;s leaderboard is unavailable right now.");
    expect(html).toMatch(/<h1[^>]*>0x09b4…7320<\/h1>/);
    expect(html).toContain('data-testid="trader-positions"');
    // Not kept: once the board is back, the next visitor (another isolate) asks again.
    upstreams.resetHandlers();
    expect((await page(PATH, testWorker())).html).toMatch(/<h1[^>]*>DEEDDIT<\/h1>/);
  });

  it("Polymarket's trades failing: the trades section says so and still lists ours", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await storeTrade();
    upstreams.use(failing("data", "http-500", "/trades"));
    const { status, html } = await page(PATH);
    expect(status).toBe(200);
    expect(html).toContain("Polymarket&#x27;s trades are unavailable right now.");
    expect(html).toContain('href="/market/stored-market-slug"');
    expect(html).toContain('data-testid="trader-positions"');
  });

  it("the database failing: the stored trades say so, the rest renders, 200", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = testWorker({ DB: failingDb });
    const { status, html } = await page(PATH, broken);
    await broken.settle();
    expect(status).toBe(200);
    expect(html).toContain("Our whale-watch record is unavailable right now.");
    expect(html).toContain('data-testid="trader-positions"');
    expect(html).toMatch(/data-testid="rank-month".*?#1</s);
  });
});

describe("links in", () => {
  it("trader pages are not in the sitemap", async () => {
    await page(PATH);
    const sitemap = await (await t.worker.fetch("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/trader/");
  });
});
