/**
 * The fresh-wallet radar inside workerd (decision 0054): the minute cron looks up at most two wallets a
 * run (newest trades first, ≤ 2 Data API v2 calls each) into D1 `wallet_facts`, keeps them a week and
 * leaves rows it did not look up alone; whale cards, the whale-watch page's `fresh=1` filter (400 for a
 * bad value), /api/whales, /api/v1/whales and the whale feeds carry each trade's score and reasons.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { HistoryStore } from "~/.server/history/store";
import { WHALES_CRON } from "~/lib/refresh-cadence";
import type { WhaleTrade } from "~/lib/types";
import { makeTradeRow } from "../support/markets";
import { V2_ACTIVITY_WALLET, V2_BUSY_WALLET } from "../support/upstream-answers";
import { openApi, validatorFor } from "./support/openapi";
import { calls, DATA, upstreams } from "./support/upstreams";
import { BROWSER, testWorker, workerTest } from "./support/worker";

const t = workerTest({ tables: ["wallet_facts", "whale_trades"], kvPrefixes: ["trader:"] });

const NOBODY = "0x1234567890abcdef1234567890abcdef12345678";
const MIN = 60_000;
const DAY = 86_400_000;

/** The wallets' v2 requests, in order: [path, user]. */
const lookups: [string, string | null][] = [];
upstreams.events.on("request:start", ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/v2/activity") || url.searchParams.has("user")) {
    if (url.pathname.includes("/v2/"))
      lookups.push([url.pathname.replace(/.*\/v2\//, ""), url.searchParams.get("user")]);
  }
});

/** Whale trades, newest first: one per wallet. */
function serveTrades(now: number, wallets: readonly string[], price = 0.08): void {
  const rows = wallets.map((wallet, i) =>
    makeTradeRow(i + 1, { proxyWallet: wallet, size: 1_000_000, price }, now),
  );
  upstreams.use(http.get(`${DATA}/trades`, () => HttpResponse.json(rows)));
}

interface FactsRow {
  wallet: string;
  first_activity_ms: number | null;
  markets: number | null;
  volume_usd: number | null;
  checked_ms: number;
}

async function stored(): Promise<FactsRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT wallet, first_activity_ms, markets, volume_usd, checked_ms FROM wallet_facts ORDER BY wallet",
  ).all<FactsRow>();
  return results;
}

async function minuteRun(at: number): Promise<void> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(at));
  const worker = testWorker();
  await worker.scheduled(WHALES_CRON, at);
  await worker.settle();
}

async function putFacts(row: FactsRow): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO wallet_facts (wallet, first_activity_ms, markets, volume_usd, checked_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
  )
    .bind(row.wallet, row.first_activity_ms, row.markets, row.volume_usd, row.checked_ms)
    .run();
}

describe("the wallet_facts table", () => {
  it("reads any number of wallets in one query (past D1's 100 bound parameters) and upserts by wallet", async () => {
    const store = new HistoryStore(env.DB);
    const wallets = Array.from({ length: 150 }, (_, i) => `0x${i.toString(16).padStart(40, "0")}`);
    const facts = (wallet: string, checkedAt: number) => ({
      wallet,
      firstActivityAt: null,
      markets: 3,
      volumeUsd: 10,
      checkedAt,
    });
    expect(await store.recordWalletFacts(wallets.slice(0, 120).map((w) => facts(w, 1)))).toBe(120);
    expect(await store.recordWalletFacts([facts(wallets[0] as string, 2)])).toBe(1);
    const read = await store.walletFacts(wallets);
    expect(read.size).toBe(120);
    expect(read.get(wallets[0] as string)).toEqual(facts(wallets[0] as string, 2));
    expect(read.get(wallets[1] as string)?.checkedAt).toBe(1);
  });
});

describe("the minute cron's wallet lookups", () => {
  const T0 = Date.parse("2026-11-27T10:00:00Z");

  it("look up at most two wallets a run, newest trades first, in at most four calls, and keep them a week", async () => {
    lookups.length = 0;
    serveTrades(T0, [V2_ACTIVITY_WALLET, V2_BUSY_WALLET, NOBODY]);
    await minuteRun(T0);
    // The recorded wallet's whole history is one page (1 call); the busy one has more pages, so its
    // volume is asked of the board (2 calls), which does not know it (404: no volume).
    expect(lookups).toEqual([
      ["activity", V2_ACTIVITY_WALLET],
      ["activity", V2_BUSY_WALLET],
      ["leaderboard", V2_BUSY_WALLET],
    ]);
    expect(await stored()).toEqual([
      { wallet: V2_BUSY_WALLET, first_activity_ms: null, markets: null, volume_usd: null, checked_ms: T0 },
      {
        wallet: V2_ACTIVITY_WALLET,
        first_activity_ms: 1788886026000,
        markets: 2,
        volume_usd: 13.285715 + 13.89215,
        checked_ms: T0,
      },
    ]);

    // The next run asks only for the wallet not looked up yet, and rewrites neither stored row.
    lookups.length = 0;
    await minuteRun(T0 + MIN);
    expect(lookups).toEqual([["activity", NOBODY]]);
    const rows = await stored();
    expect(rows.map((r) => [r.wallet, r.checked_ms])).toEqual([
      [NOBODY, T0 + MIN],
      [V2_BUSY_WALLET, T0],
      [V2_ACTIVITY_WALLET, T0],
    ]);
    // An empty history (the index lags the trade): nothing known, and the board is not asked.
    expect(rows[0]).toMatchObject({ first_activity_ms: null, markets: null, volume_usd: null });

    // Nothing left to look up: no call at all.
    lookups.length = 0;
    await minuteRun(T0 + 2 * MIN);
    expect(lookups).toEqual([]);

    // A week on, the facts are old: the two newest trades' wallets are looked up again.
    await minuteRun(T0 + 7 * DAY + 3 * MIN);
    expect(lookups.map(([, user]) => user)).toEqual([V2_ACTIVITY_WALLET, V2_BUSY_WALLET, V2_BUSY_WALLET]);
    expect((await stored()).find((r) => r.wallet === V2_ACTIVITY_WALLET)?.checked_ms).toBe(
      T0 + 7 * DAY + 3 * MIN,
    );
  });

  it("a failing lookup writes nothing for that wallet, which is asked again next run", async () => {
    serveTrades(T0, [V2_ACTIVITY_WALLET, NOBODY]);
    upstreams.use(
      http.get(`${DATA}/v2/activity`, ({ request }) =>
        new URL(request.url).searchParams.get("user") === NOBODY
          ? HttpResponse.json({ error: "down" }, { status: 500 })
          : undefined,
      ),
    );
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await minuteRun(T0);
    expect((await stored()).map((r) => r.wallet)).toEqual([V2_ACTIVITY_WALLET]);
    expect(errors.mock.calls.some(([line]) => String(line).startsWith("[radar] wallet facts failed"))).toBe(
      true,
    );
  });
});

// ----------------------------------------------------------------------------------- the views

const NOW = Math.floor(Date.now() / 1000) * 1000;
const FRESH = "0xf1e5f1e5f1e5f1e5f1e5f1e5f1e5f1e5f1e5f1e5";
const SEASONED = "0x5ea5011ed5ea5011ed5ea5011ed5ea5011ed5ea5";

/**
 * Three trades at 8¢ of $80K: a wallet whose first trade was two days before, on one market, this trade
 * all its volume (fresh: 30 + 25 + 20 + 15); a wallet of years and many markets (only the long shot:
 * 15); and one not looked up yet.
 */
async function threeWallets(): Promise<void> {
  serveTrades(NOW, [FRESH, SEASONED, NOBODY]);
  await putFacts({
    wallet: FRESH,
    first_activity_ms: NOW - MIN - 2 * DAY,
    markets: 1,
    volume_usd: 80_000,
    checked_ms: NOW,
  });
  await putFacts({
    wallet: SEASONED,
    first_activity_ms: NOW - 900 * DAY,
    markets: 240,
    volume_usd: 9_000_000,
    checked_ms: NOW,
  });
}

const FRESH_LINE = "Radar 90/100: first trade 2 days ago · 1 market · 100% of its volume · bought at 8¢";
const SEASONED_LINE = "Radar 15/100: bought at 8¢";
const UNCHECKED_LINE = "Radar: not checked yet";

/** The whale cards of a page's HTML: each one's text. */
function cards(html: string): string[] {
  return html
    .split('data-testid="whale-trade"')
    .slice(1)
    .map((card) => card.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'"));
}

describe("whale cards and the fresh-wallets filter", () => {
  it("each card says its radar: fresh (with the badge), not fresh, not checked yet", async () => {
    await threeWallets();
    const res = await t.worker.fetch("/whale-watch", { headers: BROWSER });
    expect(res.status).toBe(200);
    const shown = cards(await res.text());
    expect(shown).toHaveLength(3);
    expect(shown[0]).toContain("Fresh wallet");
    expect(shown[0]).toContain(FRESH_LINE);
    expect(shown[1]).toContain(SEASONED_LINE);
    expect(shown[1]).not.toContain("Fresh wallet");
    expect(shown[2]).toContain(UNCHECKED_LINE);
    expect(shown[2]).not.toContain("Fresh wallet");
  });

  it("?fresh=1 shows only fresh wallets' trades without JavaScript, and marks the filter", async () => {
    await threeWallets();
    const html = await (await t.worker.fetch("/whale-watch?fresh=1", { headers: BROWSER })).text();
    const shown = cards(html);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain(FRESH_LINE);
    expect(html).toMatch(/aria-current="true"[^>]*>(<span[^>]*>✓<\/span>)?Fresh wallets only/);
    // The filter's own links are plain GETs of the page.
    expect(html).toContain('href="/whale-watch?fresh=1"');
  });

  it("a bad fresh value is a 400 that says what to use, on the page, /api/whales and the feeds", async () => {
    for (const path of [
      "/whale-watch?fresh=yes",
      "/whale-watch?fresh=1&fresh=0",
      "/whale-watch/feed.xml?fresh=2",
    ]) {
      const res = await t.worker.fetch(path, { headers: BROWSER });
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toContain("fresh=1");
    }
    const api = await t.worker.fetch("/api/whales?fresh=true");
    expect(api.status).toBe(400);
    expect(((await api.json()) as { error: string }).error).toContain("fresh=1");
  });

  it("/api/whales carries each trade's radar (null when not checked) and takes fresh=1", async () => {
    await threeWallets();
    const all = ((await (await t.worker.fetch("/api/whales")).json()) as { trades: WhaleTrade[] }).trades;
    expect(all.map((trade) => trade.radar)).toEqual([
      {
        score: 90,
        fresh: true,
        reasons: ["first trade 2 days ago", "1 market", "100% of its volume", "bought at 8¢"],
      },
      { score: 15, fresh: false, reasons: ["bought at 8¢"] },
      null,
    ]);
    const fresh = ((await (await t.worker.fetch("/api/whales?fresh=1")).json()) as { trades: WhaleTrade[] })
      .trades;
    expect(fresh.map((trade) => trade.trader.wallet)).toEqual([FRESH]);
  });

  it("/api/v1/whales carries the radar as documented, filters with fresh=1 and refuses fresh=maybe", async () => {
    await threeWallets();
    const doc = await openApi(t.worker);
    const res = await t.worker.fetch("/api/v1/whales");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { trades: WhaleTrade[] };
    expect(validatorFor(doc, "/whales", 200).validate(body).valid).toBe(true);
    expect(body.trades.map((trade) => trade.radar?.score ?? null)).toEqual([90, 15, null]);
    const fresh = (await (await t.worker.fetch("/api/v1/whales?fresh=1")).json()) as { trades: WhaleTrade[] };
    expect(fresh.trades.map((trade) => trade.trader.wallet)).toEqual([FRESH]);
    const bad = await t.worker.fetch("/api/v1/whales?fresh=maybe");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("fresh");
  });

  it("the whale feeds say each trade's radar and honour fresh=1", async () => {
    await threeWallets();
    const feed = (await (await t.worker.fetch("/whale-watch/feed.json", { headers: BROWSER })).json()) as {
      items: { summary: string }[];
    };
    expect(feed.items.map((item) => item.summary.replace(/.*Potential win: \S+ /, ""))).toEqual([
      `${FRESH_LINE}.`,
      `${SEASONED_LINE}.`,
      `${UNCHECKED_LINE}.`,
    ]);
    const fresh = (await (
      await t.worker.fetch("/whale-watch/feed.json?fresh=1", { headers: BROWSER })
    ).json()) as {
      title: string;
      items: unknown[];
    };
    expect(fresh.items).toHaveLength(1);
    expect(fresh.title).toBe("OddsPulse whale trades, fresh wallets only");
  });
});

// ------------------------------------------------------------------------------- trader pages

/** A whale trade our cron stored for `wallet` (so a wallet on no board still has a page). */
async function storeTrade(wallet: string): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO whale_trades (id, condition_id, market_slug, event_slug, title, outcome, outcome_label, side,
       size, price, traded_ms, wallet, pseudonym)
     VALUES (?1, '0xcond', 'stored-market-slug', NULL, 'Stored whale market?', 'YES', 'Yes', 'BUY',
       1000000, 0.08, ?2, ?3, NULL)`,
  )
    .bind(`0xstored:${wallet}`, NOW - 3_600_000, wallet)
    .run();
}

/** The page's text (a section that streams in is at the end of the document, not in its place). */
async function factsOf(wallet: string): Promise<{ status: number; text: string }> {
  const res = await t.worker.fetch(`/trader/${wallet}`, { headers: BROWSER });
  const html = await res.text();
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, " ");
  return { status: res.status, text };
}

describe("the trader page's wallet history", () => {
  it("shows the facts our whale watch stored, without asking the Data API for them", async () => {
    await storeTrade(FRESH);
    await putFacts({
      wallet: FRESH,
      first_activity_ms: NOW - 2 * DAY,
      markets: 1,
      volume_usd: 80_000,
      checked_ms: NOW - 3 * 3_600_000,
    });
    lookups.length = 0;
    const { status, text } = await factsOf(FRESH);
    expect(status).toBe(200);
    expect(text).toContain("First activity");
    expect(text).toContain("(2 days ago)");
    expect(text).toMatch(/Markets traded 1 /);
    expect(text).toContain("Volume $80K");
    expect(text).toContain("looked up by our whale watch 3 h ago");
    expect(lookups.filter(([path]) => path === "activity")).toEqual([]);
  });

  it("else looks up one page of the wallet's activity: its whole history dates it", async () => {
    await storeTrade(V2_ACTIVITY_WALLET);
    lookups.length = 0;
    const { status, text } = await factsOf(V2_ACTIVITY_WALLET);
    expect(status).toBe(200);
    expect(text).toContain("Sep 8, 2026");
    expect(text).toMatch(/Markets traded 2 /);
    expect(text).toContain("Volume $27");
    expect(text).toContain("looked up now");
    expect(lookups.filter(([path]) => path === "activity")).toEqual([["activity", V2_ACTIVITY_WALLET]]);
  });

  it("a history longer than one page: first activity and markets are not known, never guessed", async () => {
    await storeTrade(V2_BUSY_WALLET);
    const { text } = await factsOf(V2_BUSY_WALLET);
    expect(text).toContain("First activity Not known");
    expect(text).toContain("Markets traded Not known");
    // Not on the all-time board either: no volume.
    expect(text).toContain("Volume Not known");
  });

  it("an unknown wallet is still a 404 after one upstream call: its history is not asked", async () => {
    lookups.length = 0;
    const before = calls.data;
    const { status } = await factsOf(NOBODY);
    expect(status).toBe(404);
    expect(calls.data - before).toBe(1);
    expect(lookups.filter(([path]) => path === "activity")).toEqual([]);
  });

  it("the activity failing: the section says so, the rest of the page renders", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await storeTrade(V2_ACTIVITY_WALLET);
    upstreams.use(
      http.get(`${DATA}/v2/activity`, () => HttpResponse.json({ error: "down" }, { status: 500 })),
    );
    const { status, text } = await factsOf(V2_ACTIVITY_WALLET);
    expect(status).toBe(200);
    expect(text).toContain("The wallet's history is unavailable right now.");
  });
});
