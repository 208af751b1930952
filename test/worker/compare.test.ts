/**
 * Kalshi beside Polymarket, end to end in workerd (decision 0057): the market cron shows the recorded World Cup
 * event (Gamma's list served from gamma-event-negrisk-60.json), the Kalshi cron crawls the recorded Kalshi
 * events and, its pass complete, pairs them into `cross_venue_pairs` (only changed rows; a vanished pair
 * deleted); `/compare` and `GET /api/v1/compare` show the pairs by gap after fees with their filters, the
 * states without pairs, with none above the filter, with the database failing and with Kalshi not read lately.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { OnDemandCache } from "~/.server/cache/on-demand";
import { SwrCache } from "~/.server/cache/swr-cache";
import { getConfig } from "~/.server/config";
import { createDeps } from "~/.server/deps";
import { D1RefreshState } from "~/.server/history/refresh-state";
import { pairKalshi } from "~/.server/kalshi/pair-job";
import { marketSnapshot } from "~/.server/snapshots/markets";
import { HistoryOutbox } from "~/.server/snapshots/outbox";
import { KALSHI_CRON, MARKETS_CRON } from "~/lib/refresh-cadence";
import labels from "../fixtures/cross-venue-labels.json" with { type: "json" };
import iran from "../fixtures/polymarket/gamma-events-iran-11-EXTRACT.json" with { type: "json" };
import { BEFORE_THE_FINAL, WORLD_CUP } from "../support/world-cup";
import { countingDb } from "./support/counting";
import { resetKalshiCrawl, showAndPair as showAndPairOn } from "./support/kalshi-pairs";
import { openApi, validatorFor } from "./support/openapi";
import { clearIndex, indexRecorded } from "./support/search";
import { FAILURE_MODES, failing, keysetHandler, upstreams } from "./support/upstreams";
import { BROWSER, failingDb, testWorker, workerTest } from "./support/worker";

const t = workerTest({ tables: ["kalshi_markets", "kalshi_pairs", "cross_venue_pairs"] });

const AT = BEFORE_THE_FINAL;

/** The recorded Iran events (11), as Gamma lists open events. */
const iranEvents = iran as unknown as { slug: string }[];

/** The labelled same-question pairs (test/fixtures/cross-venue-labels.json). */
const SAME = new Set(labels.pairs.filter((p) => p.same).map((p) => `${p.polymarket} ${p.kalshi}`));

const headers = (ip: string) => ({ ...BROWSER, "cf-connecting-ip": ip });

beforeEach(async () => {
  await resetKalshiCrawl();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(AT);
  upstreams.use(keysetHandler(WORLD_CUP));
});

const pairs = async () =>
  (
    await env.DB.prepare(
      "SELECT polymarket_id, event_slug, kalshi_ticker, decided_by, matched_ms FROM cross_venue_pairs ORDER BY polymarket_id",
    ).all<{
      polymarket_id: string;
      event_slug: string;
      kalshi_ticker: string;
      decided_by: string;
      matched_ms: number;
    }>()
  ).results;

/** The Kalshi markets flagged as named by a pair, by ticker. */
const flagged = async () =>
  (
    await env.DB.prepare("SELECT ticker FROM kalshi_markets WHERE paired = 1 ORDER BY ticker").all<{
      ticker: string;
    }>()
  ).results.map((r) => r.ticker);

/** The market snapshot KV holds, read as the Kalshi cron reads it (no refresh scheduled). */
async function storedSnapshot() {
  const now = () => Date.now();
  const deps = createDeps({
    caches: {
      cache: new SwrCache({ kv: env.CACHE, state: new D1RefreshState(env.DB), now }),
      onDemand: new OnDemandCache({ now, cache: null, backoffMs: 30_000 }),
      outbox: new HistoryOutbox(),
    },
    ctx: { waitUntil: () => {} },
    config: getConfig(env),
    db: env.DB,
    now,
  });
  return (await marketSnapshot.inspect(deps)).value;
}

/** The market cron (the World Cup shown), then the Kalshi cron (a complete pass, then the pairing). */
const showAndPair = (at = AT) => showAndPairOn(t.worker, at);

describe("the pairing job", () => {
  it("pairs the shown World Cup markets with Kalshi's after a complete pass, each pair a labelled same question", async () => {
    await showAndPair();
    const rows = await pairs();
    expect(await flagged()).toEqual(rows.map((r) => r.kalshi_ticker).sort());
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows)
      expect(SAME.has(`${r.polymarket_id} ${r.kalshi_ticker}`), r.polymarket_id).toBe(true);
    expect(rows.every((r) => r.event_slug === "world-cup-winner" && r.decided_by === "score")).toBe(true);
    expect(rows.map((r) => `${r.polymarket_id} ${r.kalshi_ticker}`)).toContain("558934 KXMENWORLDCUP-26-ES");
  });

  it("writes nothing when nothing changed, deletes a pair no longer proposed, and leaves the pairs as they were when D1 fails", async () => {
    await showAndPair();
    const before = await pairs();
    const d1 = countingDb(env.DB);
    const deps = {
      db: d1.db,
      now: () => AT + 3_600_000,
      shown: storedSnapshot,
    };
    const again = await pairKalshi(deps);
    expect(again.ok && again.value).toMatchObject({ written: 0, deleted: 0 });
    expect(d1.tally.rowsWritten).toBe(0);
    // The open Kalshi markets, the decided pairs, the stored pairs and the index's open events (one page).
    expect(d1.tally.queries).toBe(4);
    expect(await pairs()).toEqual(before);

    // Refused by a person in D1: that pair goes, the rest stay untouched (their matched time too).
    await env.DB.prepare(
      "INSERT INTO kalshi_pairs (polymarket_id, kalshi_ticker, verdict, note, decided_ms) VALUES ('558934', 'KXMENWORLDCUP-26-ES', 'refused', 'test', 0)",
    ).run();
    const refused = await pairKalshi(deps);
    expect(refused.ok && refused.value.deleted).toBe(1);
    const after = await pairs();
    expect(after.map((r) => r.polymarket_id)).not.toContain("558934");
    expect(after).toEqual(before.filter((r) => r.polymarket_id !== "558934"));
    // The Kalshi markets the pairs name are flagged (the crawl writes their changes first); Spain's no more.
    expect(await flagged()).toEqual(after.map((r) => r.kalshi_ticker).sort());

    const broken = await pairKalshi({ ...deps, db: failingDb });
    expect(broken.ok).toBe(false);
    expect(await pairs()).toEqual(after);
  });

  it("pairs the events only the search index holds, read a page at a time, as it pairs them in one page", async () => {
    // The recorded Iran events (not shown: the market list is the World Cup) in the index through its crawl.
    await clearIndex();
    await indexRecorded(AT, iranEvents);
    await showAndPair();
    const fromIndex = (await pairs()).filter((r) => r.event_slug !== "world-cup-winner");
    const slugs = new Set(iranEvents.map((e) => e.slug));
    expect(fromIndex.length).toBeGreaterThan(0);
    for (const r of fromIndex) {
      expect(slugs.has(r.event_slug), r.event_slug).toBe(true);
      expect(SAME.has(`${r.polymarket_id} ${r.kalshi_ticker}`), r.polymarket_id).toBe(true);
    }
    const before = await pairs();

    // Again, 3 events a page: the same pairs, nothing written, one query a page (the 5 of the 11 recorded
    // events that are open: 2 pages).
    const d1 = countingDb(env.DB);
    const paged = await pairKalshi({ db: d1.db, now: () => AT, shown: storedSnapshot, indexPageEvents: 3 });
    expect(paged.ok && paged.value).toMatchObject({ written: 0, deleted: 0 });
    expect(d1.tally.sql.filter((q) => q.includes("FROM search_events"))).toHaveLength(2);
    expect(d1.tally.queries).toBe(3 + 2);
    expect(await pairs()).toEqual(before);
    await clearIndex();
  });

  it("Kalshi failing: no pass completes, nothing is paired", async () => {
    upstreams.use(failing("kalshi", FAILURE_MODES[2]));
    vi.spyOn(console, "error").mockImplementation(() => {});
    await showAndPair();
    expect(await pairs()).toEqual([]);
  });
});

describe("/compare", () => {
  it("lists the pairs by gap after fees with both prices, their times, the links, the match, and end dates that agree", async () => {
    await showAndPair();
    const res = await t.worker.fetch("/compare", { headers: headers("198.51.100.1") });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Not an arbitrage: resolution rules can differ.");
    expect(html).toContain('data-testid="compare-row"');
    expect(html).toContain("https://polymarket.com/event/world-cup-winner");
    expect(html).toContain("https://kalshi.com/markets/kxmenworldcup");
    expect(html).toContain("Matched with score");
    // Kalshi's expected expiration (2026-07-19) is within a day of Polymarket's end: no note. Its close
    // time (2028-07-18, the latest it allows) would have said 730 days.
    expect(html).not.toContain("End dates differ");
    expect(html).toContain("Gap after fees");
    // Spain: Kalshi 19¢ against Polymarket 10.65¢.
    expect(html).toContain("Will Spain win the 2026 FIFA World Cup?");
    // In the header navigation.
    expect(html).toContain('href="/compare"');

    const api = await t.worker.fetch("/api/v1/compare", { headers: headers("198.51.100.2") });
    expect(api.status).toBe(200);
    const body = (await api.json()) as {
      state: string;
      pairs: { gapAfterFees: number; feesIncluded: boolean }[];
    };
    expect(body.state).toBe("pairs");
    const gaps = body.pairs.map((p) => p.gapAfterFees);
    expect(gaps).toEqual([...gaps].sort((a, b) => b - a));
    // The World Cup's markets have Polymarket's sports fee on: both fees included.
    expect(body.pairs.every((p) => p.feesIncluded)).toBe(true);
    const doc = await openApi(t.worker);
    const check = validatorFor(doc, "/compare", 200).validate(body);
    expect(check.errors).toEqual([]);
  });

  it("says when a pair's end dates differ by more than a day", async () => {
    await showAndPair();
    // As Kalshi's close time would give it for a market without an expected expiration: two years out.
    await env.DB.prepare("UPDATE kalshi_markets SET close_time = ?1 WHERE ticker = ?2")
      .bind("2028-07-18T14:00:00.000Z", "KXMENWORLDCUP-26-ES")
      .run();
    const html = await (await t.worker.fetch("/compare", { headers: headers("198.51.100.3") })).text();
    expect(html.match(/End dates differ by \d+ days/g)).toHaveLength(1);
  });

  it("filters by category and minimum gap; none above the filter says so; bad values are 400s", async () => {
    await showAndPair();
    const all = (await (
      await t.worker.fetch("/api/v1/compare", { headers: headers("198.51.100.3") })
    ).json()) as {
      pairs: { gapAfterFees: number }[];
      total: number;
    };
    const top = Math.floor((all.pairs[0]?.gapAfterFees ?? 0) * 100);
    const some = (await (
      await t.worker.fetch(`/api/v1/compare?min_gap=${top}`, { headers: headers("198.51.100.3") })
    ).json()) as { pairs: { gapAfterFees: number }[]; total: number };
    expect(some.pairs.length).toBeGreaterThan(0);
    expect(some.pairs.length).toBeLessThan(all.pairs.length);
    expect(some.pairs.every((p) => p.gapAfterFees * 100 >= top - 1e-9)).toBe(true);
    expect(some.total).toBe(all.total);

    const none = await t.worker.fetch("/compare?category=politics", { headers: headers("198.51.100.4") });
    expect(none.status).toBe(200);
    expect(await none.text()).toContain('data-testid="compare-none-above"');
    const high = (await (
      await t.worker.fetch("/api/v1/compare?min_gap=99", { headers: headers("198.51.100.4") })
    ).json()) as { state: string };
    expect(high.state).toBe("none-above");

    for (const bad of ["/compare?min_gap=abc", "/compare?category=astrology", "/compare?min_gap=500"]) {
      const page = await t.worker.fetch(bad, { headers: headers("198.51.100.5") });
      expect(page.status, bad).toBe(400);
      await page.text();
      const api = await t.worker.fetch(`/api/v1${bad}`, { headers: headers("198.51.100.5") });
      expect(api.status, bad).toBe(400);
      await api.text();
    }
  });

  it("no pairs yet; the database failing (before and after a good read); Kalshi not read lately (the last stored prices, with a message)", async () => {
    await t.worker.scheduled(MARKETS_CRON, AT);
    await t.worker.settle();
    const empty = await t.worker.fetch("/compare", { headers: headers("198.51.100.6") });
    expect(await empty.text()).toContain('data-testid="compare-no-pairs"');

    const broken = testWorker({ DB: failingDb });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const down = await broken.fetch("/compare", { headers: headers("198.51.100.7") });
    expect(down.status).toBe(200);
    expect(await down.text()).toContain('data-testid="compare-unavailable"');
    const downApi = await broken.fetch("/api/v1/compare", { headers: headers("198.51.100.7") });
    expect(downApi.status).toBe(503);
    await downApi.text();
    await broken.settle();

    await t.worker.scheduled(KALSHI_CRON, AT + 1_000);
    await t.worker.settle();
    // The database failing after this isolate read the pairs: the last read, with its times and a message.
    let dbDown = false;
    const flaky = new Proxy(env.DB, {
      get(target, property) {
        if (dbDown && (property === "prepare" || property === "batch"))
          return Reflect.get(failingDb, property);
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const reader = testWorker({ DB: flaky });
    const before = await (await reader.fetch("/compare", { headers: headers("198.51.100.9") })).text();
    expect(before).toContain('data-testid="compare-row"');
    dbDown = true;
    vi.setSystemTime(AT + 5 * 60_000);
    const after = await (await reader.fetch("/compare", { headers: headers("198.51.100.9") })).text();
    expect(after).toContain("The matched markets cannot be read right now: these are the last read");
    expect(after.split('data-testid="compare-row"').length).toBe(
      before.split('data-testid="compare-row"').length,
    );
    await reader.settle();
    // Ten hours on, Kalshi failing since: the pairs stay with their read times, and the page says so.
    upstreams.use(failing("kalshi", FAILURE_MODES[2]));
    vi.setSystemTime(AT + 10 * 3_600_000);
    const late = testWorker();
    const page = await late.fetch("/compare", { headers: headers("198.51.100.8") });
    const html = await page.text();
    expect(html).toContain('data-testid="compare-message"');
    expect(html).toContain("Kalshi has not been read in full since");
    expect(html).toContain('data-testid="compare-row"');
    await late.settle();
  });
});
