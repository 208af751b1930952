import { type KeyboardEvent, type PointerEvent, useState } from "react";
import { CHART_RANGES, type ChartModel, type ChartRange } from "~/lib/chart";
import { formatCents, formatClockUtc, formatDate } from "~/lib/format";

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

/**
 * The price chart as server-rendered SVG (drawn without JavaScript). With JavaScript, pointer and
 * arrow keys move a readout over the columns the server computed; the text summary is always there.
 */
export function PriceChart({ model, range }: { model: ChartModel; range: ChartRange }) {
  const [column, setColumn] = useState<number | null>(null);
  const { width, height, plot, lines, xTicks, yTicks, readout } = model;
  const current = column === null ? null : readout[column];
  const readoutText = current
    ? `${when(current.t, range)}: ${lines
        .map((line, i) => {
          const value = current.values[i];
          return `${line.label} ${value === null || value === undefined ? "–" : formatCents(value * 100)}`;
        })
        .join(", ")}`
    : "";

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * width;
    const span = plot.right - plot.left;
    const i = Math.round(((x - plot.left) / span) * (readout.length - 1));
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
        className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="h-auto w-full min-w-[520px] touch-pan-x"
          role="img"
          aria-labelledby="chart-summary"
          onPointerMove={onPointerMove}
          onPointerLeave={() => setColumn(null)}
          data-testid="price-chart"
        >
          <title>Price chart</title>
          <g className="text-[11px]" fill="#475569">
            {yTicks.map((tick) => (
              <g key={tick.label}>
                <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} stroke="#e2e8f0" />
                <text x={plot.left - 6} y={tick.y + 4} textAnchor="end">
                  {tick.label}
                </text>
              </g>
            ))}
            {xTicks.map((tick) => (
              <text key={`${tick.x}-${tick.label}`} x={tick.x} y={height - 8} textAnchor="middle">
                {tick.label}
              </text>
            ))}
          </g>
          {lines.map((line, i) => (
            <g key={line.label}>
              <path d={line.d} fill="none" stroke={LINE_COLOURS[i]} strokeWidth={2} strokeLinejoin="round" />
              <circle cx={line.last.x} cy={line.last.y} r={3} fill={LINE_COLOURS[i]} />
            </g>
          ))}
          {current && (
            <line
              x1={current.x}
              x2={current.x}
              y1={plot.top}
              y2={plot.bottom}
              stroke="#0f172a"
              strokeDasharray="3 3"
            />
          )}
        </svg>
      </div>
      <figcaption className="flex flex-col gap-1 text-sm text-slate-700">
        <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Lines">
          {lines.map((line, i) => (
            <li key={line.label} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block h-0.5 w-4"
                style={{ background: LINE_COLOURS[i] }}
              />
              {`${line.label} ${formatCents(line.last.p * 100)}`}
            </li>
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
