/**
 * The crons' own records (real miniflare D1): each run writes one check per upstream it called, the
 * market cron compacts the history, and /status computes uptime and incidents from the checks; a
 * failing or missing database makes those sections say "History unavailable", never a failed page.
 * The overall line comes from the latest checks and the datasets' states, and the help center's sidebar
 * says the same (one-status.test.ts has the health answers beside them).
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { HOUR_SECONDS, SLOT_SECONDS, slotOf } from "~/.server/history/store";
import { KV_KEYS } from "~/.server/snapshots/keys";
import type { StoredMarkets } from "~/.server/snapshots/markets";
import { formatMoment } from "~/lib/format";
import { MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import { failing, upstreams } from "./support/upstreams";
import { CRAWLER, failingDb, type TestWorker, testWorker, workerTest } from "./support/worker";

workerTest({
  worker: false,
  tables: ["upstream_checks", "market_points", "sentiment_changes", "whale_trades", "markets"],
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface CheckRow {
  upstream: string;
  checked_ms: number;
  ok: number;
  status: number | null;
  latency_ms: number;
  items: number | null;
  error: string | null;
}

async function checks(): Promise<CheckRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM upstream_checks ORDER BY checked_ms, upstream",
  ).all<CheckRow>();
  return results;
}

function insertCheck(
  upstream: string,
  checkedMs: number,
  ok: boolean,
  status: number | null,
  error: string | null,
) {
  return env.DB.prepare(
    "INSERT INTO upstream_checks (upstream, checked_ms, ok, status, latency_ms, items, error) VALUES (?1, ?2, ?3, ?4, 120, ?5, ?6)",
  ).bind(upstream, checkedMs, ok ? 1 : 0, status, ok ? 100 : null, error);
}

function insertPoint(marketId: string, t: number) {
  return env.DB.prepare(
    `INSERT INTO market_points (market_id, t, step, prices, volume_24h, liquidity, sentiment, confidence,
       recommendation, sentiment_source, mentions, mentions_source)
     VALUES (?1, ?2, ${SLOT_SECONDS}, '[0.5,0.5]', 1000, 500, 'neutral', 50, 'NEUTRAL', 'estimated', 3, 'estimated')`,
  ).bind(marketId, t);
}

/** The page's text, without the comments React puts between adjacent text nodes. */
async function statusPage(worker: TestWorker): Promise<{ status: number; html: string }> {
  const res = await worker.fetch("/status", { headers: CRAWLER });
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
}

/** The text inside the element with this test id (no nested elements expected). */
function byTestId(html: string, id: string): string | undefined {
  return new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
}

describe("each cron run records what it saw of each upstream", () => {
  it("a market run with the feed answering: ok checks for gamma (100 markets), X and the model", async () => {
    const worker = testWorker();
    const before = Date.now();
    await worker.scheduled(MARKETS_CRON);
    await worker.settle();
    const rows = await checks();
    expect(rows.map((r) => r.upstream).sort()).toEqual(["gamma", "llm", "x"]);
    const gamma = rows.find((r) => r.upstream === "gamma");
    expect(gamma).toMatchObject({ ok: 1, status: null, items: 100, error: null });
    expect(gamma?.checked_ms).toBeGreaterThanOrEqual(before);
    expect(gamma?.latency_ms).toBeGreaterThanOrEqual(0);
    // The test env sets both keys: the 19 distinct keywords of the 20 events' titles (under X_MAX_REQUESTS'
    // 25) and a forecast per event.
    expect(rows.find((r) => r.upstream === "x")).toMatchObject({ ok: 1, items: 19, error: null });
    expect(rows.find((r) => r.upstream === "llm")).toMatchObject({ ok: 1, items: 20, error: null });
  });

  it("a market run with the feed failing: one failed gamma check with status 500, the snapshot kept", async () => {
    const worker = testWorker();
    await worker.scheduled(MARKETS_CRON);
    await worker.settle();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(failing("gamma", "http-500"));
    await worker.scheduled(MARKETS_CRON);
    await worker.settle();

    const gamma = (await checks()).filter((r) => r.upstream === "gamma");
    expect(gamma.map((r) => r.ok)).toEqual([1, 0]);
    expect(gamma[1]).toMatchObject({ ok: 0, status: 500, items: null });
    expect(gamma[1]?.error).toContain("API error: 500");
    // X and the model were not asked in the failed run: still one check each.
    expect((await checks()).filter((r) => r.upstream !== "gamma")).toHaveLength(2);
    expect((await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json"))?.snapshot.markets).toHaveLength(100);
    expect(
      errors.mock.calls.some((args) =>
        String(args[0]).startsWith(`[cron ${MARKETS_CRON}] markets refresh failed`),
      ),
    ).toBe(true);
  });

  it("a whale run records the Data API; a visitor's refresh records nothing", async () => {
    const worker = testWorker();
    await worker.fetch("/api/markets");
    await worker.fetch("/api/whales");
    await worker.settle();
    expect(await checks()).toEqual([]);

    await worker.scheduled(WHALES_CRON);
    await worker.settle();
    const rows = await checks();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ upstream: "data", ok: 1, status: null, error: null });
    expect(rows[0]?.items).toBeGreaterThan(0);
  });

  it("a failing database costs one log line per write, never the cron's KV refresh", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const worker = testWorker({ DB: failingDb });
    await worker.scheduled(MARKETS_CRON);
    await worker.settle();
    expect((await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json"))?.snapshot.markets).toHaveLength(100);
    const lines = errors.mock.calls.map((args) => String(args[0]));
    // The run's points, calls and checks are one batch, kept for the next run (decision 0023).
    expect(lines.filter((l) => /^\[history\] 1 batches not written, kept/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith("[history] compaction failed"))).toHaveLength(1);
  });
});

describe("compaction in the market cron", () => {
  it("thins 10-minute points older than 30 days to one an hour, keeps recent points, drops old checks", async () => {
    const now = Date.now();
    const oldHour = slotOf(now - 40 * DAY, HOUR_SECONDS);
    const recentHour = slotOf(now - 2 * HOUR, HOUR_SECONDS);
    const old = [0, 1, 2].flatMap((h) =>
      [0, 1, 2, 3, 4, 5].map((s) => oldHour + h * HOUR_SECONDS + s * SLOT_SECONDS),
    );
    const recent = [0, 1, 2, 3, 4, 5].map((s) => recentHour + s * SLOT_SECONDS);
    await env.DB.batch([
      ...[...old, ...recent].map((t) => insertPoint("compaction-test", t)),
      insertCheck("gamma", now - 32 * DAY, true, null, null),
      insertCheck("gamma", now - 29 * DAY, true, null, null),
    ]);

    const worker = testWorker();
    await worker.scheduled(MARKETS_CRON);
    await worker.settle();

    const { results: points } = await env.DB.prepare(
      "SELECT t, step FROM market_points WHERE market_id = 'compaction-test' ORDER BY t",
    ).all<{ t: number; step: number }>();
    expect(points).toEqual([
      { t: oldHour, step: HOUR_SECONDS },
      { t: oldHour + HOUR_SECONDS, step: HOUR_SECONDS },
      { t: oldHour + 2 * HOUR_SECONDS, step: HOUR_SECONDS },
      ...recent.map((t) => ({ t, step: SLOT_SECONDS })),
    ]);
    const oldChecks = (await checks()).filter((r) => r.checked_ms < now - DAY);
    expect(oldChecks.map((r) => r.checked_ms)).toEqual([now - 29 * DAY]);
  });
});

describe("/status from the recorded checks", () => {
  it("shows uptime per window and the incidents the failed runs make", async () => {
    const now = Date.now();
    await env.DB.batch([
      // gamma, 24 h: 3 ok + 1 failed; 7 d: one more ok; 30 d: one more failed.
      insertCheck("gamma", now - 10 * DAY, false, null, "Request timed out after 15000 ms"),
      insertCheck("gamma", now - 3 * DAY, true, null, null),
      insertCheck("gamma", now - 4 * HOUR, true, null, null),
      insertCheck("gamma", now - 3 * HOUR, true, null, null),
      insertCheck("gamma", now - 2 * HOUR, false, 500, "API error: 500, status 500"),
      insertCheck("gamma", now - 1 * HOUR, true, null, null),
      // data: failing since two minutes ago (ongoing).
      insertCheck("data", now - 3 * MINUTE, true, null, null),
      insertCheck("data", now - 2 * MINUTE, false, 503, "Failed to fetch whale trades, status 503"),
      insertCheck("data", now - 1 * MINUTE, false, 503, "Failed to fetch whale trades, status 503"),
    ]);

    const { status, html } = await statusPage(testWorker());
    expect(status).toBe(200);
    expect(byTestId(html, "uptime-gamma-24h")).toBe("75.00%");
    expect(byTestId(html, "uptime-gamma-7d")).toBe("80.00%");
    expect(byTestId(html, "uptime-gamma-30d")).toBe("66.66%");
    expect(html).toContain("3 of 4 checks");
    expect(byTestId(html, "uptime-data-24h")).toBe("33.33%");
    expect(byTestId(html, "uptime-x-24h")).toBe("no checks yet");
    expect(byTestId(html, "uptime-llm-30d")).toBe("no checks yet");

    // The failed gamma run two hours ago: resolved by the next ok check an hour later.
    expect(byTestId(html, "last-incident-gamma")).toMatch(/UTC, 1 h$/);
    // Data is still failing: an ongoing incident, and the upstream is down.
    expect(byTestId(html, "last-incident-data")).toMatch(/^Ongoing since /);
    const dataRow = html.slice(
      html.indexOf('data-testid="upstream-data"'),
      html.indexOf('data-testid="upstream-x"'),
    );
    expect(dataRow).toContain("badge-no");
    expect(dataRow).toContain("Outage");
    expect(byTestId(html, "metric-incidents")).toBe("3");
    expect(html).toContain("1 ongoing");
    expect(byTestId(html, "metric-uptime")).toBe("66.66%");
    expect(byTestId(html, "metric-upstreams")).toBe("1 of 2");
    expect(html).not.toContain("History unavailable");
  });

  it("says 'no checks yet' before any cron run", async () => {
    const { status, html } = await statusPage(testWorker());
    expect(status).toBe(200);
    expect(byTestId(html, "uptime-gamma-24h")).toBe("no checks yet");
    expect(byTestId(html, "metric-uptime")).toBe("No checks yet");
    expect(byTestId(html, "metric-incidents")).toBe("0");
  });

  it("with a failing database: 200, 'History unavailable' (one log line), the rest of the page", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { status, html } = await statusPage(testWorker({ DB: failingDb }));
    expect(status).toBe(200);
    expect(html).toContain("History unavailable");
    expect(html).toContain("Data pipeline");
    expect(html).not.toContain("uptime-gamma-24h");
    const lines = errors.mock.calls.map((args) => String(args[0]));
    // One line for each read that failed: the refresh records, then the checks.
    expect(lines).toEqual([
      "[cache] refresh records unavailable, using this isolate's: D1_ERROR: database unavailable",
      "[status] history unavailable (the rest of the page renders): D1_ERROR: database unavailable",
    ]);
  });

  it("without a database binding: the same", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { status, html } = await statusPage(testWorker({ DB: undefined }));
    expect(status).toBe(200);
    expect(html).toContain("History unavailable");
    expect(errors.mock.calls.map((args) => String(args[0]))).toEqual([
      "[status] history unavailable: no D1 binding (DB)",
    ]);
  });
});

describe("the overall line: /status and the help center's sidebar from the same latest checks", () => {
  /** What both pages say: the overall line, the incident count with its detail, and the last check. */
  async function bothPages(worker: TestWorker) {
    const status = (await statusPage(worker)).html;
    const res = await worker.fetch("/help-center", { headers: CRAWLER });
    expect(res.status).toBe(200);
    const help = (await res.text()).replaceAll("<!-- -->", "");
    return {
      status: {
        line: byTestId(status, "overall-status"),
        incidents: [byTestId(status, "metric-incidents"), byTestId(status, "metric-incidents-detail")],
        lastCheck: byTestId(status, "metric-last-check"),
      },
      help: {
        line: byTestId(help, "overall-status"),
        incidents: [byTestId(help, "overall-incidents"), byTestId(help, "overall-incidents-detail")],
        lastCheck: byTestId(help, "overall-last-check"),
      },
    };
  }

  /** A visitor's refreshes store both datasets, fresh, and record no check (the crons are not run here). */
  async function freshDatasets() {
    const visitor = testWorker();
    expect((await visitor.fetch("/api/markets")).status).toBe(200);
    expect((await visitor.fetch("/api/whales")).status).toBe(200);
    await visitor.settle();
  }

  it("before the first check: 'No checks yet' on both pages, never 'All systems operational'", async () => {
    // Nothing refreshed yet either: degraded, naming both datasets (decision 0048).
    const cold = await bothPages(testWorker());
    expect(cold.status.line).toBe("Degraded: Markets not refreshed yet; Whale trades not refreshed yet");
    expect(cold.help).toEqual(cold.status);

    await freshDatasets();
    const pages = await bothPages(testWorker());
    expect(pages.status).toEqual({
      line: "No checks yet",
      incidents: ["0", "None recorded"],
      lastCheck: "Never",
    });
    expect(pages.help).toEqual(pages.status);
  });

  it("every upstream's latest check ok (after an old, resolved failure): 'All systems operational' on both", async () => {
    const now = Date.now();
    await env.DB.batch([
      insertCheck("gamma", now - 3 * HOUR, false, 500, "API error: 500, status 500"),
      insertCheck("gamma", now - 2 * HOUR, true, null, null),
      insertCheck("data", now - 2 * MINUTE, true, null, null),
      insertCheck("x", now - 3 * HOUR, true, null, null),
    ]);
    await freshDatasets();
    const pages = await bothPages(testWorker());
    expect(pages.status.line).toBe("All systems operational");
    expect(pages.status.incidents).toEqual(["1", "All resolved"]);
    expect(pages.status.lastCheck).toBe(formatMoment(now - 2 * MINUTE, Date.now()));
    expect(pages.help).toEqual(pages.status);
  });

  it("one upstream's latest check failed: both say degraded, naming it and since when; counts and last check agree", async () => {
    const now = Date.now();
    const since = now - 2 * MINUTE;
    await env.DB.batch([
      insertCheck("gamma", now - 5 * MINUTE, true, null, null),
      insertCheck("data", now - 3 * MINUTE, true, null, null),
      insertCheck("data", since, false, 503, "Failed to fetch whale trades, status 503"),
      insertCheck("data", now - 1 * MINUTE, false, 503, "Failed to fetch whale trades, status 503"),
    ]);
    await freshDatasets();
    const pages = await bothPages(testWorker());
    expect(pages.status.line).toBe(
      `Degraded: Polymarket trades failing since ${formatMoment(since, Date.now())}`,
    );
    expect(pages.status.incidents).toEqual(["1", "1 ongoing"]);
    expect(pages.status.lastCheck).toBe(formatMoment(now - MINUTE, Date.now()));
    expect(pages.help).toEqual(pages.status);
  });

  it("with the database failing: 'Status unavailable' on both, never a sample line", async () => {
    await freshDatasets();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const pages = await bothPages(testWorker({ DB: failingDb }));
    expect(pages.status).toEqual({
      line: "Status unavailable",
      incidents: ["Unavailable", "History unavailable"],
      lastCheck: "Unavailable",
    });
    expect(pages.help).toEqual(pages.status);
    expect((await statusPage(testWorker({ DB: failingDb }))).html).not.toContain("All systems operational");
  });
});
