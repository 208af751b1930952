/** The price chart's shape as the server computes it and the component draws it (client-safe). */
import type { SidePair } from "./live-state";

export type ChartRange = "1d" | "1w" | "1m" | "all";

export const CHART_RANGES: readonly { value: ChartRange; label: string }[] = [
  { value: "1d", label: "1D" },
  { value: "1w", label: "1W" },
  { value: "1m", label: "1M" },
  { value: "all", label: "All" },
];

/** `?range=` to a range; anything else is the default week. */
export function parseChartRange(value: string | null): ChartRange | null {
  if (value === null || value === "") return "1w";
  return CHART_RANGES.some((r) => r.value === value) ? (value as ChartRange) : null;
}

/** Where a point came from: our own 10-minute history, or Polymarket's CLOB price history. */
export type PointSource = "ours" | "clob";

export interface ChartLine {
  label: string;
  /** Where the line's price is pushed live: its market and how its two sides are named; null: never. */
  live: { marketId: string; sides: SidePair } | null;
  /** SVG path data in the chart's coordinates. */
  d: string;
  /** Latest price 0..1 (the page's current price when it gave one) and where it sits. */
  last: { x: number; y: number; p: number };
}

export interface ChartTick {
  /** Where the tick sits, in the plot's units (0..width or 0..height). */
  at: number;
  label: string;
}

export interface ChartModel {
  /**
   * The plot's own coordinates (the SVG's viewBox): the SVG stretches to whatever box it is drawn in,
   * so the axis labels are HTML beside it, at their real size on every screen (decision 0026).
   */
  width: number;
  height: number;
  lines: ChartLine[];
  /** Time ticks left to right; `narrow` marks the few a phone has room to label. */
  xTicks: (ChartTick & { narrow: boolean })[];
  /** Price ticks (`at` from the top). */
  yTicks: ChartTick[];
  /** Columns for the hover/keyboard readout: time and each line's price there (null before it starts). */
  readout: { x: number; t: number; values: (number | null)[] }[];
  /** One sentence per line for screen readers, e.g. "Yes rose from 41¢ to 58¢ this week." */
  summary: string[];
  /** Which sources the drawn points came from, and where ours begin (epoch s). */
  sources: { ours: number; clob: number; oursFrom: number | null };
}
