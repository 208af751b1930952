/** Deterministic substitute analysis of an event from its own price moves, labelled "estimated". */

import { toPercent } from "~/lib/format";
import { byPrice, callOnOutcome, type EventOutcomeOf, eventOutcomes } from "~/lib/outcomes";
import type { EventAnalysis, MarketEvent } from "~/lib/types";

/** A 24h move of at least this many points (either way) makes the estimate call its outcome. */
export const MOVE_THRESHOLD_POINTS = 2;
/** SPEC §9 substitute confidence. */
export const DEFAULT_CONFIDENCE = 65;
const MIN_CONFIDENCE = 50;
const MAX_CONFIDENCE = 90;
/** How many leading outcomes (by price) an analysis watches: a move among them re-analyses. */
export const WATCHED_OUTCOMES = 6;

function formatNumber(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** The prices (0..1) of the event's leading outcomes by key: what an analysis saw. */
export function watchedPrices(outcomes: readonly EventOutcomeOf[]): Record<string, number> {
  return Object.fromEntries(
    byPrice(outcomes)
      .slice(0, WATCHED_OUTCOMES)
      .map((o) => [o.key, o.price]),
  );
}

/**
 * The outcome whose price moved most in 24 h (ties: the dearest), a one-market event's first side.
 * Unreadable changes count as no move.
 */
function biggestMover(outcomes: readonly EventOutcomeOf[]): EventOutcomeOf | undefined {
  let best: EventOutcomeOf | undefined;
  for (const outcome of byPrice(outcomes.filter((o) => o.side === 0))) {
    const size = Math.abs(Number.isFinite(outcome.change24h) ? outcome.change24h : 0);
    if (!best || size > Math.abs(best.change24h)) best = outcome;
  }
  return best;
}

/**
 * Estimate for an event without a model analysis: the outcome with the biggest 24 h move Δ (points) is
 * bought when Δ ≥ +2 (buy yes) and sold when Δ ≤ −2 (buy no); a smaller move makes no call.
 * Confidence: a call = 65 + 2.5 × (|Δ| − 2), none = 65 − 5 × |Δ|, rounded, kept in 50..90 (a bigger move
 * is a surer direction; a near-threshold drift a less sure "no call"). No probabilities: an estimate is
 * not a forecast.
 */
export function estimateAnalysis(event: MarketEvent): EventAnalysis {
  const outcomes = eventOutcomes(event);
  const mover = biggestMover(outcomes);
  // The rule is in points, as SPEC §9 states it.
  const change = mover && Number.isFinite(mover.change24h) ? toPercent(mover.change24h) : 0;
  const size = Math.abs(change);
  const calls = size >= MOVE_THRESHOLD_POINTS && mover !== undefined;
  const raw = calls
    ? DEFAULT_CONFIDENCE + 2.5 * (size - MOVE_THRESHOLD_POINTS)
    : DEFAULT_CONFIDENCE - 5 * size;
  const confidence = Math.min(MAX_CONFIDENCE, Math.max(MIN_CONFIDENCE, Math.round(raw)));
  const label = mover?.label ?? "Yes";
  const price = `${formatNumber((mover?.price ?? 0) * 100)}¢`;
  const move = size < 0.05 ? "unchanged" : `${change > 0 ? "up" : "down"} ${formatNumber(size)} pts`;
  return {
    eventId: event.id,
    confidence,
    reasoning: `Estimate from price movement: ${label} ${move} in 24h at ${price}. No AI analysis available.`,
    source: "estimated",
    probabilities: null,
    call: calls ? callOnOutcome(mover, change > 0 ? "buy_yes" : "buy_no") : null,
    analysedPrices: watchedPrices(outcomes),
  };
}
