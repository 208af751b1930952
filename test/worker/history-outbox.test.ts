/**
 * Inside workerd: a database outage loses nothing (decision 0023). A cron run that cannot write D1 keeps its
 * batch (points, calls, new whale trades, upstream checks) in the isolate and in the snapshot it writes to
 * KV anyway; the next run that can write, in this isolate or another, writes every slot once.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { KV_KEYS } from "~/.server/snapshots/keys";
import type { StoredMarkets } from "~/.server/snapshots/markets";
import type { StoredWhales } from "~/.server/snapshots/whales";
import { MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import { DATA, recordedTrades, upstreams } from "./support/upstreams";
import { failingDb, testWorker, workerTest } from "./support/worker";

// The tests make their own workers; each test still gets its own empty Cache API namespace.
workerTest({
  tables: ["market_points", "sentiment_changes", "whale_trades", "markets", "upstream_checks"],
});

const T0 = Date.parse("2026-11-23T15:00:00Z");
const MIN = 60_000;

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.useFakeTimers({ toFake: ["Date"] });
});

/** The whale feed with one extra trade, first seen in the run where the database is down. */
function withTrade(hash: string): void {
  const [template] = recordedTrades as Record<string, unknown>[];
  upstreams.use(
    http.get(`${DATA}/trades`, () =>
      HttpResponse.json([
        { ...template, transactionHash: hash, size: 150_000, price: 0.5 },
        ...recordedTrades,
      ]),
    ),
  );
}

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  return (await env.DB.prepare(sql).all<Record<string, unknown>>()).results;
}

async function run(worker: ReturnType<typeof testWorker>, at: number, crons: string[]): Promise<void> {
  vi.setSystemTime(at);
  for (const cron of crons) await worker.scheduled(cron, at);
  await worker.settle();
}

/** X asked for 6 keywords a run: the 19 event keywords take four runs, so each of the three runs checks X. */
const X_SIX = { X_MAX_REQUESTS: "6" };

describe("a database outage loses nothing", () => {
  it("a failed run's slot, calls, whale trade and checks are written by the next run of another isolate, once", async () => {
    await run(testWorker(X_SIX), T0, [MARKETS_CRON, WHALES_CRON]);
    const firstCalls = (await rows("SELECT id FROM calls")).length;
    expect(firstCalls).toBeGreaterThan(0);

    // Ten minutes later the database is down for a whole run of both crons.
    withTrade("0xoutage1");
    await run(testWorker({ ...X_SIX, DB: failingDb }), T0 + 10 * MIN, [MARKETS_CRON, WHALES_CRON]);
    expect(await rows("SELECT DISTINCT t FROM market_points")).toHaveLength(1);
    // What could not be written rides in the snapshots that were written anyway.
    const markets = await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json");
    const whales = await env.CACHE.get<StoredWhales>(KV_KEYS.whales, "json");
    expect(markets?.pendingHistory?.[0]?.points).toHaveLength(100);
    expect(whales?.pendingHistory?.flatMap((b) => b.trades ?? []).map((t) => t.id.split(":")[0])).toContain(
      "0xoutage1",
    );

    // Back: another isolate's next run writes the missed slot first, then its own.
    await run(testWorker(X_SIX), T0 + 20 * MIN, [MARKETS_CRON, WHALES_CRON]);
    const slots = (await rows("SELECT t, COUNT(*) AS n FROM market_points GROUP BY t ORDER BY t")).map(
      (r) => [Number(r.t), Number(r.n)],
    );
    expect(slots).toEqual([
      [T0 / 1000, 100],
      [T0 / 1000 + 600, 100],
      [T0 / 1000 + 1200, 100],
    ]);
    expect(await rows("SELECT id FROM whale_trades WHERE id LIKE '0xoutage1%'")).toHaveLength(1);
    // One check per upstream per run: the failed runs' included, none twice.
    const checks = await rows(
      "SELECT upstream, COUNT(*) AS n FROM upstream_checks GROUP BY upstream ORDER BY upstream",
    );
    expect(checks.map((r) => [r.upstream, Number(r.n)])).toEqual([
      ["data", 3],
      ["gamma", 3],
      // The model is asked once (the same events after); X each run (6 of the 19 event keywords a run).
      ["llm", 1],
      ["x", 3],
    ]);
    // The same answers each run: the calls of the first run stand alone, none doubled.
    expect(await rows("SELECT id FROM calls")).toHaveLength(firstCalls);
    // Written: the snapshots no longer carry a backlog.
    expect((await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json"))?.pendingHistory).toBeUndefined();
  });

  it("in the same isolate, a whale run's checks and trade wait in memory until the database is back", async () => {
    let down = false;
    const flaky = new Proxy(env.DB, {
      get(target, property) {
        if (down && (property === "prepare" || property === "batch")) {
          return () => {
            throw new Error("D1_ERROR: database unavailable");
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const worker = testWorker({ DB: flaky });
    await run(worker, T0, [WHALES_CRON]);
    down = true;
    withTrade("0xoutage2");
    await run(worker, T0 + MIN, [WHALES_CRON]);
    await run(worker, T0 + 2 * MIN, [WHALES_CRON]);
    expect(await rows("SELECT checked_ms FROM upstream_checks")).toHaveLength(1);
    down = false;
    await run(worker, T0 + 3 * MIN, [WHALES_CRON]);
    expect(
      (await rows("SELECT checked_ms FROM upstream_checks ORDER BY checked_ms")).map((r) => r.checked_ms),
    ).toEqual([T0, T0 + MIN, T0 + 2 * MIN, T0 + 3 * MIN]);
    expect(await rows("SELECT id FROM whale_trades WHERE id LIKE '0xoutage2%'")).toHaveLength(1);
  });
});
