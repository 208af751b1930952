/** SPEC §4 rules for showing sentiment and recommendations, and how a call reads. Pure. */
import { formatPrice } from "./format";
import type { DisplayEvent, DisplayMarket, EventCall, Recommendation } from "./types";

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

/**
 * What a call buys, as the badge names it: "BUY NO · Newsom" (a multi-outcome event's outcome, "No ·
 * Newsom"), "BUY YES" (a Yes/No market's side), or "BUY Lakers" (a one-market event's named side, where
 * "BUY NO · Lakers" would say the opposite of the side bought).
 */
export function callHead(call: Pick<EventCall, "recommendation" | "outcome">): string {
  const at = call.outcome.indexOf(" · ");
  if (at >= 0) return `${recommendationLabel(call.recommendation)} · ${call.outcome.slice(at + 3)}`;
  if (/^(yes|no)$/i.test(call.outcome.trim())) return recommendationLabel(call.recommendation);
  return `BUY ${call.outcome}`;
}

/**
 * A call as the badge reads it: "BUY NO · Newsom at 66¢", or once the side's price has moved from the
 * price the call was made at, "BUY NO · Newsom called at 66¢ · now 53¢" (`now`: the side's price now, 0..1).
 * Prices are compared as shown, so a move under the tenth of a cent changes nothing.
 */
export function callText(
  call: Pick<EventCall, "recommendation" | "outcome" | "sidePrice">,
  now: number | null = null,
): string {
  const at = formatPrice(call.sidePrice);
  const current = now === null ? at : formatPrice(now);
  return current === at ? `${callHead(call)} at ${at}` : `${callHead(call)} called at ${at} · now ${current}`;
}

/** The edge beside a call: "edge +9 pts" (the model's probability of the side bought minus its price). */
export function edgeText(edge: number): string {
  return `edge ${edge > 0 ? "+" : ""}${edge} pt${Math.abs(edge) === 1 ? "" : "s"}`;
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

/** What the dashboard figures read of one card, market or event alike. */
interface Counted {
  isLive: boolean;
  volume: number;
  recommendation: Recommendation;
  /** The analysis came from the model, not the estimate. */
  byModel: boolean;
  confidence: number;
}

function countCards<T>(cards: readonly T[], read: (card: T) => Counted): DashboardCounts {
  let live = 0;
  let volume = 0;
  let bullish = 0;
  let bearish = 0;
  let modelAnalysed = 0;
  let confidence = 0;
  for (const card of cards) {
    const c = read(card);
    if (c.isLive) live += 1;
    volume += c.volume;
    if (c.recommendation === "BUY_YES") bullish += 1;
    else if (c.recommendation === "BUY_NO") bearish += 1;
    if (c.byModel) modelAnalysed += 1;
    confidence += c.confidence;
  }
  return {
    total: cards.length,
    live,
    volume,
    bullish,
    bearish,
    neutral: cards.length - bullish - bearish,
    modelAnalysed,
    averageConfidence: cards.length > 0 ? Math.round(confidence / cards.length) : 0,
  };
}

/** SPEC §2/§4 dashboard figures: bullish = BUY_YES, bearish = BUY_NO, neutral = the rest. */
export function dashboardCounts(markets: readonly DisplayMarket[]): DashboardCounts {
  return countCards(markets, (m) => ({
    isLive: m.isLive,
    volume: m.volume,
    recommendation: m.sentiment.recommendation,
    byModel: m.sentiment.source !== "estimated",
    confidence: m.sentiment.confidence,
  }));
}

/**
 * The dashboard's figures over event cards: bullish = a buy-yes call, bearish = a buy-no
 * call, neutral = no call (none made, or the record's rules refused it); analysed = forecast by the model.
 */
export function eventCounts(events: readonly DisplayEvent[]): DashboardCounts {
  return countCards(events, (e) => ({
    isLive: e.isLive,
    volume: e.volume,
    recommendation: e.forecast.call?.recommendation ?? "NEUTRAL",
    byModel: e.forecast.source !== "estimated",
    confidence: e.forecast.confidence,
  }));
}
