/**
 * Kalshi beside Polymarket, pure (decision 0057): Kalshi's published trading fee and a pair's line as the
 * event and market pages show it. Never called an arbitrage: the two venues' rules can differ.
 */
import { formatPrice } from "./format";

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
