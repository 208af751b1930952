/**
 * The market page's price chart, computed on the server (d3-scale and d3-shape never reach the
 * browser): scales, path data, axis ticks, readout columns and a sentence per outcome.
 */
import { scaleLinear, scaleUtc } from "d3-scale";
import { line } from "d3-shape";
import type { ChartModel, ChartRange, PointSource } from "~/lib/chart";
import { formatPrice } from "~/lib/format";
import type { SidePair } from "~/lib/live-state";

export interface SeriesPoint {
  /** Epoch seconds. */
  t: number;
  /** 0..1. */
  p: number;
  /** "now": the price the page shows now, where a line ends. */
  source: PointSource | "now";
}

export interface Series {
  label: string;
  points: readonly SeriesPoint[];
  /**
   * The outcome's price now, as the page shows it elsewhere: the line ends there, so the legend, the
   * readout and the table never disagree; `marketId` and `sides` say where it is pushed live.
   */
  now?: { price: number; marketId: string; sides: SidePair };
}

const DAY = 86_400;
export const RANGE_SECONDS: Record<ChartRange, number> = {
  "1d": DAY,
  "1w": 7 * DAY,
  "1m": 30 * DAY,
  all: Number.POSITIVE_INFINITY,
};
const RANGE_WORDS: Record<ChartRange, string> = {
  "1d": "over the last day",
  "1w": "this week",
  "1m": "this month",
  all: "since trading began",
};

/** Most lines drawn (outcomes beyond it are left out of the chart). */
export const MAX_LINES = 6;
/** The plot's units: no margins, the axis labels are HTML outside it (the SVG is stretched to fit). */
const WIDTH = 640;
const HEIGHT = 240;
/** Time labels a phone has room for (about 300 px of plot for labels like "Wed 18" or "September"). */
const NARROW_X_TICKS = 3;
/** Points kept per line: about one per 3 px, plenty for the eye and a few KB of path data. */
const MAX_POINTS = 160;
const READOUT_COLUMNS = 96;

/** Keeps the last point of each of `buckets` equal time slices (the line's shape survives). */
function thin(points: readonly SeriesPoint[], from: number, to: number, buckets: number): SeriesPoint[] {
  if (points.length <= buckets) return [...points];
  const span = Math.max(1, to - from);
  const kept = new Map<number, SeriesPoint>();
  for (const point of points)
    kept.set(Math.min(buckets - 1, Math.floor(((point.t - from) / span) * buckets)), point);
  const result = [...kept.values()];
  const first = points[0];
  if (first && result[0] !== first) result.unshift(first);
  return result;
}

/** The price at or before `t` (the market holds its price until the next trade), or null before the first. */
function priceAt(points: readonly SeriesPoint[], t: number): number | null {
  let lo = 0;
  let hi = points.length - 1;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const point = points[mid];
    if (!point) break;
    if (point.t <= t) {
      found = point.p;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function sentence(label: string, first: number, last: number, range: ChartRange): string {
  const from = formatPrice(first);
  const to = formatPrice(last);
  const words = RANGE_WORDS[range];
  // Compared as shown: a move that rounds to the same cent is no move for the reader.
  if (from === to) return `${label} held at ${to} ${words}.`;
  return `${label} ${last > first ? "rose" : "fell"} from ${from} to ${to} ${words}.`;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The chart of up to six outcome series over `range` ending at `nowSec`, or null when no outcome has
 * two points in the range (nothing to draw yet).
 */
export function buildPriceChart(
  series: readonly Series[],
  range: ChartRange,
  nowSec: number,
): ChartModel | null {
  const since = nowSec - RANGE_SECONDS[range];
  const inRange = series.slice(0, MAX_LINES).map((s) => {
    const end = s.now ? nowSec - 1 : nowSec;
    const points = s.points.filter((p) => p.t >= since && p.t <= end).sort((a, b) => a.t - b.t);
    // The line ends at the price now (counted as neither source: it is the page's own price).
    const last = s.now ? { t: nowSec, p: s.now.price, source: "now" as const } : null;
    return {
      label: s.label,
      live: s.now ? { marketId: s.now.marketId, sides: s.now.sides } : null,
      points: last && points.length > 0 ? [...points, last] : points,
    };
  });
  const drawn = inRange.filter((s) => s.points.length >= 2);
  if (drawn.length === 0) return null;

  const times = drawn.flatMap((s) => [s.points[0]?.t ?? nowSec, s.points.at(-1)?.t ?? nowSec]);
  const start = Math.min(...times);
  const end = Math.max(...times);
  const x = scaleUtc()
    .domain([new Date(start * 1000), new Date(end * 1000)])
    .range([0, WIDTH]);
  const prices = drawn.flatMap((s) => s.points.map((p) => p.p));
  const y = scaleLinear()
    .domain([Math.max(0, Math.min(...prices) - 0.02), Math.min(1, Math.max(...prices) + 0.02)])
    .nice(4)
    .range([HEIGHT, 0])
    .clamp(true);
  const path = line<SeriesPoint>()
    .x((p) => round(x(new Date(p.t * 1000))))
    .y((p) => round(y(p.p)));

  const lines = drawn.map((s) => {
    const points = thin(s.points, start, end, MAX_POINTS);
    const last = s.points.at(-1) ?? { t: end, p: 0 };
    return {
      label: s.label,
      live: s.live,
      d: path(points) ?? "",
      last: { x: round(x(new Date(last.t * 1000))), y: round(y(last.p)), p: last.p },
    };
  });

  const format = x.tickFormat();
  const tickDates = x.ticks(5);
  // Every n-th tick from the first, so a phone labels at most NARROW_X_TICKS evenly spaced ones.
  const every = Math.ceil(tickDates.length / NARROW_X_TICKS);
  const xTicks = tickDates.map((date, i) => ({
    at: round(x(date)),
    label: format(date),
    narrow: i % every === 0,
  }));
  const yTicks = y.ticks(4).map((p) => ({ at: round(y(p)), label: formatPrice(p) }));

  const readout = Array.from({ length: READOUT_COLUMNS }, (_, i) => {
    const t = Math.round(start + ((end - start) * i) / (READOUT_COLUMNS - 1));
    return { x: round(x(new Date(t * 1000))), t, values: drawn.map((s) => priceAt(s.points, t)) };
  });

  const all = drawn.flatMap((s) => s.points.filter((p) => p.source !== "now"));
  const ours = all.filter((p) => p.source === "ours");
  return {
    width: WIDTH,
    height: HEIGHT,
    lines,
    xTicks,
    yTicks,
    readout,
    summary: drawn.map((s) => sentence(s.label, s.points[0]?.p ?? 0, s.points.at(-1)?.p ?? 0, range)),
    sources: {
      ours: ours.length,
      clob: all.length - ours.length,
      oursFrom: ours.length > 0 ? Math.min(...ours.map((p) => p.t)) : null,
    },
  };
}

/**
 * One outcome's series: our own points, extended back with the CLOB's history where ours is shorter
 * (CLOB points after our first point are dropped: ours are what the site showed).
 */
export function mergeHistory(
  ours: readonly { t: number; p: number }[],
  clob: readonly { t: number; p: number }[],
): SeriesPoint[] {
  const firstOurs = ours.length > 0 ? Math.min(...ours.map((p) => p.t)) : Number.POSITIVE_INFINITY;
  return [
    ...clob.filter((p) => p.t < firstOurs).map((p) => ({ t: p.t, p: p.p, source: "clob" as const })),
    ...ours.map((p) => ({ t: p.t, p: p.p, source: "ours" as const })),
  ].sort((a, b) => a.t - b.t);
}
