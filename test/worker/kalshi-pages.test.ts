/**
 * Kalshi beside Polymarket on the event and market pages and in `GET /api/v1/events/{slug}` (decision 0057),
 * inside workerd: Kalshi's recorded markets crawled into D1, a pair written as the pairing job writes one
 * (confirmed by hand: no labelled pair of the recorded sets belongs to an event the test upstreams serve),
 * and the page's Polymarket price beside Kalshi's. Without a pair nothing is shown; the pairs' read failing
 * degrades the Kalshi part alone; a closed or stale Kalshi market says so; the API field validates against
 * the OpenAPI document.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { KALSHI_UNAVAILABLE } from "~/.server/kalshi/pair-views";
import { crawlRecordedKalshi, insertPair, pairsFailing } from "./support/kalshi-pairs";
import { openApi, validatorFor } from "./support/openapi";
import { BROWSER, type TestWorker, testWorker, workerTest } from "./support/worker";

/** A shown multi-outcome event of the recorded top 100, and its "250-500k" market. */
const EVENT = "how-many-people-will-trump-deport-in-2025";
const MARKET_ID = "517311";
const MARKET_SLUG = "will-trump-deport-250000-500000-people";
/** A recorded Kalshi market: last 0.64, bid 0.60, ask 0.63, 9,380 contracts in 24 h, closing 2027-01-01. */
const TICKER = "KXUSAIRANAGREEMENT-27";

const t = workerTest({ tables: ["kalshi_markets", "cross_venue_pairs"], kvPrefixes: ["market:", "event:"] });

// One day: the recorded markets' dates are replayed as of the clock (decision 0030), Kalshi's are not.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.parse("2026-11-27T12:00:00Z"));
});

async function html(worker: TestWorker, path: string): Promise<string> {
  const response = await worker.fetch(path, { headers: BROWSER });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The Kalshi section's text (tags out), or null when the page has none. */
function kalshiSection(page: string): string | null {
  const start = page.indexOf('data-testid="section-kalshi"');
  if (start < 0) return null;
  const end = page.indexOf("</section>", start);
  return page
    .slice(start, end)
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

async function paired(readMs = Date.now(), pair: Partial<Parameters<typeof insertPair>[0]> = {}) {
  await crawlRecordedKalshi(readMs);
  await insertPair({ polymarketId: MARKET_ID, eventSlug: EVENT, ticker: TICKER, ...pair });
}

describe("the event page's Kalshi line", () => {
  it("a paired market: Kalshi's price, quote and gap to the page's price, 24 h volume, how it was paired, both read times, both rules, the end dates apart", async () => {
    await paired();
    const page = await html(t.worker, `/event/${EVENT}`);
    const text = kalshiSection(page);
    expect(text).not.toBeNull();
    // The outcome table's price of 250-500k is 89.5¢: Kalshi's 64¢ is 25¢ under it.
    expect(page).toMatch(/data-testid="outcome-row"[\s\S]*?250-500k[\s\S]*?89\.5¢/);
    expect(text).toContain("250-500k: Kalshi: Yes 64¢ (bid 60¢ / ask 63¢) · gap −25¢");
    expect(text).toContain("24 h volume 9,380 contracts");
    expect(text).toContain("Paired: confirmed by hand");
    expect(text).toMatch(/Polymarket's 89\.5¢ read \d\d:\d\d UTC; Kalshi's read \d\d:\d\d UTC\./);
    // Kalshi closes on Jan 1, 2027; the market (Dec 31, 2025 as recorded, replayed today) on Oct 14, 2026.
    expect(text).toContain("End dates differ by 79 days.");
    expect(page).toContain('href="https://kalshi.com/markets/kxusairanagreement"');
    expect(page).toContain('href="https://kalshi.com/markets/kxusairanagreement-27"');
    expect(page).toContain(`href="https://polymarket.com/event/${EVENT}"`);
    expect(text).not.toMatch(/arbitrage/i);
    expect(text).not.toContain("no longer lists");
    expect(text).not.toContain("last read");
  });

  it("a pair the matcher scored: its score and reasons", async () => {
    await paired(Date.now(), { decidedBy: "score", score: 0.82, reasons: ["same words", "same date"] });
    const text = kalshiSection(await html(t.worker, `/event/${EVENT}`));
    expect(text).toContain("Paired by our matcher, score 0.82 (same words; same date)");
  });

  it("without a pair: no Kalshi section at all", async () => {
    await crawlRecordedKalshi(Date.now());
    expect(kalshiSection(await html(t.worker, `/event/${EVENT}`))).toBeNull();
  });

  it("the pairs' read failing: the Kalshi part says so, the rest of the page is there", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await paired();
    const broken = testWorker({ DB: pairsFailing(env.DB) });
    const page = await html(broken, `/event/${EVENT}`);
    await broken.settle();
    expect(kalshiSection(page)).toContain(KALSHI_UNAVAILABLE);
    expect(page).toContain('data-testid="outcome-table"');
    expect(page).not.toContain("History unavailable right now.");
  });

  it("Kalshi's market read over two hours ago says how old its price is; a closed one says it is closed", async () => {
    await paired(Date.now() - 3 * 3_600_000);
    expect(kalshiSection(await html(t.worker, `/event/${EVENT}`))).toContain(
      "Kalshi's price was last read 3 hours ago.",
    );
    await env.DB.prepare("UPDATE kalshi_markets SET closed = 1 WHERE ticker = ?").bind(TICKER).run();
    const fresh = testWorker();
    const text = kalshiSection(await html(fresh, `/event/${EVENT}`));
    await fresh.settle();
    expect(text).toContain("Kalshi no longer lists this market open: its last price is shown.");
  });
});

describe("the market page's Kalshi line", () => {
  it("the paired market's page shows Kalshi's line; another market of the event shows none", async () => {
    await paired();
    const text = kalshiSection(await html(t.worker, `/market/${MARKET_SLUG}`));
    expect(text).toContain("Kalshi: Yes 64¢ (bid 60¢ / ask 63¢) · gap −25¢");
    expect(text).not.toContain("250-500k:");
    expect(kalshiSection(await html(t.worker, "/market/will-trump-deport-less-than-250000"))).toBeNull();
  });
});

describe("GET /api/v1/events/{slug}: kalshi", () => {
  const headers = { "cf-connecting-ip": "198.51.100.77" };

  it("the pair with the gap to the answer's own price, valid against the OpenAPI document", async () => {
    await paired();
    const res = await t.worker.fetch(`/api/v1/events/${EVENT}`, { headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      outcomes: { marketId: string; price: number }[];
      kalshi: Record<string, unknown>[] | null;
      notes?: string[];
    };
    const price = body.outcomes.find((o) => o.marketId === MARKET_ID)?.price;
    expect(price).toBe(0.8945);
    expect(body.kalshi).toEqual([
      {
        polymarketId: MARKET_ID,
        ticker: TICKER,
        title: "Will the US agree to a new Iranian nuclear deal this year?",
        url: "https://kalshi.com/markets/kxusairanagreement-27",
        rulesUrl: "https://kalshi.com/markets/kxusairanagreement",
        price: 0.64,
        bid: 0.6,
        ask: 0.63,
        volume24h: 9380,
        readAt: expect.any(String),
        closed: false,
        gap: -25,
        score: 1,
        reasons: [],
        decidedBy: "confirmed",
        endDatesApartDays: 79,
      },
    ]);
    const doc = await openApi(t.worker);
    expect(Object.keys((doc.components.schemas.KalshiPair as { properties: object }).properties)).toEqual(
      Object.keys(body.kalshi?.[0] ?? {}),
    );
    const validator = validatorFor(doc, "/events/{slug}", 200);
    expect(validator.validate(body).errors).toEqual([]);
    // The document would refuse a wrong one.
    const wrong = { ...body, kalshi: [{ ...body.kalshi?.[0], gap: "5¢" }] };
    expect(validator.validate(wrong).errors).not.toEqual([]);
  });

  it("without a pair an empty list; the pairs' read failing: null and a note, the rest answered", async () => {
    await crawlRecordedKalshi(Date.now());
    const none = (await (await t.worker.fetch(`/api/v1/events/${EVENT}`, { headers })).json()) as {
      kalshi: unknown;
    };
    expect(none.kalshi).toEqual([]);

    vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = testWorker({ DB: pairsFailing(env.DB) });
    const res = await broken.fetch(`/api/v1/events/${EVENT}`, {
      headers: { "cf-connecting-ip": "198.51.100.78" },
    });
    await broken.settle();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { kalshi: unknown; notes?: string[]; outcomes: unknown[] };
    expect(body.kalshi).toBeNull();
    expect(body.notes).toContain(KALSHI_UNAVAILABLE);
    expect(body.outcomes.length).toBeGreaterThan(0);
  });
});
