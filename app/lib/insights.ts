/**
 * Aggregates of one market snapshot for the sentiment-analysis and market-intelligence pages.
 * Pure: time comes in as `now`, and ties are broken by volume then id so the same snapshot always
 * gives the same lists (server and browser agree, tests are exact).
 */
import { CATEGORIES, type Category, type CategorySlug, matchesCategory } from "./categories";
import { formatAge, formatClockUtc, formatDate } from "./format";
import type { SnapshotProvenance } from "./provenance";
import { dashboardCounts, sentimentTone } from "./sentiment";
import type { DisplayMarket, MarketSnapshot, MentionsSource, Recommendation } from "./types";

/** Length of every ranked list on the pages. */
export const INSIGHT_LIST_LENGTH = 5;

// ---------------------------------------------------------------- ordering

/** Higher volume first, then id: the tie-break of every ranking below. */
function byVolumeThenId(a: DisplayMarket, b: DisplayMarket): number {
  return b.volume - a.volume || a.id.localeCompare(b.id);
}

function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

// ---------------------------------------------------------------- mentions

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

// ---------------------------------------------------------------- sentiment

/**
 * Highest scores first, among markets of positive tone only (SPEC §4: score above 20), so a neutral
 * estimate's small seeded score (−5..5) never lands a market in the bullish list.
 */
export function mostBullish(markets: readonly DisplayMarket[], limit = INSIGHT_LIST_LENGTH): DisplayMarket[] {
  return markets
    .filter((m) => sentimentTone(m.sentiment.score) === "positive")
    .sort(
      (a, b) =>
        b.sentiment.score - a.sentiment.score ||
        b.sentiment.confidence - a.sentiment.confidence ||
        byVolumeThenId(a, b),
    )
    .slice(0, limit);
}

/** Lowest scores first, among markets of negative tone only (score below −20). */
export function mostBearish(markets: readonly DisplayMarket[], limit = INSIGHT_LIST_LENGTH): DisplayMarket[] {
  return markets
    .filter((m) => sentimentTone(m.sentiment.score) === "negative")
    .sort(
      (a, b) =>
        a.sentiment.score - b.sentiment.score ||
        b.sentiment.confidence - a.sentiment.confidence ||
        byVolumeThenId(a, b),
    )
    .slice(0, limit);
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

// ---------------------------------------------------------------- market analytics

export interface CategoryVolume {
  slug: CategorySlug | "other";
  label: string;
  /** Total traded volume of the category's markets, dollars. */
  volume: number;
  marketCount: number;
}

/**
 * Total volume per category of SPEC §5 (the header's filter), biggest first; categories without a
 * market are left out, and markets in no category form "Other". A market can sit in several
 * categories ("Trump tariffs on China": Politics and International), so the rows can add up to more
 * than the snapshot's total.
 */
export function volumeByCategory(
  markets: readonly DisplayMarket[],
  categories: readonly Category[] = CATEGORIES,
): CategoryVolume[] {
  const rows: CategoryVolume[] = categories.map((c) => ({
    slug: c.slug,
    label: c.label,
    volume: 0,
    marketCount: 0,
  }));
  const other: CategoryVolume = { slug: "other", label: "Other", volume: 0, marketCount: 0 };
  for (const market of markets) {
    let matched = false;
    categories.forEach((category, i) => {
      const row = rows[i];
      if (row && matchesCategory(market.title, market.tags, category)) {
        row.volume += finite(market.volume);
        row.marketCount += 1;
        matched = true;
      }
    });
    if (!matched) {
      other.volume += finite(market.volume);
      other.marketCount += 1;
    }
  }
  return [...rows, other]
    .filter((r) => r.marketCount > 0)
    .sort((a, b) => b.volume - a.volume || a.label.localeCompare(b.label));
}

/** Largest 24h price moves either way (|priceChange24h|, points); unchanged markets are left out. */
export function biggestMovers(
  markets: readonly DisplayMarket[],
  limit = INSIGHT_LIST_LENGTH,
): DisplayMarket[] {
  return markets
    .filter((m) => finite(m.priceChange24h) !== 0)
    .sort((a, b) => Math.abs(b.priceChange24h) - Math.abs(a.priceChange24h) || byVolumeThenId(a, b))
    .slice(0, limit);
}

/**
 * Points of implied Yes probability per point of sentiment score. SPEC §3 scores run roughly
 * −60..60, so the strongest call maps to 20% / 80%: a sentiment is a lean, not a certainty.
 */
export const IMPLIED_POINTS_PER_SCORE = 0.5;

/** Sentiment-implied probability of the first outcome, percent: 50 + score × 0.5, kept in 0..100. */
export function sentimentImpliedYes(score: number): number {
  return Math.min(100, Math.max(0, 50 + finite(score) * IMPLIED_POINTS_PER_SCORE));
}

export interface SentimentGap {
  market: DisplayMarket;
  /** Sentiment-implied Yes probability, percent. */
  impliedYes: number;
  /** impliedYes − yesPrice, percentage points: positive when the analysis is more bullish than the price. */
  gap: number;
}

/**
 * Widest gaps between AI sentiment and market price. The gap is the sentiment-implied probability
 * (`sentimentImpliedYes`) minus the Yes price, both in percent. Only markets with a BUY_YES or BUY_NO
 * call count: a NEUTRAL analysis takes no side, and reading it as "50%" would rank every long shot
 * as a disagreement.
 */
export function widestSentimentGaps(
  markets: readonly DisplayMarket[],
  limit = INSIGHT_LIST_LENGTH,
): SentimentGap[] {
  return markets
    .filter((m) => m.sentiment.recommendation !== "NEUTRAL")
    .map((market) => {
      const impliedYes = sentimentImpliedYes(market.sentiment.score);
      return { market, impliedYes, gap: impliedYes - finite(market.yesPrice) };
    })
    .sort((a, b) => Math.abs(b.gap) - Math.abs(a.gap) || byVolumeThenId(a.market, b.market))
    .slice(0, limit);
}

export interface ClosingMarket {
  market: DisplayMarket;
  /** Milliseconds from `now` to the end date (> 0). */
  msLeft: number;
}

/** Markets whose end date lies after `now`, soonest first; markets without an end date are left out. */
export function closingSoonest(
  markets: readonly DisplayMarket[],
  now: number,
  limit = INSIGHT_LIST_LENGTH,
): ClosingMarket[] {
  const closing: ClosingMarket[] = [];
  for (const market of markets) {
    const end = market.endDate === null ? Number.NaN : Date.parse(market.endDate);
    if (Number.isFinite(end) && end > now) closing.push({ market, msLeft: end - now });
  }
  return closing.sort((a, b) => a.msLeft - b.msLeft || byVolumeThenId(a.market, b.market)).slice(0, limit);
}

/** Coarse time left: "in 45 min", "in 5 h", "in 3 days". */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `in ${hours} h`;
  return `in ${Math.floor(hours / 24)} days`;
}

/** Signed percentage points, one decimal: 20 → "+20.0 pts", -0.25 → "-0.3 pts". */
export function formatPoints(points: number): string {
  const rounded = Math.round(finite(points) * 10) / 10;
  const sign = rounded > 0 ? "+" : rounded < 0 ? "-" : "";
  return `${sign}${Math.abs(rounded).toFixed(1)} pts`;
}

// ---------------------------------------------------------------- provenance

/** What a page's figures are made of, and how old they are. */
export interface PageProvenance extends SnapshotProvenance {
  /** "14:05 UTC". */
  asOf: string;
  /** "12 min ago". */
  age: string;
  /** ISO times: since when refreshes fail, and when the data shown was fetched (null while refreshes work). */
  failing: { since: string; fetchedAt: string } | null;
}

/** The snapshot's provenance with its time, for the page's header. */
export function pageProvenance(
  snapshot: Pick<MarketSnapshot, "provenance" | "fetchedAt" | "failingSince">,
  now: number,
): PageProvenance {
  return {
    ...snapshot.provenance,
    asOf: formatClockUtc(snapshot.fetchedAt),
    age: formatAge(snapshot.fetchedAt, now),
    failing:
      snapshot.failingSince && snapshot.provenance.markets.kind !== "sample"
        ? { since: snapshot.failingSince, fetchedAt: snapshot.fetchedAt }
        : null,
  };
}

// ---------------------------------------------------------------- page view models

/** What a list row shows of a market; keeps loader data to the rows on screen, not the whole feed. */
export interface MarketSummary {
  id: string;
  title: string;
  eventSlug: string | null;
  yesPrice: number;
  yesLabel: string;
  volume: number;
  priceChange24h: number;
  score: number;
  confidence: number;
  recommendation: Recommendation;
  /** Model id or "estimated". */
  sentimentSource: string;
}

export function summarise(market: DisplayMarket): MarketSummary {
  return {
    id: market.id,
    title: market.title,
    eventSlug: market.eventSlug,
    yesPrice: market.yesPrice,
    yesLabel: market.yesLabel,
    volume: market.volume,
    priceChange24h: market.priceChange24h,
    score: market.sentiment.score,
    confidence: market.sentiment.confidence,
    recommendation: market.sentiment.recommendation,
    sentimentSource: market.sentiment.source,
  };
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

export interface MarketIntelligence {
  provenance: PageProvenance;
  marketCount: number;
  liveCount: number;
  totalVolume: number;
  volume24h: number;
  liquidity: number;
  categories: CategoryVolume[];
  movers: MarketSummary[];
  gaps: Array<{ market: MarketSummary; impliedYes: number; gap: number }>;
  closing: Array<{ market: MarketSummary; endDate: string; closesIn: string }>;
}

/** Everything the market-intelligence page shows from the snapshot, at time `now`. */
export function marketIntelligence(snapshot: MarketSnapshot, now: number): MarketIntelligence {
  const { markets } = snapshot;
  let volume24h = 0;
  let liquidity = 0;
  for (const m of markets) {
    volume24h += finite(m.volume24h);
    liquidity += finite(m.liquidity);
  }
  const counts = dashboardCounts(markets);
  return {
    provenance: pageProvenance(snapshot, now),
    marketCount: markets.length,
    liveCount: counts.live,
    totalVolume: counts.volume,
    volume24h,
    liquidity,
    categories: volumeByCategory(markets),
    movers: biggestMovers(markets).map(summarise),
    gaps: widestSentimentGaps(markets).map((g) => ({
      market: summarise(g.market),
      impliedYes: g.impliedYes,
      gap: g.gap,
    })),
    closing: closingSoonest(markets, now).map((c) => ({
      market: summarise(c.market),
      endDate: formatDate(c.market.endDate ?? ""),
      closesIn: formatTimeLeft(c.msLeft),
    })),
  };
}
