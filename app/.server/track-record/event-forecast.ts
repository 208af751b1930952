/**
 * An event's forecast as the record keeps it with its call, and its score once the event resolves (issue
 * 23 §4, decision 0033). What is scored depends on the event:
 * - a mutually exclusive (negative-risk) multi-outcome event: the forecast over all its open outcomes, the
 *   winner the outcome market resolving Yes. Scored once every listed outcome market has resolved; until
 *   then it waits.
 * - a one-market event: its two sides, the winner the side its market resolved to.
 * - a multi-outcome event whose outcomes are not exclusive (each market its own question): the called
 *   market as its own Yes/No question.
 * Pure; the scores are `scoreCall`'s (multi-outcome Brier and log score, the model's and the market's).
 */

import { eventOutcomes, firstSidePriceOf, isMultiOutcome } from "~/lib/outcomes";
import type { CallOutcome, ForecastScore, RecordedForecast } from "~/lib/track-record";
import type { EventAnalysis, Market, MarketEvent } from "~/lib/types";
import { scoreCall } from "./scoring";

/** The called market's two sides as the binary question the forecast is scored on. */
function binaryForecast(market: Market, p: number): RecordedForecast {
  const yes = firstSidePriceOf(market);
  return {
    keys: [`${market.id}:0`, `${market.id}:1`],
    labels: [market.outcomes[0]?.label ?? market.yesLabel, market.outcomes[1]?.label ?? market.noLabel],
    probabilities: [p, 1 - p],
    marketPrices: [yes, market.outcomes[1]?.price ?? 1 - yes],
  };
}

const usable = (p: number | undefined): p is number =>
  p !== undefined && Number.isFinite(p) && p >= 0 && p <= 1;

/**
 * What the record keeps of the analysis's forecast for a call on `market`, or null when there is nothing
 * to score: no probabilities (the labelled estimate), none for the outcomes that would be scored, or a
 * one-market event without exactly two sides.
 */
export function recordedForecast(
  event: MarketEvent,
  analysis: Pick<EventAnalysis, "probabilities">,
  market: Market,
): RecordedForecast | null {
  const given = analysis.probabilities;
  if (given === null) return null;
  const at = (key: string): number | undefined => (Object.hasOwn(given, key) ? given[key] : undefined);
  if (!isMultiOutcome(event)) {
    const [first, second] = [at(`${market.id}:0`), at(`${market.id}:1`)];
    const p = usable(first) ? first : usable(second) ? 1 - second : undefined;
    return p === undefined || market.outcomes.length !== 2 ? null : binaryForecast(market, p);
  }
  if (!event.negRisk) {
    const p = at(market.id);
    return usable(p) ? binaryForecast(market, p) : null;
  }
  const outcomes = eventOutcomes(event);
  // The model's vector is normalised already (forecastOf); an outcome it left out has 0.
  const raw = outcomes.map((o) => at(o.key));
  const probabilities = raw.map((p) => (usable(p) ? p : 0));
  const sum = probabilities.reduce((total, p) => total + p, 0);
  if (!(sum > 0)) return null;
  return {
    keys: outcomes.map((o) => o.key),
    labels: outcomes.map((o) => o.label),
    probabilities: Math.abs(sum - 1) <= 1e-9 ? probabilities : probabilities.map((p) => p / sum),
    marketPrices: outcomes.map((o) => o.price),
  };
}

/** Why a forecast cannot be scored or is still waiting, in words. */
export const SCORE_TEXT = {
  waiting: (missing: number) =>
    `Waiting for ${missing} more outcome market${missing === 1 ? "" : "s"} to resolve`,
  void: "An outcome market resolved 50/50: not scored",
  noWinner: "No listed outcome won: not scored",
  twoWinners: "More than one listed outcome resolved Yes: not scored",
  badPrices: "The prices at the call cannot be read as a forecast: not scored",
} as const;

/**
 * The score of a recorded forecast, or where it stands. `grade` is the called market's resolution (null
 * while ungraded); `resolutions` are the outcome markets' resolutions by market id (a mutually exclusive
 * event's forecast is scored from them alone).
 */
export function scoreForecast(
  forecast: RecordedForecast,
  grade: CallOutcome | null,
  resolutions: ReadonlyMap<string, CallOutcome>,
): ForecastScore {
  let winner: number;
  const binary = forecast.keys.every((k) => k.includes(":"));
  if (binary) {
    if (grade === null) return { state: "waiting", reason: SCORE_TEXT.waiting(1) };
    if (grade === "void") return { state: "unscorable", reason: SCORE_TEXT.void };
    winner = grade === "yes" ? 0 : 1;
  } else {
    const outcomes = forecast.keys.map((k) => resolutions.get(k));
    const missing = outcomes.filter((o) => o === undefined).length;
    if (missing > 0) return { state: "waiting", reason: SCORE_TEXT.waiting(missing) };
    if (outcomes.includes("void")) return { state: "unscorable", reason: SCORE_TEXT.void };
    const winners = outcomes.flatMap((o, i) => (o === "yes" ? [i] : []));
    if (winners.length === 0) return { state: "unscorable", reason: SCORE_TEXT.noWinner };
    if (winners.length > 1) return { state: "unscorable", reason: SCORE_TEXT.twoWinners };
    winner = winners[0] as number;
  }
  try {
    const scores = scoreCall({
      forecast: forecast.probabilities,
      marketPrices: forecast.marketPrices,
      winner,
    });
    return { state: "scored", winner, ...scores };
  } catch (error) {
    // scoreCall refuses prices it cannot scale (all 0, negative): a row we wrote, but not a forecast.
    if (error instanceof RangeError) return { state: "unscorable", reason: SCORE_TEXT.badPrices };
    throw error;
  }
}
