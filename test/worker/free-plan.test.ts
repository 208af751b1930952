/**
 * The Workers Free plan, counted (decision 0022). One simulated hour at the default cron schedule (the clock
 * moved a minute per whale run, a market run every 10 minutes) against real miniflare KV and D1, with a
 * counting proxy in front of each: KV writes per day must stay within 600 of the Free plan's 1,000 even
 * when the whale list changes every minute, visitors add none, and D1's rows written and read and each
 * run's queries stay within the Free plan's limits. The per-run figures are printed for the README. The
 * feed holds the recorded markets in UMA's resolution too, so every whale run follows them (its worst case).
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { parseConfig } from "~/.server/config";
import { KALSHI_CRON, MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import umaMarkets from "../fixtures/polymarket/gamma-markets-uma-proposed-disputed-13.json" with {
  type: "json",
};
import { HISTORY_MARKET_SLUG } from "../support/market-answers";
import { POSITIONS_WALLET } from "../support/upstream-answers";
import { TEST_VAPID_PRIVATE_KEY, TEST_VAPID_PUBLIC_KEY } from "../support/vapid";
import { countingDb, countingKv, type Tally } from "./support/counting";
import { clearIndex, indexRecorded } from "./support/search";
import { calls, DATA, keysetHandler, recordedMarkets, recordedTrades, upstreams } from "./support/upstreams";
import { BROWSER, testWorker, workerTest } from "./support/worker";

// The tests make their own workers; each test still gets its own empty Cache API namespace.
workerTest();

/** The Free plan's daily limits and this project's own KV budget (600 with no visitors: decision 0022). */
const KV_WRITES_BUDGET = 600;
const D1_ROWS_WRITTEN_LIMIT = 100_000;
const D1_ROWS_READ_LIMIT = 5_000_000;
const D1_QUERIES_PER_INVOCATION = 50;
const SUBREQUESTS_PER_INVOCATION = 50;

/** The gap alerts' share of a Kalshi run: the rules, the pairs, the freed keys, the day's count, the batch. */
const GAP_ALERT_QUERIES = 5;

/**
 * `n` subscriptions following a gap ≥ 3¢ on a recorded event of the index whose "250-500k" market is paired
 * (as the pairing job writes it) with a recorded Kalshi market 25¢ away: every one of them matches.
 */
async function insertGapFollowers(n: number, at: number): Promise<void> {
  await clearIndex();
  await indexRecorded(at);
  const rules = JSON.stringify([
    { type: "gap", event: "how-many-people-will-trump-deport-in-2025", cents: 3 },
  ]);
  const insert = env.DB.prepare(
    `INSERT INTO alert_subscriptions (id, secret_hash, endpoint, p256dh, auth, rules, created_ms)
     VALUES (?1, 'x', ?2, 'k', 'a', ?3, ?4)`,
  );
  await env.DB.batch(
    Array.from({ length: n }, (_, i) => insert.bind(`gap${i}`, `https://push.test/gap${i}`, rules, at)),
  );
  await env.DB.prepare(
    `INSERT INTO cross_venue_pairs (polymarket_id, event_slug, kalshi_ticker, score, reasons, decided_by, matched_ms)
     VALUES ('517311', 'how-many-people-will-trump-deport-in-2025', 'KXUSAIRANAGREEMENT-27', 1, '[]', 'confirmed', ?1)`,
  )
    .bind(at)
    .run();
}

const MARKET_RUNS_A_DAY = 144;
const WHALE_RUNS_A_DAY = 1_440;
const KALSHI_RUNS_A_DAY = 288;
/** The Kalshi crawl's own cap on the rows it writes a day (KALSHI_ROWS_PER_DAY's default): its worst case. */
const KALSHI_ROWS_A_DAY = parseConfig({}).kalshiRowsPerDay;
/**
 * The pairing after a complete pass: 3 reads, a page of the index's open events (≤ INDEX_PAGE_EVENTS here: one
 * page), 1 batch of writes, the snapshot's refresh record.
 */
const KALSHI_PAIRING_QUERIES = 6;

/** The fresh-wallet radar's upstream calls (a wallet's activity, its standing on the board), all runs. */
let radarCalls = 0;
upstreams.events.on("request:start", ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/v2/activity")) radarCalls += 1;
  if (url.pathname.endsWith("/v2/leaderboard") && url.searchParams.has("user")) radarCalls += 1;
});

/**
 * The Data API's large-trade feed with a trade nobody has seen before at the top, every call, by a
 * wallet nobody has seen before either (so the radar always has wallets to look up).
 */
function newWhaleEveryCall(): void {
  let n = 0;
  const [template] = recordedTrades as Record<string, unknown>[];
  upstreams.use(
    http.get(`${DATA}/trades`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.data += 1;
      if (query.has("market") || query.has("user")) return HttpResponse.json([]);
      n += 1;
      const fresh = {
        ...template,
        transactionHash: `0xbudget${n.toString(16).padStart(8, "0")}`,
        proxyWallet: `0x${n.toString(16).padStart(40, "b")}`,
        size: 200_000,
        price: 0.5,
        timestamp: Math.floor(Date.now() / 1000),
      };
      return HttpResponse.json([fresh, ...recordedTrades]);
    }),
  );
}

interface RunCost {
  puts: number;
  queries: number;
  rowsWritten: number;
  rowsRead: number;
  subrequests: number;
  /** Of the subrequests, the radar's upstream calls. */
  radar: number;
}

const upstreamCalls = () => calls.gamma + calls.data + calls.clob + calls.x + calls.llm + calls.kalshi;

/** Requests for smart money per event (the minute run's rotation, decision 0055): v2 holders and trades. */
let smartAsked = 0;
upstreams.events.on("request:start", ({ request }) => {
  const path = new URL(request.url).pathname;
  if (path.endsWith("/v2/holders") || path.endsWith("/v2/trades")) smartAsked += 1;
});
/** The rotation's share of a whale run: its upstream calls (≤ 5) and D1 queries (≤ 2). */
const SMART_UPSTREAM_PER_RUN = 5;
const SMART_QUERIES_PER_RUN = 2;

/** Runs `cron` at `at` and returns what it cost. */
async function costOf(
  worker: ReturnType<typeof testWorker>,
  cron: string,
  at: number,
  kv: { puts: string[] },
  tally: Tally,
): Promise<RunCost> {
  vi.setSystemTime(at);
  const before = { puts: kv.puts.length, ...tally, subrequests: upstreamCalls(), radar: radarCalls };
  await worker.scheduled(cron, at);
  await worker.settle();
  return {
    puts: kv.puts.length - before.puts,
    queries: tally.queries - before.queries,
    rowsWritten: tally.rowsWritten - before.rowsWritten,
    rowsRead: tally.rowsRead - before.rowsRead,
    // Upstream requests plus D1 queries: both are subrequests of the invocation.
    subrequests: upstreamCalls() - before.subrequests + (tally.queries - before.queries),
    radar: radarCalls - before.radar,
  };
}

const sum = (runs: RunCost[], key: keyof RunCost) => runs.reduce((total, run) => total + run[key], 0);
const max = (runs: RunCost[], key: keyof RunCost) => Math.max(...runs.map((run) => run[key]));
const mean = (runs: RunCost[], key: keyof RunCost) => sum(runs, key) / runs.length;

/** One kind of run's figures: KV writes and D1 rows on average, queries and subrequests at worst. */
function perRun(runs: RunCost[]) {
  return {
    kvPuts: mean(runs, "puts"),
    queries: max(runs, "queries"),
    rowsWritten: Math.round(mean(runs, "rowsWritten")),
    rowsRead: Math.round(mean(runs, "rowsRead")),
    subrequests: max(runs, "subrequests"),
    radar: max(runs, "radar"),
  };
}

describe("the Workers Free plan at the default schedule", () => {
  it("an hour with a new whale trade every minute: KV ≤ 600 writes a day, D1 and subrequests within the limits, visitors write nothing", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-11-23T12:00:00Z");
    const kv = countingKv();
    const d1 = countingDb(env.DB);
    const worker = testWorker({ CACHE: kv.kv, DB: d1.db });
    upstreams.use(keysetHandler([...recordedMarkets, ...umaMarkets]));
    newWhaleEveryCall();
    const resolutionCalls: number[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === "/v2/resolutions") resolutionCalls.push(Date.now());
    };
    upstreams.events.on("request:start", onRequest);

    const marketRuns: RunCost[] = [];
    const whaleRuns: RunCost[] = [];
    const kalshiRuns: RunCost[] = [];
    const smartRuns: { upstream: number; queries: number }[] = [];
    let visitorPuts = 0;
    for (let minute = 0; minute < 60; minute++) {
      const at = start + minute * 60_000;
      if (minute % 10 === 0) marketRuns.push(await costOf(worker, MARKETS_CRON, at, kv, d1.tally));
      const asked = smartAsked;
      const sqlBefore = d1.tally.sql.length;
      whaleRuns.push(await costOf(worker, WHALES_CRON, at + 1_000, kv, d1.tally));
      if (minute % 5 === 0) kalshiRuns.push(await costOf(worker, KALSHI_CRON, at + 2_000, kv, d1.tally));
      const sql = d1.tally.sql.slice(sqlBefore);
      smartRuns.push({
        upstream: smartAsked - asked,
        // Each is one round trip (a batch): the smart wallets among the answers', then the rows.
        queries:
          Number(sql.some((q) => q.includes("FROM smart_wallets WHERE wallet IN"))) +
          Number(sql.some((q) => q.includes("INSERT INTO event_smart_money"))),
      });
      if (minute % 15 === 7) {
        // Visitors between runs: pages, JSON, on-demand lookups. None of it may write KV.
        const before = kv.puts.length;
        const ip = { ...BROWSER, "cf-connecting-ip": `198.51.100.${minute}` };
        for (const path of [
          "/",
          "/whale-watch",
          "/api/markets",
          "/api/whales",
          "/api/health",
          `/market/${HISTORY_MARKET_SLUG}`,
          `/trader/${POSITIONS_WALLET}`,
          "/market/no-such-market-anywhere",
        ]) {
          await (await worker.fetch(path, { headers: ip })).text();
        }
        await worker.settle();
        visitorPuts += kv.puts.length - before;
      }
    }

    const hourPuts = sum(marketRuns, "puts") + sum(whaleRuns, "puts");
    const perDay = {
      kvWrites: hourPuts * 24,
      // The Kalshi crawl at its daily cap, whatever the hour measured (it refuses to write more).
      d1RowsWritten:
        mean(marketRuns, "rowsWritten") * MARKET_RUNS_A_DAY +
        mean(whaleRuns, "rowsWritten") * WHALE_RUNS_A_DAY +
        Math.max(KALSHI_ROWS_A_DAY, mean(kalshiRuns, "rowsWritten") * KALSHI_RUNS_A_DAY),
      d1RowsRead:
        mean(marketRuns, "rowsRead") * MARKET_RUNS_A_DAY +
        mean(whaleRuns, "rowsRead") * WHALE_RUNS_A_DAY +
        mean(kalshiRuns, "rowsRead") * KALSHI_RUNS_A_DAY,
      invocations: MARKET_RUNS_A_DAY + WHALE_RUNS_A_DAY + KALSHI_RUNS_A_DAY,
    };
    console.log(
      JSON.stringify(
        {
          hour: {
            kvByKey: Object.fromEntries(
              [...new Set(kv.puts)].map((key) => [key, kv.puts.filter((k) => k === key).length]),
            ),
          },
          marketRun: perRun(marketRuns),
          whaleRun: perRun(whaleRuns),
          kalshiRun: perRun(kalshiRuns),
          perDay,
        },
        null,
        1,
      ),
    );

    // KV: the market snapshot each run, the whale list at most every 4 minutes, the board once an hour.
    expect(kv.puts.filter((k) => k.startsWith("snapshot:markets"))).toHaveLength(6);
    expect(kv.puts.filter((k) => k.startsWith("snapshot:whales")).length).toBeLessThanOrEqual(15);
    expect(kv.puts.filter((k) => k.startsWith("snapshot:leaderboard"))).toHaveLength(1);
    expect(kv.puts.every((k) => k.startsWith("snapshot:"))).toBe(true);
    expect(perDay.kvWrites).toBeLessThanOrEqual(KV_WRITES_BUDGET);
    expect(visitorPuts).toBe(0);
    // D1 and the per-invocation limits.
    expect(perDay.d1RowsWritten).toBeLessThanOrEqual(D1_ROWS_WRITTEN_LIMIT);
    expect(perDay.d1RowsRead).toBeLessThanOrEqual(D1_ROWS_READ_LIMIT);
    const runs = [...marketRuns, ...whaleRuns, ...kalshiRuns];
    expect(max(runs, "queries")).toBeLessThanOrEqual(D1_QUERIES_PER_INVOCATION);
    expect(max(runs, "subrequests")).toBeLessThanOrEqual(SUBREQUESTS_PER_INVOCATION);
    // The Kalshi runs: 12 in the hour, each ≤ KALSHI_PAGES_PER_RUN pages and 3 queries, no KV; the run that
    // completes a pass also pairs (3 reads, the index's page, 1 batch; the snapshot's refresh record may be
    // read once more).
    expect(kalshiRuns).toHaveLength(12);
    expect(max(kalshiRuns, "queries")).toBeLessThanOrEqual(3 + KALSHI_PAIRING_QUERIES);
    expect(max(kalshiRuns, "subrequests")).toBeLessThanOrEqual(
      parseConfig({}).kalshiPagesPerRun + 3 + KALSHI_PAIRING_QUERIES,
    );
    expect(sum(kalshiRuns, "puts")).toBe(0);
    // The pairing reads every open Kalshi market: once a pass (one pass started in the hour), not every run.
    expect(
      d1.tally.sql.filter((q) =>
        q.startsWith("SELECT ticker, title, event_title, event_subtitle, label, close_time"),
      ),
    ).toHaveLength(1);
    // Smart money per event: within its share of each whale run; every shown event has its row.
    expect(Math.max(...smartRuns.map((r) => r.upstream))).toBeLessThanOrEqual(SMART_UPSTREAM_PER_RUN);
    expect(Math.max(...smartRuns.map((r) => r.queries))).toBeLessThanOrEqual(SMART_QUERIES_PER_RUN);
    expect(smartRuns.filter((r) => r.upstream > 0).length).toBeGreaterThan(50);
    const smartRows = await env.DB.prepare("SELECT COUNT(*) AS n FROM event_smart_money").first<{
      n: number;
    }>();
    // The recorded top 100's 20 events and the 9 events of the markets in UMA's resolution.
    expect(smartRows?.n).toBe(29);
    // The radar: at most 2 wallets (≤ 4 calls) a whale run; each minute's new wallet is looked up in its
    // own run (newest first), so ≤ 2 rows written a run; the market run asks nothing.
    expect(max(whaleRuns, "radar")).toBeGreaterThan(0);
    expect(max(whaleRuns, "radar")).toBeLessThanOrEqual(4);
    expect(max(marketRuns, "radar")).toBe(0);
    const facts = await env.DB.prepare(
      "SELECT COUNT(*) AS n, SUM(wallet LIKE '0xbbbb%') AS new FROM wallet_facts",
    ).first<{ n: number; new: number }>();
    expect(facts?.new).toBe(60);
    expect(facts?.n).toBeLessThanOrEqual(120);
    // UMA's resolution: one /v2/resolutions call a whale run (none in market runs), one read and at most
    // one write of uma_states.
    upstreams.events.removeListener("request:start", onRequest);
    expect(resolutionCalls).toHaveLength(60);
    const umaQueries = d1.tally.sql.filter((sql) => sql.includes("uma_states"));
    expect(umaQueries.filter((sql) => sql.startsWith("SELECT"))).toHaveLength(60);
    expect(umaQueries.filter((sql) => sql.includes("INSERT")).length).toBeLessThanOrEqual(60);
    // Every new trade reached the history, each once.
    const stored = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM whale_trades WHERE id LIKE '0xbudget%'",
    ).first<{
      n: number;
    }>();
    expect(stored?.n).toBe(60);
  }, 120_000);

  it("a Kalshi run with gap alerts followed: the crawl's queries and at most 5 more, within the invocation's limits", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["Date"] });
    const at = Date.parse("2026-11-23T16:00:00Z");
    vi.setSystemTime(at);
    const kv = countingKv();
    const d1 = countingDb(env.DB);
    const sent: unknown[] = [];
    const worker = testWorker({
      CACHE: kv.kv,
      DB: d1.db,
      VAPID_PUBLIC_KEY: TEST_VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: TEST_VAPID_PRIVATE_KEY,
      ALERTS: { sendBatch: async (m: Iterable<unknown>) => void sent.push(...m), send: async () => {} },
    });
    // Fifty subscriptions following a gap on an event with a pair (Kalshi's market as the crawl stores it).
    await insertGapFollowers(50, at);
    const run = await costOf(worker, KALSHI_CRON, at, kv, d1.tally);
    // Each of the 50 matched and was queued: the whole of the alert part ran.
    expect(sent).toHaveLength(50);
    expect(run.queries).toBeLessThanOrEqual(3 + GAP_ALERT_QUERIES);
    expect(run.subrequests).toBeLessThanOrEqual(
      parseConfig({}).kalshiPagesPerRun + 3 + GAP_ALERT_QUERIES + 1,
    );
    expect(run.subrequests).toBeLessThanOrEqual(SUBREQUESTS_PER_INVOCATION);
    expect(run.puts).toBe(0);
  });

  it("a quiet hour (the same whale list every minute) writes the whale list once", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-11-23T14:00:00Z");
    const kv = countingKv();
    const worker = testWorker({ CACHE: kv.kv });
    for (let minute = 0; minute < 20; minute++) {
      vi.setSystemTime(start + minute * 60_000);
      await worker.scheduled(WHALES_CRON);
      await worker.settle();
    }
    expect(kv.puts.filter((k) => k.startsWith("snapshot:whales"))).toHaveLength(1);
    // Still fresh for every reader: each unchanged run confirmed the stored copy (D1), no write needed.
    const health = (await (await testWorker().fetch("/api/v1/status")).json()) as {
      snapshots: { whales: { state: string; fetchedAt: string } };
    };
    expect(health.snapshots.whales).toMatchObject({
      state: "fresh",
      fetchedAt: new Date(start + 19 * 60_000).toISOString(),
    });
  }, 60_000);
});
