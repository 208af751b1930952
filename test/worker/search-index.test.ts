/**
 * The crawl that keeps the search index (decision 0034; real miniflare D1 with the migrations, Gamma's
 * open-events list served through msw). A bounded number of pages per run with the cursor kept between runs;
 * closing after a full pass only; incremental writes (an identical pass writes nothing, a price move one row,
 * new text one full-text row); failures keep the crawl where it was; a bounded number of D1 queries per run.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crawlSearchIndex } from "~/.server/search/crawl";
import { readCrawlState } from "~/.server/search/index-store";
import { getIndexedEvent, indexState, searchEvents } from "~/.server/search/query";
import { KV_KEYS } from "~/.server/snapshots/keys";
import { toPercent } from "~/lib/format";
import { MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import { type GammaEventJson, recordedOpenEvents } from "../support/index-events";
import { countingDb } from "./support/counting";
import {
  type Clock,
  clearIndex,
  clock,
  crawlDeps,
  crawlOk,
  crawlPass,
  fullTextRows,
  indexRows,
  serveOpenEvents,
} from "./support/search";
import { GAMMA, listenToUpstreams, upstreams } from "./support/upstreams";
import { clearKv, failingDb, testWorker } from "./support/worker";

listenToUpstreams();

/** The 249 recorded events, all open (100 as recorded, 149 reopened). */
const RECORDED = recordedOpenEvents();
const fresh = (): GammaEventJson[] => structuredClone(RECORDED);

let time: Clock;
beforeEach(async () => {
  await clearIndex();
  time = clock();
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The event's first market with its first outcome's price set (Gamma sends prices as a JSON string). */
function setFirstPrice(event: GammaEventJson, first: number): void {
  const market = event.markets.find((m) => typeof m.outcomePrices === "string" && m.active !== false);
  if (!market) throw new Error(`no priced market in ${event.slug}`);
  const prices = JSON.parse(String(market.outcomePrices)) as string[];
  prices[0] = String(first);
  if (prices.length === 2) prices[1] = String(Math.round((1 - first) * 1000) / 1000);
  market.outcomePrices = JSON.stringify(prices);
}

function firstPrice(markets: string): number | undefined {
  const parsed = JSON.parse(markets) as { closed: boolean; outcomes: { price: number }[] }[];
  return parsed.find((m) => !m.closed)?.outcomes[0]?.price;
}

describe("paging", () => {
  it("reads at most SEARCH_INDEX_PAGES_PER_RUN pages a run and resumes at the kept cursor", async () => {
    const list = serveOpenEvents(fresh(), 25); // 249 events: 10 pages
    const deps = crawlDeps({ now: time.now, pagesPerRun: 2 });
    const cursors: (string | null)[] = [];
    for (let run = 1; run <= 4; run++) {
      const before = list.requests.length;
      const result = await crawlOk(deps);
      expect(list.requests.length - before).toBe(2);
      expect(result.passComplete).toBe(false);
      // Each run's first request continues from where the last run stopped.
      cursors.push(list.requests[before]?.searchParams.get("after_cursor") ?? null);
      const state = await readCrawlState(env.DB);
      expect(state.pages).toBe(run * 2);
      expect(state.seen).toHaveLength(run * 50);
      expect(state.cursor).toBe(gammaCursor(run * 2 * 25));
      time.advance(60_000);
    }
    expect(cursors[0]).toBeNull();
    expect(new Set(cursors).size).toBe(4);
    // Every request asks for the open events, 100 at most, in Gamma's own order.
    for (const url of list.requests) {
      expect(url.pathname).toBe("/events/keyset");
      expect(url.searchParams.get("active")).toBe("true");
      expect(url.searchParams.get("closed")).toBe("false");
      expect(url.searchParams.get("limit")).toBe("100");
      expect(url.searchParams.has("order")).toBe(false);
    }
    const last = await crawlOk(deps);
    expect(last.passComplete).toBe(true);
    expect(list.requests).toHaveLength(10);
    expect((await indexState(env.DB)).events).toBe(249);
    expect(await fullTextRows()).toBe(249);
  });

  it("a pass starts SEARCH_INDEX_PASS_MINUTES after the last one started: idle runs read one row and ask Gamma nothing", async () => {
    const list = serveOpenEvents(fresh(), 100);
    const { db, tally } = countingDb(env.DB);
    const deps = crawlDeps({ db, now: time.now, pagesPerRun: 2, passMinutes: 60 });
    await crawlPass(deps); // 3 pages: two runs
    expect(list.requests).toHaveLength(3);
    for (let minute = 1; minute < 60; minute++) {
      time.advance(60_000);
      const before = { ...tally };
      const run = await crawlOk(deps);
      expect(run.idle).toBe(true);
      expect(tally.queries - before.queries).toBe(1);
      expect(tally.rowsWritten - before.rowsWritten).toBe(0);
    }
    expect(list.requests).toHaveLength(3);
    time.advance(60_000);
    const next = await crawlOk(deps);
    expect(next).toMatchObject({ idle: false, pass: 2, pages: 2 });
    expect(list.requests).toHaveLength(5);
    expect(list.requests[3]?.searchParams.has("after_cursor")).toBe(false);
  });

  it("with no pages allowed, the crawl asks nothing", async () => {
    const list = serveOpenEvents(fresh());
    const run = await crawlOk(crawlDeps({ now: time.now, pagesPerRun: 0 }));
    expect(run.idle).toBe(true);
    expect(list.requests).toHaveLength(0);
  });
});

/** The mock's next_cursor for the page starting at `position` (an opaque string, as Gamma's). */
function gammaCursor(position: number): string {
  return btoa(JSON.stringify({ p: position })).replace(/=+$/, "");
}

describe("closing", () => {
  it("events a full pass did not list are closed at its end, not before, and leave the full text", async () => {
    const events = fresh();
    const list = serveOpenEvents(events, 100);
    const deps = crawlDeps({ now: time.now, pagesPerRun: 2 });
    await crawlPass(deps);
    const dropped = [events[3], events[150], events[248]].map((e) => e?.slug ?? "");
    list.events = events.filter((e) => !dropped.includes(e.slug));

    // Pages 1 and 2 of pass 2: nothing closes yet.
    time.advance(60_000);
    const partial = await crawlOk(deps);
    expect(partial.passComplete).toBe(false);
    for (const slug of dropped) expect((await getIndexedEvent(env.DB, slug))?.closed).toBe(false);
    expect(await fullTextRows()).toBe(249);
    const droppedTitle = events[248]?.title ?? "";
    expect((await searchEvents(env.DB, { q: droppedTitle })).events.map((e) => e.slug)).toContain(dropped[2]);

    // Page 3 ends the pass: the three close.
    time.advance(60_000);
    const end = await crawlOk(deps);
    expect(end).toMatchObject({ passComplete: true, closed: 3 });
    for (const slug of dropped) {
      const event = await getIndexedEvent(env.DB, slug);
      expect(event?.closed).toBe(true);
      expect(event?.updatedAt).toBe(new Date(time.now()).toISOString());
    }
    expect(await fullTextRows()).toBe(246);
    expect((await searchEvents(env.DB, { q: droppedTitle })).events.map((e) => e.slug)).not.toContain(
      dropped[2],
    );
    expect((await indexState(env.DB)).events).toBe(246);

    // Listed again: reopened, and searchable again.
    list.events = events;
    time.advance(60_000);
    await crawlPass(deps);
    expect((await getIndexedEvent(env.DB, dropped[2] ?? ""))?.closed).toBe(false);
    expect(await fullTextRows()).toBe(249);
  });

  it("a pass listing under half of the last one closes nothing; a second such pass does", async () => {
    const events = fresh();
    const list = serveOpenEvents(events, 100);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const deps = crawlDeps({ now: time.now, pagesPerRun: 3 });
    await crawlPass(deps);
    list.events = events.slice(0, 100);
    const short = await crawlPass(deps);
    expect(short.at(-1)?.closed).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("none closed"));
    expect(await fullTextRows()).toBe(249);
    const again = await crawlPass(deps);
    expect(again.at(-1)?.closed).toBe(149);
    expect(await fullTextRows()).toBe(100);
  });

  it("closed events are deleted a week after they closed", async () => {
    const events = fresh();
    const list = serveOpenEvents(events, 100);
    const deps = crawlDeps({ now: time.now, pagesPerRun: 3 });
    await crawlPass(deps);
    list.events = events.slice(1);
    await crawlPass(deps);
    const gone = events[0]?.slug ?? "";
    expect((await getIndexedEvent(env.DB, gone))?.closed).toBe(true);
    time.advance(6 * 86_400_000);
    await crawlPass(deps);
    expect(await getIndexedEvent(env.DB, gone)).not.toBeNull();
    time.advance(2 * 86_400_000);
    await crawlPass(deps);
    expect(await getIndexedEvent(env.DB, gone)).toBeNull();
    expect((await indexRows()).size).toBe(248);
  });
});

describe("incremental writes", () => {
  it("a second identical pass writes no event row: only the crawl's own row, once a run", async () => {
    serveOpenEvents(fresh(), 100);
    const { db, tally } = countingDb(env.DB);
    const deps = crawlDeps({ db, now: time.now, pagesPerRun: 2 });
    const first = await crawlPass(deps);
    const firstWritten = tally.rowsWritten;
    expect(first.reduce((n, run) => n + run.written.whole, 0)).toBe(249);
    // 249 rows with their two index entries, 249 full-text rows, the crawl's row each run.
    expect(firstWritten).toBe(249 * 3 + 249 + first.length);
    // Each run reports the rows D1 said it wrote and read (the bench and the logs read these).
    expect(first.reduce((n, run) => n + run.rows.written, 0)).toBe(firstWritten);
    expect(first.reduce((n, run) => n + run.rows.read, 0)).toBe(tally.rowsRead);
    const before = await indexRows();

    time.advance(60_000);
    const second = await crawlPass(deps);
    expect(second.map((run) => run.written)).toEqual(second.map(() => ({ whole: 0, text: 0, figures: 0 })));
    expect(tally.rowsWritten - firstWritten).toBe(second.length);
    expect(await indexRows()).toEqual(before);
  });

  it("rows written under the old names (question, label, change24h in points) read as today's and are not rewritten", async () => {
    serveOpenEvents(fresh(), 100);
    const deps = crawlDeps({ now: time.now, pagesPerRun: 3 });
    await crawlPass(deps);
    const slugs = RECORDED.map((e) => e.slug);
    const read = () => Promise.all(slugs.map((slug) => getIndexedEvent(env.DB, slug)));
    const today = await read();
    // Every row's markets as the index wrote them before they kept `Market`'s names; hashes as they were.
    const rows = await indexRows();
    const renamed = [...rows].map(([slug, row]) => {
      const markets = (JSON.parse(row.markets) as Record<string, unknown>[]).map(
        ({ title, groupTitle, firstPriceChange24h, ...market }) => ({
          ...market,
          question: title,
          label: groupTitle,
          change24h: toPercent(Number(firstPriceChange24h)),
        }),
      );
      return env.DB.prepare("UPDATE search_events SET markets = ?1 WHERE slug = ?2").bind(
        JSON.stringify(markets),
        slug,
      );
    });
    await env.DB.batch(renamed);
    const old = await indexRows();
    expect(old.get(slugs[0] ?? "")?.markets).toContain('"change24h"');
    expect(await read()).toEqual(today);

    time.advance(60_000);
    const again = await crawlPass(deps);
    expect(again.map((run) => run.written)).toEqual(again.map(() => ({ whole: 0, text: 0, figures: 0 })));
    expect(await indexRows()).toEqual(old);
  });

  it("a price move of a cent writes that event's row only, and no full-text row; a smaller move writes nothing", async () => {
    const events = fresh();
    const list = serveOpenEvents(events, 100);
    const { db, tally } = countingDb(env.DB);
    const deps = crawlDeps({ db, now: time.now, pagesPerRun: 3 });
    await crawlPass(deps);
    const before = await indexRows();
    const moved = events[120] as GammaEventJson;
    const was = firstPrice(before.get(moved.slug)?.markets ?? "[]") ?? 0;

    // Under the quantum (the same cent): nothing.
    const sameCent = Math.round(was * 100) / 100 + (Math.round(was * 100) / 100 < was ? 0.004 : -0.004);
    setFirstPrice(moved, sameCent);
    list.events = events;
    time.advance(60_000);
    let written = tally.rowsWritten;
    const quiet = await crawlPass(deps);
    expect(quiet[0]?.written.figures).toBe(0);
    expect(tally.rowsWritten - written).toBe(1);

    // Five cents: that row, one row written, its full text untouched.
    setFirstPrice(moved, Math.min(0.99, Math.round(was * 100) / 100 + 0.05));
    time.advance(60_000);
    written = tally.rowsWritten;
    const pass = await crawlPass(deps);
    expect(pass[0]?.written).toEqual({ whole: 0, text: 0, figures: 1 });
    expect(tally.rowsWritten - written).toBe(1 + 1);
    const after = await indexRows();
    for (const [slug, row] of after) {
      if (slug === moved.slug) {
        expect(row.updated_ms).toBe(time.now());
        expect(firstPrice(row.markets)).toBeCloseTo(Math.min(0.99, Math.round(was * 100) / 100 + 0.05), 6);
      } else expect(row).toEqual(before.get(slug));
    }
    expect(await fullTextRows()).toBe(249);
  });

  it("a 24 h volume moving its second digit rewrites the row and its index entry", async () => {
    const events = fresh();
    const list = serveOpenEvents(events, 100);
    const { db, tally } = countingDb(env.DB);
    const deps = crawlDeps({ db, now: time.now, pagesPerRun: 3 });
    await crawlPass(deps);
    const moved = events[7] as GammaEventJson;
    moved.volume24hr = 98_765_432;
    list.events = events;
    time.advance(60_000);
    const written = tally.rowsWritten;
    const pass = await crawlPass(deps);
    expect(pass[0]?.written).toEqual({ whole: 0, text: 0, figures: 1 });
    expect(tally.rowsWritten - written).toBe(1 + 2);
    expect((await indexRows()).get(moved.slug)?.volume24h).toBe(98_765_432);
    expect((await searchEvents(env.DB, { q: "" })).events[0]?.slug).toBe(moved.slug);
  });

  it("a new title rewrites the event's full-text row: found by the new words, not the old", async () => {
    const events = fresh();
    const list = serveOpenEvents(events, 100);
    const deps = crawlDeps({ now: time.now, pagesPerRun: 3 });
    await crawlPass(deps);
    const retitled = events[42] as GammaEventJson;
    const oldTitle = retitled.title;
    expect((await searchEvents(env.DB, { q: oldTitle })).events.map((e) => e.slug)).toContain(retitled.slug);
    retitled.title = "Will the quokka parliament convene?";
    list.events = events;
    time.advance(60_000);
    const pass = await crawlPass(deps);
    expect(pass[0]?.written).toEqual({ whole: 1, text: 1, figures: 0 });
    expect((await searchEvents(env.DB, { q: "quokka parliament" })).events.map((e) => e.slug)).toEqual([
      retitled.slug,
    ]);
    expect((await searchEvents(env.DB, { q: oldTitle })).events.map((e) => e.slug)).not.toContain(
      retitled.slug,
    );
    expect(await fullTextRows()).toBe(249);
  });

  it("an event re-created under a new id takes its slug over from the old row", async () => {
    const events = fresh();
    const list = serveOpenEvents(events, 100);
    const deps = crawlDeps({ now: time.now, pagesPerRun: 3 });
    await crawlPass(deps);
    const original = events[5] as GammaEventJson;
    events[5] = { ...original, id: "98765432", title: `${original.title} again` };
    list.events = events;
    await crawlPass(deps);
    const event = await getIndexedEvent(env.DB, original.slug);
    expect(event).toMatchObject({ id: "98765432", closed: false });
    expect((await indexRows()).size).toBe(249);
    expect(await fullTextRows()).toBe(249);
  });
});

describe("failures", () => {
  it("a failing page keeps the cursor and the seen events; the next run asks for it again", async () => {
    const list = serveOpenEvents(fresh(), 50); // 5 pages
    const deps = crawlDeps({ now: time.now, pagesPerRun: 2 });
    await crawlOk(deps);
    const kept = await readCrawlState(env.DB);
    expect(kept.pages).toBe(2);

    list.failWith = 500;
    time.advance(60_000);
    const failed = await crawlSearchIndex(deps);
    expect(failed).toMatchObject({ ok: false, reason: "unavailable" });
    expect(!failed.ok && failed.message).toContain("page 3 of pass 1 failed");
    expect(await readCrawlState(env.DB)).toEqual(kept);

    list.failWith = null;
    time.advance(60_000);
    const requests = list.requests.length;
    await crawlOk(deps);
    expect(list.requests[requests]?.searchParams.get("after_cursor")).toBe(kept.cursor);
    expect((await readCrawlState(env.DB)).pages).toBe(4);
  });

  it("a page failing after one that worked keeps the one that worked", async () => {
    const list = serveOpenEvents(fresh(), 50);
    const deps = crawlDeps({ now: time.now, pagesPerRun: 2 });
    let asked = 0;
    const gamma = deps.gamma;
    const result = await crawlSearchIndex({
      ...deps,
      gamma: {
        openEventsPage: (cursor) => {
          asked += 1;
          if (asked === 2) list.failWith = 503;
          return gamma.openEventsPage(cursor);
        },
      },
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain("page 2 of pass 1 failed");
    const state = await readCrawlState(env.DB);
    expect(state).toMatchObject({ pages: 1, pass: 1, complete: false });
    expect(state.seen).toHaveLength(50);
    expect((await indexRows()).size).toBe(50);
  });

  it("a page that is not a page (bad JSON, wrong shape) is a failure too, and the crawl stays", async () => {
    const deps = crawlDeps({ now: time.now });
    for (const answer of [
      () => new HttpResponse("{ nope", { headers: { "content-type": "application/json" } }),
      () => HttpResponse.json({ markets: [] }),
    ]) {
      upstreams.use(http.get(`${GAMMA}/events/keyset`, answer));
      const result = await crawlSearchIndex(deps);
      expect(result.ok).toBe(false);
      expect(await readCrawlState(env.DB)).toMatchObject({ pass: 0, complete: true, version: 0 });
    }
  });

  it("a failing database ends the run with one message, and never throws", async () => {
    const list = serveOpenEvents(fresh(), 100);
    const result = await crawlSearchIndex(crawlDeps({ db: failingDb, now: time.now }));
    expect(result).toMatchObject({ ok: false, reason: "unavailable" });
    expect(!result.ok && result.message).toContain("database unavailable");
    expect(list.requests).toHaveLength(0);

    // The database failing at the write: nothing of the run is kept.
    const writes = new Proxy(env.DB, {
      get: (target, property) =>
        property === "batch"
          ? async () => {
              throw new Error("D1_ERROR: write failed");
            }
          : Reflect.get(target, property).bind(target),
    });
    const failed = await crawlSearchIndex(crawlDeps({ db: writes, now: time.now }));
    expect(!failed.ok && failed.message).toContain("write failed");
    expect(await readCrawlState(env.DB)).toMatchObject({ pass: 0, version: 0 });
    expect((await indexRows()).size).toBe(0);
  });

  it("of two overlapping runs, the slower one's progress is not kept and it closes nothing", async () => {
    const events = fresh();
    const list = serveOpenEvents(events, 100);
    const deps = crawlDeps({ now: time.now, pagesPerRun: 3 });
    await crawlPass(deps);
    list.events = events.slice(0, 200);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = crawlSearchIndex({
      ...deps,
      gamma: {
        openEventsPage: async (cursor) => {
          const page = await deps.gamma.openEventsPage(cursor);
          if (page.nextCursor === null) await held;
          return page;
        },
      },
    });
    // The fast run completes pass 2 (closing 49), then the world changes again before the slow run writes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fast = await crawlOk(deps);
    expect(fast).toMatchObject({ pass: 2, passComplete: true, closed: 49 });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    release();
    const late = await slow;
    expect(late.ok && late.value).toMatchObject({ superseded: true, passComplete: false, closed: 0 });
    expect(await readCrawlState(env.DB)).toMatchObject({ pass: 2, complete: true, version: 2 });
    expect(await fullTextRows()).toBe(200);
  });
});

describe("D1 per run", () => {
  it("a working run makes 3 queries (state, stored hashes, one batch); an idle one 1", async () => {
    serveOpenEvents(fresh(), 100);
    const { db, tally } = countingDb(env.DB);
    const deps = crawlDeps({ db, now: time.now, pagesPerRun: 2, passMinutes: 60 });
    const perRun: number[] = [];
    for (let minute = 0; minute < 4; minute++) {
      const before = tally.queries;
      await crawlOk(deps);
      perRun.push(tally.queries - before);
      time.advance(60_000);
    }
    expect(perRun).toEqual([3, 3, 1, 1]);
  });
});

describe("in the cron", () => {
  it("the minute cron moves the crawl on beside the whale refresh; the market cron does not", async () => {
    await clearKv();
    const list = serveOpenEvents(fresh(), 100);
    const worker = testWorker();
    // The crawl's requests (the market snapshot asks the same route for the busiest events, by volume).
    const crawled = () => list.requests.filter((url) => !url.searchParams.has("order"));
    await worker.scheduled(MARKETS_CRON);
    await worker.settle();
    expect(list.requests.length).toBeGreaterThan(0);
    expect(crawled()).toHaveLength(0);
    await worker.scheduled(WHALES_CRON);
    await worker.settle();
    // SEARCH_INDEX_PAGES_PER_RUN's default: two pages.
    expect(crawled()).toHaveLength(2);
    expect((await readCrawlState(env.DB)).seen).toHaveLength(200);
    expect(await env.CACHE.get(KV_KEYS.whales)).not.toBeNull();
  });

  it("a failing crawl is one log line and never fails the whale refresh", async () => {
    await clearKv();
    const list = serveOpenEvents(fresh(), 100);
    list.failWith = 500;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const worker = testWorker({ UPSTREAM_RETRIES: "0" });
    await worker.scheduled(WHALES_CRON);
    await worker.settle();
    expect(await env.CACHE.get(KV_KEYS.whales)).not.toBeNull();
    const lines = errors.mock.calls.map((call) => String(call[0]));
    expect(lines.filter((line) => line.startsWith("[search]"))).toEqual([
      expect.stringContaining("[search] search index failed: page 1 of pass 1 failed"),
    ]);
    expect(lines.filter((line) => !line.startsWith("[search]"))).toEqual([]);
  });
});
