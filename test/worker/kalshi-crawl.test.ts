/**
 * The Kalshi crawl (decision 0057; real miniflare D1 with the migrations, Kalshi's `/events` served from the
 * recorded events through msw): a bounded number of pages per run with the cursor kept between runs, only
 * changed markets rewritten, the day's row budget kept, markets that stopped trading closed, Kalshi failing
 * leaving the stored rows as they were, and its own cron trigger doing nothing else.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getConfig } from "~/.server/config";
import {
  CLOSE_UNSEEN_EVERY_MS,
  crawlKalshi,
  type KalshiCrawlDeps,
  type KalshiCrawlRun,
} from "~/.server/kalshi/crawl";
import { readKalshiCrawl, readKalshiPairs } from "~/.server/kalshi/store";
import { createKalshi } from "~/.server/upstreams";
import { KALSHI_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import { KALSHI_EVENTS, kalshiEventsAnswer } from "../support/upstream-answers";
import { countingDb } from "./support/counting";
import { openKalshiMarkets } from "./support/kalshi-pairs";
import { calls, FAILURE_MODES, failing, KALSHI, kalshiHandler, upstreams } from "./support/upstreams";
import { testWorker, workerTest } from "./support/worker";

workerTest({ worker: false, tables: ["kalshi_markets", "kalshi_pairs"] });

type Json = Record<string, unknown>;
const START = Date.parse("2026-11-27T12:00:00Z");

/** Markets the recorded events list as trading (what the crawl stores). */
const ACTIVE = KALSHI_EVENTS.flatMap((e) => (e as Json).markets as Json[]).filter(
  (m) => m.status === "active",
).length;

/** The markets of one event of `events`. */
function marketsOf(events: readonly Json[], ticker: string): Json[] {
  const event = events.find((e) => e.event_ticker === ticker);
  if (!event) throw new Error(`no event ${ticker}`);
  return event.markets as Json[];
}

beforeEach(async () => {
  await env.DB.prepare(
    "UPDATE kalshi_crawl SET pass = 0, pass_started_ms = NULL, complete = 1, cursor = NULL, pages = 0, seen = '[]', last_full_pass_ms = NULL, events = 0, unseen_closed_ms = NULL, day = '', rows_today = 0, version = 0",
  ).run();
  vi.spyOn(console, "info").mockImplementation(() => {});
});

function deps(overrides: Partial<KalshiCrawlDeps> = {}): KalshiCrawlDeps & { advance: (ms: number) => void } {
  let ms = START;
  return {
    db: env.DB,
    kalshi: createKalshi({ ...getConfig(env), retries: 0 }, (input, init) => fetch(input, init)),
    now: () => ms,
    advance: (by) => {
      ms += by;
    },
    pagesPerRun: 5,
    passMinutes: 60,
    rowsPerDay: 5_000,
    ...overrides,
  };
}

async function crawlOk(d: KalshiCrawlDeps): Promise<KalshiCrawlRun> {
  const run = await crawlKalshi(d);
  if (!run.ok) throw new Error(run.message);
  return run.value;
}

const stored = async () =>
  (
    await env.DB.prepare(
      "SELECT ticker, last_price, read_ms, closed FROM kalshi_markets ORDER BY ticker",
    ).all<{
      ticker: string;
      last_price: number | null;
      read_ms: number;
      closed: number;
    }>()
  ).results;

/** Kalshi answering from `events` (each run's requests recorded). */
function serve(events: readonly unknown[], pageSize: number): URL[] {
  const requests: URL[] = [];
  upstreams.use(
    http.get(`${KALSHI}/events`, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      calls.kalshi += 1;
      const answer = kalshiEventsAnswer(url.searchParams, pageSize, events);
      return HttpResponse.json(answer.body as Json, { status: answer.status });
    }),
  );
  return requests;
}

describe("paging", () => {
  it("reads at most KALSHI_PAGES_PER_RUN pages a run, resumes at the kept cursor, and stores the trading markets", async () => {
    upstreams.use(kalshiHandler(3)); // 16 events: 6 pages
    const d = deps();
    const first = await crawlOk(d);
    expect(first).toMatchObject({ pages: 5, passComplete: false });
    const state = await readKalshiCrawl(env.DB);
    expect(state).toMatchObject({ pass: 1, pages: 5, complete: false });
    expect(state.cursor).not.toBeNull();
    expect(state.seen).toHaveLength(15);

    d.advance(5 * 60_000);
    const second = await crawlOk(d);
    expect(second).toMatchObject({ pages: 1, passComplete: true });
    expect(calls.kalshi).toBe(6);
    const open = await openKalshiMarkets();
    expect(open).toHaveLength(ACTIVE);
    expect(open.find((m) => m.ticker === "KXRECOGPERSONIRAN-26")).toMatchObject({
      lastPrice: 0.28,
      yesBid: 0.25,
      yesAsk: 0.27,
      volume24h: 40305,
      closeTime: "2027-01-01T15:00:00.000Z",
      rulesUrl: "https://kalshi.com/markets/kxrecogpersoniran",
      readMs: START,
    });
    // Finalized markets of open events are not stored.
    expect(open.some((m) => m.ticker.startsWith("KXKHAMENEIOUT-AKHA"))).toBe(false);
    expect(await readKalshiCrawl(env.DB)).toMatchObject({ complete: true, cursor: null, events: 16 });

    // The pass is complete: nothing is asked until KALSHI_PASS_MINUTES after it started.
    d.advance(5 * 60_000);
    expect(await crawlOk(d)).toMatchObject({ idle: true });
    expect(calls.kalshi).toBe(6);
  });

  it("an unchanged pass rewrites no market; a moved price rewrites that market alone", async () => {
    const events = structuredClone(KALSHI_EVENTS) as Json[];
    serve(events, 200);
    const d = deps();
    await crawlOk(d);
    const before = await stored();

    d.advance(60 * 60_000);
    const counted = countingDb(env.DB);
    const same = await crawlOk({ ...d, db: counted.db });
    expect(same).toMatchObject({ written: 0, passComplete: true });
    // The crawl's state is the only row written; at most 3 queries.
    expect(counted.tally.rowsWritten).toBe(1);
    expect(counted.tally.queries).toBeLessThanOrEqual(3);
    expect(await stored()).toEqual(before);

    const pahlavi = marketsOf(events, "KXRECOGPERSONIRAN-26")[0] as Json;
    pahlavi.last_price_dollars = "0.3100";
    pahlavi.yes_bid_dollars = "0.3000";
    d.advance(60 * 60_000);
    expect(await crawlOk(d)).toMatchObject({ written: 1 });
    const after = await stored();
    const changed = after.filter((row, i) => row.read_ms !== before[i]?.read_ms);
    expect(changed.map((r) => [r.ticker, r.last_price])).toEqual([["KXRECOGPERSONIRAN-26", 0.31]]);
  });

  it("closes a market that stopped trading at once, the markets of events no longer listed at a pass's end once a day, and deletes closed ones a day on", async () => {
    const events = structuredClone(KALSHI_EVENTS) as Json[];
    serve(events, 200);
    const d = deps();
    await crawlOk(d);
    (marketsOf(events, "KXCLOSEHORMUZ-27JAN")[0] as Json).status = "finalized";
    const later = events.filter((e) => e.event_ticker !== "KXFEDGOVNOM-27");
    upstreams.resetHandlers();
    serve(later, 200);
    const governors = marketsOf(events, "KXFEDGOVNOM-27").filter((m) => m.status === "active").length;

    // The next pass, two hours on: the finalized market is closed; the unlisted event waits for the day's scan.
    d.advance(2 * 3_600_000);
    expect((await crawlOk(d)).closed).toBe(1);
    expect(await openKalshiMarkets()).toHaveLength(ACTIVE - 1);

    // A day after the last scan, a pass's end closes the markets of events it did not list.
    d.advance(CLOSE_UNSEEN_EVERY_MS);
    expect((await crawlOk(d)).closed).toBe(governors);
    const open = await openKalshiMarkets();
    expect(open).toHaveLength(ACTIVE - 1 - governors);
    expect(open.some((m) => m.eventTicker === "KXFEDGOVNOM-27")).toBe(false);
    // The same scan deleted the finalized market's row (closed the day before, its figures last read at the
    // start: over CLOSED_KEPT_MS ago); the governors' rows, closed by this very scan, are kept.
    const hormuz = String((marketsOf(events, "KXCLOSEHORMUZ-27JAN")[0] as Json).ticker);
    const rows = await stored();
    expect(rows.some((r) => r.ticker === hormuz)).toBe(false);
    expect(rows.filter((r) => r.closed === 1)).toHaveLength(governors);

    // The next day's scan deletes them all; the open ones stay as they are.
    d.advance(CLOSE_UNSEEN_EVERY_MS);
    expect((await crawlOk(d)).pruned).toBe(governors);
    const left = await stored();
    expect(left.filter((r) => r.closed === 1)).toEqual([]);
    expect(left).toHaveLength(ACTIVE - 1 - governors);
  });
});

describe("the D1 row budget", () => {
  it("writes at most KALSHI_ROWS_PER_DAY rows a UTC day, the rest on the next day", async () => {
    serve(KALSHI_EVENTS, 200);
    const d = deps({ rowsPerDay: 40, passMinutes: 0 });
    const run = await crawlOk(d);
    expect(run.written).toBe(39);
    expect(run.deferred).toBe(ACTIVE - 39);
    expect((await readKalshiCrawl(env.DB)).rowsToday).toBe(40);
    // Spent: the next runs that day read nothing and write nothing.
    d.advance(5 * 60_000);
    expect(await crawlOk(d)).toMatchObject({ idle: true });
    expect((await stored()).length).toBe(39);
    // The next UTC day goes on with the markets still missing.
    d.advance(24 * 3_600_000);
    expect(await crawlOk(d)).toMatchObject({ written: 39 });
    expect((await stored()).length).toBe(78);
  });

  it("with the budget short, changed markets that traded go first (busiest first), before new ones", async () => {
    const events = structuredClone(KALSHI_EVENTS) as Json[];
    const later = new Set(["KXUSAIRANAGREEMENT-27", "KXCLOSEHORMUZ-27JAN"]);
    serve(
      events.filter((e) => !later.has(String(e.event_ticker))),
      200,
    );
    const d = deps({ passMinutes: 0 });
    await crawlOk(d);
    const starmer = marketsOf(events, "KXLEADERSOUT-27JAN01").find(
      (m) => m.ticker === "KXLEADERSOUT-27JAN01-KSTAUK",
    ) as Json;
    const putin = marketsOf(events, "KXLEADERSOUT-27JAN01").find(
      (m) => m.ticker === "KXLEADERSOUT-27JAN01-VPUTRUS",
    ) as Json;
    starmer.yes_bid_dollars = "0.5000";
    putin.yes_bid_dollars = "0.2000";
    upstreams.resetHandlers();
    serve(events, 200);
    const rowsToday = (await readKalshiCrawl(env.DB)).rowsToday;
    d.advance(5 * 60_000);
    const run = await crawlOk({ ...d, rowsPerDay: rowsToday + 4 });
    // Three rows for markets (one is the state's): Putin (5,662 traded) and Starmer (2,496), then one new market.
    expect(run.written).toBe(3);
    const written = (await stored()).filter((r) => r.read_ms === START + 5 * 60_000).map((r) => r.ticker);
    expect(written).toEqual(
      expect.arrayContaining(["KXLEADERSOUT-27JAN01-KSTAUK", "KXLEADERSOUT-27JAN01-VPUTRUS"]),
    );
    expect(written).toHaveLength(3);
  });
});

describe("the paired markets first", () => {
  it("with the budget short, a paired market's change is written before busier unpaired ones", async () => {
    const events = structuredClone(KALSHI_EVENTS) as Json[];
    serve(events, 200);
    const d = deps({ passMinutes: 0 });
    await crawlOk(d);
    const leaders = marketsOf(events, "KXLEADERSOUT-27JAN01");
    const busiest = [...leaders].sort((a, b) => Number(b.volume_24h_fp ?? 0) - Number(a.volume_24h_fp ?? 0));
    const [top, second] = busiest as [Json, Json];
    const quiet = busiest.at(-1) as Json;
    for (const m of [top, second, quiet]) m.yes_bid_dollars = "0.0100";
    // A pair names the quietest of the three (as the pairing job flags it).
    await env.DB.prepare("UPDATE kalshi_markets SET paired = 1 WHERE ticker = ?1").bind(quiet.ticker).run();
    upstreams.resetHandlers();
    serve(events, 200);
    const rowsToday = (await readKalshiCrawl(env.DB)).rowsToday;
    d.advance(5 * 60_000);
    // Room for two markets (one row is the state's): the paired one, then the busiest.
    const run = await crawlOk({ ...d, rowsPerDay: rowsToday + 3 });
    expect(run.written).toBe(2);
    const written = (await stored()).filter((r) => r.read_ms === START + 5 * 60_000).map((r) => r.ticker);
    expect(written.sort()).toEqual([String(quiet.ticker), String(top.ticker)].sort());
  });
});

describe("decided pairs in D1", () => {
  it("reads the kalshi_pairs rows as overrides", async () => {
    await env.DB.prepare(
      "INSERT INTO kalshi_pairs (polymarket_id, kalshi_ticker, verdict, note, decided_ms) VALUES ('558934', 'KXMENWORLDCUP-26-ES', 'confirmed', 'same tournament winner', 1)",
    ).run();
    expect(await readKalshiPairs(env.DB)).toEqual([
      {
        polymarketId: "558934",
        kalshiTicker: "KXMENWORLDCUP-26-ES",
        verdict: "confirmed",
        note: "same tournament winner",
      },
    ]);
    await expect(
      env.DB.prepare(
        "INSERT INTO kalshi_pairs (polymarket_id, kalshi_ticker, verdict, decided_ms) VALUES ('1', 'X', 'maybe', 1)",
      ).run(),
    ).rejects.toThrow(/CHECK/);
  });
});

describe("Kalshi failing", () => {
  it("keeps the stored rows and the crawl where it was; the error is one [kalshi] log line", async () => {
    serve(KALSHI_EVENTS, 5);
    const d = deps({ pagesPerRun: 1 });
    await crawlOk(d);
    const rows = await stored();
    const state = await readKalshiCrawl(env.DB);
    upstreams.resetHandlers();
    upstreams.use(failing("kalshi", "http-500"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const worker = testWorker({ UPSTREAM_RETRIES: "0" });
    await worker.scheduled(KALSHI_CRON, START + 5 * 60_000);
    await worker.settle();
    expect(await stored()).toEqual(rows);
    expect(await readKalshiCrawl(env.DB)).toEqual(state);
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringMatching(
        /^\[kalshi\] kalshi crawl failed: page 2 of pass 1 failed .*Kalshi API error: 500/,
      ),
    ]);
  });
});

describe("a page failing after others", () => {
  it("writes the pages before it and asks the failed one again next run", async () => {
    let served = 0;
    upstreams.use(
      http.get(`${KALSHI}/events`, ({ request }) => {
        calls.kalshi += 1;
        served += 1;
        if (served === 2) return HttpResponse.json({ error: "boom" }, { status: 500 });
        const answer = kalshiEventsAnswer(new URL(request.url).searchParams, 5);
        return HttpResponse.json(answer.body as Json, { status: answer.status });
      }),
    );
    const d = deps();
    const run = await crawlKalshi(d);
    expect(run).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^page 2 of pass 1 failed .*\(1 page\(s\) before it written\)$/),
    });
    // The first page's events that have a trading market (Khamenei's are all finalized).
    const firstFive = (KALSHI_EVENTS.slice(0, 5) as Json[])
      .filter((e) => (e.markets as Json[]).some((m) => m.status === "active"))
      .map((e) => e.event_ticker);
    expect(firstFive).toHaveLength(4);
    const open = await openKalshiMarkets();
    expect(new Set(open.map((m) => m.eventTicker))).toEqual(new Set(firstFive));
    const state = await readKalshiCrawl(env.DB);
    expect(state).toMatchObject({ pass: 1, pages: 1, complete: false });
    // The next run starts at the failed page and reads the rest of the pass.
    d.advance(5 * 60_000);
    expect(await crawlOk(d)).toMatchObject({ pages: 3, passComplete: true });
    expect(await openKalshiMarkets()).toHaveLength(ACTIVE);
  });
});

describe("every failure mode", () => {
  it.each(FAILURE_MODES)("Kalshi answering %s changes no stored row and closes nothing", async (mode) => {
    serve(KALSHI_EVENTS, 200);
    const d = deps({ passMinutes: 0 });
    await crawlOk(d);
    const rows = await stored();
    upstreams.resetHandlers();
    upstreams.use(failing("kalshi", mode));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    d.advance(5 * 60_000);
    const run = await crawlKalshi(d);
    expect(await stored()).toEqual(rows);
    // A 200 answer (empty, absurd) is read; the others are failures asked again next run.
    expect(run.ok).toBe(mode === "empty" || mode === "absurd");
    if (mode === "empty") {
      // An empty listing closes nothing, and the next pass is measured against the last full one.
      expect(await readKalshiCrawl(env.DB)).toMatchObject({ events: KALSHI_EVENTS.length });
    }
  });
});

describe("its own cron trigger", () => {
  it("the Kalshi cron calls Kalshi and nothing else; the other crons never call Kalshi", async () => {
    const worker = testWorker();
    await worker.scheduled(KALSHI_CRON, Date.now());
    await worker.settle();
    expect(calls).toMatchObject({ gamma: 0, data: 0, clob: 0, x: 0, llm: 0 });
    expect(calls.kalshi).toBe(1);
    expect((await stored()).length).toBe(ACTIVE);

    calls.kalshi = 0;
    await worker.scheduled(WHALES_CRON, Date.now());
    await worker.settle();
    expect(calls.kalshi).toBe(0);
    expect(calls.data).toBeGreaterThan(0);
  });
});
