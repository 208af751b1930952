/**
 * One status everywhere (decision 0048): the /status headline, the help center's status box, /api/health and
 * /api/v1/status are one computation over the crons' checks and the datasets' ages, so a stale dataset or a
 * failing upstream is never "All systems operational" anywhere. And the sentiment model's row says when the
 * model was last asked, even when a visitor's refresh asked it (no check) and the crons since kept its
 * still-current analyses.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { formatMoment } from "~/lib/format";
import { MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import { CRAWLER, type TestWorker, testWorker, workerTest } from "./support/worker";

workerTest({
  worker: false,
  tables: ["upstream_checks", "market_points", "sentiment_changes", "whale_trades", "markets"],
});

const MINUTE = 60_000;

interface HealthBody {
  ok: boolean;
  state: string;
  overall: string;
  headline: string;
  reasons: string[];
  snapshots: { markets: { fetchedAt: string | null }; whales: { fetchedAt: string | null } };
}

let ip = 0;

/** The text inside the element with this test id (no nested elements expected). */
function byTestId(html: string, id: string): string | undefined {
  return new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
}

async function page(worker: TestWorker, path: string): Promise<string> {
  const res = await worker.fetch(path, { headers: CRAWLER });
  expect(res.status, path).toBe(200);
  // Without the comments React puts between adjacent text nodes, apostrophes unescaped.
  return (await res.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
}

async function health(worker: TestWorker, path: "/api/health" | "/api/v1/status") {
  const res = await worker.fetch(path, { headers: { "cf-connecting-ip": `192.0.2.${++ip}` } });
  return { status: res.status, body: (await res.json()) as HealthBody };
}

/** What each of the four places says, read from one isolate that has not refreshed anything itself. */
async function everywhere(worker: TestWorker) {
  const status = await page(worker, "/status");
  const help = await page(worker, "/help-center");
  const [api, v1] = [await health(worker, "/api/health"), await health(worker, "/api/v1/status")];
  return {
    status: { line: byTestId(status, "overall-status"), datasets: byTestId(status, "metric-datasets") },
    help: byTestId(help, "overall-status"),
    api,
    v1,
  };
}

function insertCheck(upstream: string, checkedMs: number, ok: boolean) {
  return env.DB.prepare(
    "INSERT INTO upstream_checks (upstream, checked_ms, ok, status, latency_ms, items, error) VALUES (?1, ?2, ?3, ?4, 120, ?5, ?6)",
  ).bind(upstream, checkedMs, ok ? 1 : 0, ok ? null : 503, ok ? 10 : null, ok ? null : "status 503");
}

describe("the headline, the help center's box and both health answers agree", () => {
  it("a stale whale list while every upstream's latest check is ok: degraded everywhere, naming it", async () => {
    const crons = testWorker();
    await crons.scheduled(MARKETS_CRON);
    await crons.scheduled(WHALES_CRON);
    await crons.settle();
    // Six minutes on: markets (fresh for 15 min) are fresh, whales (5 min) are not; no cron has run since.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 6 * MINUTE);
    const now = Date.now();
    // Every upstream's latest check succeeded, just now.
    await env.DB.batch(["gamma", "data", "x", "llm"].map((u) => insertCheck(u, now - 1000, true)));

    const later = testWorker();
    const seen = await everywhere(later);
    const whalesAt = Date.parse(seen.api.body.snapshots.whales.fetchedAt ?? "");
    const reason = `Whale trades stale since ${formatMoment(whalesAt + 5 * MINUTE, now)}`;
    expect(seen.status.line).not.toBe("All systems operational");
    expect(seen.status.line).toBe(`Degraded: ${reason}`);
    expect(seen.status.datasets).toBe("1 of 2");
    expect(seen.help).toBe(seen.status.line);
    for (const answer of [seen.api, seen.v1]) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        ok: false,
        state: "degraded",
        overall: "degraded",
        headline: seen.status.line,
        reasons: [reason],
      });
    }
    await later.settle();
  });

  it("every dataset fresh and every latest check ok: 'All systems operational' everywhere, ok: true", async () => {
    const crons = testWorker();
    await crons.scheduled(MARKETS_CRON);
    await crons.scheduled(WHALES_CRON);
    await crons.settle();

    const seen = await everywhere(testWorker());
    expect(seen.status).toEqual({ line: "All systems operational", datasets: "2 of 2" });
    expect(seen.help).toBe("All systems operational");
    for (const answer of [seen.api, seen.v1]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        ok: true,
        state: "ok",
        overall: "operational",
        headline: "All systems operational",
        reasons: [],
      });
    }
  });

  it("fresh datasets but the Data API's latest check failed: degraded everywhere, naming it and since when", async () => {
    const crons = testWorker();
    await crons.scheduled(MARKETS_CRON);
    await crons.scheduled(WHALES_CRON);
    await crons.settle();
    const since = Date.now() + 1000;
    await env.DB.batch([insertCheck("data", since, false)]);

    const seen = await everywhere(testWorker());
    const reason = `Polymarket trades failing since ${formatMoment(since, Date.now())}`;
    expect(seen.status).toEqual({ line: `Degraded: ${reason}`, datasets: "2 of 2" });
    expect(seen.help).toBe(seen.status.line);
    for (const answer of [seen.api, seen.v1]) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        ok: false,
        state: "degraded",
        overall: "degraded",
        reasons: [reason],
      });
    }
  });
});

describe("the sentiment model's row", () => {
  /** The model's row of the Upstream uptime section. */
  function modelRow(html: string): string {
    const start = html.indexOf('data-testid="upstream-llm"');
    return html.slice(start, html.indexOf("</li>", start));
  }

  it("asked by a visitor's refresh, then kept by a cron run: the row says when it was asked and why not since", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const askedAt = Date.now();
    const visitor = testWorker();
    expect((await visitor.fetch("/api/markets")).status).toBe(200);
    await visitor.settle();
    // Ten minutes on, the market cron finds every analysis still current (the same recorded prices).
    vi.setSystemTime(askedAt + 10 * MINUTE);
    const crons = testWorker();
    await crons.scheduled(MARKETS_CRON);
    await crons.settle();

    const html = await page(testWorker(), "/status");
    const row = modelRow(html);
    expect(row).not.toContain("never");
    expect(byTestId(row, "last-asked-llm")).toBe(formatMoment(askedAt, Date.now()));
    expect(byTestId(row, "model-note")).toBe(
      `Last asked at ${formatMoment(askedAt, Date.now())} by a visitor's refresh, which records no check. ` +
        `Not asked at ${formatMoment(askedAt + 10 * MINUTE, Date.now())}: its 20 analyses were still current.`,
    );
    // The pipeline's "last time the model returned analyses" is the visitor's refresh, not the cron's; so is
    // the last time live X counts were obtained (the cron reused the counts, younger than an hour).
    const card = (key: string) => {
      const start = html.indexOf(`data-testid="pipeline-${key}"`);
      return html.slice(start, html.indexOf("</section>", start));
    };
    expect(card("sentiment")).toContain(`dateTime="${new Date(askedAt).toISOString()}"`);
    expect(card("mentions")).toContain(`dateTime="${new Date(askedAt).toISOString()}"`);
  });

  it("asked by a cron run: its check is the last time asked, and no note", async () => {
    const crons = testWorker();
    await crons.scheduled(MARKETS_CRON);
    await crons.settle();
    const { results } = await env.DB.prepare(
      "SELECT checked_ms FROM upstream_checks WHERE upstream = 'llm'",
    ).all<{ checked_ms: number }>();
    expect(results).toHaveLength(1);

    const row = modelRow(await page(testWorker(), "/status"));
    expect(byTestId(row, "last-asked-llm")).toBe(formatMoment(results[0]?.checked_ms ?? 0, Date.now()));
    expect(row).not.toContain('data-testid="model-note"');
    expect(row).toContain("Operational");
  });
});
