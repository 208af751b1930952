/**
 * The public track record's shapes (client-safe). Conventions: prices and probabilities are 0..1;
 * `priceAtCall`, `modelProbability` and `outcome` refer to the called market's first outcome ("Yes" for
 * Yes/No markets; `outcome: "yes"` means it won), `sidePrice` to the side bought, and an event forecast's
 * vectors to the outcomes it lists. Calls carry the rule version they were recorded under (decision 0033):
 * the headline figures are of current-rule calls only.
 */

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
  /** The rules the call was recorded under: 1 before issue 23, else track-record/call-rules.ts's version. */
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
