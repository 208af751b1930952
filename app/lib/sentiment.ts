/** SPEC §4 rules for showing sentiment and recommendations. Pure. */
import type { DisplayEvent, DisplayMarket, Recommendation } from "./types";

export type Tone = "positive" | "negative" | "neutral";
export type Trend = "up" | "down" | "flat";

/**
 * The scores the analysis can produce (model and estimate alike go through scoreFor in
 * app/.server/sentiment/score.ts): a bullish or bearish call is 28..72 away from zero (35..60 times
 * the confidence multiplier 0.8..1.2), a neutral one within ±5. A unit test derives these bounds from
 * scoreFor itself, so the help text that quotes them cannot drift.
 */
export const SCORE_BOUNDS = { max: 72, directionalMin: 28, neutralMax: 5 } as const;

/** "-72 to +72": the whole range of the score, signed as the cards show scores (formatSigned). */
export const SCORE_RANGE_TEXT = `-${SCORE_BOUNDS.max} to +${SCORE_BOUNDS.max}`;

/** Score above 20 positive, below -20 negative, otherwise neutral. */
export function sentimentTone(score: number): Tone {
  if (score > 20) return "positive";
  if (score < -20) return "negative";
  return "neutral";
}

/** Icon: up above 0, down below 0, flat at 0. */
export function sentimentTrend(score: number): Trend {
  if (score > 0) return "up";
  if (score < 0) return "down";
  return "flat";
}

export type BadgeVariant = "yes" | "no" | "secondary";

/** Recommendation badge: yes-style for BUY_YES, no-style for BUY_NO, otherwise secondary. */
export function recommendationVariant(recommendation: Recommendation): BadgeVariant {
  if (recommendation === "BUY_YES") return "yes";
  if (recommendation === "BUY_NO") return "no";
  return "secondary";
}

export function recommendationLabel(recommendation: Recommendation): string {
  if (recommendation === "BUY_YES") return "BUY YES";
  if (recommendation === "BUY_NO") return "BUY NO";
  return "NEUTRAL";
}

export interface DashboardCounts {
  total: number;
  live: number;
  volume: number;
  bullish: number;
  bearish: number;
  neutral: number;
  /** Markets whose analysis came from the model (not an estimate). */
  modelAnalysed: number;
  averageConfidence: number;
}

/** SPEC §2/§4 dashboard figures: bullish = BUY_YES, bearish = BUY_NO, neutral = the rest. */
export function dashboardCounts(markets: readonly DisplayMarket[]): DashboardCounts {
  let live = 0;
  let volume = 0;
  let bullish = 0;
  let bearish = 0;
  let modelAnalysed = 0;
  let confidence = 0;
  for (const m of markets) {
    if (m.isLive) live += 1;
    volume += m.volume;
    if (m.sentiment.recommendation === "BUY_YES") bullish += 1;
    else if (m.sentiment.recommendation === "BUY_NO") bearish += 1;
    if (m.sentiment.source !== "estimated") modelAnalysed += 1;
    confidence += m.sentiment.confidence;
  }
  return {
    total: markets.length,
    live,
    volume,
    bullish,
    bearish,
    neutral: markets.length - bullish - bearish,
    modelAnalysed,
    averageConfidence: markets.length > 0 ? Math.round(confidence / markets.length) : 0,
  };
}

/**
 * The dashboard's figures over event cards (issue 23 §2): bullish = a buy-yes call, bearish = a buy-no
 * call, neutral = no call (none made, or the record's rules refused it); analysed = forecast by the model.
 */
export function eventCounts(events: readonly DisplayEvent[]): DashboardCounts {
  let live = 0;
  let volume = 0;
  let bullish = 0;
  let bearish = 0;
  let modelAnalysed = 0;
  let confidence = 0;
  for (const e of events) {
    if (e.isLive) live += 1;
    volume += e.volume;
    if (e.forecast.call?.side === "buy_yes") bullish += 1;
    else if (e.forecast.call?.side === "buy_no") bearish += 1;
    if (e.forecast.source !== "estimated") modelAnalysed += 1;
    confidence += e.forecast.confidence;
  }
  return {
    total: events.length,
    live,
    volume,
    bullish,
    bearish,
    neutral: events.length - bullish - bearish,
    modelAnalysed,
    averageConfidence: events.length > 0 ? Math.round(confidence / events.length) : 0,
  };
}
