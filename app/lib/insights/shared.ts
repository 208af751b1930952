/**
 * What both insight pages share: ordering, the market summary row and the page's provenance. Pure:
 * time comes in as `now`, and ties are broken by volume then id so the same snapshot always gives the
 * same lists (server and browser agree, tests are exact).
 */
import { formatAge, formatClockUtc } from "../format";
import type { SnapshotProvenance } from "../provenance";
import type { DisplayMarket, MarketSnapshot, Recommendation } from "../types";

/** Length of every ranked list on the pages. */
export const INSIGHT_LIST_LENGTH = 5;

/** Higher volume first, then id: the tie-break of every ranking below. */
export function byVolumeThenId(a: DisplayMarket, b: DisplayMarket): number {
  return b.volume - a.volume || a.id.localeCompare(b.id);
}

export function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

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

/** What a list row shows of a market; keeps loader data to the rows on screen, not the whole feed. */
export interface MarketSummary {
  id: string;
  title: string;
  slug: string | null;
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
    slug: market.slug,
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
