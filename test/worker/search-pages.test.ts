/**
 * Search on the list pages (decision 0036): `?search=` on `/` and the category pages lists every open
 * event through the index (D1 + FTS5, filled by the crawl from the 249 recorded events), rendered by the test
 * Worker. An event outside the snapshot shows its prices and says it has no AI call; the busiest keep theirs;
 * the figures count the analysed events among the results and say so; before the first pass and with D1
 * failing, the snapshot answers and the page says why; a category keeps its own events; a category's search
 * that finds nothing offers the same search across every category with its count (decision 0050); hostile
 * text never fails a page; and a page without a search never asks the index.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { SEARCH_FALLBACK } from "~/.server/search/results";
import { NO_CALL_TEXT } from "~/components/markets/event-card";
import { type Category, categoryBySlug, matchesCategory } from "~/lib/categories";
import { INDEX_SEARCH_NOTE, SEARCH_CAPPED_NOTE, SEARCH_RESULTS_MAX } from "~/lib/dashboard";
import { countingDb } from "./support/counting";
import { allSearchPages, emptyIndexEachTest, indexRecorded } from "./support/search";
import { calls } from "./support/upstreams";
import { BROWSER, CRAWLER, failingDb, type TestWorker, testWorker, workerTest } from "./support/worker";

const t = workerTest();

emptyIndexEachTest();

let ipCounter = 0;
function client(headers: Record<string, string> = CRAWLER): Record<string, string> {
  ipCounter += 1;
  return { ...headers, "cf-connecting-ip": `198.51.100.${ipCounter % 250}` };
}

const decode = (text: string) =>
  text
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

async function page(path: string, w: TestWorker = t.worker): Promise<string> {
  const res = await w.fetch(path, { headers: client() });
  expect(res.status, path).toBe(200);
  return decode(await res.text());
}

interface Card {
  id: string;
  text: string;
  noCall: boolean;
  analysed: boolean;
}

/** What each card of the grid says about itself. */
function cardsOf(html: string): Card[] {
  return html
    .split('data-testid="event-card"')
    .slice(1)
    .map((card) => {
      const text = card.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
      return {
        id: /^ data-event-id="([^"]+)"/.exec(card)?.[1] ?? "",
        text,
        noCall: text.includes(NO_CALL_TEXT),
        analysed:
          /\d+% confidence/.test(text) && /X mentions(?: of “[^”]*”)? \((?:live|estimated)\)/.test(text),
      };
    });
}

const byTestId = (html: string, id: string) =>
  new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
const scopeOf = (html: string) =>
  /data-testid="dashboard-scope"[^>]*>.*?<strong>([^<]+)<\/strong>/.exec(html)?.[1];
const hasControls = (html: string) => html.includes('aria-label="Sort and filter"');

interface ApiEvent {
  id: string;
  slug: string;
  title: string;
  category: string | null;
  tags: string[];
  volume: number;
  forecast: unknown;
}

/** The snapshot's events (the busiest), every one. */
async function snapshotEvents(): Promise<ApiEvent[]> {
  const res = await t.worker.fetch("/api/v1/events?limit=100&ended=show", { headers: client({}) });
  return (await res.json<{ events: ApiEvent[] }>()).events;
}

/** Every open event of the index, through the API's pages. */
const indexEvents = () => allSearchPages<ApiEvent>(t.worker, client({}));

/** A search's words that find `event`: the first four words of its title. */
const wordsOf = (event: { title: string }) => event.title.split(/\s+/).slice(0, 4).join(" ");

describe("a list page's search before the index's first pass", () => {
  it("is the snapshot's search, sorted and filtered as always, and says why (role=status)", async () => {
    const html = await page("/?search=trump");
    expect(html).toMatch(
      new RegExp(`role="status"[^>]*data-testid="search-fallback"[^>]*>${SEARCH_FALLBACK.building}<`),
    );
    expect(html).not.toContain(INDEX_SEARCH_NOTE);
    expect(hasControls(html)).toBe(true);
    const cards = cardsOf(html);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.analysed, card.id).toBe(true);
      expect(card.text.toLowerCase()).toContain("trump");
    }
    expect(decode(scopeOf(html) ?? "")).toMatch(/^\d+ events? matching “trump”$/);
  });
});

describe("a list page's search with D1 failing", () => {
  it("answers 200 from the snapshot and says the index cannot be read", async () => {
    const broken = testWorker({ DB: failingDb });
    const html = await page("/politics?search=trump", broken);
    expect(html).toContain(SEARCH_FALLBACK.failed);
    expect(html).toMatch(/role="status"[^>]*data-testid="search-fallback"/);
    expect(cardsOf(html).length).toBeGreaterThan(0);
    for (const card of cardsOf(html)) expect(card.analysed, card.id).toBe(true);
    await broken.settle();
  });
});

describe("a list page's search over the index", () => {
  beforeEach(() => indexRecorded());

  it("lists an event outside the snapshot with its prices and no AI call; the busiest keep their call", async () => {
    const shown = new Set((await snapshotEvents()).map((e) => e.slug));
    const all = await indexEvents();
    const outside = all.find((e) => !shown.has(e.slug) && /^[A-Za-z]/.test(e.title)) as ApiEvent;
    expect(outside).toBeDefined();

    const html = await page(`/?search=${encodeURIComponent(wordsOf(outside))}`);
    expect(html).toContain(INDEX_SEARCH_NOTE);
    expect(html).not.toContain('data-testid="search-fallback"');
    // Results are by relevance: no sort or ended filter is offered.
    expect(hasControls(html)).toBe(false);
    const card = cardsOf(html).find((c) => c.id === outside.id);
    expect(card, outside.title).toBeDefined();
    expect(card?.noCall).toBe(true);
    expect(card?.analysed).toBe(false);
    expect(card?.text).toContain(outside.title);
    expect(card?.text).toMatch(/\$[\d.,]+[KMB]? vol/);
    expect(card?.text).toMatch(/\d+¢/);

    const busiest = all.find((e) => shown.has(e.slug) && /^[A-Za-z]/.test(e.title)) as ApiEvent;
    const found = cardsOf(await page(`/?search=${encodeURIComponent(busiest.title)}`)).find(
      (c) => c.id === busiest.id,
    );
    expect(found, busiest.title).toBeDefined();
    expect(found?.analysed).toBe(true);
    expect(found?.noCall).toBe(false);
  });

  it("the figures count the analysed events among the results shown and say so; show more; the cap is said", async () => {
    // A word most recorded titles hold: more results than a page may show.
    const api = await t.worker.fetch("/api/v1/search?q=will&limit=100", { headers: client({}) });
    expect((await api.json<{ nextCursor: string | null }>()).nextCursor).not.toBeNull();

    const first = await page("/?search=will");
    const firstCards = cardsOf(first);
    expect(firstCards).toHaveLength(12);
    expect(first).toContain("Showing the first 12 results");
    expect(first).toContain("Show more events");
    expect(first).not.toMatch(/Showing 12 of \d+ events/);
    // The figures count the analysed cards among the results shown.
    const firstAnalysed = firstCards.filter((c) => c.analysed).length;
    expect(scopeOf(first)).toBe(
      `${firstAnalysed} analysed ${firstAnalysed === 1 ? "event" : "events"} among the first 12 results matching “will”`,
    );

    const all = await page("/?search=will&show=1000");
    const cards = cardsOf(all);
    expect(cards).toHaveLength(SEARCH_RESULTS_MAX);
    expect(all).toContain(SEARCH_CAPPED_NOTE);
    expect(all).toContain(`Showing the first ${SEARCH_RESULTS_MAX} results`);
    expect(all).not.toContain("Show more events");
    const analysed = cards.filter((c) => c.analysed);
    expect(analysed.length).toBeGreaterThan(0);
    expect(cards.filter((c) => c.noCall).length).toBe(SEARCH_RESULTS_MAX - analysed.length);
    const counted = `${analysed.length} analysed ${analysed.length === 1 ? "event" : "events"} among the first ${SEARCH_RESULTS_MAX} results matching “will”`;
    expect(scopeOf(all)).toBe(counted);
    const bullish = Number(byTestId(all, "count-bullish"));
    const bearish = Number(byTestId(all, "count-bearish"));
    const neutral = Number(byTestId(all, "count-neutral"));
    expect(bullish + bearish + neutral).toBe(analysed.length);
    expect(all).toMatch(
      new RegExp(`data-testid="analysed"[^>]*><strong>\\d+</strong> of <strong>${counted}`),
    );

    // Fewer results than the cap: the count is a total and said as one.
    const busiest = (await snapshotEvents())[0] as ApiEvent;
    const few = await page(`/?search=${encodeURIComponent(busiest.title)}&show=100`);
    const fewCards = cardsOf(few);
    expect(fewCards.length).toBeLessThan(SEARCH_RESULTS_MAX);
    expect(few).toContain(`Showing ${fewCards.length} of ${fewCards.length} events`);
    expect(few).not.toContain(SEARCH_CAPPED_NOTE);
    expect(scopeOf(few)).toMatch(new RegExp(`among ${fewCards.length} results? matching`));
  });

  it("a category page's search keeps only its category's events", async () => {
    const sports = categoryBySlug("sports") as Category;
    const all = await indexEvents();
    const inSports = new Map(all.map((e) => [e.id, matchesCategory(e.title, e.tags, sports)]));
    // A word in titles of sports events and of others.
    const words = (e: ApiEvent) =>
      e.title
        .toLowerCase()
        .split(/\W+/)
        .filter((w) => w.length >= 4);
    const sportsWords = new Set(all.filter((e) => inSports.get(e.id)).flatMap(words));
    const word = all
      .filter((e) => !inSports.get(e.id))
      .flatMap(words)
      .find((w) => sportsWords.has(w)) as string;
    expect(word).toBeDefined();

    const listed = cardsOf(await page(`/sports?search=${word}&show=100`));
    const anywhere = cardsOf(await page(`/?search=${word}&show=100`));
    expect(listed.length).toBeGreaterThan(0);
    for (const card of listed) expect(inSports.get(card.id), card.text).toBe(true);
    expect(anywhere.some((card) => !inSports.get(card.id))).toBe(true);
    expect(anywhere.length).toBeGreaterThan(listed.length);
  });

  it("hostile search text answers 200 on every list page, and is only ever text", async () => {
    const hostile = [
      'trump"',
      '"',
      "*",
      "NEAR(a b)",
      "trump NEAR/2 biden",
      "trump OR biden",
      "NOT trump",
      "title:trump",
      "^trump",
      "(((",
      "a\u0000b\u0007c",
      "\u0001\u001f",
      "\u202etrump",
      "<script>alert(1)</script>",
      "x".repeat(300),
    ];
    for (const q of hostile) {
      for (const path of ["/", "/politics"]) {
        const res = await t.worker.fetch(`${path}?search=${encodeURIComponent(q)}`, { headers: client() });
        expect(res.status, `${path} ${JSON.stringify(q)}`).toBe(200);
        const html = await res.text();
        expect(html).not.toContain("<script>alert(1)</script>");
        expect(html).not.toContain("x".repeat(201));
      }
    }
  });

  it("with the snapshot cached the results are in the first render (no JavaScript needed)", async () => {
    await t.worker.fetch("/api/markets", { headers: client({}) }); // the snapshot, cached
    const res = await t.worker.fetch("/?search=will", { headers: client(BROWSER) });
    const html = decode(await res.text());
    const card = html.indexOf('data-testid="event-card"');
    expect(card).toBeGreaterThan(0);
    // Not a streamed boundary that only a script reveals.
    const hidden = html.indexOf('<div hidden id="S:');
    expect(hidden === -1 || hidden > card).toBe(true);
    expect(html).not.toContain('aria-label="Loading markets"');
  });
});

describe("the index is asked only for a search", () => {
  const SEARCH_TABLES = /\bsearch_(?:fts|events|crawl)\b/;

  it("/ and a category page without a search (or a blank one) run no query of the index; a search does", async () => {
    await indexRecorded();
    const { db, tally } = countingDb(env.DB);
    const counted = testWorker({ DB: db });
    for (const path of ["/", "/politics", "/?search=", "/?search=%20%20", "/?sort=change&show=24"]) {
      const res = await counted.fetch(path, { headers: client() });
      expect(res.status, path).toBe(200);
      await res.text();
    }
    await counted.settle();
    expect(tally.sql.length).toBeGreaterThan(0);
    expect(tally.sql.filter((sql) => SEARCH_TABLES.test(sql))).toEqual([]);

    const res = await counted.fetch("/?search=trump", { headers: client() });
    expect(decode(await res.text())).toContain(INDEX_SEARCH_NOTE);
    await counted.settle();
    expect(tally.sql.filter((sql) => SEARCH_TABLES.test(sql)).length).toBeGreaterThan(0);
  });
});

/** The hint under a category's empty search: its text, and where it links (null: no link). */
function widerOf(html: string): { text: string; href: string | null } | null {
  const link = /<a ([^>]*data-testid="wider-search"[^>]*)>([^<]*)</.exec(html);
  if (link) return { text: link[2] ?? "", href: /\bhref="([^"]*)"/.exec(link[1] ?? "")?.[1] ?? "" };
  const text = /data-testid="wider-search"[^>]*>([^<]*)</.exec(html)?.[1];
  return text === undefined ? null : { text, href: null };
}

/** The count a list page says it shows in all ("Showing 12 of 37 events"). */
const shownTotal = (html: string) => Number(/Showing \d+ of (\d+) events?/.exec(html)?.[1] ?? Number.NaN);

/** Statements that searched the index's full text. */
const searchesOf = (sql: readonly string[]) => sql.filter((q) => /search_fts MATCH/.test(q)).length;

describe("a category's search that finds nothing", () => {
  it("links the same search across every category, with what it finds there", async () => {
    await indexRecorded();
    const crypto = await page("/crypto?search=newsom");
    expect(cardsOf(crypto)).toHaveLength(0);
    expect(crypto).toContain("No markets found matching your criteria.");
    // The Trending page's search for the same text: every category's open events.
    const everywhere = await page("/?search=newsom&show=100");
    const found = cardsOf(everywhere).length;
    expect(found).toBeGreaterThan(1);
    expect(shownTotal(everywhere)).toBe(found);
    expect(widerOf(crypto)).toEqual({
      text: `${found} open events match “newsom” across all categories`,
      href: "/?search=newsom",
    });
    // Where something matched, nothing more is offered.
    expect(widerOf(everywhere)).toBeNull();
    expect(widerOf(await page("/politics?search=newsom"))).toBeNull();
  });

  it("says when nothing matches anywhere either, and links nowhere", async () => {
    await indexRecorded();
    const html = await page("/crypto?search=zqxjvk");
    expect(cardsOf(html)).toHaveLength(0);
    expect(widerOf(html)).toEqual({
      text: "No open event matches “zqxjvk” in any category either.",
      href: null,
    });
  });

  it("before the index's first pass, counts the busiest events as the Trending page does, and says so", async () => {
    // A word of a busiest event's title that no crypto event holds, and that Trending lists (not ended).
    const words = cardsOf(await page("/?show=100"))
      .flatMap((card) => card.text.toLowerCase().match(/\b[a-z]{6,}\b/g) ?? [])
      .filter((word, i, all) => all.indexOf(word) === i);
    let word: string | undefined;
    let crypto = "";
    for (const candidate of words.slice(0, 20)) {
      crypto = await page(`/crypto?search=${candidate}`);
      if (cardsOf(crypto).length === 0) {
        word = candidate;
        break;
      }
    }
    expect(word).toBeDefined();
    const trending = await page(`/?search=${word}&show=100`);
    expect(trending).toContain(SEARCH_FALLBACK.building);
    const found = shownTotal(trending);
    expect(found).toBeGreaterThan(0);
    expect(widerOf(crypto)).toEqual({
      text: `${found} of the busiest events ${found === 1 ? "matches" : "match"} “${word}” across all categories`,
      href: `/?search=${word}`,
    });
  });

  it("costs one more query of the index only when the category's search is empty, and no upstream call", async () => {
    await indexRecorded();
    await t.worker.fetch("/api/markets", { headers: client({}) }); // the snapshot, cached
    const { db, tally } = countingDb(env.DB);
    const counted = testWorker({ DB: db });
    const before = { ...calls };

    const withResults = await counted.fetch("/politics?search=newsom", { headers: client() });
    const withHtml = decode(await withResults.text());
    await counted.settle();
    expect(cardsOf(withHtml).length).toBeGreaterThan(0);
    expect(searchesOf(tally.sql)).toBe(1);

    const empty = await counted.fetch("/crypto?search=newsom", { headers: client() });
    const emptyHtml = decode(await empty.text());
    await counted.settle();
    expect(widerOf(emptyHtml)?.href).toBe("/?search=newsom");
    expect(searchesOf(tally.sql)).toBe(3);
    expect(calls).toEqual(before);
  });
});
