/**
 * The public track record's shapes (client-safe). Conventions: prices and probabilities are 0..1 and
 * refer to the market's first outcome ("Yes" for Yes/No markets); `outcome: "yes"` means the first
 * outcome won.
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
