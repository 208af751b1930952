/**
 * An event's outcomes as traders read them (decision 0030). A multi-outcome event lists one
 * market per outcome ("Trump", "250k–500k"), priced by the market's first (Yes) side; a one-market event's
 * outcomes are that market's own sides ("Yes"/"No", two teams). Calls always name a market and a side of
 * it, so a call on a one-market event's second side is buy-no on its market.
 */
import type { CallSideBought, Market, MarketEvent } from "~/lib/types";

export interface EventOutcomeOf {
  /** Stable within the event: the market id, or for a one-market event `<market id>:<side index>`. */
  key: string;
  market: Market;
  /** 0 for the market's first side, 1 for its second (one-market events only). */
  side: 0 | 1;
  label: string;
  /** 0..1. */
  price: number;
  /** 24 h change of `price`, 0..1 like it. */
  change24h: number;
}

/** A market's first side's price (0..1): its first outcome's, 0 when it lists none. */
export const firstSidePriceOf = (market: Market): number => market.outcomes[0]?.price ?? 0;

/** More than one open market: each outcome is its own market. */
export function isMultiOutcome(event: Pick<MarketEvent, "markets">): boolean {
  return event.markets.length > 1;
}

/** A market's name inside its event: its group title, else its question. */
export function outcomeLabel(market: Market): string {
  return market.groupTitle ?? market.title;
}

/**
 * Every open outcome of the event in Gamma's order. A one-market event with other than two sides keeps
 * only its first (it is shown as the first outcome against "Other", as its card always was). `multi` says
 * what the event is when `markets` is only part of it (the snapshot keeps at most 100 markets).
 */
export function eventOutcomes(
  event: Pick<MarketEvent, "markets">,
  multi: boolean = isMultiOutcome(event),
): EventOutcomeOf[] {
  if (multi) {
    return event.markets.map((market) => ({
      key: market.id,
      market,
      side: 0,
      label: outcomeLabel(market),
      price: firstSidePriceOf(market),
      change24h: market.firstPriceChange24h,
    }));
  }
  const market = event.markets[0];
  if (!market) return [];
  const sides = market.outcomes.length === 2 ? market.outcomes : market.outcomes.slice(0, 1);
  return sides.map((outcome, i) => ({
    key: `${market.id}:${i}`,
    market,
    side: i === 0 ? 0 : 1,
    label: outcome.label,
    price: outcome.price,
    // The second side moves opposite the first.
    change24h: i === 0 ? market.firstPriceChange24h : -market.firstPriceChange24h,
  }));
}

/** The outcomes by price, dearest first (ties in Gamma's order). */
export function byPrice(outcomes: readonly EventOutcomeOf[]): EventOutcomeOf[] {
  return [...outcomes].sort((a, b) => b.price - a.price);
}

/**
 * A call on an outcome as a market and a side of it: buy-yes on a multi-outcome event's outcome buys its
 * market's Yes; on a one-market event's second side it buys the market's second side (buy-no).
 */
export function callOnOutcome(
  outcome: EventOutcomeOf,
  side: CallSideBought,
): { marketId: string; side: CallSideBought } {
  const flip = outcome.side === 1;
  return { marketId: outcome.market.id, side: flip ? (side === "buy_yes" ? "buy_no" : "buy_yes") : side };
}

/** A blank in a templated title ("Ethereum above ___ on February 9?"). */
const BLANK = /_{2,}/g;

/**
 * What a one-market event is called where its prices are shown: its title with any blank filled by its
 * market's group title ("Bitcoin above ___ on March 11?" → "Bitcoin above 64,000 on March 11?"), and its
 * market's own question when that says more than the title (a strike, a date, a bracket), so a bare
 * "Yes 24¢" always stands beside the question it prices. A multi-outcome event keeps its title: each of its
 * outcomes carries its market's label.
 */
export function eventTitleOf(event: Pick<MarketEvent, "title" | "markets">): {
  title: string;
  question: string | null;
} {
  const only = event.markets.length === 1 ? event.markets[0] : undefined;
  if (!only) return { title: event.title, question: null };
  const label = only.groupTitle?.trim();
  const title = label ? event.title.replace(BLANK, label) : event.title;
  const same = only.title.trim().toLowerCase() === title.trim().toLowerCase();
  return { title, question: same || only.title.trim() === "" ? null : only.title };
}
