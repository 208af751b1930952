/** The market-intelligence page's aggregates of one market snapshot, event by event, at time `now` (pure). */
import { CATEGORIES, type Category, type CategorySlug, matchesCategory } from "../categories";
import { formatDate, formatTimeLeft } from "../format";
import { eventCounts } from "../sentiment";
import type { DisplayEvent, EventOutcome, MarketSnapshot } from "../types";
import {
  byVolumeThenId,
  type EventSummary,
  finite,
  INSIGHT_LIST_LENGTH,
  type OutcomeQuote,
  type PageProvenance,
  pageProvenance,
  summarise,
} from "./shared";

export interface CategoryVolume {
  slug: CategorySlug | "other";
  label: string;
  /** Total traded volume of the category's events, dollars. */
  volume: number;
  eventCount: number;
}

/**
 * Total volume per category (the header's filter, decision 0028: the event's tags, else its title's
 * keywords), biggest first; categories without an event are left out, and events in no category form
 * "Other". An event can sit in several categories ("Trump tariffs on China": Politics and International),
 * so the rows can add up to more than the snapshot's total.
 */
export function volumeByCategory(
  events: readonly DisplayEvent[],
  categories: readonly Category[] = CATEGORIES,
): CategoryVolume[] {
  const rows: CategoryVolume[] = categories.map((c) => ({
    slug: c.slug,
    label: c.label,
    volume: 0,
    eventCount: 0,
  }));
  const other: CategoryVolume = { slug: "other", label: "Other", volume: 0, eventCount: 0 };
  for (const event of events) {
    let matched = false;
    categories.forEach((category, i) => {
      const row = rows[i];
      if (row && matchesCategory(event.title, event.tags, category)) {
        row.volume += finite(event.volume);
        row.eventCount += 1;
        matched = true;
      }
    });
    if (!matched) {
      other.volume += finite(event.volume);
      other.eventCount += 1;
    }
  }
  return [...rows, other]
    .filter((r) => r.eventCount > 0)
    .sort((a, b) => b.volume - a.volume || a.label.localeCompare(b.label));
}

export interface Mover {
  event: DisplayEvent;
  /** The event's outcome that moved most over 24 h (of those its card lists). */
  outcome: EventOutcome;
}

/**
 * The outcome of an event that moved most either way over 24 h, among those its card lists (a one-market
 * event's two sides, a multi-outcome event's leading three); ties go to the first listed, so a one-market
 * event is named by its first side. Undefined when none moved.
 */
function biggestMove(event: DisplayEvent): EventOutcome | undefined {
  let best: EventOutcome | undefined;
  for (const outcome of event.outcomes) {
    const size = Math.abs(finite(outcome.priceChange24h));
    if (size > 0 && size > Math.abs(finite(best?.priceChange24h ?? 0))) best = outcome;
  }
  return best;
}

/** Largest 24 h price moves either way (points), one row per event: its biggest mover; still events left out. */
export function biggestMovers(events: readonly DisplayEvent[], limit = INSIGHT_LIST_LENGTH): Mover[] {
  return events
    .flatMap((event) => {
      const outcome = biggestMove(event);
      return outcome ? [{ event, outcome }] : [];
    })
    .sort(
      (a, b) =>
        Math.abs(b.outcome.priceChange24h) - Math.abs(a.outcome.priceChange24h) ||
        byVolumeThenId(a.event, b.event),
    )
    .slice(0, limit);
}

export interface ForecastGap {
  event: DisplayEvent;
  /** The outcome the model and the market disagree on most. */
  label: string;
  /** The model's probability, percent 0–100. */
  model: number;
  /** The market's price, percent 0–100. */
  market: number;
  /** model − market, percentage points: positive when the model rates the outcome above its price. */
  gap: number;
}

/**
 * An event's widest disagreement between the model's probability and the market's price, over the
 * outcomes its forecast gives both for (`forecast.probabilities`); ties go to the outcome the model rates
 * higher, so a one-market event whose two sides disagree by the same points is named by the side the model
 * favours. Undefined when the forecast gives no probabilities (an estimate is not a forecast).
 */
function widestGap(event: DisplayEvent): ForecastGap | undefined {
  let best: ForecastGap | undefined;
  for (const p of event.forecast.probabilities) {
    const model = finite(p.model) * 100;
    const market = finite(p.market) * 100;
    const gap = model - market;
    const wider = best === undefined || Math.abs(gap) > Math.abs(best.gap);
    const tieFavoured = best !== undefined && Math.abs(gap) === Math.abs(best.gap) && gap > best.gap;
    if (wider || tieFavoured) best = { event, label: p.label, model, market, gap };
  }
  return best;
}

/** Events whose forecast gives the model's probabilities (none while the forecasts are estimates). */
export function modelForecastCount(events: readonly DisplayEvent[]): number {
  return events.filter((e) => e.forecast.probabilities.length > 0).length;
}

/** Widest gaps between the model's probability and the market price, one row per event, widest first. */
export function widestForecastGaps(
  events: readonly DisplayEvent[],
  limit = INSIGHT_LIST_LENGTH,
): ForecastGap[] {
  return events
    .flatMap((event) => widestGap(event) ?? [])
    .sort((a, b) => Math.abs(b.gap) - Math.abs(a.gap) || byVolumeThenId(a.event, b.event))
    .slice(0, limit);
}

export interface ClosingEvent {
  event: DisplayEvent;
  /** Milliseconds from `now` to the end date (> 0). */
  msLeft: number;
}

/** Events whose end date lies after `now`, soonest first; events without an end date are left out. */
export function closingSoonest(
  events: readonly DisplayEvent[],
  now: number,
  limit = INSIGHT_LIST_LENGTH,
): ClosingEvent[] {
  const closing: ClosingEvent[] = [];
  for (const event of events) {
    const end = event.endDate === null ? Number.NaN : Date.parse(event.endDate);
    if (Number.isFinite(end) && end > now) closing.push({ event, msLeft: end - now });
  }
  return closing.sort((a, b) => a.msLeft - b.msLeft || byVolumeThenId(a.event, b.event)).slice(0, limit);
}

const quote = (o: Pick<EventOutcome, "label" | "price">): OutcomeQuote => ({
  label: o.label,
  price: o.price,
});

export interface MarketIntelligence {
  provenance: PageProvenance;
  eventCount: number;
  liveCount: number;
  /** The events' own figures summed (each event once, not its markets). */
  totalVolume: number;
  volume24h: number;
  liquidity: number;
  categories: CategoryVolume[];
  movers: Array<{ event: EventSummary; outcome: OutcomeQuote & { priceChange24h: number } }>;
  /** Events whose forecast gives the model's probabilities: without one there is no gap to rank. */
  modelForecasts: number;
  gaps: Array<Omit<ForecastGap, "event"> & { event: EventSummary }>;
  /** Each with the outcome its card leads with (null when it lists none). */
  closing: Array<{ event: EventSummary; endDate: string; closesIn: string; leader: OutcomeQuote | null }>;
}

/** Everything the market-intelligence page shows from the snapshot's event cards, at time `now`. */
export function marketIntelligence(snapshot: MarketSnapshot, now: number): MarketIntelligence {
  const { events } = snapshot;
  let volume24h = 0;
  let liquidity = 0;
  for (const e of events) {
    volume24h += finite(e.volume24h);
    liquidity += finite(e.liquidity);
  }
  const counts = eventCounts(events);
  return {
    provenance: pageProvenance(snapshot, now),
    eventCount: events.length,
    liveCount: counts.live,
    totalVolume: counts.volume,
    volume24h,
    liquidity,
    categories: volumeByCategory(events),
    movers: biggestMovers(events).map(({ event, outcome }) => ({
      event: summarise(event),
      outcome: { ...quote(outcome), priceChange24h: outcome.priceChange24h },
    })),
    modelForecasts: modelForecastCount(events),
    gaps: widestForecastGaps(events).map((g) => ({ ...g, event: summarise(g.event) })),
    closing: closingSoonest(events, now).map(({ event, msLeft }) => {
      const leader = event.outcomes[0];
      return {
        event: summarise(event),
        endDate: formatDate(event.endDate ?? ""),
        closesIn: formatTimeLeft(msLeft),
        leader: leader ? quote(leader) : null,
      };
    }),
  };
}
