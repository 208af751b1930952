/**
 * When an event's call is recorded (issue 23). A call only counts towards the track record while it could
 * still be acted on and could still be wrong: the event is open, its end date has not passed, and the side
 * called is neither nearly free nor nearly certain. Pure: the caller passes the clock.
 */

// The rules' version (2: `callDecision` below), stored with each call: defined beside the record's shapes
// so the pages can tell the rows of earlier rules apart.
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
  const end = endDate === null ? Number.NaN : Date.parse(endDate);
  if (Number.isFinite(end) && end <= now) return skip("ended");
  const price = roundPrice(sidePrice);
  // Written so NaN fails it too.
  if (!(price >= MIN_SIDE_PRICE && price <= MAX_SIDE_PRICE)) return skip("near-certain");
  return { record: true };
}

function skip(reason: CallSkipReason): CallDecision {
  return { record: false, reason, text: CALL_SKIP_TEXT[reason] };
}
