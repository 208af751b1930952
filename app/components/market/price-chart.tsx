import { type KeyboardEvent, type PointerEvent, useState } from "react";
import { useFirstSidePrice } from "~/components/live/hooks";
import { CHART_RANGES, type ChartLine, type ChartModel, type ChartRange } from "~/lib/chart";
import { formatClockUtc, formatDate, formatPrice } from "~/lib/format";

/** One line's name and its price now: the line's last price, or the pushed one while live. */
function LegendItem({ line, colour }: { line: ChartLine; colour: string | undefined }) {
  const { price } = useFirstSidePrice(line.live?.marketId, line.live?.sides ?? ["", ""], line.last.p);
  return (
    <li className="flex items-center gap-1.5" data-testid="chart-legend-item">
      <span aria-hidden="true" className="inline-block h-0.5 w-4" style={{ background: colour }} />
      {`${line.label} ${formatPrice(price)}`}
    </li>
  );
}

/** Line colours in outcome order; the legend names each line, so colour never carries meaning alone. */
export const LINE_COLOURS = ["#1d4ed8", "#b45309", "#047857", "#be123c", "#6d28d9", "#475569"] as const;

function when(t: number, range: ChartRange): string {
  const ms = t * 1000;
  return range === "1d" ? `${formatDate(ms)} ${formatClockUtc(ms)}` : formatDate(ms);
}

/** The ranges as plain links: they work without JavaScript and each range has its own URL. */
export function RangeLinks({ path, range }: { path: string; range: ChartRange }) {
  return (
    <nav aria-label="Chart range" className="flex gap-1">
      {CHART_RANGES.map((r) => (
        <a
          key={r.value}
          href={r.value === "1w" ? path : `${path}?range=${r.value}`}
          aria-current={r.value === range ? "page" : undefined}
          className="nav-chip"
          data-testid={`range-${r.value}`}
        >
          {r.label}
        </a>
      ))}
    </nav>
  );
}

/** A share of the plot as a CSS length. */
const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

/**
 * Where a time label hangs from its tick: centred, except near an edge, where it is pinned to the tick
 * on its inner side so it never sticks out of the chart's box (the page would scroll sideways).
 */
function hang(at: number, width: number): string {
  const share = at / width;
  return share < 0.1 ? "translate-x-0" : share > 0.9 ? "-translate-x-full" : "-translate-x-1/2";
}

/**
 * The price chart as server-rendered SVG (drawn without JavaScript). The SVG is only the plot and
 * stretches to its box (lines keep their stroke width); the axis labels are HTML around it, so they
 * keep their size on a phone instead of shrinking with a scaled-down drawing (decision 0026). With
 * JavaScript, pointer and arrow keys move a readout over the columns the server computed; the text
 * summary is always there.
 */
export function PriceChart({ model, range }: { model: ChartModel; range: ChartRange }) {
  const [column, setColumn] = useState<number | null>(null);
  const { width, height, lines, xTicks, yTicks, readout } = model;
  const current = column === null ? null : readout[column];
  const readoutText = current
    ? `${when(current.t, range)}: ${lines
        .map((line, i) => {
          const value = current.values[i];
          return `${line.label} ${value === null || value === undefined ? "–" : formatPrice(value)}`;
        })
        .join(", ")}`
    : "";

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const i = Math.round(((event.clientX - box.left) / box.width) * (readout.length - 1));
    setColumn(Math.max(0, Math.min(readout.length - 1, i)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (event.key === "Escape") return setColumn(null);
    if (step === 0) return;
    event.preventDefault();
    setColumn((c) => Math.max(0, Math.min(readout.length - 1, (c ?? readout.length - 1) + step)));
  };

  return (
    <figure className="flex flex-col gap-2">
      {/* The readout is a slider over time: arrow keys move it, its value is the prices then. */}
      <div
        role="slider"
        tabIndex={0}
        aria-label="Chart readout: move through time with the arrow keys"
        aria-valuemin={0}
        aria-valuemax={readout.length - 1}
        aria-valuenow={column ?? readout.length - 1}
        aria-valuetext={readoutText || "Latest prices"}
        onKeyDown={onKeyDown}
        onBlur={() => setColumn(null)}
        className="grid grid-cols-[2.75rem_minmax(0,1fr)] rounded-md pt-2 pr-2 focus-visible:outline-2 focus-visible:outline-blue-700"
        data-testid="chart-box"
      >
        {/* The labels repeat what the summary says in words: hidden from screen readers like the SVG's. */}
        <div aria-hidden="true" className="relative text-xs text-slate-600 tabular-nums">
          {yTicks.map((tick) => (
            <span
              key={tick.label}
              className="absolute right-1.5 -translate-y-1/2 leading-none"
              style={{ top: percent(tick.at, height) }}
              data-testid="chart-label"
            >
              {tick.label}
            </span>
          ))}
        </div>
        <div className="relative h-52 sm:h-64">
          <svg
            viewBox={`0 0 ${width} ${height}`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full touch-pan-y overflow-visible"
            role="img"
            aria-labelledby="chart-summary"
            onPointerMove={onPointerMove}
            onPointerLeave={() => setColumn(null)}
            data-testid="price-chart"
          >
            <title>Price chart</title>
            {yTicks.map((tick) => (
              <line
                key={tick.label}
                x1={0}
                x2={width}
                y1={tick.at}
                y2={tick.at}
                stroke="#e2e8f0"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {lines.map((line, i) => (
              <g key={line.label} stroke={LINE_COLOURS[i]}>
                <path
                  d={line.d}
                  fill="none"
                  strokeWidth={2}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
                {/* A dot that stays round however the plot is stretched: a zero-length stroke's round cap. */}
                <path
                  d={`M${line.last.x} ${line.last.y}h0`}
                  strokeWidth={7}
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                  data-testid="chart-last"
                />
              </g>
            ))}
            {current && (
              <line
                x1={current.x}
                x2={current.x}
                y1={0}
                y2={height}
                stroke="#0f172a"
                strokeDasharray="3 3"
                vectorEffect="non-scaling-stroke"
              />
            )}
          </svg>
        </div>
        <div aria-hidden="true" className="relative col-start-2 h-6 text-xs text-slate-600">
          {xTicks.map((tick) => (
            <span
              key={`${tick.at}-${tick.label}`}
              className={`absolute top-1.5 leading-none whitespace-nowrap ${hang(tick.at, width)} ${
                tick.narrow ? "" : "max-sm:hidden"
              }`}
              style={{ left: percent(tick.at, width) }}
              data-testid="chart-label"
            >
              {tick.label}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="flex flex-col gap-1 text-sm text-slate-700">
        <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Lines">
          {lines.map((line, i) => (
            <LegendItem key={line.label} line={line} colour={LINE_COLOURS[i]} />
          ))}
        </ul>
        <p aria-live="polite" className="min-h-5 font-medium text-slate-900" data-testid="chart-readout">
          {readoutText}
        </p>
        <p id="chart-summary" data-testid="chart-summary">
          {model.summary.join(" ")}
        </p>
      </figcaption>
    </figure>
  );
}
