/**
 * Where a market and an event stand in time: one set of rules for every card, page, filter, call and API
 * answer (client-safe, pure). A market's own end date decides its state; an event's state and end dates
 * are derived from its markets', never from the event's own date, which Polymarket often leaves behind
 * when a market is extended.
 */
import { formatDate } from "./format";
import type { MarketStatus, OutcomePrice } from "./market-page";

/** A side priced at 99¢ or more in a closed market is the winner. */
export const RESOLVED_PRICE = 0.99;

/** An instant in epoch ms, or null when absent or unreadable. */
export function instantOf(iso: string | null | undefined): number | null {
  if (iso === null || iso === undefined || iso === "") return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

/** Its end date has passed (at or before `now`); no or an unreadable end date has not. */
export function hasEnded(endDate: string | null | undefined, now: number): boolean {
  const end = instantOf(endDate);
  return end !== null && end <= now;
}

/** What the state rules read of a market. */
export interface MarketTimes {
  endDate: string | null;
  /** Trading has ended. */
  closed: boolean;
}

/** A market is open while it trades and its own end date is ahead (none: open). */
export function isMarketOpen(market: MarketTimes, now: number): boolean {
  return !market.closed && !hasEnded(market.endDate, now);
}

/**
 * Open, awaiting resolution (closed, or past its own end date), or resolved: by UMA's word, or closed with
 * exactly one outcome priced at 99¢ or more.
 */
export function marketStatus(
  outcomes: readonly OutcomePrice[],
  closed: boolean,
  resolution: string | null,
  endDate: string | null,
  now: number,
): MarketStatus {
  const settled = outcomes.filter((o) => o.price >= RESOLVED_PRICE);
  if (resolution === "resolved" || (closed && settled.length === 1 && resolution === null)) {
    return { kind: "resolved", outcome: settled.length === 1 ? (settled[0]?.label ?? null) : null };
  }
  if (closed || hasEnded(endDate, now)) return { kind: "awaiting", since: endDate };
  return { kind: "open" };
}

/** When an event's markets end: the first and the last of their end dates (the same date when they agree). */
export interface EndSpan {
  /** The earliest end date (ISO); null when no market has one. */
  first: string | null;
  /** The latest: the event is over when its last market ends. */
  last: string | null;
}

/**
 * The span of the markets' own end dates, the event's date standing in for a market without one (and for
 * an event without markets). Unreadable dates are left out.
 */
export function endSpan(markets: readonly Pick<MarketTimes, "endDate">[], eventEnd: string | null): EndSpan {
  const dated = (markets.length > 0 ? markets.map((m) => m.endDate ?? eventEnd) : [eventEnd]).flatMap(
    (iso) => {
      const ms = instantOf(iso);
      return ms === null || iso === null ? [] : [{ iso, ms }];
    },
  );
  if (dated.length === 0) return { first: null, last: null };
  let first = dated[0] as { iso: string; ms: number };
  let last = first;
  for (const d of dated) {
    if (d.ms < first.ms) first = d;
    if (d.ms > last.ms) last = d;
  }
  return { first: first.iso, last: last.iso };
}

/**
 * An event's state from its markets' own: open while any market is open, resolved when it has no open
 * market and exactly one resolved winner, otherwise awaiting resolution since its last market ended.
 */
export function eventStatus(
  open: readonly MarketTimes[],
  resolvedWinners: readonly string[],
  eventEnd: string | null,
  now: number,
): MarketStatus {
  if (open.some((m) => isMarketOpen(m, now))) return { kind: "open" };
  if (open.length === 0 && resolvedWinners.length === 1) {
    return { kind: "resolved", outcome: resolvedWinners[0] ?? null };
  }
  return { kind: "awaiting", since: endSpan(open, eventEnd).last };
}

/** An event's end dates as cards, pages and the API give them. */
export interface EventEnds {
  /** When its last market ends (ISO), null when none has a date. */
  endDate: string | null;
  /** When its first market ends, only when that is another date than `endDate` ("markets end between"). */
  endsFrom: string | null;
}

/**
 * An event's end dates from its markets' own: its open markets', or its resolved ones' once none is open.
 * The event's own date only stands in for a market without one.
 */
export function eventEnds(event: {
  endDate: string | null;
  markets: readonly Pick<MarketTimes, "endDate">[];
  resolved?: readonly Pick<MarketTimes, "endDate">[];
}): EventEnds {
  const markets = event.markets.length > 0 ? event.markets : (event.resolved ?? []);
  const { first, last } = endSpan(markets, event.endDate);
  const differ = first !== null && last !== null && instantOf(first) !== instantOf(last);
  return { endDate: last, endsFrom: differ ? first : null };
}

/**
 * The end as a label and a value: "Ends" / "Ended" and the date, or "Markets end" / "Markets ended" and
 * "between A and B" when the markets end on different dates; null without any date.
 */
export function endWords(ends: EventEnds, now: number): { label: string; value: string } | null {
  if (ends.endDate === null) return null;
  const over = hasEnded(ends.endDate, now);
  if (ends.endsFrom === null) return { label: over ? "Ended" : "Ends", value: formatDate(ends.endDate) };
  return {
    label: over ? "Markets ended" : "Markets end",
    value: `between ${formatDate(ends.endsFrom)} and ${formatDate(ends.endDate)}`,
  };
}
