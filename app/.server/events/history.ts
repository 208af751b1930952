/**
 * An event's price history from our own database (`/api/v1/events/{slug}/history`, decision 0032): the
 * markets recorded with the event's slug, dearest latest price first (at most EVENT_HISTORY_OUTCOMES), and
 * their prices at a step that suits the range. Read by exact keys (markets × times), so a month costs 180
 * rows per outcome, not every 10-minute point; kept a minute in the isolate's memory.
 */
import type { ChartRange } from "~/lib/chart";
import { ok, type Section } from "~/lib/section";
import { RANGE_SECONDS } from "../charts/price-chart";
import type { HistoryReads } from "../history/reads";
import type { EventMarket } from "../history/store";
import { HOUR_SECONDS, SLOT_SECONDS } from "../history/store";

/** Outcomes an event's history lists at most (the dearest by their latest recorded price). */
export const EVENT_HISTORY_OUTCOMES = 20;

const DAY_SECONDS = 24 * HOUR_SECONDS;
/** Points of the whole history at most: its step grows (whole days) to keep within this. */
const MAX_ALL_POINTS = 400;

/** Seconds between the points of each range: about 150–180 points each. */
export const RANGE_STEPS: Record<Exclude<ChartRange, "all">, number> = {
  "1d": SLOT_SECONDS,
  "1w": HOUR_SECONDS,
  "1m": 4 * HOUR_SECONDS,
};

/** The step of a range with nothing recorded yet (the whole history's step grows with its length). */
export function rangeStep(range: ChartRange): number {
  return range === "all" ? DAY_SECONDS : RANGE_STEPS[range];
}

/** What the history says when we have recorded nothing of an event that exists. */
export const NOT_RECORDED =
  "We have recorded no prices of this event: we keep a point every 10 minutes for the markets of the busiest events only.";

export interface EventHistoryOutcome {
  marketId: string;
  marketSlug: string | null;
  label: string;
  question: string;
}

export interface EventHistory {
  step: number;
  outcomes: EventHistoryOutcome[];
  /** Outcomes recorded for the event (more than `outcomes` lists when over the cap). */
  outcomeCount: number;
  points: { t: number; prices: (number | null)[] }[];
}

/** The slot times of the range ending at `nowSec`, `step` apart, aligned to the step. */
function gridOf(range: ChartRange, nowSec: number, firstSeen: number): { step: number; times: number[] } {
  let since: number;
  let step: number;
  if (range === "all") {
    since = firstSeen;
    const days = Math.ceil((nowSec - since) / DAY_SECONDS / MAX_ALL_POINTS);
    step = Math.max(1, days) * DAY_SECONDS;
  } else {
    since = nowSec - RANGE_SECONDS[range];
    step = RANGE_STEPS[range];
  }
  const times: number[] = [];
  for (let t = Math.ceil(since / step) * step; t <= nowSec; t += step) times.push(t);
  return { step, times };
}

/**
 * The series the event's recorded markets make: one per market (its first outcome, named by its title in
 * the event), or a lone market's own sides when it is no part of a multi-outcome event (no group title).
 */
function seriesOf(
  markets: readonly EventMarket[],
): { outcome: EventHistoryOutcome; market: string; side: number }[] {
  const only = markets.length === 1 ? markets[0] : undefined;
  if (only && only.groupTitle === null) {
    return only.outcomes.map(({ label }, side) => ({
      outcome: { marketId: only.id, marketSlug: only.slug, label, question: only.title },
      market: only.id,
      side,
    }));
  }
  return markets.map((m) => ({
    outcome: { marketId: m.id, marketSlug: m.slug, label: m.groupTitle ?? m.title, question: m.title },
    market: m.id,
    side: 0,
  }));
}

/** The event's recorded history over `range` ending at `nowSec`; null when nothing of it is recorded. */
export async function eventHistory(
  reads: HistoryReads,
  eventSlug: string,
  range: ChartRange,
  nowSec: number,
): Promise<Section<EventHistory | null>> {
  const stored = await reads.eventMarkets(eventSlug, EVENT_HISTORY_OUTCOMES);
  if (!stored.ok) return stored;
  const { markets, total } = stored.value;
  if (markets.length === 0) return ok(null);
  const firstSeen = Math.min(...markets.map((m) => m.firstSeen));
  const { step, times } = gridOf(range, nowSec, firstSeen);
  const read = await reads.pricesAt(
    markets.map((m) => m.id),
    times,
  );
  if (!read.ok) return read;
  const series = seriesOf(markets);
  const at = new Map<number, (number | null)[]>();
  series.forEach(({ market, side }, i) => {
    for (const point of read.value.get(market) ?? []) {
      const price = point.prices[side];
      if (price === undefined) continue;
      let row = at.get(point.t);
      if (!row) {
        row = series.map(() => null);
        at.set(point.t, row);
      }
      row[i] = price;
    }
  });
  return ok({
    step,
    outcomes: series.map((s) => s.outcome),
    outcomeCount: Math.max(total, series.length),
    points: [...at].sort((a, b) => a[0] - b[0]).map(([t, prices]) => ({ t, prices })),
  });
}
