/**
 * Kalshi beside Polymarket, pure (decision 0057): Kalshi's published trading fee and a pair's line as the
 * event and market pages show it. Never called an arbitrage: the two venues' rules can differ.
 */
import { formatPrice } from "./format";
import type { PolymarketFeeSchedule } from "./types";

/** Kalshi's trading fee rate: fee = ⌈0.07 × contracts × P × (1 − P)⌉ to the cent (its published schedule). */
export const KALSHI_FEE_RATE = 0.07;

/** Kalshi's fee in dollars for `contracts` contracts at price `price` (0–1), rounded up to the cent. */
export function kalshiFee(contracts: number, price: number): number {
  if (!(contracts > 0) || !(price > 0) || !(price < 1)) return 0;
  // The tiny epsilon keeps an exact cent (0.07 × 100 × 0.5 × 0.5 = 1.75) from rounding up past itself.
  return Math.ceil(KALSHI_FEE_RATE * contracts * price * (1 - price) * 100 - 1e-9) / 100;
}

/** Two dates more than a day apart: the pair says so (the questions may not end together). */
export const END_DATES_APART_MS = 86_400_000;

/** Kalshi's price minus Polymarket's, in cents (rounded to the cent), "+5¢" / "−3¢" / "0¢". */
export function gapText(kalshi: number, polymarket: number): string {
  const cents = Math.round((kalshi - polymarket) * 100);
  return cents === 0 ? "0¢" : `${cents > 0 ? "+" : "−"}${Math.abs(cents)}¢`;
}

/** "Kalshi: Yes 54¢ (bid 53¢ / ask 55¢) · gap +5¢"; the price is the last trade, else the quote's middle. */
export function kalshiLine(
  kalshi: { lastPrice: number | null; yesBid: number | null; yesAsk: number | null },
  polymarketYes: number,
): string | null {
  const mid = kalshi.yesBid !== null && kalshi.yesAsk !== null ? (kalshi.yesBid + kalshi.yesAsk) / 2 : null;
  const price = kalshi.lastPrice ?? mid;
  if (price === null) return null;
  const quote =
    kalshi.yesBid !== null && kalshi.yesAsk !== null
      ? ` (bid ${formatPrice(kalshi.yesBid)} / ask ${formatPrice(kalshi.yesAsk)})`
      : "";
  return `Kalshi: Yes ${formatPrice(price)}${quote} · gap ${gapText(price, polymarketYes)}`;
}

/** The trade the gap after fees is worked out for: 100 contracts on each venue. */
export const GAP_CONTRACTS = 100;

/**
 * Polymarket's taker fee in dollars for `contracts` contracts at price `price` (0–1), by its published
 * formula fee = contracts × rate × P × (1 − P) (docs.polymarket.com/trading/fees, exponent 1), rounded to the
 * fifth decimal like the venue's charge. 0 where fees are off (`schedule` null); null where the fee is not
 * known: Gamma did not say (`undefined`), or another exponent (whose formula is not established here).
 */
export function polymarketFee(
  contracts: number,
  price: number,
  schedule: PolymarketFeeSchedule | null | undefined,
): number | null {
  if (schedule === null) return 0;
  if (schedule === undefined || schedule.exponent !== 1) return null;
  if (!(contracts > 0) || !(price > 0) || !(price < 1)) return 0;
  return Math.round(contracts * schedule.rate * price * (1 - price) * 1e5) / 1e5;
}

/** Kalshi's price of a pair: the last trade, else the middle of its quote, else null (not quoted). */
export function kalshiPrice(kalshi: {
  lastPrice: number | null;
  yesBid: number | null;
  yesAsk: number | null;
}): number | null {
  if (kalshi.lastPrice !== null) return kalshi.lastPrice;
  return kalshi.yesBid !== null && kalshi.yesAsk !== null ? (kalshi.yesBid + kalshi.yesAsk) / 2 : null;
}

/** A pair's gap, per contract in dollars (0–1). */
export interface PairGap {
  /** Kalshi's Yes price minus Polymarket's. */
  gap: number;
  /** Kalshi's fee per contract on a GAP_CONTRACTS trade. */
  kalshiFee: number;
  /** Polymarket's fee per contract on a GAP_CONTRACTS trade; null when not known (not included). */
  polymarketFee: number | null;
  /** |gap| minus both fees (the known ones): what is left per contract; negative when fees eat it. */
  afterFees: number;
  /** Both fees are included. */
  feesKnown: boolean;
}

/**
 * The gap after fees (decision 0057): buy Yes on the cheaper venue and No on the other, GAP_CONTRACTS
 * contracts each; the fees are each venue's taker fee on that trade (P × (1 − P) is the same for Yes at P and
 * No at 1 − P), per contract. afterFees = |pK − pP| − kalshiFee(100, pK)/100 − polymarketFee(100, pP)/100.
 * Not an arbitrage: the two venues' resolution rules can differ.
 */
export function pairGap(
  kalshiYes: number,
  polymarketYes: number,
  schedule: PolymarketFeeSchedule | null | undefined,
): PairGap {
  const kFee = kalshiFee(GAP_CONTRACTS, kalshiYes) / GAP_CONTRACTS;
  const pTotal = polymarketFee(GAP_CONTRACTS, polymarketYes, schedule);
  const pFee = pTotal === null ? null : pTotal / GAP_CONTRACTS;
  const gap = kalshiYes - polymarketYes;
  return {
    gap,
    kalshiFee: kFee,
    polymarketFee: pFee,
    afterFees: Math.round((Math.abs(gap) - kFee - (pFee ?? 0)) * 1e6) / 1e6,
    feesKnown: pFee !== null,
  };
}

/** Cents to show, signed: "+5.2¢", "−0.4¢", "0¢" (a gap after fees is rarely a whole cent). */
export function centsText(dollars: number): string {
  // Rounded on the magnitude, so a gap and its opposite read the same but for the sign.
  const cents = Math.round(Math.abs(dollars) * 1000) / 10;
  if (cents === 0) return "0¢";
  return `${dollars > 0 ? "+" : "−"}${cents}¢`;
}

/** Whole days between two ISO dates when more than END_DATES_APART_MS apart, else null. */
export function endDatesApartDays(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  const apart = Math.abs(Date.parse(a) - Date.parse(b));
  if (!Number.isFinite(apart) || apart <= END_DATES_APART_MS) return null;
  return Math.round(apart / 86_400_000);
}
