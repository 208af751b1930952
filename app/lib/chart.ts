/** The price chart's shape as the server computes it and the component draws it (client-safe). */

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
  /** SVG path data in the chart's coordinates. */
  d: string;
  /** Latest price 0..1 and where it sits. */
  last: { x: number; y: number; p: number };
}

export interface ChartModel {
  width: number;
  height: number;
  /** The plot area inside the axes. */
  plot: { left: number; top: number; right: number; bottom: number };
  lines: ChartLine[];
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
  /** Columns for the hover/keyboard readout: time and each line's price there (null before it starts). */
  readout: { x: number; t: number; values: (number | null)[] }[];
  /** One sentence per line for screen readers, e.g. "Yes rose from 41¢ to 58¢ this week." */
  summary: string[];
  /** Which sources the drawn points came from, and where ours begin (epoch s). */
  sources: { ours: number; clob: number; oursFrom: number | null };
}
