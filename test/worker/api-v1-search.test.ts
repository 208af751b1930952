/**
 * `GET /api/v1/search` inside workerd (decision 0035) against the real index (D1 + FTS5, filled by the crawl
 * from recorded events). Before the first full pass and with D1 failing, the snapshot's events answer and say
 * so; after it, every open event: the busiest with our forecast, any other with its prices and no forecast.
 * Paging by cursor, a category, the outcome the words name with its own price, bad parameters (400 naming
 * them), hostile text (never a 500), and every answer against the generated OpenAPI document.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { encodeCursor } from "~/.server/cursor";
import { SEARCH_FALLBACK } from "~/.server/search/results";
import { countingDb } from "./support/counting";
import { openApi, validatorFor } from "./support/openapi";
import { allSearchPages, emptyIndexEachTest, indexRecorded } from "./support/search";
import { failingDb, testWorker, workerTest } from "./support/worker";

const t = workerTest();

emptyIndexEachTest();

let ipCounter = 0;
function client(): Record<string, string> {
  ipCounter += 1;
  return { "cf-connecting-ip": `203.0.113.${ipCounter % 250}` };
}

interface Outcome {
  marketId: string;
  label: string;
  price: number;
}
interface Found {
  slug: string;
  title: string;
  href: string;
  category: string | null;
  outcomes: Outcome[];
  matchedOutcome: Outcome | null;
  forecast: { source: string } | null;
  mentions: { count: number } | null;
}
interface Answer {
  source: "index" | "snapshot";
  note: string | null;
  events: Found[];
  nextCursor: string | null;
}

async function search(query: string, headers = client()): Promise<Answer> {
  const res = await t.worker.fetch(`/api/v1/search${query}`, { headers });
  expect(res.status, query).toBe(200);
  return (await res.json()) as Answer;
}

/** Every open event the index lists (by 24 h volume), through the API's pages. */
const everything = () => allSearchPages<Found>(t.worker, client());

describe("GET /api/v1/search before the index's first pass", () => {
  it("answers from the snapshot and says why", async () => {
    const answer = await search("?q=trump");
    expect(answer.source).toBe("snapshot");
    expect(answer.note).toBe(SEARCH_FALLBACK.building);
    expect(answer.events.length).toBeGreaterThan(0);
    for (const e of answer.events) {
      expect(e.forecast, e.slug).not.toBeNull();
      const text = [e.title, ...e.outcomes.map((o) => o.label)].join(" ").toLowerCase();
      expect(text).toContain("trump");
    }
  });
});

describe("GET /api/v1/search over the index", () => {
  beforeEach(() => indexRecorded());

  it("finds open events outside the snapshot, with prices and no forecast; the busiest keep theirs", async () => {
    const snapshot = (await (
      await t.worker.fetch("/api/v1/events?limit=100", { headers: client() })
    ).json()) as {
      events: { slug: string }[];
    };
    const shown = new Set(snapshot.events.map((e) => e.slug));
    const all = await everything();
    expect(all.length).toBe(249);
    const outside = all.filter((e) => !shown.has(e.slug));
    const inside = all.filter((e) => shown.has(e.slug));
    expect(outside.length).toBeGreaterThan(100);
    expect(inside.length).toBeGreaterThan(0);
    for (const e of outside) {
      expect(e.forecast, e.slug).toBeNull();
      expect(e.mentions).toBeNull();
      expect(e.outcomes.length).toBeGreaterThan(0);
    }
    for (const e of inside) expect(e.forecast, e.slug).not.toBeNull();

    // A word of an event outside the snapshot finds it first.
    const target = outside.find((e) => /^[A-Za-z]/.test(e.title)) as Found;
    const words = target.title.split(/\s+/).slice(0, 4).join(" ");
    const found = await search(`?q=${encodeURIComponent(words)}`);
    expect(found.events.map((e) => e.slug)).toContain(target.slug);
  });

  it("pages by cursor, each event once; a cursor that is not ours is a 400 naming it", async () => {
    const headers = client();
    const seen: string[] = [];
    let cursor: string | null = "";
    for (let i = 0; i < 4 && cursor !== null; i++) {
      const page: Answer = await search(`?limit=5${cursor ? `&cursor=${cursor}` : ""}`, headers);
      expect(page.events).toHaveLength(5);
      seen.push(...page.events.map((e) => e.slug));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(20);
    for (const bad of ["bm9wZQ", encodeCursor("-3"), encodeCursor("abc"), "%00"]) {
      const res = await t.worker.fetch(`/api/v1/search?cursor=${bad}`, { headers });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: { parameter: string } }).error.parameter).toBe("cursor");
    }
  });

  it("a category keeps only its events: every sports event, and no event outside every category", async () => {
    const all = await everything();
    const sports = (await search("?category=sports&limit=100")).events;
    expect(sports.length).toBeGreaterThan(0);
    expect(sports.length).toBeLessThan(all.length);
    const found = new Set(sports.map((e) => e.slug));
    for (const e of all.filter((x) => x.category === "sports")) expect(found.has(e.slug), e.title).toBe(true);
    for (const e of sports) expect(e.category, e.title).not.toBeNull();
    // With words, within the category.
    const word = (sports[0] as Found).title.split(/\W+/).find((w) => w.length >= 4) as string;
    const withWord = (await search(`?q=${word}&category=sports&limit=100`)).events;
    expect(withWord.map((e) => e.slug)).toContain(sports[0]?.slug);
    for (const e of withWord) expect(found.has(e.slug), e.title).toBe(true);
    const anywhere = (await search(`?q=${word}&limit=100`)).events;
    expect(anywhere.length).toBeGreaterThanOrEqual(withWord.length);
  });

  it("hostile text is plain text: never a 500, never FTS5 syntax", async () => {
    const hostile = [
      'trump"',
      '"',
      "*",
      "NEAR(a b)",
      "trump OR biden",
      "NOT trump",
      "title:trump",
      "^trump",
      "(((",
      "a\u0000b\u0007c",
      "\u202etrump",
      "🙂 emoji",
      "x".repeat(200),
    ];
    for (const q of hostile) {
      const res = await t.worker.fetch(`/api/v1/search?q=${encodeURIComponent(q)}`, { headers: client() });
      expect(res.status, JSON.stringify(q)).toBe(200);
    }
    const long = await t.worker.fetch(`/api/v1/search?q=${"x".repeat(201)}`, { headers: client() });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { parameter: string } }).error.parameter).toBe("q");
    for (const limit of ["0", "101", "ten"]) {
      const res = await t.worker.fetch(`/api/v1/search?limit=${limit}`, { headers: client() });
      expect(res.status, limit).toBe(400);
    }
  });

  it("an answer is kept a minute in the isolate: the same search (in any case, spaced) asks D1 once", async () => {
    const { db, tally } = countingDb(env.DB);
    const counted = testWorker({ DB: db });
    const ask = async (q: string) => {
      const res = await counted.fetch(`/api/v1/search?q=${encodeURIComponent(q)}`, { headers: client() });
      expect(res.status).toBe(200);
      return (await res.json()) as Answer;
    };
    const searches = () => tally.sql.filter((sql) => /search_fts|search_crawl/.test(sql)).length;
    const first = await ask("trump");
    const asked = searches();
    expect(asked).toBe(2);
    expect(await ask("Trump")).toEqual(first);
    expect(await ask("  TRUMP")).toEqual(first);
    expect(searches()).toBe(asked);
    await ask("biden");
    expect(searches()).toBe(asked + 2);
    await counted.settle();
  });

  it("names the outcome the words name with that outcome's own price, even one the card does not list", async () => {
    const answer = await search("?q=newsom");
    const named = answer.events.filter((e) => e.matchedOutcome !== null);
    expect(named.length).toBeGreaterThan(0);
    let unlisted = 0;
    for (const event of named) {
      const outcome = event.matchedOutcome as Outcome;
      expect(outcome.label.toLowerCase(), event.slug).toContain("newsom");
      // The same outcome in the event's full list (every open outcome): the same price.
      const res = await t.worker.fetch(`/api/v1/events/${event.slug}`, { headers: client() });
      const detail = (await res.json()) as { outcomes: Outcome[] };
      const same = detail.outcomes.find((o) => o.marketId === outcome.marketId && o.label === outcome.label);
      expect(same?.price, event.slug).toBe(outcome.price);
      if (!event.outcomes.some((o) => o.marketId === outcome.marketId)) unlisted += 1;
    }
    // Some candidate Newsom is outside the three outcomes a card lists: the card alone could not price him.
    expect(unlisted).toBeGreaterThan(0);
    // Words only a title holds name no outcome.
    const byTitle = await search("?q=presidential%20election%20winner");
    expect(byTitle.events.length).toBeGreaterThan(0);
    for (const event of byTitle.events) {
      expect(event.matchedOutcome, event.slug).toBeNull();
    }
  });

  it("every answer validates against the OpenAPI document", async () => {
    const doc = await openApi(t.worker);
    const check = validatorFor(doc, "/search", 200);
    for (const query of ["?q=trump", "?limit=3", "?q=bitcoin&category=crypto", "?q=newsom"]) {
      const res = await t.worker.fetch(`/api/v1/search${query}`, { headers: client() });
      const result = check.validate(await res.json());
      expect(result.errors, query).toEqual([]);
    }
    const broken = await t.worker.fetch("/api/v1/search?limit=0", { headers: client() });
    expect(validatorFor(doc, "/search", 400).validate(await broken.json()).valid).toBe(true);
  });
});

describe("GET /api/v1/search with D1 failing", () => {
  it("the snapshot answers and says the index cannot be read", async () => {
    const broken = testWorker({ DB: failingDb });
    const res = await broken.fetch("/api/v1/search?q=trump", { headers: client() });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Answer;
    expect(answer.source).toBe("snapshot");
    expect(answer.note).toBe(SEARCH_FALLBACK.failed);
    expect(answer.events.length).toBeGreaterThan(0);
    await broken.settle();
  });
});
