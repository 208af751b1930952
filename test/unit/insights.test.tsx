/**
 * The insight pages count events, not markets (decision 0004): an event with thirty buckets is one event, one
 * X count, one forecast, one mover row and one end date. Event cards are built by the real projection
 * (`toDisplayEvent`) from the test factories' events, so the pages read what the snapshot holds. Every
 * labelled branch of the panels is rendered below.
 */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deriveKeyword } from "~/.server/mentions/keywords";
import { estimateAnalysis } from "~/.server/sentiment/estimate";
import {
  AnalyticsPanel,
  OpportunitiesPanel,
  RiskPanel,
} from "~/components/insights/market-intelligence-view";
import { AiPanel, SocialPanel } from "~/components/insights/sentiment-analysis-view";
import { formatPoints, formatSigned, formatTimeLeft } from "~/lib/format";
import {
  biggestMovers,
  closingSoonest,
  marketIntelligence,
  modelForecastCount,
  volumeByCategory,
  widestForecastGaps,
} from "~/lib/insights/market-intelligence";
import {
  confidenceDistribution,
  mostBearish,
  mostBullish,
  mostMentioned,
  sentimentInsights,
} from "~/lib/insights/sentiment-analysis";
import { pageProvenance } from "~/lib/insights/shared";
import { mentionTotal } from "~/lib/mentions";
import type { DisplayEvent, EventAnalysis, MarketEvent, MarketSnapshot, MentionCount } from "~/lib/types";
import { displayEvent } from "../support/cards";
import { makeBucket, makeDisplayMarket, makeEvent, makeMarket } from "../support/markets";

const NOW = Date.parse("2026-11-22T12:00:00Z");

/**
 * An event's card as the snapshot holds it: the estimate unless `analysis` says otherwise, and its X count
 * of the query the build derives from its title.
 */
function card(
  event: MarketEvent,
  analysis: Partial<EventAnalysis> = {},
  mention?: MentionCount,
): DisplayEvent {
  const counted = mention && { ...mention, keyword: deriveKeyword(event.title) };
  return displayEvent(event, { ...estimateAnalysis(event), ...analysis }, counted, NOW);
}

/** A model's forecast: `probabilities` by outcome key, and a call when given. */
function model(
  probabilities: Record<string, number>,
  call: EventAnalysis["call"] = null,
  confidence = 70,
): Partial<EventAnalysis> {
  return { source: "test-model", probabilities, call, confidence, reasoning: "Because." };
}

function mention(mentions: number, trending = false): MentionCount {
  return { keyword: "", mentions, trending, source: trending ? "live" : "estimated" };
}

/**
 * "2026 NBA Champion": thirty buckets, each with $1M of volume; the event's own figures differ from the
 * buckets' sums (Gamma counts the event once), so a sum over buckets would show.
 */
function nbaEvent(): MarketEvent {
  // Each market ends with the event: the markets' own end dates are the event's (lib/market-state.ts).
  const endDate = "2027-06-30T00:00:00Z";
  const named = [
    makeBucket("celtics", "Boston Celtics", 32, { firstPriceChange24h: 0.06, volume: 1e6, endDate }),
    makeBucket("thunder", "Oklahoma City Thunder", 25, { firstPriceChange24h: -0.09, volume: 1e6, endDate }),
    makeBucket("lakers", "Los Angeles Lakers", 10, { firstPriceChange24h: 0.02, volume: 1e6, endDate }),
  ];
  const rest = Array.from({ length: 27 }, (_, i) =>
    makeBucket(`team-${i}`, `Team ${i}`, 1, { firstPriceChange24h: 0.005, volume: 1e6, endDate }),
  );
  return makeEvent("nba", [...named, ...rest], {
    title: "2026 NBA Champion",
    endDate: "2027-06-30T00:00:00Z",
    volume: 5_000_000,
    volume24h: 400_000,
    liquidity: 90_000,
    tags: [{ slug: "nba", label: "NBA" }],
  });
}

/** A one-market event: "BitBoy convicted?", Yes 40¢, down 20 points in 24 h. */
function bitboyEvent(): MarketEvent {
  const market = makeMarket({
    id: "bitboy",
    slug: "bitboy-convicted",
    firstPriceChange24h: -0.2,
    endDate: "2026-11-23T00:00:00Z",
  });
  return makeEvent("bitboy", [market], {
    title: "BitBoy convicted?",
    slug: "bitboy-convicted",
    endDate: "2026-11-23T00:00:00Z",
    volume: 200_000,
    volume24h: 20_000,
    liquidity: 5_000,
    tags: [{ slug: "crypto", label: "Crypto" }],
  });
}

/** A still one-market event: no move, no end date. */
function stillEvent(id: string, title: string, volume = 1000): MarketEvent {
  return makeEvent(id, [makeMarket({ id: `${id}-m`, slug: `${id}-m`, endDate: null })], {
    title,
    endDate: null,
    volume,
  });
}

/**
 * A snapshot of these event cards. Its market bodies are one per bucket (thirty-one for the NBA event and
 * BitBoy): what the pages used to count, and must not.
 */
function snapshot(events: DisplayEvent[], extra: Partial<MarketSnapshot> = {}): MarketSnapshot {
  const buckets = [...nbaEvent().markets, ...bitboyEvent().markets];
  return {
    events,
    markets: buckets.map((m) =>
      makeDisplayMarket({ id: m.id, title: m.title, mentions: 900, recommendation: "BUY_YES", score: 50 }),
    ),
    totalMentions: mentionTotal(events).total,
    provenance: {
      markets: { kind: "live", by: "Polymarket", at: "2026-11-22T11:48:00Z" },
      mentions: { kind: "estimated", method: "topic baselines" },
      sentiment: { kind: "estimated", method: "24h price moves" },
    },
    fetchedAt: "2026-11-22T11:48:00Z",
    ...extra,
  };
}

const ids = (list: readonly { id: string }[]) => list.map((e) => e.id);

describe("an event with many buckets counts once", () => {
  const nba = card(
    nbaEvent(),
    model({ celtics: 0.4 }, { marketId: "celtics", side: "buy_yes" }),
    mention(900),
  );
  const bitboy = card(bitboyEvent(), {}, mention(300));

  it("in the sentiment figures: one event, one call, one confidence, one count", () => {
    expect(nba.forecast.call?.recommendation).toBe("BUY_YES");
    // The estimate calls BitBoy's 20-point fall: buy no.
    expect(bitboy.forecast.call?.recommendation).toBe("BUY_NO");
    const s = sentimentInsights(snapshot([nba, bitboy]), NOW);
    expect([s.eventCount, s.bullishCount, s.bearishCount, s.neutralCount, s.modelAnalysed]).toEqual([
      2, 1, 1, 0, 1,
    ]);
    // 70 (the model) and 65 + 2.5 × (20 − 2) = 90 (the estimate's cap).
    expect(bitboy.forecast.confidence).toBe(90);
    expect(s.averageConfidence).toBe(80);
    expect(s.confidence.map((b) => b.count)).toEqual([0, 0, 0, 1, 0, 1]);
    expect(s.totalMentions).toBe(1200);
    expect(s.topics.map((t) => [t.topic, t.mentions, t.eventCount, t.lead.id])).toEqual([
      ["2026 NBA Champion", 900, 1, "nba"],
      ["BitBoy convicted", 300, 1, "bitboy"],
    ]);
  });

  it("in the market figures: the events' own volume, 24 h volume and liquidity, not their buckets' sums", () => {
    const m = marketIntelligence(snapshot([nba, bitboy]), NOW);
    expect([m.eventCount, m.liveCount]).toEqual([2, 2]);
    expect([m.totalVolume, m.volume24h, m.liquidity]).toEqual([5_200_000, 420_000, 95_000]);
    expect(m.categories.map((c) => [c.label, c.volume, c.eventCount])).toEqual([
      ["Sports", 5_000_000, 1],
      ["Crypto", 200_000, 1],
    ]);
    expect(m.closing.map((c) => [c.event.id, c.endDate, c.closesIn])).toEqual([
      ["bitboy", "Nov 23, 2026", "in 12 h"],
      ["nba", "Jun 30, 2027", "in 219 days"],
    ]);
  });
});

describe("mostMentioned", () => {
  it("one row per event with its own count; events that give one topic share a row with their number", () => {
    const events = [
      card(stillEvent("t1", "Presidential Election Winner 2028", 10), {}, mention(900)),
      card(stillEvent("t2", "Who wins the 2028 presidential election?", 500), {}, mention(900, true)),
      card(stillEvent("b1", "Bitcoin above 100k?", 5), {}, mention(4000)),
      card(stillEvent("q1", "Quiet event here?"), {}, mention(0)),
      card(stillEvent("g1", "Gold above 3000?", 20), {}, mention(900)),
    ];
    const topics = mostMentioned(events);
    expect(topics.map((t) => [t.topic, t.mentions, t.eventCount, t.lead.id, t.trending, t.source])).toEqual([
      ["Bitcoin", 4000, 1, "b1", false, "estimated"],
      // Equal counts: the topic whose lead event has more volume first; one estimated count makes it estimated.
      ["2028 presidential election", 900, 2, "t2", true, "estimated"],
      ["Gold above 3000", 900, 1, "g1", false, "estimated"],
    ]);
    expect(mostMentioned(events, 1).map((t) => t.topic)).toEqual(["Bitcoin"]);
  });

  it("is empty for no events", () => {
    expect(mostMentioned([])).toEqual([]);
  });
});

describe("mostBullish / mostBearish", () => {
  /** A card whose forecast scores `score` with `confidence` (the ranking reads only these). */
  const scored = (id: string, score: number, confidence = 65, volume = 1000) => {
    const c = card(stillEvent(id, `Event ${id}?`, volume));
    return { ...c, forecast: { ...c.forecast, score, confidence } };
  };
  const events = [
    scored("up1", 45, 70),
    scored("up2", 60, 80),
    scored("up3", 45, 75),
    scored("flat", 0),
    scored("edge-up", 20),
    scored("edge-down", -20),
    scored("down1", -38),
    scored("down2", -72, 65, 10),
    scored("down3", -72, 65, 99),
  ];

  it("ranks positive-tone scores (above 20) only, highest first, ties by confidence", () => {
    expect(ids(mostBullish(events))).toEqual(["up2", "up3", "up1"]);
    expect(ids(mostBullish(events, 1))).toEqual(["up2"]);
  });

  it("ranks negative-tone scores (below -20) only, lowest first, ties by volume", () => {
    expect(ids(mostBearish(events))).toEqual(["down3", "down2", "down1"]);
  });

  it("lists a bullish event with its call", () => {
    const nba = card(nbaEvent(), model({ celtics: 0.4 }, { marketId: "celtics", side: "buy_yes" }));
    const s = sentimentInsights(snapshot([nba]), NOW);
    expect(s.mostBullish.map((r) => [r.event.id, r.call?.outcome, r.call?.sidePrice])).toEqual([
      ["nba", "Yes · Boston Celtics", 0.32],
    ]);
    expect(s.mostBearish).toEqual([]);
  });
});

describe("confidenceDistribution", () => {
  it("counts each event's rounded confidence into ten-point buckets, everything below 50 together", () => {
    const at = (id: string, confidence: number) => {
      const c = card(stillEvent(id, `Event ${id}?`));
      return { ...c, forecast: { ...c.forecast, confidence } };
    };
    const buckets = confidenceDistribution([
      at("a", 12),
      at("b", 49.4),
      at("c", 49.6),
      at("d", 65),
      at("e", 65),
      at("f", 100),
      at("g", 90),
      at("h", Number.NaN),
    ]);
    expect(buckets.map((b) => [b.label, b.count])).toEqual([
      ["Below 50%", 3],
      ["50–59%", 1],
      ["60–69%", 2],
      ["70–79%", 0],
      ["80–89%", 0],
      ["90–100%", 2],
    ]);
  });
});

describe("volumeByCategory", () => {
  it("sums event volume per category (tags first, else title words), lets an event count in several", () => {
    const rows = volumeByCategory([
      card(stillEvent("1", "Will Bitcoin reach $100k?", 300)),
      card(stillEvent("2", "Will Trump impose sanctions on China?", 200)),
      card(nbaEvent()),
      card(stillEvent("4", "Something unrelated", 7)),
      card(
        makeEvent("5", [makeMarket({ id: "5m" })], {
          title: "Untitled",
          volume: 5,
          tags: [{ slug: "crypto", label: "Crypto" }],
        }),
      ),
    ]);
    expect(rows.map((r) => [r.label, r.volume, r.eventCount])).toEqual([
      ["Sports", 5_000_000, 1],
      ["Crypto", 305, 2],
      ["International", 200, 1],
      ["Politics", 200, 1],
      ["Other", 7, 1],
    ]);
  });

  it("is empty for no events", () => {
    expect(volumeByCategory([])).toEqual([]);
  });
});

describe("biggestMovers", () => {
  it("one row per event: its outcome that moved most, named; events that did not move are left out", () => {
    const movers = biggestMovers([
      card(nbaEvent()),
      card(bitboyEvent()),
      card(stillEvent("still", "Still?")),
      card(makeEvent("small", [makeMarket({ id: "small-m", firstPriceChange24h: 0.005 })])),
    ]);
    expect(
      movers.map((m) => [m.event.id, m.outcome.label, m.outcome.price, m.outcome.priceChange24h]),
    ).toEqual([
      // A one-market event's sides move alike: it is named by its first.
      ["bitboy", "Yes", 0.4, -20],
      // Of the thirty buckets, the Thunder's 9-point fall, not the Celtics' rise nor the other 29 buckets.
      ["nba", "Oklahoma City Thunder", 0.25, -9],
      ["small", "Yes", 0.4, 0.5],
    ]);
    expect(biggestMovers([card(nbaEvent()), card(bitboyEvent())], 1).map((m) => m.event.id)).toEqual([
      "bitboy",
    ]);
  });
});

describe("the gap between the model's forecast and the market price", () => {
  it("takes each event's widest gap from its forecast's probabilities, widest first, signed", () => {
    // Celtics 40% vs 32¢ (+8), Thunder 10% vs 25¢ (−15), Lakers 12% vs 10¢ (+2): the Thunder's −15.
    const nba = card(nbaEvent(), model({ celtics: 0.4, thunder: 0.1, lakers: 0.12 }));
    // Yes 70% vs 40¢, No 30% vs 60¢: ±30, named by the side the model favours.
    const bitboy = card(bitboyEvent(), model({ "bitboy:0": 0.7, "bitboy:1": 0.3 }));
    const estimated = card(stillEvent("est", "Estimated?"));
    const gaps = widestForecastGaps([nba, bitboy, estimated]);
    expect(
      gaps.map((g) => [g.event.id, g.label, Math.round(g.model), Math.round(g.market), Math.round(g.gap)]),
    ).toEqual([
      ["bitboy", "Yes", 70, 40, 30],
      ["nba", "Oklahoma City Thunder", 10, 25, -15],
    ]);
    expect(modelForecastCount([nba, bitboy, estimated])).toBe(2);
  });

  it("gives no gap when every forecast is an estimate (no probabilities), and says how many the model made", () => {
    const events = [card(nbaEvent()), card(bitboyEvent())];
    expect(events.every((e) => e.forecast.probabilities.length === 0)).toBe(true);
    expect(widestForecastGaps(events)).toEqual([]);
    const m = marketIntelligence(snapshot(events), NOW);
    expect([m.modelForecasts, m.gaps]).toEqual([0, []]);
  });
});

describe("closingSoonest", () => {
  it("one row per event by its end date after now, soonest first; past, missing and invalid dates skipped", () => {
    const ending = (id: string, endDate: string | null) => {
      const c = card(stillEvent(id, `Event ${id}?`));
      return { ...c, endDate };
    };
    const closing = closingSoonest(
      [
        ending("later", "2026-12-31T00:00:00Z"),
        ending("past", "2026-11-22T11:59:59Z"),
        ending("exactly-now", "2026-11-22T12:00:00Z"),
        ending("soon", "2026-11-22T14:30:00Z"),
        ending("none", null),
        ending("junk", "not a date"),
      ],
      NOW,
    );
    expect(closing.map((c) => [c.event.id, c.msLeft])).toEqual([
      ["soon", 2.5 * 3_600_000],
      ["later", Date.parse("2026-12-31T00:00:00Z") - NOW],
    ]);
    expect(closingSoonest([ending("m", "2030-01-01T00:00:00Z")], Date.parse("2031-01-01T00:00:00Z"))).toEqual(
      [],
    );
  });

  it("names the outcome each event leads with", () => {
    const m = marketIntelligence(snapshot([card(nbaEvent()), card(bitboyEvent())]), NOW);
    expect(m.closing.map((c) => [c.event.id, c.leader])).toEqual([
      ["bitboy", { label: "Yes", price: 0.4 }],
      ["nba", { label: "Boston Celtics", price: 0.32 }],
    ]);
  });
});

describe("formatting", () => {
  it("writes time left coarsely", () => {
    expect(formatTimeLeft(30_000)).toBe("in 1 min");
    expect(formatTimeLeft(45 * 60_000)).toBe("in 45 min");
    expect(formatTimeLeft(5 * 3_600_000)).toBe("in 5 h");
    expect(formatTimeLeft(38 * 86_400_000 + 5)).toBe("in 38 days");
  });

  it("writes signed points with one decimal", () => {
    expect(formatPoints(20)).toBe("+20.0 pts");
    expect(formatPoints(-14.14)).toBe("-14.1 pts");
    expect(formatPoints(0.04)).toBe("0.0 pts");
  });
});

describe("provenance", () => {
  it("carries the snapshot's provenance with its time", () => {
    const p = pageProvenance(snapshot([]), NOW);
    expect(p.markets).toEqual({ kind: "live", by: "Polymarket", at: "2026-11-22T11:48:00Z" });
    expect(p.asOf).toBe("11:48 UTC");
    expect(p.age).toBe("12 min ago");
    expect(p.failing).toBeNull();
  });

  it("says since when refreshes fail over real data, but not over the sample", () => {
    const failing = pageProvenance(snapshot([], { failingSince: "2026-11-22T11:55:00Z" }), NOW);
    expect(failing.failing).toEqual({ since: "2026-11-22T11:55:00Z", fetchedAt: "2026-11-22T11:48:00Z" });
    const sample = pageProvenance(
      snapshot([], {
        provenance: { ...snapshot([]).provenance, markets: { kind: "sample" } },
        failingSince: "2026-11-22T11:55:00Z",
      }),
      NOW,
    );
    expect(sample.failing).toBeNull();
  });
});

describe("page view models", () => {
  it("keep only what a row shows", () => {
    const events = [
      card(nbaEvent(), model({ celtics: 0.4 }, { marketId: "celtics", side: "buy_yes" }), mention(5)),
    ];
    const s = sentimentInsights(snapshot(events), NOW);
    const m = marketIntelligence(snapshot(events), NOW);
    const summary = {
      id: "nba",
      title: "2026 NBA Champion",
      slug: "event-nba",
      href: "/event/event-nba",
      multi: true,
      volume: 5_000_000,
    };
    expect(s.topics[0]?.lead).toEqual(summary);
    expect(s.mostBullish[0]?.event).toEqual(summary);
    expect(m.movers[0]).toEqual({
      event: summary,
      outcome: { label: "Oklahoma City Thunder", price: 0.25, priceChange24h: -9 },
    });
  });

  it("copes with an empty snapshot", () => {
    const s = sentimentInsights(snapshot([]), NOW);
    expect([s.eventCount, s.topics.length, s.averageConfidence, s.totalMentions]).toEqual([0, 0, 0, 0]);
    const m = marketIntelligence(snapshot([]), NOW);
    expect([m.eventCount, m.categories, m.movers, m.gaps, m.closing, m.modelForecasts]).toEqual([
      0,
      [],
      [],
      [],
      [],
      0,
    ]);
  });
});

/** The panels as the server renders them, as text and as markup (links checked in the markup). */
const render = (node: ReactNode) => renderToString(node).replaceAll("<!-- -->", "");
const decoded = (text: string) =>
  text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&").replaceAll("&#x27;", "'");
const textOf = (markup: string) => decoded(markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
/** Every link's href and text. */
const links = (markup: string) =>
  [...markup.matchAll(/<a[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(([, href, inner]) => [
    href,
    textOf(inner ?? "").trim(),
  ]);

/** A sample event (SPEC §8): no page, so `href` is "". */
function sampleEvent(): DisplayEvent {
  const event = makeEvent("sample", [makeMarket({ id: "sample-m" })], {
    title: "Sample: Bitcoin above 100k?",
    endDate: null,
  });
  return { ...card(event, {}, mention(700)), href: "" };
}

describe("the sentiment-analysis panels", () => {
  const electionA = card(stillEvent("t1", "Presidential Election Winner 2028", 10), {}, mention(900));
  const electionB = card(
    stillEvent("t2", "Who wins the 2028 presidential election?", 500),
    {},
    mention(900, true),
  );
  const nba = card(
    nbaEvent(),
    model({ celtics: 0.4 }, { marketId: "celtics", side: "buy_yes" }),
    mention(400),
  );
  const bitboy = card(bitboyEvent(), {}, mention(0));

  it("Social Sentiment: one row per topic, linked to the event; a sample event's title is plain text", () => {
    const data = sentimentInsights(snapshot([electionA, electionB, nba, bitboy, sampleEvent()]), NOW);
    const markup = render(<SocialPanel data={data} />);
    const text = textOf(markup);
    for (const line of [
      "X (Twitter) mention counts for the 5 events in the current snapshot.",
      // The two election events were one X query: its 900 counted once.
      "X mentions tracked 2,000 4 distinct queries, each counted once",
      "Events covered 5",
      "Most-mentioned events",
      "Who wins the 2028 presidential election? Polymarket (opens in a new tab) Topic “2028 presidential election” · 2 events Trending 900 mentions",
      "Sample: Bitcoin above 100k? Topic “Bitcoin” · 1 event 700 mentions",
      "2026 NBA Champion Polymarket (opens in a new tab) Topic “2026 NBA Champion” · 1 event 400 mentions",
    ]) {
      expect(text).toContain(line);
    }
    expect(links(markup)).toEqual([
      ["/market/t2-m", "Who wins the 2028 presidential election?"],
      ["https://polymarket.com/event/event-t2", "Polymarket (opens in a new tab)"],
      ["/event/event-nba", "2026 NBA Champion"],
      ["https://polymarket.com/event/event-nba", "Polymarket (opens in a new tab)"],
    ]);
    // BitBoy has no count: no row.
    expect(text).not.toContain("BitBoy");
  });

  it("Social Sentiment says when there are no events, or no counts", () => {
    const none = textOf(render(<SocialPanel data={sentimentInsights(snapshot([]), NOW)} />));
    expect(none).toContain("No events available right now.");
    const silent = sentimentInsights(snapshot([bitboy]), NOW);
    const text = textOf(render(<SocialPanel data={silent} />));
    expect(text).toContain("No X mentions counted for these events yet.");
    expect(text).not.toContain("No events available");
  });

  it("AI Analysis: events bullish, bearish and neutral, each list with its calls", () => {
    const data = sentimentInsights(snapshot([nba, bitboy, electionA]), NOW);
    const markup = render(<AiPanel data={data} />);
    const text = textOf(markup);
    for (const line of [
      "across the 3 events in the current snapshot",
      "Estimated forecasts are derived from each event's 24-hour price moves",
      "Bullish events (BUY YES) 1 33% of events",
      "Bearish events (BUY NO) 1 33% of events",
      "Neutral events 1 33% of events",
      "1 of 3 events forecast by the model",
      "Confidence distribution",
      `2026 NBA Champion Polymarket (opens in a new tab) BUY YES · Boston Celtics at 32¢ 70% confidence · $5M volume ${formatSigned(nba.forecast.score)} score`,
      `BitBoy convicted? Polymarket (opens in a new tab) BUY NO at 60¢ 90% confidence · $200K volume ${formatSigned(bitboy.forecast.score)} score`,
    ]) {
      expect(text).toContain(line);
    }
    expect(links(markup).map(([href]) => href)).toEqual([
      "/event/event-nba",
      "https://polymarket.com/event/event-nba",
      "/market/bitboy-convicted",
      "https://polymarket.com/event/bitboy-convicted",
    ]);
  });

  it("AI Analysis says when no event leans either way, and when there are no events", () => {
    const calm = textOf(render(<AiPanel data={sentimentInsights(snapshot([electionA]), NOW)} />));
    expect(calm.match(/No event leans this way right now\./g)).toHaveLength(2);
    const none = textOf(render(<AiPanel data={sentimentInsights(snapshot([]), NOW)} />));
    expect(none).toContain("No events available right now.");
  });
});

describe("the market-intelligence panels", () => {
  const nbaModel = card(nbaEvent(), model({ celtics: 0.4, thunder: 0.1, lakers: 0.12 }));
  const bitboyModel = card(bitboyEvent(), model({ "bitboy:0": 0.7, "bitboy:1": 0.3 }));
  const modelled = marketIntelligence(snapshot([nbaModel, bitboyModel]), NOW);
  const estimated = marketIntelligence(snapshot([card(nbaEvent()), card(bitboyEvent())]), NOW);
  const empty = marketIntelligence(snapshot([]), NOW);

  it("Market Analytics: event figures, categories by events, one mover row per event naming its outcome", () => {
    const markup = render(<AnalyticsPanel data={estimated} />);
    const text = textOf(markup);
    for (const line of [
      "of the 2 events in the current snapshot",
      "Events tracked 2 2 live",
      "Total volume $5.2M",
      "Sports (1)",
      "Crypto (1)",
      "BitBoy convicted? Polymarket (opens in a new tab) Yes 40¢ · $200K volume -20.0 pts 24h change",
      "2026 NBA Champion · Oklahoma City Thunder Polymarket (opens in a new tab) Now 25¢ · $5M volume -9.0 pts 24h change",
    ]) {
      expect(text).toContain(line);
    }
    expect(links(markup).filter(([href]) => href?.startsWith("/"))).toEqual([
      ["/market/bitboy-convicted", "BitBoy convicted?"],
      ["/event/event-nba", "2026 NBA Champion"],
    ]);
  });

  it("Market Analytics says when there are no events and nothing moved", () => {
    const text = textOf(render(<AnalyticsPanel data={empty} />));
    expect(text).toContain("No events available right now.");
    expect(text).toContain("No price moved in the last 24 hours.");
  });

  it("Opportunities: each event's widest gap between the model and the price", () => {
    const text = textOf(render(<OpportunitiesPanel data={modelled} />));
    expect(text).toContain(
      "BitBoy convicted? Polymarket (opens in a new tab) Yes: model 70% · price 40¢ · the model rates it above the price +30.0 pts gap",
    );
    expect(text).toContain(
      "2026 NBA Champion · Oklahoma City Thunder Polymarket (opens in a new tab) model 10% · price 25¢ · the model rates it below the price -15.0 pts gap",
    );
    expect(text).not.toContain("No model forecasts yet");
  });

  it("Opportunities says plainly when no event has a model forecast, and when there are no events", () => {
    const text = textOf(render(<OpportunitiesPanel data={estimated} />));
    expect(text).toContain(
      "No model forecasts yet: the current forecasts are estimates from 24-hour price moves, which give no probabilities, so there is no gap to show.",
    );
    expect(text).not.toContain(" pts gap");
    expect(textOf(render(<OpportunitiesPanel data={empty} />))).toContain("No events available right now.");
  });

  it("Risk Analysis: one row per event by its end date, with the outcome it leads with", () => {
    const text = textOf(render(<RiskPanel data={estimated} />));
    expect(text).toContain("Events closing soonest");
    expect(text).toContain(
      "BitBoy convicted? Polymarket (opens in a new tab) Ends Nov 23, 2026 · Yes 40¢ in 12 h",
    );
    expect(text).toContain(
      "2026 NBA Champion Polymarket (opens in a new tab) Ends Jun 30, 2027 · Boston Celtics leads at 32¢ in 219 days",
    );
    expect(textOf(render(<RiskPanel data={empty} />))).toContain(
      "No event in the snapshot has an end date ahead.",
    );
  });
});
