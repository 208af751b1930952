/**
 * What both insight pages share: ordering, the event summary row and the page's provenance. Both pages
 * count events (the event is the unit), never the markets inside them. Pure: time comes in as
 * `now`, and ties are broken by volume then id so the same snapshot always gives the same lists (server
 * and browser agree, tests are exact).
 */
import { formatAge, formatClockUtc, formatNumber } from "../format";
import type { SnapshotProvenance } from "../provenance";
import type { DisplayEvent, MarketSnapshot } from "../types";

/** Length of every ranked list on the pages. */
export const INSIGHT_LIST_LENGTH = 5;

/** Higher volume first, then id: the tie-break of every ranking below. */
export function byVolumeThenId(a: { volume: number; id: string }, b: { volume: number; id: string }): number {
  return finite(b.volume) - finite(a.volume) || a.id.localeCompare(b.id);
}

export function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/** What a page's figures are made of, and how old they are. */
export interface PageProvenance extends SnapshotProvenance {
  /** "14:05 UTC". */
  asOf: string;
  /** "12 min ago". */
  age: string;
  /** ISO times: since when refreshes fail, and when the data shown was fetched (null while refreshes work). */
  failing: { since: string; fetchedAt: string } | null;
}

/** The snapshot's provenance with its time, for the page's header. */
export function pageProvenance(
  snapshot: Pick<MarketSnapshot, "provenance" | "fetchedAt" | "failingSince">,
  now: number,
): PageProvenance {
  return {
    ...snapshot.provenance,
    asOf: formatClockUtc(snapshot.fetchedAt),
    age: formatAge(snapshot.fetchedAt, now),
    failing:
      snapshot.failingSince && snapshot.provenance.markets.kind !== "sample"
        ? { since: snapshot.failingSince, fetchedAt: snapshot.fetchedAt }
        : null,
  };
}

/** What a list row shows of an event; keeps loader data to the rows on screen, not the whole feed. */
export interface EventSummary {
  id: string;
  title: string;
  /** Polymarket's event slug (the row's secondary link). */
  slug: string;
  /** The event page, or a one-market event's market page; "" for a sample event, which has no page. */
  href: string;
  /** More than one market: the row names the outcome it is about. */
  multi: boolean;
  /** Total volume, USD. */
  volume: number;
}

export function summarise(event: DisplayEvent): EventSummary {
  return {
    id: event.id,
    title: event.title,
    slug: event.slug,
    href: event.href,
    multi: event.multi,
    volume: event.volume,
  };
}

/** An outcome as a row names it: its label and price (0–1). */
export interface OutcomeQuote {
  label: string;
  price: number;
}

/** "1 event", "20 events", "1,024 events". */
export function eventsText(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? "event" : "events"}`;
}
