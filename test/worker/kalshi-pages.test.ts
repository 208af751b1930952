/**
 * Kalshi beside Polymarket on the event and market pages and in `GET /api/v1/events/{slug}` (decision 0057),
 * inside workerd. The paired market is a real pair: Gamma's list serves the recorded World Cup, the market
 * cron shows it, the Kalshi cron crawls Kalshi's recorded events and its pairing job pairs them (Spain with
 * KXMENWORLDCUP-26-ES, a labelled "same" pair of test/fixtures/cross-venue-labels.json); the pages show Kalshi's
 * recorded figures beside their own Polymarket price, and the outcome table, the line, `/compare` and the API
 * give the same figures. The branches that pair cannot reach (confirmed by hand, end dates apart, a closed or
 * stale Kalshi market, the pairs' read failing) use a pair written as the pairing job writes one, on a recorded
 * top-100 event. Without a pair nothing is shown; the API field validates against the OpenAPI document.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { KALSHI_UNAVAILABLE } from "~/.server/kalshi/pair-views";
import { centsText, gapText } from "~/lib/cross-venue";
import { formatPrice } from "~/lib/format";
import { MATCH_THRESHOLD } from "~/lib/kalshi-match";
import labels from "../fixtures/cross-venue-labels.json" with { type: "json" };
import { BEFORE_THE_FINAL, SPAIN, WORLD_CUP_SLUG } from "../support/world-cup";
import { crawlRecordedKalshi, insertPair, pairsFailing, showAndPair } from "./support/kalshi-pairs";
import { openApi, validatorFor } from "./support/openapi";
import { BROWSER, type TestWorker, testWorker, workerTest } from "./support/worker";

/** For the hand-written pairs: a shown multi-outcome event of the recorded top 100, and its "250-500k" market. */
const EVENT = "how-many-people-will-trump-deport-in-2025";
const MARKET_ID = "517311";
/** A recorded Kalshi market: last 0.64, bid 0.60, ask 0.63, 9,380 contracts in 24 h, closing 2027-01-01. */
const TICKER = "KXUSAIRANAGREEMENT-27";

const t = workerTest({
  tables: ["kalshi_markets", "kalshi_pairs", "cross_venue_pairs"],
  kvPrefixes: ["market:", "event:"],
});

// One day: the recorded top 100's dates are replayed as of the clock (decision 0030), Kalshi's are not. The
// real pair's tests move the clock to before the World Cup ends (its recorded dates are not replayed).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.parse("2026-11-27T12:00:00Z"));
});

const headers = (ip: string) => ({ ...BROWSER, "cf-connecting-ip": ip });

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

/** Tags out, entities read, spaces as one. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The HTML of each pair in the page's Kalshi section. */
function pairItems(page: string): string[] {
  const start = page.indexOf('data-testid="section-kalshi"');
  if (start < 0) return [];
  return page
    .slice(start, page.indexOf("</section>", start))
    .split('data-testid="kalshi-pair"')
    .slice(1)
    .map((item) => item.slice(item.indexOf(">") + 1));
}

/** The pair of the market labelled `label` in an event page's Kalshi section (its HTML). */
function pairOf(page: string, label: string): string {
  const item = pairItems(page).find((html) => textOf(html).trimStart().startsWith(`${label}: `));
  if (!item) throw new Error(`no Kalshi pair for ${label}`);
  return item;
}

/** The stored pairs, as the pairing job wrote them. */
async function storedPairs() {
  const { results } = await env.DB.prepare(
    "SELECT polymarket_id, event_slug, kalshi_ticker, score, reasons, decided_by FROM cross_venue_pairs",
  ).all<{
    polymarket_id: string;
    event_slug: string;
    kalshi_ticker: string;
    score: number;
    reasons: string;
    decided_by: string;
  }>();
  return results;
}

/** Spain's pair as the pairing job stored it: a labelled same question, scored by the matcher. */
async function spainPair() {
  const rows = await storedPairs();
  const row = rows.find((r) => r.polymarket_id === SPAIN.marketId);
  expect(row?.kalshi_ticker).toBe(SPAIN.ticker);
  expect(row?.decided_by).toBe("score");
  expect(row?.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  expect(
    labels.pairs.some((p) => p.polymarket === SPAIN.marketId && p.kalshi === SPAIN.ticker && p.same),
  ).toBe(true);
  const reasons = JSON.parse(row?.reasons ?? "[]") as string[];
  expect(reasons.length).toBeGreaterThan(0);
  return { score: row?.score ?? 0, reasons, count: rows.length };
}

/*
 * Spain's figures, computed by hand from the recordings:
 * - Kalshi (test/fixtures/kalshi/iran-project__events_nested_14_EXTRACT.json, KXMENWORLDCUP-26-ES):
 *   last_price 19, yes_bid 18, yes_ask 19 (cents), volume_24h 4705, expected_expiration_time
 *   2026-07-19T14:00Z, event KXMENWORLDCUP-26 of series KXMENWORLDCUP.
 * - Polymarket (test/fixtures/polymarket/gamma-event-negrisk-60.json, market 558934): outcomePrices
 *   ["0.1065", …] → 10.7¢ shown (to the tenth), endDate 2026-07-20T00:00Z.
 * - The gap: 19¢ − 10.65¢ = 8.35¢, +8¢ to the whole cent (the line), +8.4¢ to the tenth (`/compare`).
 * - The end dates are 10 hours apart: no "End dates differ" note.
 */
const SPAIN_LINE = "Kalshi: Yes 19¢ (bid 18¢ / ask 19¢) · gap +8¢";
const SPAIN_VOLUME = "24 h volume 4,705 contracts";
const SPAIN_QUESTION = "Kalshi's question: Will the Spain win the 2026 Men's World Cup?";
const SPAIN_READ = "Polymarket's 10.7¢ read 12:00 UTC; Kalshi's read 12:00 UTC.";
const matched = ({ score, reasons }: { score: number; reasons: string[] }) =>
  `Paired by our matcher, score ${score.toFixed(2)} (${reasons.join("; ")})`;

/** The links of Spain's pair: Kalshi's event page, both venues' rules. */
function expectSpainLinks(item: string): void {
  expect(item).toContain('href="https://kalshi.com/markets/kxmenworldcup-26"');
  expect(item).toContain('href="https://kalshi.com/markets/kxmenworldcup"');
  expect(item).toContain(`href="https://polymarket.com/event/${WORLD_CUP_SLUG}"`);
}

describe("a pair the pairing job made: Spain in the recorded World Cup", () => {
  beforeEach(() => {
    vi.setSystemTime(BEFORE_THE_FINAL);
    vi.spyOn(console, "info").mockImplementation(() => {});
  });

  it("the event page: Spain's line with Kalshi's recorded price, quote, gap to the page's price and 24 h volume, the matcher's score and reasons, both read times, both rules, the Kalshi link; no end-date note", async () => {
    await showAndPair(t.worker, BEFORE_THE_FINAL);
    const spain = await spainPair();
    const page = await html(t.worker, `/event/${WORLD_CUP_SLUG}`);
    // Every pair of the event is shown, each once, in the outcome table's order (dearest first).
    expect(pairItems(page)).toHaveLength(spain.count);
    expect(spain.count).toBeGreaterThan(5);
    const pairLabels = pairItems(page).map((item) => textOf(item).trim().split(": ")[0] ?? "");
    const tableLabels = [...page.matchAll(/data-testid="outcome-row"><th[^>]*><a[^>]*>([^<]+)<\/a>/g)]
      .map((m) => textOf(m[1] ?? ""))
      .filter((label) => pairLabels.includes(label));
    expect(pairLabels).toEqual(tableLabels);
    expect(pairLabels.slice(0, 2)).not.toEqual(["France", "Spain"]);
    // The outcome table's Spain row: 10.7¢.
    expect(page).toMatch(outcomeRowPrice("Spain", "10.7¢"));
    const item = pairOf(page, "Spain");
    const text = textOf(item);
    expect(text).toContain(`Spain: ${SPAIN_LINE}`);
    expect(text).toContain(SPAIN_VOLUME);
    expect(text).toContain(SPAIN_QUESTION);
    expect(text).toContain(matched(spain));
    expect(text).toContain(SPAIN_READ);
    expect(text).toContain("Resolution rules can differ: read both.");
    expectSpainLinks(item);
    expect(text).not.toContain("End dates differ");
    expect(text).not.toContain("confirmed by hand");
    expect(text).not.toMatch(/arbitrage/i);
    expect(text).not.toContain("no longer lists");
    expect(text).not.toContain("last read");
  });

  it("the market page: Spain's line without a label; an unpaired market of the event shows no Kalshi section", async () => {
    await showAndPair(t.worker, BEFORE_THE_FINAL);
    const spain = await spainPair();
    const page = await html(t.worker, `/market/${SPAIN.marketSlug}`);
    const items = pairItems(page);
    expect(items).toHaveLength(1);
    const item = items[0] ?? "";
    const text = textOf(item);
    expect(text.trimStart().startsWith(SPAIN_LINE)).toBe(true);
    expect(text).toContain(SPAIN_VOLUME);
    expect(text).toContain(SPAIN_QUESTION);
    expect(text).toContain(matched(spain));
    expect(text).toContain(SPAIN_READ);
    expectSpainLinks(item);
    expect(text).not.toContain("End dates differ");
    // Bosnia-Herzegovina (open, 0.15¢): Kalshi's recorded World Cup event does not list it.
    expect(
      kalshiSection(await html(t.worker, "/market/will-bosnia-herzegovina-win-the-2026-fifa-world-cup")),
    ).toBeNull();
  });

  it("GET /api/v1/events/world-cup-winner: Spain's entry in kalshi[], valid against the OpenAPI document", async () => {
    await showAndPair(t.worker, BEFORE_THE_FINAL);
    const spain = await spainPair();
    const res = await t.worker.fetch(`/api/v1/events/${WORLD_CUP_SLUG}`, {
      headers: headers("198.51.100.70"),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      outcomes: { marketId: string; price: number }[];
      kalshi: { polymarketId: string }[] | null;
    };
    expect(body.outcomes.find((o) => o.marketId === SPAIN.marketId)?.price).toBe(0.1065);
    expect(body.kalshi).toHaveLength(spain.count);
    expect(body.kalshi?.find((k) => k.polymarketId === SPAIN.marketId)).toEqual({
      polymarketId: SPAIN.marketId,
      ticker: SPAIN.ticker,
      title: "Will the Spain win the 2026 Men's World Cup?",
      url: "https://kalshi.com/markets/kxmenworldcup-26",
      rulesUrl: "https://kalshi.com/markets/kxmenworldcup",
      price: 0.19,
      bid: 0.18,
      ask: 0.19,
      volume24h: 4705,
      readAt: new Date(BEFORE_THE_FINAL).toISOString(),
      closed: false,
      gap: 8,
      score: spain.score,
      reasons: spain.reasons,
      decidedBy: "score",
      endDatesApartDays: null,
    });
    const doc = await openApi(t.worker);
    expect(Object.keys((doc.components.schemas.KalshiPair as { properties: object }).properties)).toEqual(
      Object.keys(body.kalshi?.[0] ?? {}),
    );
    const validator = validatorFor(doc, "/events/{slug}", 200);
    expect(validator.validate(body).errors).toEqual([]);
    // The document would refuse a wrong one.
    const wrong = { ...body, kalshi: [{ ...body.kalshi?.[0], gap: "8¢" }] };
    expect(validator.validate(wrong).errors).not.toEqual([]);
  });

  it("Kalshi's recorded close time in place of its expected expiration: the line, the API and /compare say the end dates differ by the same 730 days", async () => {
    await showAndPair(t.worker, BEFORE_THE_FINAL);
    // As a market without an expected expiration is stored: its close time, the latest Kalshi allows.
    // 2028-07-18T14:00Z − 2026-07-20T00:00Z = 729 days 14 hours: 730 whole days.
    await env.DB.prepare("UPDATE kalshi_markets SET close_time = ?1 WHERE ticker = ?2")
      .bind("2028-07-18T14:00:00Z", SPAIN.ticker)
      .run();
    const page = await html(t.worker, `/event/${WORLD_CUP_SLUG}`);
    expect(textOf(pairOf(page, "Spain"))).toContain("End dates differ by 730 days.");
    expect(textOf(pairOf(page, "France"))).not.toContain("End dates differ");
    const api = (await (
      await t.worker.fetch(`/api/v1/events/${WORLD_CUP_SLUG}`, { headers: headers("198.51.100.74") })
    ).json()) as EventAnswer;
    expect(api.kalshi?.find((k) => k.polymarketId === SPAIN.marketId)?.endDatesApartDays).toBe(730);
    const compare = await (await t.worker.fetch("/compare", { headers: headers("198.51.100.75") })).text();
    expect(compareRowOf(compare, "Will Spain win the 2026 FIFA World Cup?")).toContain(
      "End dates differ by 730 days.",
    );
  });

  it("no two copies of a figure disagree: the outcome table, the Kalshi line, /compare and both APIs, for every pair", async () => {
    await showAndPair(t.worker, BEFORE_THE_FINAL);
    const [page, comparePage, eventApi, compareApi] = await Promise.all([
      html(t.worker, `/event/${WORLD_CUP_SLUG}`),
      (await t.worker.fetch("/compare", { headers: headers("198.51.100.71") })).text(),
      t.worker
        .fetch(`/api/v1/events/${WORLD_CUP_SLUG}`, { headers: headers("198.51.100.72") })
        .then((r) => r.json() as Promise<EventAnswer>),
      t.worker
        .fetch("/api/v1/compare", { headers: headers("198.51.100.73") })
        .then((r) => r.json() as Promise<CompareAnswer>),
    ]);
    const kalshi = eventApi.kalshi ?? [];
    expect(kalshi.length).toBeGreaterThan(5);
    // The pairs in the order of the answer's outcomes (dearest first), as on the page.
    const order = eventApi.outcomes
      .map((o) => o.marketId)
      .filter((id) => kalshi.some((k) => k.polymarketId === id));
    expect(kalshi.map((k) => k.polymarketId)).toEqual(order);
    expect(compareApi.pairs.map((p) => p.polymarket.id).sort()).toEqual(
      kalshi.map((k) => k.polymarketId).sort(),
    );
    for (const entry of kalshi) {
      const outcome = eventApi.outcomes.find((o) => o.marketId === entry.polymarketId);
      const row = compareApi.pairs.find((p) => p.polymarket.id === entry.polymarketId);
      if (!outcome || !row || entry.price === null) throw new Error(`no copy for ${entry.polymarketId}`);
      const label = outcome.label;
      // Polymarket's price: the event API, /compare's API, the outcome table, the line, /compare's row.
      expect(row.polymarket.yes, label).toBe(outcome.price);
      const shown = formatPrice(outcome.price);
      expect(page, label).toMatch(outcomeRowPrice(label, shown));
      const item = textOf(pairOf(page, label));
      expect(item, label).toContain(`Polymarket's ${shown} read`);
      // Kalshi's price and the gap: the line's whole cents, the API's, /compare's tenths.
      expect(row.kalshi.yes, label).toBe(entry.price);
      expect(entry.gap, label).toBe(Math.round(row.gap * 100) || 0);
      expect(item, label).toContain(`Kalshi: Yes ${formatPrice(entry.price)}`);
      expect(item, label).toContain(`gap ${gapText(entry.price, outcome.price)}`);
      expect(gapText(entry.price, outcome.price), label).toBe(
        entry.gap === 0 ? "0¢" : `${entry.gap > 0 ? "+" : "−"}${Math.abs(entry.gap)}¢`,
      );
      expect(row.endDatesApartDays, label).toBe(entry.endDatesApartDays);
      expect(row.kalshi.readAt, label).toBe(entry.readAt);
      // One link to Kalshi's market everywhere (its event page), the rules on its series page.
      expect(row.kalshi.url, label).toBe(entry.url);
      expect(row.kalshi.rulesUrl, label).toBe(entry.rulesUrl);
      const compareRow = compareRowOf(comparePage, row.polymarket.question);
      expect(compareRow, label).toContain(`Kalshi − Polymarket: ${centsText(row.gap)}`);
      expect(compareRow, label).toContain(`Yes ${shown}`);
      expect(compareRow, label).toContain(`Yes ${formatPrice(entry.price)}`);
    }
    // Spain: 10.7¢ everywhere, Kalshi 19¢, gap +8¢ on the line and in the API, +8.4¢ on /compare.
    const spain = compareRowOf(comparePage, "Will Spain win the 2026 FIFA World Cup?");
    expect(spain).toContain("Kalshi − Polymarket: +8.4¢");
    expect(textOf(pairOf(page, "Spain"))).toContain("Spain: Kalshi: Yes 19¢ (bid 18¢ / ask 19¢) · gap +8¢");
  });
});

interface EventAnswer {
  outcomes: { marketId: string; label: string; price: number }[];
  kalshi:
    | {
        polymarketId: string;
        price: number | null;
        gap: number;
        readAt: string;
        url: string;
        rulesUrl: string;
        endDatesApartDays: number | null;
      }[]
    | null;
}

interface CompareAnswer {
  pairs: {
    polymarket: { id: string; question: string; yes: number };
    kalshi: { yes: number; readAt: string; url: string; rulesUrl: string };
    gap: number;
    endDatesApartDays: number | null;
  }[];
}

/** An outcome table row: the market's label, then its price in the first cell. */
function outcomeRowPrice(label: string, price: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    `data-testid="outcome-row"><th[^>]*><a[^>]*>${literal(label)}</a></th><td[^>]*>${literal(price)}</td>`,
  );
}

/** The text of `/compare`'s row of a Polymarket question. */
function compareRowOf(page: string, question: string): string {
  const at = page.indexOf(question);
  expect(at, question).toBeGreaterThan(0);
  const start = page.lastIndexOf('data-testid="compare-row"', at);
  return textOf(page.slice(start, page.indexOf("</li>", at)));
}

async function paired(readMs = Date.now(), pair: Partial<Parameters<typeof insertPair>[0]> = {}) {
  await crawlRecordedKalshi(readMs);
  await insertPair({ polymarketId: MARKET_ID, eventSlug: EVENT, ticker: TICKER, ...pair });
}

describe("the branches a real pair cannot reach (a pair written as the pairing job writes one)", () => {
  it("a pair confirmed by hand whose end dates differ: says both, beside the page's own price", async () => {
    await paired();
    const page = await html(t.worker, `/event/${EVENT}`);
    const text = kalshiSection(page);
    // The outcome table's price of 250-500k is 89.5¢: Kalshi's 64¢ is 25¢ under it.
    expect(page).toMatch(outcomeRowPrice("250-500k", "89.5¢"));
    expect(text).toContain("250-500k: Kalshi: Yes 64¢ (bid 60¢ / ask 63¢) · gap −25¢");
    expect(text).toContain("Paired: confirmed by hand");
    // Kalshi closes on Jan 1, 2027; the market (Dec 31, 2025 as recorded, replayed today) on Oct 14, 2026.
    expect(text).toContain("End dates differ by 79 days.");
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

describe("GET /api/v1/events/{slug}: kalshi", () => {
  const headers = { "cf-connecting-ip": "198.51.100.77" };

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
