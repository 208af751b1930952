/**
 * The public feeds through the whole Worker (decision 0016): the whale trades and the track record as
 * RSS 2.0, Atom and JSON Feed 1.1, each parsed with a real feed parser; the whale page's filter in the
 * query string; calls and gradings as separate entries; the database down; and the pages' alternate links.
 */
import { extractFromJson, extractFromXml } from "@extractus/feed-extractor";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { cleanText } from "~/lib/clean-text";
import { makeTradeRow } from "../support/markets";
import { childrenNamed, descendantsNamed, parseStrictXml, type XmlNode } from "../support/strict-xml";
import { type CallRow, clearCalls, gradeCall, insertCalls } from "./support/calls";
import { DATA, upstreams } from "./support/upstreams";
import { BROWSER, failingDb, ORIGIN, type TestWorker, testWorker, workerTest } from "./support/worker";

const t = workerTest();

beforeEach(async () => {
  await clearCalls();
});

const MIN = 60_000;
const DAY = 86_400_000;
/** Whole seconds: RSS dates carry no milliseconds. */
const NOW = Math.floor(Date.now() / 1000) * 1000;

// ------------------------------------------------------------------------------------- whales

const HASH = (n: number) => `0x${String(n).padStart(64, "0")}`;
const WALLET = "0x6d2012a3b4c5d6e7f8091a2b3c4d5e6f7a8ba165";

/** A Data API trade row by this wallet (the shared factory). */
function trade(n: number, fields: Record<string, unknown>) {
  return makeTradeRow(n, { proxyWallet: WALLET, ...fields }, NOW);
}

/**
 * Four whale trades, newest first: a Yes buy of $120K (markup and an ampersand in its title, a named
 * trader), a No sale of $80K, a $200K buy of a named outcome (neither Yes nor No), and a Yes buy of $60K.
 * Plus one trade under the $50K line, which no feed may hold.
 */
const TRADES = [
  trade(1, { title: "Will <it> rain & pour?", size: 200_000, price: 0.6, pseudonym: "Big-Whale" }),
  trade(2, { outcome: "No", outcomeIndex: 1, side: "SELL", size: 100_000, price: 0.8 }),
  trade(3, { outcome: "Gen.G", outcomeIndex: 0, size: 250_000, price: 0.8 }),
  trade(4, { size: 100_000, price: 0.6 }),
  trade(5, { size: 10_000, price: 0.5 }),
];
const id = (n: number) => `urn:oddspulse:trade:${HASH(100 + n)}:${1000 + n}`;

function serveTrades(): void {
  upstreams.use(http.get(`${DATA}/trades`, () => HttpResponse.json(TRADES)));
}

async function get(path: string, w: TestWorker = t.worker): Promise<Response> {
  return w.fetch(path, { headers: BROWSER });
}

interface Parsed {
  title?: string;
  link?: string;
  entries?: { id?: string; title?: string; link?: string; published?: string; description?: string }[];
}

/** The feed at `path`, parsed by @extractus/feed-extractor as its format needs. */
async function parsed(path: string, w: TestWorker = t.worker): Promise<Parsed> {
  const response = await get(path, w);
  expect(response.status).toBe(200);
  const text = await response.text();
  return (path.split("?")[0]?.endsWith(".json")
    ? extractFromJson(JSON.parse(text))
    : extractFromXml(text)) as unknown as Parsed;
}

const ids = (feed: Parsed) => feed.entries?.map((e) => e.id);

describe("whale feeds", () => {
  it("all three formats parse and hold the trades over $50K, newest first, linked to their market pages", async () => {
    serveTrades();
    for (const file of ["feed.xml", "feed.atom", "feed.json"]) {
      const feed = await parsed(`/whale-watch/${file}`);
      expect(feed.title, file).toBe("OddsPulse whale trades");
      expect(ids(feed), file).toEqual([id(1), id(2), id(3), id(4)]);
      expect(feed.entries?.[0]?.link, file).toBe(`${ORIGIN}/market/market-1`);
      expect(feed.entries?.[1]?.title, file).toBe("Sold $80K of No on Market 2?");
      expect(feed.entries?.[2]?.title, file).toBe("Bought $200K of Gen.G on Market 3?");
      // The trade's time, not the time of the request.
      expect(Date.parse(feed.entries?.[0]?.published ?? ""), file).toBe(NOW - MIN);
    }
  });

  it("text from upstream stays text: RSS and JSON titles read back exactly, Atom's text title is escaped", async () => {
    serveTrades();
    const title = "Bought $120K of Yes on Will <it> rain & pour?";
    expect((await parsed("/whale-watch/feed.xml")).entries?.[0]?.title).toBe(title);
    expect((await parsed("/whale-watch/feed.json")).entries?.[0]?.title).toBe(title);
    const atom = await (await get("/whale-watch/feed.atom")).text();
    expect(atom).toContain("Will &lt;it&gt; rain &amp; pour?");
    expect(atom).not.toContain("<it>");
    const json = (await (await get("/whale-watch/feed.json")).json()) as {
      version: string;
      items: { summary: string; content_html: string }[];
    };
    expect(json.version).toBe("https://jsonfeed.org/version/1.1");
    expect(json.items[0]?.summary).toBe(
      "Big-Whale (0x6d20…a165) bought 200,000 Yes shares at 60¢ (60% odds). Potential win: $200K. Radar: not checked yet.",
    );
  });

  it("the page's outcome filter and sort in the query string decide what the feed holds", async () => {
    serveTrades();
    for (const file of ["feed.xml", "feed.atom", "feed.json"]) {
      expect(ids(await parsed(`/whale-watch/${file}?outcome=yes`)), file).toEqual([id(1), id(4)]);
      expect(ids(await parsed(`/whale-watch/${file}?outcome=no`)), file).toEqual([id(2)]);
      // Largest first: $200K, $120K, $80K, $60K.
      expect(ids(await parsed(`/whale-watch/${file}?sort=largest`)), file).toEqual([
        id(3),
        id(1),
        id(2),
        id(4),
      ]);
    }
    const yes = await parsed("/whale-watch/feed.xml?outcome=yes");
    expect(yes.title).toBe("OddsPulse whale trades, Yes only");
    expect(yes.link).toBe(`${ORIGIN}/whale-watch?outcome=yes`);
  });

  it("bad filter values fall back to the defaults, as the page does", async () => {
    serveTrades();
    const feed = await parsed("/whale-watch/feed.json?outcome=maybe&sort=%3Cscript%3E");
    expect(feed.title).toBe("OddsPulse whale trades");
    expect(ids(feed)).toEqual([id(1), id(2), id(3), id(4)]);
  });

  it("answers with each format's content type, a short public cache, and HEAD without a body", async () => {
    serveTrades();
    const types = {
      "feed.xml": "application/rss+xml; charset=utf-8",
      "feed.atom": "application/atom+xml; charset=utf-8",
      "feed.json": "application/feed+json; charset=utf-8",
    };
    for (const [file, type] of Object.entries(types)) {
      const response = await get(`/whale-watch/${file}`);
      expect(response.headers.get("content-type"), file).toBe(type);
      expect(response.headers.get("cache-control"), file).toBe("public, max-age=60");
      const head = await t.worker.fetch(`/whale-watch/${file}`, { method: "HEAD", headers: BROWSER });
      expect(head.status, file).toBe(200);
      expect(head.headers.get("content-type"), file).toBe(type);
      expect(await head.text(), file).toBe("");
    }
  });

  it("with the trades upstream down and nothing cached, the feed is empty but valid", async () => {
    upstreams.use(http.get(`${DATA}/trades`, () => HttpResponse.json({ error: "down" }, { status: 500 })));
    const response = await get("/whale-watch/feed.xml");
    expect(response.status).toBe(200);
    const feed = extractFromXml(await response.text()) as unknown as Parsed;
    expect(feed.title).toBe("OddsPulse whale trades");
    expect(feed.entries).toEqual([]);
  });
});

// ------------------------------------------------------------------------------- track record

/** A graded buy-yes call at 40¢ (won: +$1.50 per $1) on a market with a page, and a pending buy-no at 30¢ without a slug. */
const CALLS: CallRow[] = [
  {
    id: "m1:fixture-model:1",
    marketId: "m1",
    slug: "market-one",
    question: "Market one?",
    side: "buy_yes",
    priceAtCall: 0.4,
    calledMs: NOW - 10 * DAY,
  },
  {
    id: "m2:estimate:2",
    marketId: "m2",
    slug: null,
    question: "Market two?",
    side: "buy_no",
    source: "estimate",
    priceAtCall: 0.3,
    calledMs: NOW - DAY,
  },
];

describe("track-record feeds", () => {
  it("all three formats parse, with an entry for each call and one for the grading, newest first", async () => {
    await insertCalls(CALLS);
    await gradeCall("m1:fixture-model:1", "yes", NOW - 2 * DAY);
    for (const file of ["feed.xml", "feed.atom", "feed.json"]) {
      const feed = await parsed(`/track-record/${file}`);
      expect(feed.title, file).toBe("OddsPulse track record: calls and gradings");
      expect(
        feed.entries?.map((e) => [e.id, e.link, Date.parse(e.published ?? "")]),
        file,
      ).toEqual([
        ["urn:oddspulse:call:m2:estimate:2", `${ORIGIN}/track-record`, NOW - DAY],
        ["urn:oddspulse:grade:m1:fixture-model:1", `${ORIGIN}/market/market-one`, NOW - 2 * DAY],
        ["urn:oddspulse:call:m1:fixture-model:1", `${ORIGIN}/market/market-one`, NOW - 10 * DAY],
      ]);
      if (file === "feed.atom") continue; // Atom's titles are html, checked as text in RSS and JSON
      expect(
        feed.entries?.map((e) => e.title),
        file,
      ).toEqual([
        "Call: buy No on Market two? at No 70¢ (Rule-based estimate)",
        "Graded: buy Yes on Market one?: hit, Yes won, +$1.50 per $1",
        "Call: buy Yes on Market one? at Yes 40¢ (Model fixture-model)",
      ]);
    }
  });

  it("holds the 50 newest entries at most", async () => {
    const many: CallRow[] = Array.from({ length: 60 }, (_, i) => ({
      id: `c${String(i).padStart(2, "0")}`,
      marketId: `m${i}`,
      side: "buy_yes",
      priceAtCall: 0.5,
      calledMs: NOW - i * MIN,
    }));
    await insertCalls(many);
    const feed = await parsed("/track-record/feed.json");
    expect(feed.entries).toHaveLength(50);
    expect(feed.entries?.[0]?.id).toBe("urn:oddspulse:call:c00");
    expect(feed.entries?.[49]?.id).toBe("urn:oddspulse:call:c49");
  });

  it("an empty record is a valid empty feed", async () => {
    const feed = await parsed("/track-record/feed.xml");
    expect(feed.title).toBe("OddsPulse track record: calls and gradings");
    expect(feed.entries).toEqual([]);
  });

  it("answers with each format's content type and a five-minute public cache; HEAD works", async () => {
    await insertCalls(CALLS);
    const types = {
      "feed.xml": "application/rss+xml; charset=utf-8",
      "feed.atom": "application/atom+xml; charset=utf-8",
      "feed.json": "application/feed+json; charset=utf-8",
    };
    for (const [file, type] of Object.entries(types)) {
      const response = await get(`/track-record/${file}`);
      expect(response.headers.get("content-type"), file).toBe(type);
      expect(response.headers.get("cache-control"), file).toBe("public, max-age=300");
      const head = await t.worker.fetch(`/track-record/${file}`, { method: "HEAD" });
      expect(head.status, file).toBe(200);
      expect(await head.text(), file).toBe("");
    }
  });

  it("with the database failing or missing: 503, a short plain message and Retry-After, never a 500", async () => {
    for (const w of [testWorker({ DB: failingDb }), testWorker({ DB: undefined })]) {
      for (const file of ["feed.xml", "feed.atom", "feed.json"]) {
        const response = await get(`/track-record/${file}`, w);
        expect(response.status, file).toBe(503);
        expect(response.headers.get("retry-after"), file).toBe("60");
        expect(response.headers.get("content-type"), file).toMatch(/^text\/plain/);
        expect(await response.text(), file).toMatch(/^The track record is unavailable/);
      }
      await w.settle();
    }
  });
});

// ------------------------------------------------------------------------------- forgery

/**
 * Upstream text built to break out of its element: CDATA ends (once and twice), a foreign link, markup,
 * entities, and characters no clean text holds (NUL, U+0085, a lone surrogate), which the client drops.
 */
const HOSTILE =
  'Rain ]]> or ]]><link>https://evil.example</link> & <b>"more"</b> &amp; \u0000\u0085\uD800\u0001shine?';
const HOSTILE_CLEAN = cleanText(HOSTILE);

/** The items of a strictly parsed RSS feed and the entries of an Atom one. */
function rssItems(xml: string): XmlNode[] {
  return descendantsNamed(parseStrictXml(xml), "item");
}
function atomEntries(xml: string): XmlNode[] {
  return childrenNamed(parseStrictXml(xml), "entry");
}
const textOf = (node: XmlNode | undefined, name: string) => {
  const [child, ...more] = node ? childrenNamed(node, name) : [];
  expect(more, name).toEqual([]);
  expect(child?.children, name).toEqual([]);
  return child?.text;
};

describe("feeds cannot be forged by upstream text", () => {
  it("a whale trade whose title and trader name hold ]]> twice, a <link>, & and controls stays one item with our one link", async () => {
    upstreams.use(
      http.get(`${DATA}/trades`, () =>
        HttpResponse.json([
          trade(1, { title: HOSTILE, size: 200_000, price: 0.6, pseudonym: `Evil ${HOSTILE}` }),
        ]),
      ),
    );
    const title = `Bought $120K of Yes on ${HOSTILE_CLEAN}`;
    const own = `${ORIGIN}/market/market-1`;

    const items = rssItems(await (await get("/whale-watch/feed.xml")).text());
    expect(items).toHaveLength(1);
    expect(descendantsNamed(items[0] as XmlNode, "link").map((l) => l.text)).toEqual([own]);
    expect(textOf(items[0], "title")).toBe(title);

    const entries = atomEntries(await (await get("/whale-watch/feed.atom")).text());
    expect(entries).toHaveLength(1);
    expect(descendantsNamed(entries[0] as XmlNode, "link").map((l) => l.attributes.href)).toEqual([own]);
    expect(textOf(entries[0], "title")).toBe(title);
    expect(textOf(entries[0], "summary")).toMatch(
      /^Evil Rain \]\]> or \]\]><link>https:\/\/evil\.example<\/link>/,
    );
    expect(textOf(entries[0], "summary")).toContain(HOSTILE_CLEAN);

    const json = (await (await get("/whale-watch/feed.json")).json()) as {
      items: { url: string; title: string }[];
    };
    expect(json.items.map((item) => [item.url, item.title])).toEqual([[own, title]]);
  });

  it("a call whose question holds the same stays one item with our one link, in every track-record feed", async () => {
    // Stored as the market build stores it (the client cleans text), and once as an older row might hold it.
    await insertCalls([
      { ...CALLS[0], id: "clean", question: HOSTILE_CLEAN } as CallRow,
      { ...CALLS[1], id: "raw", slug: "raw-market", question: HOSTILE } as CallRow,
    ]);
    const rss = rssItems(await (await get("/track-record/feed.xml")).text());
    const atom = atomEntries(await (await get("/track-record/feed.atom")).text());
    for (const [format, nodes, href] of [
      ["rss", rss, (l: XmlNode) => l.text],
      ["atom", atom, (l: XmlNode) => l.attributes.href],
    ] as const) {
      expect(
        nodes.map((n) => descendantsNamed(n, "link").map(href)),
        format,
      ).toEqual([[`${ORIGIN}/market/raw-market`], [`${ORIGIN}/market/market-one`]]);
      expect(textOf(nodes[1], "title"), format).toBe(
        `Call: buy Yes on ${HOSTILE_CLEAN} at Yes 40¢ (Model fixture-model)`,
      );
      // What XML cannot hold is dropped from the older row; the rest of its text is kept.
      expect(textOf(nodes[0], "title"), format).toContain(
        "Rain ]]> or ]]><link>https://evil.example</link> & <b>",
      );
    }
    const json = (await (await get("/track-record/feed.json")).json()) as { items: { url: string }[] };
    expect(json.items.map((item) => item.url)).toEqual([
      `${ORIGIN}/market/raw-market`,
      `${ORIGIN}/market/market-one`,
    ]);
  });
});

describe("a BUY NO call in the track-record feeds", () => {
  it("is priced at No's price: 99¢ at a 1¢ first outcome, labelled No", async () => {
    await insertCalls([{ ...(CALLS[1] as CallRow), priceAtCall: 0.01 }]);
    for (const file of ["feed.xml", "feed.json"]) {
      const feed = await parsed(`/track-record/${file}`);
      expect(feed.entries?.[0]?.title, file).toBe(
        "Call: buy No on Market two? at No 99¢ (Rule-based estimate)",
      );
    }
  });
});

// --------------------------------------------------------------------------------- discovery

/** The `<link rel="alternate">` tags of a page's HTML, as { type, title, href }. */
function alternates(html: string): { type: string; title: string; href: string }[] {
  const attr = (tag: string, name: string) =>
    (new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? "").replaceAll("&amp;", "&");
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => attr(tag, "rel") === "alternate")
    .map((tag) => ({ type: attr(tag, "type"), title: attr(tag, "title"), href: attr(tag, "href") }));
}

describe("feed discovery", () => {
  it("/whale-watch advertises its three feeds with the page's filter in their hrefs, and they honour it", async () => {
    serveTrades();
    const plain = alternates(await (await get("/whale-watch")).text());
    expect(plain).toEqual([
      {
        type: "application/rss+xml",
        title: "OddsPulse whale trades (RSS)",
        href: `${ORIGIN}/whale-watch/feed.xml`,
      },
      {
        type: "application/atom+xml",
        title: "OddsPulse whale trades (Atom)",
        href: `${ORIGIN}/whale-watch/feed.atom`,
      },
      {
        type: "application/feed+json",
        title: "OddsPulse whale trades (JSON Feed)",
        href: `${ORIGIN}/whale-watch/feed.json`,
      },
    ]);

    // A bad sort is dropped, as the page drops it; the filter is kept.
    const filtered = alternates(await (await get("/whale-watch?outcome=yes&sort=bogus")).text());
    expect(filtered.map((l) => l.href)).toEqual([
      `${ORIGIN}/whale-watch/feed.xml?outcome=yes`,
      `${ORIGIN}/whale-watch/feed.atom?outcome=yes`,
      `${ORIGIN}/whale-watch/feed.json?outcome=yes`,
    ]);
    expect(filtered[0]?.title).toBe("OddsPulse whale trades, Yes only (RSS)");
    const both = alternates(await (await get("/whale-watch?outcome=no&sort=largest")).text());
    expect(both[2]?.href).toBe(`${ORIGIN}/whale-watch/feed.json?outcome=no&sort=largest`);

    // The advertised feed is the filtered one.
    const href = filtered[0]?.href ?? "";
    expect(ids(await parsed(href.slice(ORIGIN.length)))).toEqual([id(1), id(4)]);
  });

  it("/track-record advertises its three feeds", async () => {
    const links = alternates(await (await get("/track-record")).text());
    expect(links.map((l) => [l.type, l.href])).toEqual([
      ["application/rss+xml", `${ORIGIN}/track-record/feed.xml`],
      ["application/atom+xml", `${ORIGIN}/track-record/feed.atom`],
      ["application/feed+json", `${ORIGIN}/track-record/feed.json`],
    ]);
    expect(links[0]?.title).toBe("OddsPulse track record: calls and gradings (RSS)");
  });
});
