/** The feeds' entries (decision 0016): ids, wording, caps and the text safety of renderFeed. */
import { extractFromXml } from "@extractus/feed-extractor";
import { describe, expect, it } from "vitest";
import { entryUrn, renderFeed, textToHtml, xmlSafe } from "~/.server/feeds/build";
import { callEntry, gradeEntry, trackRecordFeed } from "~/.server/feeds/track-record";
import { whaleFeed } from "~/.server/feeds/whales";
import { feedAlternates, whaleFeedTitle } from "~/lib/feeds";
import type { Call } from "~/lib/track-record";
import type { WhaleTrade } from "~/lib/types";
import { DEFAULT_WHALE_VIEW } from "~/lib/whales";
import { V1_CALL_FIELDS } from "../support/track-calls";

const ORIGIN = "https://oddspulse.example";
const T = Date.parse("2026-11-22T12:00:00Z");

const call = (fields: Partial<Call>): Call => ({
  id: "m:src:1",
  marketId: "m",
  slug: "m",
  question: "Q?",
  category: "other",
  outcomes: ["Yes", "No"],
  side: "buy_yes",
  source: "estimate",
  calledAt: T,
  priceAtCall: 0.25,
  modelProbability: null,
  endDate: null,
  outcome: null,
  settledAt: null,
  ...V1_CALL_FIELDS,
  ...fields,
});

describe("text safety", () => {
  it("drops characters XML 1.0 forbids and escapes HTML", () => {
    expect(xmlSafe("a\u0000b\u0007c\td\ne\uD800f")).toBe("abc\td\nef");
    expect(textToHtml(`<b> & "x" 'y'`)).toBe("&lt;b&gt; &amp; &quot;x&quot; &#39;y&#39;");
  });

  it("a control character in upstream text does not break the XML", () => {
    const meta = {
      title: "T",
      description: "D",
      link: `${ORIGIN}/x`,
      links: { rss: `${ORIGIN}/x.xml`, atom: `${ORIGIN}/x.atom`, json: `${ORIGIN}/x.json` },
      updated: new Date(T),
    };
    const entry = {
      id: "urn:oddspulse:x:1",
      title: "bad\u0001title",
      link: `${ORIGIN}/y`,
      date: new Date(T),
      summary: "s\u0002",
    };
    for (const format of ["rss", "atom"] as const) {
      expect(extractFromXml(renderFeed(format, meta, [entry])).entries?.[0]?.id).toBe("urn:oddspulse:x:1");
    }
  });

  it("entry ids are URNs that keep colons and slashes and encode the rest", () => {
    expect(entryUrn("call", "517310:x-ai/grok-4:2970000")).toBe(
      "urn:oddspulse:call:517310:x-ai/grok-4:2970000",
    );
    expect(entryUrn("trade", "a b#c?")).toBe("urn:oddspulse:trade:a%20b%23c%3F");
  });
});

describe("track-record entries", () => {
  it("a buy-no call is priced at what it buys (1 − the first outcome's price), named", () => {
    expect(callEntry(call({ side: "buy_no", modelProbability: 0.1 }), ORIGIN)).toMatchObject({
      id: "urn:oddspulse:call:m:src:1",
      title: "Call: buy No on Q? at No 75¢ (Rule-based estimate)",
      link: `${ORIGIN}/market/m`,
      summary:
        'Rule-based estimate called buy No on "Q?" at No 75¢, when Yes traded at 25¢. The model put Yes at 10%. Entry price 75¢, call rules v1.',
    });
    // At a 1¢ first outcome, No cost 99¢.
    expect(callEntry(call({ side: "buy_no", priceAtCall: 0.01 }), ORIGIN).title).toBe(
      "Call: buy No on Q? at No 99¢ (Rule-based estimate)",
    );
    expect(callEntry(call({ side: "buy_yes", priceAtCall: 0.01 }), ORIGIN).title).toBe(
      "Call: buy Yes on Q? at Yes 1¢ (Rule-based estimate)",
    );
    expect(callEntry(call({ side: "hold", priceAtCall: 0.38 }), ORIGIN).title).toBe(
      "Call: neutral on Q? with Yes at 38¢ (Rule-based estimate)",
    );
  });

  it("an event's call names the event and the outcome called, its entry price and rule version, and its score", () => {
    const onEvent = call({
      side: "buy_no",
      priceAtCall: 0.4,
      ruleVersion: 2,
      sidePrice: 0.6,
      eventTitle: "Who wins?",
      callOutcome: "No · Bob",
    });
    const entry = callEntry(onEvent, ORIGIN);
    expect(entry.title).toBe("Call: buy No · Bob on Who wins? at No 60¢ (Rule-based estimate)");
    expect(entry.summary).toContain('called buy No · Bob on "Who wins?" at No 60¢');
    expect(entry.summary).toContain("Entry price 60¢, call rules v2.");
    const scored = {
      ...onEvent,
      outcome: "no" as const,
      settledAt: T + 1,
      score: {
        state: "scored" as const,
        winner: 0,
        brier: 0.38,
        logScore: Math.LN2,
        marketBrier: 0.6116,
        marketLogScore: 1.0116,
      },
    };
    const grade = gradeEntry(scored, ORIGIN);
    expect(grade?.title).toBe("Graded: buy No · Bob on Who wins?: hit, No won, +$0.67 per $1");
    expect(grade?.summary).toContain(
      "The forecast scored Brier 0.380 (log 0.693) against the market's Brier 0.612 (log 1.012). Entry price 60¢, call rules v2.",
    );
  });

  it("a market's own outcome labels name the price and the winner", () => {
    const teams = { outcomes: ["Lakers", "Celtics"], priceAtCall: 0.4 } as const;
    expect(callEntry(call({ ...teams, side: "buy_no" }), ORIGIN).title).toBe(
      "Call: buy No on Q? at Celtics 60¢ (Rule-based estimate)",
    );
    expect(callEntry(call({ ...teams, side: "hold" }), ORIGIN).title).toBe(
      "Call: neutral on Q? with Lakers at 40¢ (Rule-based estimate)",
    );
    expect(
      gradeEntry(call({ ...teams, side: "buy_no", outcome: "no", settledAt: T + 1 }), ORIGIN)?.title,
    ).toBe("Graded: buy No on Q?: hit, Celtics won, +$0.67 per $1");
  });

  it("gradings say hit or miss with the paper return; holds and voids have none; pending has no entry", () => {
    const graded = (fields: Partial<Call>) =>
      gradeEntry(call({ settledAt: T + 1, ...fields }), ORIGIN)?.title;
    expect(graded({ outcome: "yes" })).toBe("Graded: buy Yes on Q?: hit, Yes won, +$3.00 per $1");
    expect(graded({ outcome: "no" })).toBe("Graded: buy Yes on Q?: miss, No won, -$1.00 per $1");
    expect(graded({ side: "hold", outcome: "no" })).toBe(
      "Graded: neutral on Q?: No won, no stake (neutral call)",
    );
    expect(graded({ outcome: "void" })).toBe("Graded: buy Yes on Q?: void (50/50), not counted");
    expect(gradeEntry(call({}), ORIGIN)).toBeNull();
  });

  it("newest first with a grading before a call at the same moment; a call without a slug links to the record", () => {
    const { entries, meta } = trackRecordFeed(
      [call({ id: "a", slug: null, outcome: "yes", settledAt: T + 5 }), call({ id: "b", calledAt: T + 5 })],
      ORIGIN,
      0,
    );
    expect(entries.map((e) => e.id)).toEqual([
      "urn:oddspulse:grade:a",
      "urn:oddspulse:call:b",
      "urn:oddspulse:call:a",
    ]);
    expect(entries[0]?.link).toBe(`${ORIGIN}/track-record`);
    expect(meta.updated.getTime()).toBe(T + 5);
  });
});

describe("whale feed", () => {
  const trade = (n: number, fields: Partial<WhaleTrade> = {}): WhaleTrade => ({
    id: `0x${n}:1`,
    marketId: `c${n}`,
    title: `M${n}`,
    outcome: "YES",
    outcomeLabel: "Yes",
    side: "BUY",
    size: 100_000,
    price: 0.6,
    timestamp: T - n * 1000,
    trader: {
      wallet: "0x6d2012a3b4c5d6e7f8091a2b3c4d5e6f7a8ba165",
      name: null,
      rank: null,
      pnl: null,
      volume: null,
      period: null,
    },
    eventSlug: null,
    marketSlug: null,
    ...fields,
  });

  it("caps at 50 entries; the feed's time is its newest entry's, whatever the sort", () => {
    const trades = Array.from({ length: 60 }, (_, i) => trade(i, { size: 100_000 + i }));
    const { entries, meta } = whaleFeed(
      { trades, fetchedAt: "" },
      { ...DEFAULT_WHALE_VIEW, outcome: "all", sort: "largest" },
      ORIGIN,
      0,
    );
    expect(entries).toHaveLength(50);
    expect(entries[0]?.id).toBe("urn:oddspulse:trade:0x59:1");
    // The 50 largest are trades 10–59: the newest of those, not of the whole snapshot.
    expect(meta.updated.getTime()).toBe(T - 10_000);
    expect(meta.links.rss).toBe(`${ORIGIN}/whale-watch/feed.xml?sort=largest`);
  });

  it("a trade without a market page links to its Polymarket event, else to Whale Watch", () => {
    const view = { ...DEFAULT_WHALE_VIEW, outcome: "all", sort: "newest" } as const;
    const { entries } = whaleFeed(
      { trades: [trade(1, { eventSlug: "ev" }), trade(2)], fetchedAt: "" },
      view,
      ORIGIN,
      0,
    );
    expect(entries.map((e) => e.link)).toEqual(["https://polymarket.com/event/ev", `${ORIGIN}/whale-watch`]);
    expect(whaleFeed({ trades: [], fetchedAt: "" }, view, ORIGIN, 7).meta.updated.getTime()).toBe(7);
  });

  it("titles name the view; alternates carry it", () => {
    expect(whaleFeedTitle({ ...DEFAULT_WHALE_VIEW, outcome: "no", sort: "largest" })).toBe(
      "OddsPulse whale trades, No only, largest first",
    );
    expect(feedAlternates(ORIGIN, "/whale-watch", "W", "?outcome=no")[1]).toEqual({
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: "W (Atom)",
      href: `${ORIGIN}/whale-watch/feed.atom?outcome=no`,
    });
  });
});
