/** Signed sentiment scores (SPEC §9 substitute sentiment). */

import { fnv1a } from "~/lib/hash";
import type { SentimentLabel } from "~/lib/types";

/** SPEC §9: 1.2 when confidence is above 70, 1 above 50, else 0.8. */
export function confidenceMultiplier(confidence: number): number {
  if (confidence > 70) return 1.2;
  if (confidence > 50) return 1;
  return 0.8;
}

const MIN_MAGNITUDE = 35;
const MAX_MAGNITUDE = 60;

/**
 * Signed score for a sentiment. Bullish: magnitude = 35 + round(25 × confidence / 100) plus a
 * seeded jitter of −5..5, clamped to 35..60, times `confidenceMultiplier`, rounded; bearish: the
 * negative. Neutral: 0 for 6 seeds in 10, otherwise a seeded −5..5. Same inputs, same score.
 */
export function scoreFor(sentiment: SentimentLabel, confidence: number, seed: string): number {
  const c = Number.isFinite(confidence) ? Math.min(100, Math.max(0, confidence)) : 0;
  if (sentiment === "neutral") {
    const hash = fnv1a(`${seed}|neutral`);
    // Low digit decides zero-or-not, higher bits the small offset, so the two are independent.
    return hash % 10 < 6 ? 0 : (Math.floor(hash / 10) % 11) - 5;
  }
  // Confidence sets the base so a surer call scores further from zero; the seed spreads markets
  // with equal confidence apart.
  const jitter = (fnv1a(`${seed}|${c}`) % 11) - 5;
  const base = MIN_MAGNITUDE + Math.round(((MAX_MAGNITUDE - MIN_MAGNITUDE) * c) / 100);
  const magnitude = Math.min(MAX_MAGNITUDE, Math.max(MIN_MAGNITUDE, base + jitter));
  const score = Math.round(magnitude * confidenceMultiplier(c));
  return sentiment === "bullish" ? score : -score;
}
