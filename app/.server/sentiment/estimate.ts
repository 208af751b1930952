/** Deterministic substitute analysis from a market's own price move, labelled "estimated". */

import type { Market, MarketAnalysis, Recommendation, SentimentLabel } from "~/lib/types";
import { scoreFor } from "./score";

/** A 24h move of at least this many points (either way) turns the estimate bullish or bearish. */
export const MOVE_THRESHOLD_POINTS = 2;
/** SPEC §9 substitute confidence. */
export const DEFAULT_CONFIDENCE = 65;
const MIN_CONFIDENCE = 50;
const MAX_CONFIDENCE = 90;

function formatNumber(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/**
 * Estimate for a market without a model analysis. Δ = priceChange24h (points):
 * Δ ≥ +2 → bullish/BUY_YES, Δ ≤ −2 → bearish/BUY_NO, otherwise neutral/NEUTRAL.
 * Confidence: directional = 65 + 2.5 × (|Δ| − 2), neutral = 65 − 5 × |Δ|, rounded, kept in 50..90
 * (a bigger move is a surer direction; a near-threshold drift is a less sure "neutral").
 * Score via scoreFor with seed = market.id. Source "estimated"; analysedPrice = yesPrice.
 */
export function estimateAnalysis(market: Market): MarketAnalysis {
  const change = Number.isFinite(market.priceChange24h) ? market.priceChange24h : 0;
  const size = Math.abs(change);
  let sentiment: SentimentLabel = "neutral";
  let recommendation: Recommendation = "NEUTRAL";
  let raw = DEFAULT_CONFIDENCE - 5 * size;
  if (change >= MOVE_THRESHOLD_POINTS || change <= -MOVE_THRESHOLD_POINTS) {
    sentiment = change > 0 ? "bullish" : "bearish";
    recommendation = change > 0 ? "BUY_YES" : "BUY_NO";
    raw = DEFAULT_CONFIDENCE + 2.5 * (size - MOVE_THRESHOLD_POINTS);
  }
  const confidence = Math.min(MAX_CONFIDENCE, Math.max(MIN_CONFIDENCE, Math.round(raw)));

  const label = market.yesLabel || "Yes";
  const price = `${formatNumber(market.yesPrice)}¢`;
  const move = size < 0.05 ? "unchanged" : `${change > 0 ? "up" : "down"} ${formatNumber(size)} pts`;
  return {
    marketId: market.id,
    sentiment,
    confidence,
    recommendation,
    score: scoreFor(sentiment, confidence, market.id),
    reasoning: `Estimate from price movement: ${label} ${move} in 24h at ${price}. No AI analysis available.`,
    source: "estimated",
    analysedPrice: market.yesPrice,
  };
}
