import { describe, expect, it } from "vitest";
import { formatPoints, formatTimeLeft } from "~/lib/format";
import {
  biggestMovers,
  closingSoonest,
  marketIntelligence,
  sentimentImpliedYes,
  volumeByCategory,
  widestSentimentGaps,
} from "~/lib/insights/market-intelligence";
import {
  confidenceDistribution,
  mostBearish,
  mostBullish,
  mostMentioned,
  sentimentInsights,
} from "~/lib/insights/sentiment-analysis";
import { pageProvenance } from "~/lib/insights/shared";
import type { DisplayMarket, MarketSnapshot } from "~/lib/types";
import { makeDisplayMarket } from "../support/markets";

const NOW = Date.parse("2026-11-22T12:00:00Z");

const market = makeDisplayMarket;

function snapshot(markets: DisplayMarket[], extra: Partial<MarketSnapshot> = {}): MarketSnapshot {
  return {
    events: [],
    markets,
    totalMentions: 1234,
    provenance: {
      markets: { kind: "live", by: "Polymarket", at: "2026-11-22T11:48:00Z" },
      mentions: { kind: "estimated", method: "topic baselines" },
      sentiment: { kind: "estimated", method: "24h price moves" },
    },
    fetchedAt: "2026-11-22T11:48:00Z",
    ...extra,
  };
}

const ids = (list: readonly { id: string }[]) => list.map((m) => m.id);

// A stand-in for the pipeline's deriveKeyword: the first word is the topic.
const firstWord = (title: string) => title.split(" ")[0] ?? "";

describe("mostMentioned", () => {
  it("groups markets by topic, ranks topics by count, leads with the highest-volume market", () => {
    const markets = [
      market({ id: "t1", title: "Trump wins A", mentions: 900, volume: 10 }),
      market({ id: "t2", title: "Trump wins B", mentions: 900, volume: 500, trending: true }),
      market({ id: "b1", title: "Bitcoin 100k", mentions: 4000, volume: 5 }),
      market({ id: "q1", title: "Quiet market", mentions: 0 }),
      market({ id: "g1", title: "Gold 3000", mentions: 900, volume: 20 }),
    ];
    const topics = mostMentioned(markets, firstWord);
    expect(topics.map((t) => [t.topic, t.mentions, t.marketCount, t.lead.id, t.trending])).toEqual([
      ["Bitcoin", 4000, 1, "b1", false],
      // Equal counts: the topic whose lead has more volume first.
      ["Trump", 900, 2, "t2", true],
      ["Gold", 900, 1, "g1", false],
    ]);
  });

  it("honours the limit and says estimated when any market of the topic is estimated", () => {
    const markets = [
      market({ id: "a", title: "A x", mentions: 3, mentionsSource: "live" }),
      market({ id: "a2", title: "A y", mentions: 3, mentionsSource: "estimated" }),
      market({ id: "b", title: "B x", mentions: 2, mentionsSource: "live" }),
      market({ id: "c", title: "C x", mentions: 1, mentionsSource: "live" }),
    ];
    const topics = mostMentioned(markets, firstWord, 2);
    expect(topics.map((t) => [t.topic, t.source])).toEqual([
      ["A", "estimated"],
      ["B", "live"],
    ]);
  });

  it("is empty for no markets", () => {
    expect(mostMentioned([], firstWord)).toEqual([]);
  });
});

describe("mostBullish / mostBearish", () => {
  const markets = [
    market({ id: "up1", score: 45, confidence: 70 }),
    market({ id: "up2", score: 60, confidence: 80 }),
    market({ id: "up3", score: 45, confidence: 75 }),
    market({ id: "flat", score: 0 }),
    market({ id: "slightly-up", score: 5 }),
    market({ id: "edge-up", score: 20 }),
    market({ id: "edge-down", score: -20 }),
    market({ id: "slightly-down", score: -4 }),
    market({ id: "down1", score: -38 }),
    market({ id: "down2", score: -72, volume: 10 }),
    market({ id: "down3", score: -72, volume: 99 }),
  ];

  it("ranks positive-tone scores (above 20) only, highest first, ties by confidence", () => {
    expect(ids(mostBullish(markets))).toEqual(["up2", "up3", "up1"]);
    expect(ids(mostBullish(markets, 1))).toEqual(["up2"]);
  });

  it("ranks negative-tone scores (below -20) only, lowest first, ties by volume", () => {
    expect(ids(mostBearish(markets))).toEqual(["down3", "down2", "down1"]);
  });

  it("never lists a neutral market", () => {
    const neutral = [
      market({ id: "n", score: 0 }),
      market({ id: "n+", score: 5 }),
      market({ id: "n-", score: -5 }),
    ];
    expect(mostBullish(neutral)).toEqual([]);
    expect(mostBearish(neutral)).toEqual([]);
  });
});

describe("confidenceDistribution", () => {
  it("counts rounded confidences into ten-point buckets, with everything below 50 together", () => {
    const buckets = confidenceDistribution([
      market({ id: "a", confidence: 12 }),
      market({ id: "b", confidence: 49.4 }),
      market({ id: "c", confidence: 49.6 }),
      market({ id: "d", confidence: 65 }),
      market({ id: "e", confidence: 65 }),
      market({ id: "f", confidence: 100 }),
      market({ id: "g", confidence: 90 }),
      market({ id: "h", confidence: Number.NaN }),
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

  it("has every bucket at zero for no markets", () => {
    expect(confidenceDistribution([]).every((b) => b.count === 0)).toBe(true);
  });
});

describe("volumeByCategory", () => {
  it("sums volume per category, lets a market count in several, and collects the rest as Other", () => {
    const rows = volumeByCategory([
      market({ id: "1", title: "Will Bitcoin reach $100k?", volume: 300 }),
      market({ id: "2", title: "Will Trump impose sanctions on China?", volume: 200 }),
      market({ id: "3", title: "Will the Chiefs win the Super Bowl?", volume: 1000 }),
      market({ id: "4", title: "Something unrelated", volume: 7 }),
      market({ id: "5", title: "Untitled", volume: 5, tags: ["Crypto"] }),
    ]);
    expect(rows.map((r) => [r.label, r.volume, r.marketCount])).toEqual([
      ["Sports", 1000, 1],
      ["Crypto", 305, 2],
      ["International", 200, 1],
      ["Politics", 200, 1],
      ["Other", 7, 1],
    ]);
  });

  it("is empty for no markets", () => {
    expect(volumeByCategory([])).toEqual([]);
  });
});

describe("biggestMovers", () => {
  it("ranks by absolute 24h change either way and leaves unchanged markets out", () => {
    const movers = biggestMovers([
      market({ id: "small", priceChange24h: 0.5 }),
      market({ id: "drop", priceChange24h: -20 }),
      market({ id: "jump", priceChange24h: 11.75 }),
      market({ id: "still", priceChange24h: 0 }),
      market({ id: "bad", priceChange24h: Number.NaN }),
    ]);
    expect(ids(movers)).toEqual(["drop", "jump", "small"]);
  });
});

describe("sentiment vs price gap", () => {
  it("maps the score onto an implied probability of 50 + score / 2, kept in 0..100", () => {
    expect(sentimentImpliedYes(0)).toBe(50);
    expect(sentimentImpliedYes(60)).toBe(80);
    expect(sentimentImpliedYes(-60)).toBe(20);
    expect(sentimentImpliedYes(250)).toBe(100);
    expect(sentimentImpliedYes(Number.NaN)).toBe(50);
  });

  it("ranks markets with a BUY call by |implied − price|, signed positive when sentiment is more bullish", () => {
    const gaps = widestSentimentGaps([
      market({ id: "long-shot-yes", yesPrice: 10, score: 50, recommendation: "BUY_YES" }), // 75 − 10 = 65
      market({ id: "favourite-no", yesPrice: 90, score: -40, recommendation: "BUY_NO" }), // 30 − 90 = −60
      market({ id: "agreeing", yesPrice: 72, score: 44, recommendation: "BUY_YES" }), // 72 − 72 = 0
      market({ id: "neutral-long-shot", yesPrice: 1, score: 0, recommendation: "NEUTRAL" }),
    ]);
    expect(gaps.map((g) => [g.market.id, g.impliedYes, g.gap])).toEqual([
      ["long-shot-yes", 75, 65],
      ["favourite-no", 30, -60],
      ["agreeing", 72, 0],
    ]);
  });
});

describe("closingSoonest", () => {
  it("lists end dates after now, soonest first, and skips past, missing and invalid dates", () => {
    const closing = closingSoonest(
      [
        market({ id: "later", endDate: "2026-12-31T00:00:00Z" }),
        market({ id: "past", endDate: "2026-11-22T11:59:59Z" }),
        market({ id: "exactly-now", endDate: "2026-11-22T12:00:00Z" }),
        market({ id: "soon", endDate: "2026-11-22T14:30:00Z" }),
        market({ id: "none", endDate: null }),
        market({ id: "junk", endDate: "not a date" }),
      ],
      NOW,
    );
    expect(closing.map((c) => [c.market.id, c.msLeft])).toEqual([
      ["soon", 2.5 * 3_600_000],
      ["later", Date.parse("2026-12-31T00:00:00Z") - NOW],
    ]);
  });

  it("depends on the now it is given, not the clock", () => {
    const markets = [market({ id: "m", endDate: "2030-01-01T00:00:00Z" })];
    expect(closingSoonest(markets, Date.parse("2031-01-01T00:00:00Z"))).toEqual([]);
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

  it("writes UTC dates the same everywhere", () => {});
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
  const markets = [
    market({ id: "a", title: "Bitcoin above 100k", score: 50, recommendation: "BUY_YES", mentions: 3000 }),
    market({ id: "b", title: "Trump visits Mars", score: -40, recommendation: "BUY_NO", mentions: 800 }),
    market({ id: "c", title: "Trump wins", score: 0, mentions: 800, priceChange24h: 3 }),
  ];

  it("sentimentInsights counts calls and topics and keeps only summaries", () => {
    const s = sentimentInsights(snapshot(markets), firstWord, NOW);
    expect(s.marketCount).toBe(3);
    expect(s.totalMentions).toBe(1234);
    expect([s.bullishCount, s.bearishCount, s.neutralCount]).toEqual([1, 1, 1]);
    expect(s.topicCount).toBe(2);
    expect(s.topics.map((t) => [t.topic, t.marketCount])).toEqual([
      ["Bitcoin", 1],
      ["Trump", 2],
    ]);
    expect(ids(s.mostBullish)).toEqual(["a"]);
    expect(ids(s.mostBearish)).toEqual(["b"]);
    expect(Object.keys(s.mostBullish[0] ?? {})).not.toContain("image");
  });

  it("marketIntelligence sums volume, liquidity and lists what the page shows", () => {
    const m = marketIntelligence(snapshot(markets), NOW);
    expect([m.marketCount, m.liveCount, m.totalVolume, m.volume24h, m.liquidity]).toEqual([
      3, 3, 3000, 300, 150,
    ]);
    expect(ids(m.movers)).toEqual(["c"]);
    expect(m.gaps.map((g) => g.market.id)).toEqual(["a", "b"]);
    expect(m.closing[0]).toEqual({
      market: expect.objectContaining({ id: "a" }),
      endDate: "Jan 1, 2027",
      closesIn: "in 39 days",
    });
  });

  it("copes with an empty snapshot", () => {
    const s = sentimentInsights(snapshot([]), firstWord, NOW);
    expect([s.marketCount, s.topics.length, s.averageConfidence]).toEqual([0, 0, 0]);
    const m = marketIntelligence(snapshot([]), NOW);
    expect([m.categories, m.movers, m.gaps, m.closing]).toEqual([[], [], [], []]);
  });
});
