/**
 * Reading the search index (decision 0034) against the real FTS5 table in workerd's D1. Ranking (a title
 * match above an outcome match above a tag match; equal relevance by 24 h volume, across page boundaries
 * too), paging with cursors, hostile text that never reaches FTS5 as syntax, a bad cursor, one event by slug,
 * the crawl's state, and what a ranked query reads however many events match.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { encodeCursor } from "~/.server/cursor";
import {
  getIndexedEvent,
  indexState,
  MAX_SEARCH_RESULTS,
  readOpenIndexedPage,
  SearchCursorError,
  searchEvents,
  TIE_WINDOW,
} from "~/.server/search/query";
import { type GammaEventJson, indexEvents, recordedOpenEvents } from "../support/index-events";
import { countingDb } from "./support/counting";
import { clearIndex, clock, crawlDeps, crawlOk, crawlPass, serveOpenEvents } from "./support/search";
import { listenToUpstreams } from "./support/upstreams";
import { failingDb } from "./support/worker";

listenToUpstreams();

beforeEach(async () => {
  await clearIndex();
  vi.spyOn(console, "info").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

interface Made {
  title: string;
  question?: string;
  label?: string;
  tags?: string[];
  volume24hr?: number;
}

/** A one-market open event as Gamma lists it. */
function made(id: number, spec: Made): GammaEventJson {
  const slug = `${spec.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-${id}`;
  return {
    id: String(id),
    slug,
    title: spec.title,
    active: true,
    closed: false,
    volume24hr: spec.volume24hr ?? 0,
    volume: (spec.volume24hr ?? 0) * 10,
    liquidity: 1000,
    tags: (spec.tags ?? []).map((label) => ({ id: label, label, slug: label.toLowerCase() })),
    markets: [
      {
        id: `${id}01`,
        question: spec.question ?? spec.title,
        groupItemTitle: spec.label ?? "",
        slug,
        outcomes: '["Yes", "No"]',
        outcomePrices: '["0.4", "0.6"]',
        clobTokenIds: `["${id}1", "${id}2"]`,
        volume24hr: spec.volume24hr ?? 0,
        active: true,
        closed: false,
      },
    ],
  };
}

/** Indexes `events` with one full pass. */
async function index(events: GammaEventJson[]): Promise<void> {
  serveOpenEvents(events, 100);
  await crawlPass(crawlDeps({ pagesPerRun: 20 }));
}

const slugsOf = async (q: string, limit?: number) =>
  (await searchEvents(env.DB, { q, limit })).events.map((e) => e.slug);

describe("ranking", () => {
  it("a title match ranks above an outcome-only match above a tag-only match, whatever their volumes", async () => {
    const events = [
      made(101, { title: "Island sports final", tags: ["Quokka"], volume24hr: 5_000_000 }),
      made(102, {
        title: "Who wins the island race?",
        question: "Will the quokka win the race?",
        volume24hr: 90_000,
      }),
      made(103, { title: "Quokka election winner", question: "Will Smith win?", volume24hr: 10 }),
      made(104, { title: "Unrelated market", volume24hr: 9_000_000 }),
    ];
    await index(events);
    expect(await slugsOf("quokka")).toEqual([events[2]?.slug, events[1]?.slug, events[0]?.slug]);
  });

  it("equal relevance: the higher 24 h volume first, also where a page ends among them", async () => {
    const volumes = Array.from({ length: 30 }, (_, i) => ((i * 7919) % 97) * 1000 + i);
    const events = volumes.map((v, i) => made(200 + i, { title: "Numbat derby winner", volume24hr: v }));
    events.push(made(300, { title: "Numbat", volume24hr: 1 }));
    await index(events);
    const first = await searchEvents(env.DB, { q: "numbat", limit: 10 });
    const second = await searchEvents(env.DB, { q: "numbat", limit: 10, cursor: first.nextCursor });
    const third = await searchEvents(env.DB, { q: "numbat", limit: 10, cursor: second.nextCursor });
    const fourth = await searchEvents(env.DB, { q: "numbat", limit: 10, cursor: third.nextCursor });
    // The shorter title is more relevant; the 30 alike follow by volume.
    const listed = [first, second, third, fourth].flatMap((page) => page.events);
    expect(listed[0]?.slug).toBe(events[30]?.slug);
    expect(listed.slice(1).map((e) => e.volume24h)).toEqual([...volumes].sort((a, b) => b - a));
    expect(fourth.nextCursor).toBeNull();
    expect(new Set(listed.map((e) => e.id)).size).toBe(31);
  });

  it("matches words without their accents, in any case, and as a prefix while typed", async () => {
    const events = [
      made(401, { title: "Élection présidentielle française", volume24hr: 10 }),
      made(402, { title: "Fed decision in December", volume24hr: 20 }),
    ];
    await index(events);
    expect(await slugsOf("election presidentielle")).toEqual([events[0]?.slug]);
    expect(await slugsOf("ÉLECTION")).toEqual([events[0]?.slug]);
    expect(await slugsOf("fed decem")).toEqual([events[1]?.slug]);
    expect(await slugsOf("fed decem ")).toEqual([]);
    expect(await slugsOf("december fed")).toEqual([events[1]?.slug]);
  });

  it("an outcome's group title is searchable", async () => {
    const events = [
      made(501, { title: "Who will win the mayoral race?", question: "Will Zohran win?", label: "Zohran" }),
    ];
    await index(events);
    expect(await slugsOf("zohran")).toEqual([events[0]?.slug]);
  });
});

describe("an empty search", () => {
  it("lists the open events by 24 h volume, page after page", async () => {
    const events = recordedOpenEvents();
    await index(events);
    const listed = [];
    let cursor: string | null = null;
    for (let page = 0; page < 20; page++) {
      const result = await searchEvents(env.DB, { q: page % 2 === 0 ? "" : "  ", limit: 40, cursor });
      listed.push(...result.events);
      cursor = result.nextCursor;
      if (cursor === null) break;
    }
    expect(cursor).toBeNull();
    expect(listed).toHaveLength(249);
    const volumes = listed.map((e) => e.volume24h);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    // Only punctuation holds no term: the same list.
    expect((await searchEvents(env.DB, { q: "?!*" })).events.map((e) => e.id)).toEqual(
      listed.slice(0, 20).map((e) => e.id),
    );
  });
});

describe("what a search answers", () => {
  it("an event with what its card needs: markets with questions, labels, outcomes, prices and token ids, tags", async () => {
    await index(recordedOpenEvents());
    const [event] = (await searchEvents(env.DB, { q: "how many people will trump deport in 2025" })).events;
    expect(event).toMatchObject({
      slug: "how-many-people-will-trump-deport-in-2025",
      title: "How many people will Trump deport in 2025?",
      closed: false,
    });
    expect(event?.tags.map((t) => t.label)).toContain("Politics");
    const market = event?.markets.find((m) => m.groupTitle === "250-500k");
    expect(market).toMatchObject({ title: expect.stringContaining("250,000"), closed: false });
    expect(market?.outcomes.map((o) => o.label)).toEqual(["Yes", "No"]);
    expect(market?.outcomes[0]?.price).toBeGreaterThan(0);
    expect(market?.outcomes[0]?.tokenId).toMatch(/^\d{20,}$/);
    expect(await getIndexedEvent(env.DB, "how-many-people-will-trump-deport-in-2025")).toEqual(event);
  });

  it("no event for an unknown slug; a slug that cannot be Gamma's asks no database", async () => {
    await index(recordedOpenEvents());
    expect(await getIndexedEvent(env.DB, "no-such-event-anywhere")).toBeNull();
    for (const slug of ["../etc/passwd", "Fed December", "", "a".repeat(201), "x' OR 1=1 --"])
      expect(await getIndexedEvent(failingDb, slug)).toBeNull();
  });

  it("the crawl's state: nothing before the first pass, the pass under way, the last full pass", async () => {
    expect(await indexState(env.DB)).toEqual({ events: 0, lastFullPassAt: null, passInProgress: null });
    const time = clock();
    serveOpenEvents(recordedOpenEvents(), 50);
    const deps = crawlDeps({ now: time.now, pagesPerRun: 2 });
    await crawlOk(deps);
    expect(await indexState(env.DB)).toEqual({
      events: 0,
      lastFullPassAt: null,
      passInProgress: { pass: 1, startedAt: new Date(time.now()).toISOString(), pages: 2, events: 100 },
    });
    time.advance(60_000);
    await crawlPass(deps);
    expect(await indexState(env.DB)).toEqual({
      events: 249,
      lastFullPassAt: new Date(time.now()).toISOString(),
      passInProgress: null,
    });
  });
});

describe("hostile text", () => {
  const HOSTILE = [
    "trump AND NOT deport",
    "trump OR biden",
    "NEAR(trump deport, 2)",
    "trump*",
    "*trump",
    "*",
    "^trump",
    "title:trump",
    "{title tags}: trump",
    '"trump',
    'trump"',
    '""""',
    "(trump",
    "trump)",
    "trump -deport",
    "trump + deport",
    "tru\u0000mp",
    "trump\u0007\u001b[31m",
    "\u202etrump",
    "trump ".repeat(60),
    `trump ${"x".repeat(300)}`,
    "a".repeat(10_000),
    "'; DROP TABLE search_events; --",
    "%_%",
    "\\",
    "🙂 trump 🙂",
    "\ud800",
  ];

  it.each(HOSTILE.map((q) => [JSON.stringify(q).slice(0, 60), q]))("%s never throws", async (_label, q) => {
    await index(recordedOpenEvents());
    const result = await searchEvents(env.DB, { q });
    expect(Array.isArray(result.events)).toBe(true);
    expect(result.events.every((e) => !e.closed)).toBe(true);
  });

  it("operators and quotes are plain text or separators: the same answers as the words alone", async () => {
    await index(recordedOpenEvents());
    const trump = await slugsOf("trump");
    expect(trump.length).toBeGreaterThan(5);
    for (const q of [
      "trump*",
      '"trump',
      'trump"',
      "(trump",
      "^trump",
      "tru\u0000mp",
      "\u202etrump",
      "🙂 trump",
    ])
      expect(await slugsOf(q)).toEqual(trump);
    // Operators are words to find, ANDed: "OR" is not a disjunction.
    const either = await slugsOf("trump OR biden");
    expect(either.length).toBeLessThan(trump.length);
    // Over 200 characters: the rest is ignored, nothing breaks.
    expect(await slugsOf(`trump ${"x".repeat(300)}`)).toEqual([]);
    expect(await slugsOf(`${"trump ".repeat(60)}`)).toEqual(await slugsOf("trump "));
  });
});

describe("cursors", () => {
  it.each([
    ["not ours", "not-a-cursor!"],
    ["base64 of words", encodeCursor("hello")],
    ["zero", encodeCursor("0")],
    ["a negative offset", encodeCursor("-20")],
    ["past the deepest page", encodeCursor(String(MAX_SEARCH_RESULTS))],
    ["a leading zero", encodeCursor("020")],
    ["too long", "A".repeat(500)],
  ])("%s: SearchCursorError before any query", async (_name, cursor) => {
    await expect(searchEvents(failingDb, { q: "trump", cursor })).rejects.toThrow(SearchCursorError);
    await expect(searchEvents(failingDb, { q: "", cursor })).rejects.toBeInstanceOf(SearchCursorError);
  });

  it("a failing database throws its own error (the caller falls back to the snapshot)", async () => {
    await expect(searchEvents(failingDb, { q: "trump" })).rejects.toThrow("database unavailable");
  });

  it(`paging stops at ${MAX_SEARCH_RESULTS} results`, async () => {
    await index(indexEvents(1_100));
    let cursor: string | null = null;
    let listed = 0;
    for (let page = 0; page < 20 && (page === 0 || cursor !== null); page++) {
      const result = await searchEvents(env.DB, { q: "", limit: 100, cursor });
      listed += result.events.length;
      cursor = result.nextCursor;
    }
    expect(listed).toBe(MAX_SEARCH_RESULTS);
    expect(cursor).toBeNull();
  }, 60_000);
});

describe("what a search reads", () => {
  it("a ranked search reads about the rows it shows, however many events match", async () => {
    await index(indexEvents(3_000));
    const { db, tally } = countingDb(env.DB);
    const everywhere = await searchEvents(env.DB, { q: "will" });
    expect(everywhere.events).toHaveLength(20);
    const read = async (q: string) => {
      const before = tally.rowsRead;
      await searchEvents(db, { q, limit: 20 });
      return tally.rowsRead - before;
    };
    // "will" is in most of the 3,000 titles; "w" is a prefix of thousands of words.
    for (const q of ["will", "w", "trump", ""])
      expect(await read(q)).toBeLessThanOrEqual(2 * (20 + 1 + TIE_WINDOW));
  }, 120_000);
});

describe("the open events a page at a time (the Kalshi pairing's read)", () => {
  it("lists every open event once, in id order, a read per page", async () => {
    const events = [1, 2, 3, 4, 5, 6, 7].map((i) =>
      made(200 + i, { title: `Paged event ${i}`, volume24hr: i <= 5 ? 1_000 : i * 1_000 }),
    );
    await index(events);
    const d1 = countingDb(env.DB);
    const seen: string[] = [];
    let after: number | null = null;
    do {
      const page = await readOpenIndexedPage(d1.db, after, 2);
      seen.push(...page.events.map((e) => e.slug));
      after = page.next;
    } while (after !== null);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen).toEqual(events.map((e) => e.slug));
    // 7 events, 2 a page: 4 reads, the last one short.
    expect(d1.tally.queries).toBe(4);
  });

  it("each page reads about its own rows, not the pages before it again, also among equal volumes", async () => {
    const events = Array.from({ length: 40 }, (_, i) =>
      made(300 + i, { title: `Volume event ${i}`, volume24hr: i < 30 ? 1_000 : (i + 1) * 1_000 }),
    );
    await index(events);
    let after: number | null = null;
    const read: number[] = [];
    do {
      const page = await readOpenIndexedPage(env.DB, after, 10);
      read.push(page.rowsRead);
      after = page.next;
    } while (after !== null);
    expect(read).toHaveLength(5);
    console.info(`rows read a page: ${read.join(", ")}`);
    // Reading a run of equal volumes again on each page would be 10, 10, 20, 30 or so.
    expect(Math.max(...read)).toBeLessThanOrEqual(12);
  });
});
