/**
 * Decision 0037: `/event/:slug` and `/api/v1/events/{slug}` for an event only the search index
 * holds, inside workerd with the index filled by the real crawl from the recorded events (the 149 closed
 * events of the 2024 recording reopened at varied prices: Gamma's own answer for them is still the closed
 * recording, so the page shows which one it drew). The prices come from the index without Gamma; the rules,
 * trades and holders on demand, streamed, each saying why when Gamma fails, is gone or the client is over
 * its limit. Not in the index (D1 failing, a closed row, a stopped crawl, a newer event): Gamma as before.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getIndexedEvent } from "~/.server/search/query";
import { formatClockUtc, formatDate, formatMoney, formatPrice } from "~/lib/format";
import { MARKETS_CRON } from "~/lib/refresh-cadence";
import type { IndexedEvent } from "~/lib/types";
import { recordedOpenEvents } from "../support/index-events";
import { eventBySlug, HISTORY_EVENT_SLUG } from "../support/market-answers";
import { openApi, validatorFor } from "./support/openapi";
import { clearIndex, crawlDeps, crawlPass, indexRecorded, serveOpenEvents } from "./support/search";
import {
  calls,
  DATA,
  failing,
  GAMMA,
  gammaRequests,
  recordedTrades,
  resetCalls,
  upstreams,
} from "./support/upstreams";
import { BROWSER, failingDb, type TestWorker, testWorker, workerTest } from "./support/worker";

/** A recorded closed event (9 markets, rules, a resolution source) that the index holds reopened. */
const SLUG = "oscars-2024-best-actor";
const RULES = "This is a market group on the 96th Academy Awards";
/** How Gamma's recording of it ended: never shown when the page is drawn from the index. */
const GAMMA_STATUS = "Resolved: Cillian Murphy - Oppenheimer";
/** A shown (top-100) event, which the index also holds. */
const SHOWN_SLUG = "how-many-people-will-trump-deport-in-2025";
const HOUR = 3_600_000;

const t = workerTest({
  tables: ["market_points", "sentiment_changes", "whale_trades", "markets"],
  kvPrefixes: ["market:", "event:"],
});

beforeEach(async () => {
  await clearIndex();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterAll(async () => {
  await clearIndex();
});

/** A full pass of the crawl over the recorded open events (249), at `at`; the upstream counts start at 0. */
async function indexFilled(at = Date.now(), events = recordedOpenEvents()): Promise<void> {
  await indexRecorded(at, events);
  resetCalls();
}

async function indexed(slug = SLUG): Promise<IndexedEvent> {
  const event = await getIndexedEvent(env.DB, slug);
  if (!event) throw new Error(`${slug} is not in the index`);
  return event;
}

let ipCounter = 0;
function client(): Record<string, string> {
  ipCounter += 1;
  return { ...BROWSER, "cf-connecting-ip": `192.0.2.${ipCounter % 250}` };
}

async function page(path: string, on: TestWorker = t.worker): Promise<{ status: number; html: string }> {
  const response = await on.fetch(path, { headers: client() });
  return { status: response.status, html: await response.text() };
}

const eventLookups = () => gammaRequests.filter((url) => url.pathname.includes("/events/slug/")).length;

const htmlText = (text: string) =>
  text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

/** The outcome table's rows as drawn: label and price text, in order. */
function drawnOutcomes(html: string): { label: string; price: string }[] {
  const table = html.slice(html.indexOf('data-testid="outcome-table"'), html.indexOf("</table>"));
  return [
    ...table.matchAll(/<th scope="row"[^>]*>(?:<a [^>]*>)?([^<]*)(?:<\/a>)?<\/th><td[^>]*>([^<]*)<\/td>/g),
  ].map((m) => ({ label: htmlText(m[1] ?? ""), price: m[2] ?? "" }));
}

/** The index row's open outcomes as the table must draw them: each market by name, Yes price, dearest first. */
function indexOutcomes(event: IndexedEvent): { label: string; price: string }[] {
  return event.markets
    .map((m) => ({ label: m.groupTitle ?? m.title, price: m.outcomes[0]?.price ?? 0 }))
    .sort((a, b) => b.price - a.price)
    .map(({ label, price }) => ({ label, price: formatPrice(price) }));
}

describe("an event only the index holds", () => {
  it("draws its outcomes and prices from the index, says so, and asks Gamma only for what the index lacks", async () => {
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    await indexFilled();
    const row = await indexed();
    const { status, html } = await page(`/event/${SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("Oscars: Best Actor");
    // The index's prices, dearest first, every open market of the row; not Gamma's (closed) answer.
    const expected = indexOutcomes(row);
    expect(expected.length).toBe(9);
    expect(drawnOutcomes(html)).toEqual(expected);
    expect(html).not.toContain(GAMMA_STATUS);
    expect(html).toContain(
      `Prices from our index of every open event, updated ${formatDate(row.updatedAt)} ${formatClockUtc(row.updatedAt)}`,
    );
    expect(html).not.toContain("unchanged to the cent");
    expect(html).toContain("No AI forecast: this event is not among the 100 busiest");
    // The index keeps no market's total volume: the column says so with a dash, not "$0".
    expect(html).not.toContain(`>${formatMoney(0)}</td>`);
    expect(html.match(/>–<\/td>/g)?.length).toBeGreaterThanOrEqual(9);
    // The books by the index's tokens (the recorded book: bid 50¢, ask 51¢).
    expect(html).toMatch(/data-testid="best-bid">50¢</);
    // On demand from Gamma: the rules and resolution source, the trades and the leader's holders.
    expect(html).toContain(RULES);
    expect(html).toContain("https://www.oscars.org/");
    expect(html).toContain("No trades over $10K found in this event.");
    expect(html).toContain(`Top holders: ${expected[0]?.label}`);
    expect(html).toContain('data-testid="holders"');
    // One Gamma question (the rules and condition ids), none for the prices; the books in one POST, the
    // CLOB's history of the six lines drawn; the Data API's trades and holders, smart money's holders and
    // trades, and (Gamma's recorded answer has its nine markets proposed) one /v2/resolutions call for them.
    expect(eventLookups()).toBe(1);
    expect({ gamma: calls.gamma, data: calls.data, clob: calls.clob }).toEqual({
      gamma: 1,
      data: 5,
      clob: 7,
    });

    // Kept: the next view asks nothing again.
    const again = await page(`/event/${SLUG}`);
    expect(again.html).toContain(RULES);
    expect({ gamma: calls.gamma, data: calls.data, clob: calls.clob }).toEqual({
      gamma: 1,
      data: 5,
      clob: 7,
    });
  });

  it("the prices never wait for Gamma: the page streams them first, the rules when Gamma answers", async () => {
    await indexFilled();
    // Gamma's answer held until the test lets it go (the upstream timeout well past the test's waits).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    upstreams.use(
      http.get(`${GAMMA}/events/slug/:slug`, async ({ params }) => {
        await held;
        return HttpResponse.json(eventBySlug(String(params.slug)) as never);
      }),
    );
    const patient = testWorker({ UPSTREAM_TIMEOUT_MS: "20000" });
    const response = await Promise.race([
      patient.fetch(`/event/${SLUG}`, { headers: client() }),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
    ]);
    expect(response, "the page's first bytes waited for Gamma").not.toBeNull();
    const reader = (response as Response).body?.getReader();
    if (!reader) throw new Error("no body");
    const decoder = new TextDecoder();
    let html = "";
    while (!html.includes("</table>")) {
      const chunk = await reader.read();
      if (chunk.done) break;
      html += decoder.decode(chunk.value, { stream: true });
    }
    expect(drawnOutcomes(html)).toHaveLength(9);
    expect(html).not.toContain(RULES);
    release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      html += decoder.decode(chunk.value, { stream: true });
    }
    expect(html).toContain(RULES);
    await patient.settle();
  });

  it("Gamma failing: the index's prices, and the rules, trades and holders say they are unavailable (200)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await indexFilled();
    upstreams.use(failing("gamma", "http-500", "/events/slug/:slug"));
    const { status, html } = await page(`/event/${SLUG}`);
    expect(status).toBe(200);
    expect(drawnOutcomes(html)).toEqual(indexOutcomes(await indexed()));
    expect(html).toContain("The rules are unavailable while Polymarket is unreachable.");
    expect(html).toContain("Polymarket&#x27;s trades are unavailable right now.");
    expect(html).toContain("Top holders are unavailable right now.");
    expect(eventLookups()).toBe(1);
  });

  it("a client over its lookup limit: the index's prices with no upstream call at all, the rest says why", async () => {
    await indexFilled();
    const limited = testWorker({ LOOKUP_RATE_LIMITER: { limit: async () => ({ success: false }) } });
    const { status, html } = await page(`/event/${SLUG}`, limited);
    await limited.settle();
    expect(status).toBe(200);
    expect(drawnOutcomes(html)).toEqual(indexOutcomes(await indexed()));
    expect(html).toContain("Prices from our index of every open event");
    // The rules, the trades, the holders (and the books and the CLOB's history) each say so.
    expect(html.match(/Too many lookups from your network/g)?.length).toBeGreaterThanOrEqual(3);
    expect(calls.gamma + calls.data + calls.clob).toBe(0);
  });

  it("an event Polymarket no longer lists (gone since the last pass): its prices, and the rules say it is gone", async () => {
    const gone = {
      ...(recordedOpenEvents().find((e) => e.slug === SLUG) ?? {}),
      id: "990001",
      slug: "gone-since-the-last-pass",
    };
    await indexFilled(Date.now(), [...recordedOpenEvents(), gone as never]);
    const { status, html } = await page("/event/gone-since-the-last-pass");
    expect(status).toBe(200);
    expect(drawnOutcomes(html)).toHaveLength(9);
    expect(html).toContain("Polymarket no longer lists this event: its rules are unavailable.");
    expect(html).toContain("Polymarket&#x27;s trades are unavailable right now.");
    expect(html).toContain("Top holders are unavailable right now.");
  });

  it("its price history and trades work as for any event: our points chart the leader, trades by Gamma's ids", async () => {
    await indexFilled();
    const row = await indexed();
    const leader = row.markets
      .filter((m) => !m.closed)
      .sort((a, b) => (b.outcomes[0]?.price ?? 0) - (a.outcomes[0]?.price ?? 0))[0];
    if (!leader) throw new Error("no open market");
    const gammaMarket = eventBySlug(SLUG)?.markets.find((m) => m.id === leader.id);
    const price = leader.outcomes[0]?.price ?? 0;
    // Our own points over the week, ending at the index's price.
    const slot = Math.floor(Date.now() / 600_000) * 600;
    const insert = env.DB.prepare(
      `INSERT INTO market_points (market_id, t, step, prices, volume_24h, liquidity, sentiment, confidence,
         recommendation, sentiment_source, mentions, mentions_source)
       VALUES (?1, ?2, 600, ?3, 1000, 500, 'neutral', 50, 'NEUTRAL', 'estimated', 0, 'estimated')`,
    );
    const series = [price - 0.04, price - 0.02, price];
    await env.DB.batch(
      series.map((p, i) =>
        insert.bind(leader.id, slot - (series.length - i) * 86_400 * 2, JSON.stringify([p, 1 - p])),
      ),
    );
    // A trade over $10K in the leader's market, found by the condition id Gamma names.
    const trade = {
      ...(recordedTrades[0] as Record<string, unknown>),
      conditionId: gammaMarket?.conditionId,
      title: "A large trade in the leader's market",
      size: 40_000,
      price: 0.5,
      timestamp: Math.floor(Date.now() / 1000) - 60,
    };
    upstreams.use(
      http.get(`${DATA}/trades`, ({ request }) =>
        HttpResponse.json(
          (new URL(request.url).searchParams.get("market")?.split(",") ?? []).includes(
            String(trade.conditionId),
          )
            ? [trade]
            : [],
        ),
      ),
    );
    const { html } = await page(`/event/${SLUG}`);
    expect(html).toContain('data-testid="price-chart"');
    expect(html).toContain(`rose from ${formatPrice(price - 0.04)} to ${formatPrice(price)} this week.`);
    expect(html).toContain("A large trade in the leader&#x27;s market");
  });

  it("checked again later: the figures said unchanged to the cent at the last pass", async () => {
    const first = Date.now() - 2 * HOUR;
    serveOpenEvents(recordedOpenEvents());
    await crawlPass(crawlDeps({ pagesPerRun: 3, now: () => first }));
    // A second pass an hour later lists the same figures: nothing is rewritten.
    await crawlPass(crawlDeps({ pagesPerRun: 3, now: () => first + HOUR }));
    const row = await indexed();
    expect(Date.parse(row.updatedAt)).toBe(first);
    const { html } = await page(`/event/${SLUG}`);
    const when = (ms: number) => `${formatDate(ms)} ${formatClockUtc(ms)}`;
    expect(html).toContain(
      `Prices from our index of every open event, updated ${when(first)}; unchanged to the cent at our last check, ${when(first + HOUR)}`,
    );
  });

  it("a shown event keeps its forecast and Gamma's prices although the index holds it too", async () => {
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    await indexFilled();
    expect((await indexed(SHOWN_SLUG)).closed).toBe(false);
    const { html } = await page(`/event/${SHOWN_SLUG}`);
    expect(html).toContain("Prices from Polymarket, fetched");
    expect(html).toContain('data-testid="forecast-call"');
  });
});

describe("not from the index: Gamma on demand as before", () => {
  it("D1 failing: the page is Gamma's event", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await indexFilled();
    const broken = testWorker({ DB: failingDb });
    const { status, html } = await page(`/event/${SLUG}`, broken);
    await broken.settle();
    expect(status).toBe(200);
    expect(html).toContain("Prices from Polymarket, fetched");
    expect(html).toContain(GAMMA_STATUS);
    expect(eventLookups()).toBe(1);
  });

  it("a row the last full pass closed: Gamma's event", async () => {
    await indexFilled();
    await indexFilled(
      Date.now(),
      recordedOpenEvents().filter((e) => e.slug !== SLUG),
    );
    expect((await indexed()).closed).toBe(true);
    const { html } = await page(`/event/${SLUG}`);
    expect(html).toContain(GAMMA_STATUS);
    expect(eventLookups()).toBe(1);
  });

  it("an index whose crawl stopped 7 hours ago: Gamma's event", async () => {
    await indexFilled(Date.now() - 7 * HOUR);
    const { html } = await page(`/event/${SLUG}`);
    expect(html).toContain(GAMMA_STATUS);
    expect(html).not.toContain("Prices from our index");
  });

  it("an event the index does not hold (newer than its last pass): Gamma's event", async () => {
    await indexFilled();
    expect(await getIndexedEvent(env.DB, HISTORY_EVENT_SLUG)).toBeNull();
    const { status, html } = await page(`/event/${HISTORY_EVENT_SLUG}`);
    expect(status).toBe(200);
    expect(html).toContain("Prices from Polymarket, fetched");
    expect(eventLookups()).toBe(1);
  });

  it("a slug that cannot be Polymarket's: no index query and no upstream call", async () => {
    await indexFilled();
    const sql: string[] = [];
    const db = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare")
          return (query: string) => {
            sql.push(query);
            return target.prepare(query);
          };
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const counted = testWorker({ DB: db });
    for (const slug of ["Not_A_Slug", "a..b", "-x", "%3Cscript%3E"]) {
      expect((await page(`/event/${slug}`, counted)).status).toBe(404);
      const api = await counted.fetch(`/api/v1/events/${slug}`, { headers: client() });
      expect(api.status).toBe(400);
    }
    await counted.settle();
    expect(sql.filter((query) => query.includes("search_"))).toEqual([]);
    expect(calls.gamma + calls.data + calls.clob).toBe(0);
    // The same worker does read the index for a slug that can be one.
    expect((await page(`/event/${SLUG}`, counted)).status).toBe(200);
    expect(sql.filter((query) => query.includes("search_events")).length).toBeGreaterThan(0);
    await counted.settle();
  });
});

interface Detail {
  event: { slug: string; title: string; forecast: unknown; mentions: unknown; outcomes: unknown[] };
  outcomes: { marketId: string; label: string; price: number }[];
  outcomeCount: number;
  inSnapshot: boolean;
  fetchedAt: string;
  notes?: string[];
}

describe("GET /api/v1/events/{slug} of an indexed event", () => {
  it("answers from the index with no upstream call, valid against the OpenAPI document", async () => {
    await indexFilled();
    const row = await indexed();
    const doc = await openApi(t.worker);
    resetCalls();
    const headers = { "cf-connecting-ip": "198.51.100.77" };
    const res = await t.worker.fetch(`/api/v1/events/${SLUG}`, { headers });
    expect(res.status).toBe(200);
    expect(calls.gamma + calls.data + calls.clob).toBe(0);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=60,/);
    const body = (await res.json()) as Detail;
    const check = validatorFor(doc, "/events/{slug}", 200).validate(body);
    expect(check.errors).toEqual([]);
    expect(check.valid).toBe(true);
    expect(body.inSnapshot).toBe(false);
    expect(body.fetchedAt).toBe(row.updatedAt);
    expect(body.event.slug).toBe(SLUG);
    expect(body.event.forecast).toBeNull();
    expect(body.event.mentions).toBeNull();
    expect(body.outcomeCount).toBe(9);
    expect(body.outcomes.map((o) => ({ label: o.label, price: formatPrice(o.price) }))).toEqual(
      indexOutcomes(row),
    );
    // The same card the search answers with for it (the words are the title's: they name no outcome).
    const search = await t.worker.fetch(`/api/v1/search?q=${encodeURIComponent("Oscars Best Actor")}`, {
      headers,
    });
    const found = ((await search.json()) as { events: { slug: string }[] }).events.find(
      (e) => e.slug === SLUG,
    );
    expect(found).toEqual({ ...body.event, matchedOutcome: null });
  });

  it("D1 failing: Gamma answers as before", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await indexFilled();
    const broken = testWorker({ DB: failingDb });
    const res = await broken.fetch(`/api/v1/events/${SLUG}`, {
      headers: { "cf-connecting-ip": "198.51.100.78" },
    });
    await broken.settle();
    expect(res.status).toBe(200);
    expect(eventLookups()).toBe(1);
    const body = (await res.json()) as Detail;
    expect(body.inSnapshot).toBe(false);
    // Gamma's recording is closed: no open outcome.
    expect(body.outcomeCount).toBe(0);
  });
});
