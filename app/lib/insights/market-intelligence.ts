/** The market-intelligence page's aggregates of one market snapshot, at time `now` (pure). */
import { CATEGORIES, type Category, type CategorySlug, matchesCategory } from "../categories";
import { formatDate, formatTimeLeft } from "../format";
import { dashboardCounts } from "../sentiment";
import type { DisplayMarket, MarketSnapshot } from "../types";
import {
  byVolumeThenId,
  finite,
  INSIGHT_LIST_LENGTH,
  type MarketSummary,
  type PageProvenance,
  pageProvenance,
  summarise,
} from "./shared";

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
 * Points of implied Yes probability per point of sentiment score. Scores reach ±72 at most
 * (SCORE_BOUNDS in ~/lib/sentiment), so the strongest call maps to 14% / 86%: a lean, not a certainty.
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
