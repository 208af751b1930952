/**
 * The public track record's shapes (client-safe). Conventions: prices and probabilities are 0..1;
 * `priceAtCall`, `modelProbability` and `outcome` refer to the called market's first outcome ("Yes" for
 * Yes/No markets; `outcome: "yes"` means it won), `sidePrice` to the side bought, and an event forecast's
 * vectors to the outcomes it lists. Calls carry the rule version they were recorded under (decision 0033):
 * the headline figures are of current-rule calls only.
 */

/**
 * The rules a recorded call was made under, stored with each call so the record says which rows follow
 * which rules. Version 1 (every call before calls were made per event): every shown market's call was recorded.
 * Version 2: `callDecision` (app/.server/track-record/call-rules.ts): an event's call, recorded only while
 * the event is open, before its end date, at a side price of 5–95¢; the side was the model's own word.
 * Version 3: the same, and a model's call is derived from its probabilities (`deriveCall`): the side with
 * the largest edge, at least the configured threshold; the market's own end date decides "ended".
 */
export const CALL_RULES_VERSION = 3;

export type CallSide = "buy_yes" | "buy_no" | "hold";
export type CallOutcome = "yes" | "no" | "void";

/** One recorded call with its grading (null fields while pending). */
export interface Call {
  id: string;
  marketId: string;
  slug: string | null;
  question: string;
  category: string;
  /** The market's outcome labels when the call was made, in Gamma's order (the first is "yes"). */
  outcomes: readonly string[];
  side: CallSide;
  /** Model id, or "estimate" for the labelled rule-based estimate. */
  source: string;
  /** Epoch milliseconds. */
  calledAt: number;
  /** The first outcome's price when the call was made. */
  priceAtCall: number;
  /** The model's probability for the first outcome, when it gave one. */
  modelProbability: number | null;
  /** The market's end date when the call was made (ISO), if known. */
  endDate: string | null;
  outcome: CallOutcome | null;
  /** Epoch milliseconds. */
  settledAt: number | null;
  /** The rules the call was recorded under: 1 before calls were made per event, else track-record/call-rules.ts's version. */
  ruleVersion: number;
  /** The entry price: the price of the side bought, 0..1. Null for version-1 calls (see `entryPrice`). */
  sidePrice: number | null;
  /** The event called (null for version-1 calls, which were calls on markets). */
  eventId: string | null;
  eventSlug: string | null;
  eventTitle: string | null;
  /** The outcome called as the card named it ("Yes · Trump", "Lakers"); null for version 1. */
  callOutcome: string | null;
  /** The forecast scored when the event resolves; null without the model's probabilities. */
  forecast: RecordedForecast | null;
  /** The smart-money lean the model was given with the call (decision 0055); null or absent: none. */
  smartMoney?: string | null;
}

/**
 * An event forecast as recorded with its call: aligned arrays over the outcomes it is scored on. `keys`
 * are market ids for a mutually exclusive multi-outcome event (the winner is the market resolving Yes), or
 * `<market id>:0` / `<market id>:1` for one market's two sides (a one-market event, or the called market of
 * an event whose outcomes are not exclusive).
 */
export interface RecordedForecast {
  keys: readonly string[];
  labels: readonly string[];
  /** The model's probabilities, summing to 1. */
  probabilities: readonly number[];
  /** The market's prices at the call, as quoted (scoring scales them to sum to 1). */
  marketPrices: readonly number[];
}

/**
 * Where a call's forecast stands once its event resolves: scored (the winner's index in the forecast and
 * both the model's and the market's scores), waiting on outcome markets not resolved yet, or not scorable
 * (a void resolution, or no listed outcome won) with why.
 */
export type ForecastScore =
  | {
      state: "scored";
      winner: number;
      brier: number;
      logScore: number;
      marketBrier: number;
      marketLogScore: number;
    }
  | { state: "waiting"; reason: string }
  | { state: "unscorable"; reason: string };

/** A call with its forecast's score (null when it carried no forecast). */
export interface ScoredCall extends Call {
  score: ForecastScore | null;
}

/**
 * What a call paid for its side, 0..1: the recorded side price, else (version 1) the first outcome's price
 * for buy_yes and its complement for buy_no; null for a hold.
 */
export function entryPrice(call: Pick<Call, "side" | "sidePrice" | "priceAtCall">): number | null {
  if (call.side === "hold") return null;
  if (call.sidePrice !== null) return call.sidePrice;
  return call.side === "buy_yes" ? call.priceAtCall : Number((1 - call.priceAtCall).toFixed(10));
}

export type Horizon = "under-1d" | "1-7d" | "7-30d" | "over-30d";

export const HORIZONS: readonly { key: Horizon; label: string }[] = [
  { key: "under-1d", label: "Under 1 day" },
  { key: "1-7d", label: "1–7 days" },
  { key: "7-30d", label: "7–30 days" },
  { key: "over-30d", label: "Over 30 days" },
];

/** One bin of the reliability diagram (model probability for the first outcome). */
export interface ReliabilityBin {
  /** Lower edge, 0, 0.1 … 0.9. */
  from: number;
  to: number;
  count: number;
  /** Mean model probability in the bin; null when empty. */
  meanForecast: number | null;
  /** Share of the bin's markets whose first outcome won; null when empty. */
  observed: number | null;
}

/** Headline figures for one group of calls. Figures are null where undefined (no data). */
export interface TrackSummary {
  calls: number;
  graded: number;
  pending: number;
  void: number;
  /** Hold calls (abstentions), graded or not. */
  holds: number;
  /** Graded buy calls (the hit rate's denominator). */
  buyGraded: number;
  hitRate: number | null;
  hitRateLow: number | null;
  hitRateHigh: number | null;
  /** Mean return per $1 staked at the price at the call, over graded buy calls. */
  meanReturn: number | null;
  /** The same for buying the favourite at the same moments. */
  favouriteReturn: number | null;
  /** Graded calls that carried a model probability. */
  probabilityGraded: number;
  brierModel: number | null;
  brierMarket: number | null;
  /** 1 − brierModel / brierMarket. */
  skill: number | null;
  /** Fewer than MIN_GRADED_TO_JUDGE graded calls: the figures are shown as too few to judge. */
  tooFew: boolean;
}

/**
 * The record's headline (decision 0033), over the calls recorded under the current rules only: the model's
 * edge over the market's own prices, and the hit rate beside the one the entry prices implied.
 */
export interface RecordHeadline {
  /** The rules these figures are of (call-rules.ts CALL_RULES_VERSION). */
  ruleVersion: number;
  /** Calls recorded under them. */
  calls: number;
  /** Forecasts scored (their event resolved), and those waiting on outcome markets. */
  scored: number;
  waiting: number;
  /** Mean multi-outcome Brier (0..2) of the model and of the market's prices at the same calls. */
  meanBrier: number | null;
  meanMarketBrier: number | null;
  /** Mean log score (nats) of each. */
  meanLogScore: number | null;
  meanMarketLogScore: number | null;
  /** Brier skill against the price: 1 − meanBrier / meanMarketBrier (positive: better than the market). */
  brierSkill: number | null;
  /** Mean Brier edge (market − model) per call with its 95% interval; null below two scored calls. */
  edge: number | null;
  edgeLow: number | null;
  edgeHigh: number | null;
  /** Graded buy calls, how many hit (Wilson 95% interval), and the hit rate their entry prices implied. */
  resolved: number;
  hitRate: number | null;
  hitRateLow: number | null;
  hitRateHigh: number | null;
  impliedHitRate: number | null;
  /** The Brier edge to detect (0.02, "2 points") and the scored calls it takes (null until the spread is known). */
  edgeToDetect: number;
  neededToDetect: number | null;
  /** Rows recorded under earlier rules: listed and downloadable, never in these figures. */
  earlierRules: number;
}

/** Graded calls below this make every figure "too few to judge". */
export const MIN_GRADED_TO_JUDGE = 30;

/**
 * The labels of a call's two sides: its market's first outcome and the other one ("Yes" and "No" where
 * the market named none). A market of more than two outcomes is its first against "Other", as its card
 * showed it (decision 0002).
 */
export function sideLabels(outcomes: readonly string[]): { first: string; second: string } {
  return {
    first: outcomes[0]?.trim() || "Yes",
    second: outcomes.length > 2 ? "Other" : outcomes[1]?.trim() || "No",
  };
}

/** A price as a call shows it: of which outcome, and that outcome's price (0..1). */
export interface SideQuote {
  outcome: string;
  price: number;
}

/**
 * The price a call shows, from a first-outcome price (the call's `priceAtCall`, or the price now): a buy
 * shows the price of what it buys — BUY NO the second side's, 1 − the first outcome's — and a hold the
 * first outcome's. The complement is rounded to 10 decimals so 1 − 0.7 reads 0.3, not 0.30000000000000004.
 */
export function sideQuote(side: CallSide, outcomes: readonly string[], firstPrice: number): SideQuote {
  const { first, second } = sideLabels(outcomes);
  if (side !== "buy_no") return { outcome: first, price: firstPrice };
  return { outcome: second, price: Number((1 - firstPrice).toFixed(10)) };
}
