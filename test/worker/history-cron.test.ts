/**
 * The crons fill the history database (real miniflare D1, the project's migrations): one point per
 * shown market per 10-minute slot, each whale trade once, and a failing D1 costs a log line, never
 * the KV snapshot or a page.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { KV_KEYS } from "~/.server/snapshots/keys";
import type { StoredMarkets } from "~/.server/snapshots/markets";
import type { StoredWhales } from "~/.server/snapshots/whales";
import { MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import { calls, feedRequests } from "./support/upstreams";
import { BROWSER, failingDb, testWorker, workerTest } from "./support/worker";

workerTest({
  worker: false,
  tables: ["market_points", "sentiment_changes", "whale_trades", "markets", "wallet_facts"],
});

async function count(table: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? -1;
}

describe("history written by the crons", () => {
  it("the market cron adds one point per shown market, and nothing more in the same slot", async () => {
    const worker = testWorker();
    await worker.scheduled(MARKETS_CRON);
    await worker.settle();
    const stored = await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json");
    const shown = stored?.snapshot.markets.length ?? 0;
    expect(shown).toBe(100);
    expect(await count("market_points")).toBe(shown);
    expect(await count("markets")).toBe(shown);

    const point = await env.DB.prepare(
      "SELECT p.prices, p.sentiment_source, p.mentions_source, m.condition_id, m.clob_token_ids FROM market_points p JOIN markets m ON m.id = p.market_id WHERE p.market_id = ?1",
    )
      .bind("517310")
      .first<Record<string, string>>();
    expect(JSON.parse(point?.prices ?? "[]")).toEqual([0.058, 0.942]);
    expect(point?.condition_id).toBe("0xaf9d0e448129a9f657f851d49495ba4742055d80e0ef1166ba0ee81d4d594214");
    expect(JSON.parse(point?.clob_token_ids ?? "[]")).toHaveLength(2);

    await worker.scheduled(MARKETS_CRON);
    await worker.settle();
    expect(feedRequests()).toBe(2);
    expect(await count("market_points")).toBe(shown);
  });

  it("the whale cron stores each trade once", async () => {
    const worker = testWorker();
    await worker.scheduled(WHALES_CRON);
    await worker.settle();
    const stored = await env.CACHE.get<StoredWhales>(KV_KEYS.whales, "json");
    const trades = stored?.snapshot.trades.length ?? 0;
    expect(trades).toBeGreaterThan(0);
    expect(await count("whale_trades")).toBe(trades);

    await worker.scheduled(WHALES_CRON);
    await worker.settle();
    // Two trades requests; the leaderboard's two pages only once (kept an hour); the v2 all-time board's two
    // pages only once (the smart wallets, kept a day); the radar's lookup of the recorded whale's wallet once
    // (an empty history: one call; kept a week).
    expect(calls.data).toBe(7);
    expect(await count("whale_trades")).toBe(trades);
  });

  it("a failing database is one log line: the KV snapshots are stored and pages render", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const worker = testWorker({ DB: failingDb });
    await worker.scheduled(MARKETS_CRON);
    await worker.scheduled(WHALES_CRON);
    await worker.settle();
    expect((await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json"))?.snapshot.markets).toHaveLength(100);
    expect(await env.CACHE.get(KV_KEYS.whales)).not.toBeNull();
    const lines = errors.mock.calls.map((args) => String(args[0]));
    // One line per run: what could not be written is kept for the next run (decision 0023).
    expect(lines.filter((l) => /^\[history\] \d+ batches not written, kept/.test(l))).toHaveLength(2);
    expect(lines.every((l) => !l.includes("\n    at "))).toBe(true);

    const page = await worker.fetch("/", { headers: BROWSER });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("2026 NBA Champion");
  });
});
