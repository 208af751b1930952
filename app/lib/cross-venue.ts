/**
 * Kalshi beside Polymarket, pure (decision 0057): Kalshi's published trading fee and a pair's line as the
 * event and market pages show it. Never called an arbitrage: the two venues' rules can differ.
 */
import { formatPrice } from "./format";
import type { SidePair } from "./live-state";
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
  const price = kalshiPrice(kalshi);
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

/** Kalshi's price minus Polymarket's in whole cents (what the line shows and the gap alert compares). */
export function gapCents(kalshi: number, polymarket: number): number {
  return Math.round((kalshi - polymarket) * 100);
}

/** A Kalshi price read longer ago than this says how old it is (a crawl pass takes two hours at most). */
export const KALSHI_STALE_MS = 2 * 3_600_000;

/** What a page and the API know of one pair, client-safe; the Polymarket price is the page's own. */
export interface KalshiPairView {
  polymarketId: string;
  ticker: string;
  /** Kalshi's question (its market title). */
  title: string;
  /** Kalshi's page of the market's event. */
  url: string;
  /** Kalshi's page of the market's series, where its rules are published. */
  rulesUrl: string;
  /** 0–1: the last trade, else the quote's middle; null when Kalshi quotes neither. */
  price: number | null;
  bid: number | null;
  ask: number | null;
  /** Contracts traded in 24 h, as Kalshi counts them. */
  volume24h: number | null;
  /** When Kalshi's figures were read (epoch ms). */
  readMs: number;
  closed: boolean;
  score: number;
  reasons: string[];
  decidedBy: "score" | "confirmed";
  /** Whole days between the two end dates, when more than a day apart; else null. */
  endDatesApartDays: number | null;
}

/** A stored pair as the pages, `/compare` and the API read it (pairs.ts's StoredPair fits). */
export interface PairInput {
  polymarketId: string;
  eventSlug: string;
  score: number;
  reasons: string[];
  decidedBy: "score" | "confirmed";
  matchedMs: number;
  kalshi: {
    ticker: string;
    eventTicker: string;
    title: string;
    label: string;
    lastPrice: number | null;
    yesBid: number | null;
    yesAsk: number | null;
    volume24h: number | null;
    closeTime: string | null;
    rulesUrl: string;
    readMs: number;
    closed: boolean;
  };
}

/** Kalshi's web page of an event (its markets are the event's outcomes there). */
export function kalshiEventUrl(eventTicker: string): string {
  return `https://kalshi.com/markets/${encodeURIComponent(eventTicker.toLowerCase())}`;
}

/** Whole days between two ISO dates when more than END_DATES_APART_MS apart; else (or either unknown) null. */
export function endDatesApartDays(a: string | null, b: string | null): number | null {
  const ta = a ? Date.parse(a) : Number.NaN;
  const tb = b ? Date.parse(b) : Number.NaN;
  if (!Number.isFinite(ta) || !Number.isFinite(tb)) return null;
  const apart = Math.abs(ta - tb);
  return apart > END_DATES_APART_MS ? Math.round(apart / END_DATES_APART_MS) : null;
}

/** One pair as shown, `polymarketEnd`: the Polymarket market's end date. */
export function kalshiPairView(pair: PairInput, polymarketEnd: string | null): KalshiPairView {
  const k = pair.kalshi;
  return {
    polymarketId: pair.polymarketId,
    ticker: k.ticker,
    title: k.title,
    url: kalshiEventUrl(k.eventTicker),
    rulesUrl: k.rulesUrl,
    price: kalshiPrice(k),
    bid: k.yesBid,
    ask: k.yesAsk,
    volume24h: k.volume24h,
    readMs: k.readMs,
    closed: k.closed,
    score: pair.score,
    reasons: pair.reasons,
    decidedBy: pair.decidedBy,
    endDatesApartDays: endDatesApartDays(k.closeTime, polymarketEnd),
  };
}

/** How the pair was matched, in words: "confirmed by hand", or the score and its reasons. */
export function matchedText(view: Pick<KalshiPairView, "decidedBy" | "score" | "reasons">): string {
  if (view.decidedBy === "confirmed") return "Paired: confirmed by hand";
  const why = view.reasons.length > 0 ? ` (${view.reasons.join("; ")})` : "";
  return `Paired by our matcher, score ${view.score.toFixed(2)}${why}`;
}

/** Why Kalshi's price may be out of date, or null: its market closed, or read over two hours ago. */
export function kalshiStateText(view: Pick<KalshiPairView, "closed" | "readMs">, now: number): string | null {
  if (view.closed) return "Kalshi no longer lists this market open: its last price is shown.";
  const age = now - view.readMs;
  if (age <= KALSHI_STALE_MS) return null;
  const hours = Math.floor(age / 3_600_000);
  return `Kalshi's price was last read ${hours} hours ago.`;
}

/** "End dates differ by N days", when they do by more than a day. */
export function endDatesText(days: number | null): string | null {
  return days === null ? null : `End dates differ by ${days} day${days === 1 ? "" : "s"}.`;
}

/** The Polymarket side of a pair as the page shows it: the price its other copies show, and where it is. */
export interface PolymarketQuote {
  marketId: string;
  /** The market's name on the page (its outcome label in a multi-outcome event). */
  label: string;
  /** Its first side's price (0–1), the one the page shows; live prices move it as they move the page's. */
  price: number;
  /** How live prices name its first side and the mirror. */
  sides: SidePair;
  /** When the page's Polymarket price was read (ISO). */
  readAt: string;
  /** Polymarket's page of the market's event, where its rules are. */
  url: string | null;
}

/** One pair on a page: Kalshi's market and the Polymarket market beside it. */
export interface KalshiPairRow {
  kalshi: KalshiPairView;
  polymarket: PolymarketQuote;
}
