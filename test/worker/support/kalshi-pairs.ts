/**
 * Kalshi's recorded markets in D1 (the crawl over the recorded pages, as test/worker/kalshi-crawl.test.ts runs
 * it), the pairs the pairing job makes of the recorded World Cup (the crons, as the runtime runs them), and
 * pairs written as the pairing job writes `cross_venue_pairs` for the branches a real pair cannot reach: what
 * the pages, `/compare`, the event API and the gap alerts read.
 */
import { env } from "cloudflare:test";
import { getConfig } from "~/.server/config";
import { crawlKalshi } from "~/.server/kalshi/crawl";
import { type MarketRow, marketOf, type StoredKalshiMarket } from "~/.server/kalshi/store";
import { createKalshi } from "~/.server/upstreams";
import { KALSHI_CRON, MARKETS_CRON } from "~/lib/refresh-cadence";
import { WORLD_CUP } from "../../support/world-cup";
import { kalshiHandler, keysetHandler, upstreams } from "./upstreams";
import type { TestWorker } from "./worker";

/** The crawl's state as a fresh database has it: no pass started. */
export async function resetKalshiCrawl(): Promise<void> {
  await env.DB.prepare(
    "UPDATE kalshi_crawl SET pass = 0, pass_started_ms = NULL, complete = 1, cursor = NULL, pages = 0, seen = '[]', last_full_pass_ms = NULL, events = 0, unseen_closed_ms = NULL, day = '', rows_today = 0, version = 0",
  ).run();
}

/**
 * Gamma's list serving the recorded World Cup, the market cron at `at` (the event shown), then the Kalshi cron
 * a second later (a complete pass over Kalshi's recorded events, then the pairing job).
 */
export async function showAndPair(worker: TestWorker, at: number): Promise<void> {
  upstreams.use(keysetHandler(WORLD_CUP));
  await resetKalshiCrawl();
  await worker.scheduled(MARKETS_CRON, at);
  await worker.settle();
  await worker.scheduled(KALSHI_CRON, at + 1_000);
  await worker.settle();
}

/** Every recorded Kalshi market into `kalshi_markets`, read at `nowMs`. */
export async function crawlRecordedKalshi(nowMs: number): Promise<void> {
  upstreams.use(kalshiHandler(200));
  await resetKalshiCrawl();
  const run = await crawlKalshi({
    db: env.DB,
    kalshi: createKalshi({ ...getConfig(env), retries: 0 }, (input, init) => fetch(input, init)),
    now: () => nowMs,
    pagesPerRun: 5,
    passMinutes: 60,
    rowsPerDay: 5_000,
  });
  if (!run.ok) throw new Error(run.message);
}

export interface TestPair {
  polymarketId: string;
  eventSlug: string;
  ticker: string;
  score?: number;
  reasons?: string[];
  decidedBy?: "score" | "confirmed";
}

/** A row of `cross_venue_pairs`, as the pairing job writes one. */
export async function insertPair(pair: TestPair, matchedMs = Date.now()): Promise<void> {
  await env.DB.prepare(
    `INSERT OR REPLACE INTO cross_venue_pairs
       (polymarket_id, event_slug, kalshi_ticker, score, reasons, decided_by, matched_ms)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
  )
    .bind(
      pair.polymarketId,
      pair.eventSlug,
      pair.ticker,
      pair.score ?? 1,
      JSON.stringify(pair.reasons ?? []),
      pair.decidedBy ?? "confirmed",
      matchedMs,
    )
    .run();
}

/** The database with only the pairs' reads failing (every other table answers). */
export function pairsFailing(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") {
        return (sql: string) =>
          target.prepare(sql.includes("cross_venue_pairs") ? "SELECT * FROM no_such_table_here" : sql);
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Every open stored Kalshi market, whole, by ticker (what the crawl wrote). */
export async function openKalshiMarkets(): Promise<StoredKalshiMarket[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM kalshi_markets WHERE closed = 0 ORDER BY ticker",
  ).all<MarketRow>();
  return results.map(marketOf);
}
