/**
 * Which call an event's forecast makes, and when a call is recorded. Where the model gives probabilities the
 * call is derived from them: the side of the market with the largest edge (the model's probability of the
 * side minus its price), made only when that edge reaches the configured threshold. A call only counts
 * towards the track record while it could still be acted on and could still be wrong: its market is open,
 * its own end date has not passed, and the side called is neither nearly free nor nearly certain. Pure: the
 * caller passes the clock.
 */
import { edgePoints } from "~/lib/edge";
import { hasEnded, isMarketOpen } from "~/lib/market-state";
import { firstSidePriceOf, isMultiOutcome } from "~/lib/outcomes";
import type { CallSideBought, Market, MarketEvent } from "~/lib/types";

// The rules' version (3: calls derived from the probabilities, `deriveCall` below), stored with each call:
// defined beside the record's shapes so the pages can tell the rows of earlier rules apart.
export { CALL_RULES_VERSION } from "~/lib/track-record";

/** The cheapest side worth calling (5¢), inclusive. Below it the call is a near-certain loser or a lottery. */
export const MIN_SIDE_PRICE = 0.05;
/** The dearest side worth calling (95¢), inclusive. Above it there is almost nothing left to win. */
export const MAX_SIDE_PRICE = 0.95;

/** What the card says in place of a call once the event has ended (or closed) but is not resolved. */
export const ENDED_TEXT = "Ended, awaiting resolution";
/** What the card says in place of a call when the side would cost under 5¢ or over 95¢. */
export const NEAR_CERTAIN_TEXT = "Near-certain: nothing to call";

export type CallSkipReason = "closed" | "ended" | "near-certain";

/** The card's text for each reason a call is not recorded. */
export const CALL_SKIP_TEXT: Readonly<Record<CallSkipReason, string>> = {
  // A closed event that is not resolved yet reads the same as an ended one: the reader waits either way.
  closed: ENDED_TEXT,
  ended: ENDED_TEXT,
  "near-certain": NEAR_CERTAIN_TEXT,
};

export type CallDecision = { record: true } | { record: false; reason: CallSkipReason; text: string };

export interface CallDecisionInput {
  /** The event is closed (trading over), resolved or not. */
  eventClosed: boolean;
  /** The event's end date (ISO); null, or a date that does not parse, counts as no end date. */
  endDate: string | null;
  /** Epoch milliseconds. */
  now: number;
  /** The price of the side bought, 0..1 (see `sidePriceOf`). */
  sidePrice: number;
}

/**
 * Prices are compared at 10 decimals, as `sideQuote` shows them, so a side priced 1 − 0.95 by float
 * arithmetic (0.050000000000000044) or 1 − 0.05 is judged as the 5¢ or 95¢ it is.
 */
const roundPrice = (price: number): number => Number(price.toFixed(10));

/** The price of the side a call buys: the outcome's price for buy-yes, its complement for buy-no. */
export function sidePriceOf(side: "buy_yes" | "buy_no", outcomePrice: number): number {
  return side === "buy_yes" ? outcomePrice : roundPrice(1 - outcomePrice);
}

/**
 * Whether a call is recorded under the version-2 rules. Reasons are checked in order: closed, then ended
 * (the end date is at or before `now`), then near-certain (the side costs under 5¢ or over 95¢; both
 * bounds are callable). A side price that is not a number is refused as near-certain: there is no price to
 * grade the call against.
 */
export function callDecision({ eventClosed, endDate, now, sidePrice }: CallDecisionInput): CallDecision {
  if (eventClosed) return skip("closed");
  if (hasEnded(endDate, now)) return skip("ended");
  if (!isCallablePrice(sidePrice)) return skip("near-certain");
  return { record: true };
}

/** A side priced 5–95¢ (both bounds callable); not a number is not callable. */
export function isCallablePrice(sidePrice: number): boolean {
  const price = roundPrice(sidePrice);
  // Written so NaN fails it too.
  return price >= MIN_SIDE_PRICE && price <= MAX_SIDE_PRICE;
}

function skip(reason: CallSkipReason): CallDecision {
  return { record: false, reason, text: CALL_SKIP_TEXT[reason] };
}

/** The smallest edge, in points, a derived call needs when CALL_MIN_EDGE_POINTS is not set. */
export const DEFAULT_MIN_EDGE_POINTS = 8;

/** One side of one market a forecast could buy: its price, the model's probability of it, the edge. */
export interface CallCandidate {
  market: Market;
  side: CallSideBought;
  /** The price of the side bought, 0..1 (`sidePriceOf`). */
  sidePrice: number;
  /** The model's probability that the side bought wins, 0..1. */
  model: number;
  /** model − sidePrice in whole points (`edgePoints`). */
  edge: number;
}

/** Why a forecast with probabilities makes no call. */
export type NoCallReason = "ended" | "near-certain" | "small-edge" | "no-forecast";

export type DerivedCall =
  | { kind: "call"; candidate: CallCandidate }
  | {
      kind: "none";
      reason: NoCallReason;
      text: string;
      /** The largest edge among the open markets' sides, points; null without any. */
      edge: number | null;
    };

/** What the card says when the forecast makes no call, with its figure. */
export const NO_CALL_REASON_TEXT = {
  ended: ENDED_TEXT,
  nearCertain: (edge: number) =>
    `Near-certain: the largest gap (${edge} points) is on a side priced under 5¢ or over 95¢`,
  smallEdge: (edge: number, threshold: number) =>
    `Largest gap ${edge} point${edge === 1 ? "" : "s"}, below the ${threshold}-point threshold`,
  noForecast: "No call: the model gave no probabilities for these outcomes",
} as const;

/**
 * The model's probability (0..1) that a market's first side wins: a multi-outcome event's outcome is its
 * market (keyed by market id), a one-market event's sides are keyed `<id>:0` and `<id>:1`.
 */
export function firstSideProbability(
  event: Pick<MarketEvent, "markets">,
  probabilities: Readonly<Record<string, number>>,
  market: Market,
): number | undefined {
  const at = (key: string) => (Object.hasOwn(probabilities, key) ? probabilities[key] : undefined);
  if (isMultiOutcome(event)) return at(market.id);
  const first = at(`${market.id}:0`);
  if (first !== undefined) return first;
  const second = at(`${market.id}:1`);
  return second === undefined ? undefined : 1 - second;
}

/** Both sides of each open market the model gave a probability for, with their edges. */
export function callCandidates(
  event: MarketEvent,
  probabilities: Readonly<Record<string, number>>,
  now: number,
): CallCandidate[] {
  return event.markets.flatMap((market) => {
    const p = firstSideProbability(event, probabilities, market);
    if (p === undefined || !Number.isFinite(p) || !isMarketOpen(marketTimes(event, market), now)) return [];
    const yes = firstSidePriceOf(market);
    return (["buy_yes", "buy_no"] as const).map((side) => {
      const sidePrice = sidePriceOf(side, yes);
      const model = side === "buy_yes" ? p : 1 - p;
      return { market, side, sidePrice, model, edge: edgePoints(model, sidePrice) };
    });
  });
}

/** A market's own end date (the event's standing in when it has none) and whether it is closed. */
export function marketTimes(
  event: Pick<MarketEvent, "endDate">,
  market: Pick<Market, "endDate" | "closed">,
): { endDate: string | null; closed: boolean } {
  return { endDate: market.endDate ?? event.endDate, closed: market.closed };
}

const callable = (c: CallCandidate): boolean => isCallablePrice(c.sidePrice);

/** The candidate with the largest edge (ties: the first in the event's order, Yes before No). */
function largest(candidates: readonly CallCandidate[]): CallCandidate | undefined {
  let best: CallCandidate | undefined;
  for (const c of candidates) if (!best || c.edge > best.edge) best = c;
  return best;
}

/**
 * The call a forecast's probabilities make at today's prices: the callable side (5–95¢, its market open
 * before its own end date) with the largest edge, when that edge is at least `minEdge` points. Otherwise no
 * call, with the reason in words and its figure: every market ended; the largest gap sits on a side priced
 * under 5¢ or over 95¢; or the largest gap is below the threshold.
 */
export function deriveCall(
  event: MarketEvent,
  probabilities: Readonly<Record<string, number>>,
  now: number,
  minEdge: number,
): DerivedCall {
  return deriveCallFrom(event, callCandidates(event, probabilities, now), now, minEdge);
}

/** `deriveCall` over candidates already weighed (`callCandidates`). */
export function deriveCallFrom(
  event: MarketEvent,
  candidates: readonly CallCandidate[],
  now: number,
  minEdge: number,
): DerivedCall {
  if (candidates.length === 0) {
    const open = event.markets.some((m) => isMarketOpen(marketTimes(event, m), now));
    return open
      ? { kind: "none", reason: "no-forecast", text: NO_CALL_REASON_TEXT.noForecast, edge: null }
      : { kind: "none", reason: "ended", text: NO_CALL_REASON_TEXT.ended, edge: null };
  }
  const best = largest(candidates.filter(callable));
  if (best && best.edge >= minEdge) return { kind: "call", candidate: best };
  const widest = largest(candidates) as CallCandidate;
  if (widest.edge >= minEdge) {
    return {
      kind: "none",
      reason: "near-certain",
      text: NO_CALL_REASON_TEXT.nearCertain(widest.edge),
      edge: widest.edge,
    };
  }
  return {
    kind: "none",
    reason: "small-edge",
    text: NO_CALL_REASON_TEXT.smallEdge(Math.max(0, widest.edge), minEdge),
    edge: widest.edge,
  };
}
