/** The sentiment-analysis page's aggregates of one market snapshot (pure). */
import { dashboardCounts, sentimentTone } from "../sentiment";
import type { DisplayMarket, MarketSnapshot, MentionsSource } from "../types";
import {
  byVolumeThenId,
  finite,
  INSIGHT_LIST_LENGTH,
  type MarketSummary,
  type PageProvenance,
  pageProvenance,
  summarise,
} from "./shared";

export interface TopicMentions {
  /** The X search topic the count belongs to. */
  topic: string;
  mentions: number;
  trending: boolean;
  source: MentionsSource;
  /** Markets in the snapshot that share this topic (and so this count). */
  marketCount: number;
  /** The topic's highest-volume market, shown as its example. */
  lead: DisplayMarket;
}

/**
 * Most-mentioned markets, one row per mention topic. X counts are fetched per topic derived from the
 * title (SPEC §5: every "Trump" market shares "Trump 2024"), so ranking markets one by one would list
 * the same count many times over; grouping says what was actually counted. `topicOf` is the same
 * title → keyword function the mentions pipeline uses.
 */
export function mostMentioned(
  markets: readonly DisplayMarket[],
  topicOf: (title: string) => string,
  limit = INSIGHT_LIST_LENGTH,
): TopicMentions[] {
  const groups = new Map<string, TopicMentions>();
  for (const market of [...markets].sort(byVolumeThenId)) {
    const topic = topicOf(market.title);
    const group = groups.get(topic);
    if (group) {
      group.marketCount += 1;
      group.mentions = Math.max(group.mentions, finite(market.sentiment.twitterBuzz));
      group.trending ||= market.twitterTrending;
      if (market.mentionsSource === "estimated") group.source = "estimated";
    } else {
      // Sorted by volume, so the first market of a topic is its lead.
      groups.set(topic, {
        topic,
        mentions: finite(market.sentiment.twitterBuzz),
        trending: market.twitterTrending,
        source: market.mentionsSource,
        marketCount: 1,
        lead: market,
      });
    }
  }
  return [...groups.values()]
    .filter((g) => g.mentions > 0)
    .sort((a, b) => b.mentions - a.mentions || byVolumeThenId(a.lead, b.lead))
    .slice(0, limit);
}

/**
 * The markets of one tone, strongest score first (then confidence, volume, id). Only that tone
 * (SPEC §4: score beyond ±20), so a neutral estimate's small seeded score (−5..5) never lands a
 * market in the bullish or bearish list.
 */
function strongest(markets: readonly DisplayMarket[], tone: "positive" | "negative", limit: number) {
  const sign = tone === "positive" ? 1 : -1;
  return markets
    .filter((m) => sentimentTone(m.sentiment.score) === tone)
    .sort(
      (a, b) =>
        sign * (b.sentiment.score - a.sentiment.score) ||
        b.sentiment.confidence - a.sentiment.confidence ||
        byVolumeThenId(a, b),
    )
    .slice(0, limit);
}

/** Highest scores first, among markets of positive tone only. */
export function mostBullish(markets: readonly DisplayMarket[], limit = INSIGHT_LIST_LENGTH): DisplayMarket[] {
  return strongest(markets, "positive", limit);
}

/** Lowest scores first, among markets of negative tone only. */
export function mostBearish(markets: readonly DisplayMarket[], limit = INSIGHT_LIST_LENGTH): DisplayMarket[] {
  return strongest(markets, "negative", limit);
}

export interface ConfidenceBucket {
  /** "50–59%" etc. */
  label: string;
  /** Inclusive lower bound, percent. */
  min: number;
  /** Inclusive upper bound, percent. */
  max: number;
  count: number;
}

// Ten-point buckets where analyses actually fall (estimates are 50..90); below 50 is one bucket.
const CONFIDENCE_BOUNDS: ReadonlyArray<readonly [number, number]> = [
  [0, 49],
  [50, 59],
  [60, 69],
  [70, 79],
  [80, 89],
  [90, 100],
];

/** How many analyses fall in each confidence bucket (confidence rounded to a whole percent). */
export function confidenceDistribution(markets: readonly DisplayMarket[]): ConfidenceBucket[] {
  const buckets = CONFIDENCE_BOUNDS.map(([min, max]) => ({
    label: min === 0 ? "Below 50%" : `${min}–${max}%`,
    min,
    max,
    count: 0,
  }));
  for (const market of markets) {
    const confidence = Math.min(100, Math.max(0, Math.round(finite(market.sentiment.confidence))));
    const bucket = buckets.find((b) => confidence >= b.min && confidence <= b.max);
    if (bucket) bucket.count += 1;
  }
  return buckets;
}

export interface SentimentInsights {
  provenance: PageProvenance;
  marketCount: number;
  /** Each topic counted once (the snapshot's total). */
  totalMentions: number;
  topicCount: number;
  trendingTopicCount: number;
  topics: Array<Omit<TopicMentions, "lead"> & { lead: MarketSummary }>;
  bullishCount: number;
  bearishCount: number;
  neutralCount: number;
  averageConfidence: number;
  /** Markets whose analysis is the model's rather than an estimate. */
  modelAnalysed: number;
  confidence: ConfidenceBucket[];
  mostBullish: MarketSummary[];
  mostBearish: MarketSummary[];
}

/** Everything the sentiment-analysis page shows, from one snapshot. */
export function sentimentInsights(
  snapshot: MarketSnapshot,
  topicOf: (title: string) => string,
  now: number,
): SentimentInsights {
  const { markets } = snapshot;
  const counts = dashboardCounts(markets);
  const allTopics = mostMentioned(markets, topicOf, Number.POSITIVE_INFINITY);
  return {
    provenance: pageProvenance(snapshot, now),
    marketCount: markets.length,
    totalMentions: snapshot.totalMentions,
    topicCount: allTopics.length,
    trendingTopicCount: allTopics.filter((t) => t.trending).length,
    topics: allTopics.slice(0, INSIGHT_LIST_LENGTH).map((t) => ({ ...t, lead: summarise(t.lead) })),
    bullishCount: counts.bullish,
    bearishCount: counts.bearish,
    neutralCount: counts.neutral,
    averageConfidence: counts.averageConfidence,
    modelAnalysed: counts.modelAnalysed,
    confidence: confidenceDistribution(markets),
    mostBullish: mostBullish(markets).map(summarise),
    mostBearish: mostBearish(markets).map(summarise),
  };
}
