import { formatNumber, formatRatio } from "~/lib/format";
import type { ReliabilityBin } from "~/lib/track-record";
import { percent } from "./call-parts";
import { CallTable, type Column } from "./call-table";

// Drawing units (the SVG scales to its box; text stays readable from 300 px wide).
const LEFT = 48;
const TOP = 14;
const SIZE = 260;
const RIGHT = 14;
const WIDTH = LEFT + SIZE + RIGHT;
const HEIGHT = TOP + SIZE + 62;
const TICKS = [0, 0.2, 0.4, 0.6, 0.8, 1];

const x = (p: number) => LEFT + p * SIZE;
const y = (p: number) => TOP + (1 - p) * SIZE;
const round = (n: number) => Math.round(n * 10) / 10;

/** The bins that hold calls, as plotted points (mean forecast, observed frequency). */
function plotted(bins: readonly ReliabilityBin[]) {
  return bins.flatMap((b) =>
    b.count > 0 && b.meanForecast !== null && b.observed !== null
      ? [{ key: b.from, cx: round(x(b.meanForecast)), cy: round(y(b.observed)), count: b.count }]
      : [],
  );
}

function binLabel(bin: ReliabilityBin): string {
  return `${formatRatio(bin.from)}–${formatRatio(bin.to)}`;
}

const BIN_COLUMNS: readonly Column<ReliabilityBin>[] = [
  { header: "Bin", rowHeader: true, cellClassName: "font-normal whitespace-nowrap", cell: binLabel },
  { header: "Calls", className: "text-right", cell: (b) => formatNumber(b.count) },
  { header: "Forecast", className: "text-right", cell: (b) => percent(b.meanForecast) },
  { header: "Observed", className: "text-right", cell: (b) => percent(b.observed) },
];

/**
 * The reliability diagram, drawn on the server: for each tenth of the model's probability, the mean
 * forecast against how often the first outcome won, beside the diagonal of perfect calibration, with
 * the number of graded calls in each bin under the axis. The table beside it says the same in words.
 */
export function ReliabilityDiagram({ bins }: { bins: readonly ReliabilityBin[] }) {
  const points = plotted(bins);
  const total = bins.reduce((sum, b) => sum + b.count, 0);
  const countsY = TOP + SIZE + 32;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start">
      <figure className="card p-3">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full"
          role="img"
          aria-labelledby="reliability-title reliability-desc"
          data-testid="reliability-svg"
        >
          <title id="reliability-title">Reliability diagram</title>
          <desc id="reliability-desc">
            {total === 0
              ? "No graded calls with a model probability yet: only the diagonal of perfect calibration is drawn."
              : `Mean model forecast against observed frequency in ${points.length} of 10 bins, ${formatNumber(total)} graded calls in all. The table beside it lists every bin.`}
          </desc>
          <g className="text-[11px]" fill="#475569">
            {TICKS.map((t) => (
              <g key={t}>
                <line x1={x(0)} x2={x(1)} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
                <line x1={x(t)} x2={x(t)} y1={y(0)} y2={y(1)} stroke="#e2e8f0" />
                <text x={LEFT - 6} y={y(t) + 4} textAnchor="end">
                  {formatRatio(t)}
                </text>
                <text x={x(t)} y={TOP + SIZE + 15} textAnchor="middle">
                  {formatRatio(t)}
                </text>
              </g>
            ))}
            <text x={LEFT - 6} y={countsY} textAnchor="end" fill="#334155">
              calls
            </text>
            {bins.map((b) => (
              <text
                key={b.from}
                x={round(x((b.from + b.to) / 2))}
                y={countsY}
                textAnchor="middle"
                fill="#0f172a"
              >
                {formatNumber(b.count)}
              </text>
            ))}
            <text x={x(0.5)} y={HEIGHT - 6} textAnchor="middle" fill="#334155">
              Model's forecast (mean per bin)
            </text>
            <text x={12} y={y(0.5)} textAnchor="middle" transform={`rotate(-90 12 ${y(0.5)})`} fill="#334155">
              Observed frequency
            </text>
          </g>
          <rect x={x(0)} y={y(1)} width={SIZE} height={SIZE} fill="none" stroke="#94a3b8" />
          <line
            x1={x(0)}
            y1={y(0)}
            x2={x(1)}
            y2={y(1)}
            stroke="#64748b"
            strokeDasharray="5 4"
            data-testid="reliability-diagonal"
          />
          {points.length > 1 && (
            <polyline
              points={points.map((p) => `${p.cx},${p.cy}`).join(" ")}
              fill="none"
              stroke="#1d4ed8"
              strokeWidth={2}
            />
          )}
          {points.map((p) => (
            <circle key={p.key} cx={p.cx} cy={p.cy} r={5} fill="#1d4ed8" stroke="#fff" strokeWidth={1.5} />
          ))}
          {total === 0 && (
            <text x={x(0.04)} y={y(0.9)} className="text-[12px]" fill="#334155">
              No graded calls with a probability yet
            </text>
          )}
        </svg>
        <figcaption className="mt-2 text-xs text-slate-600">
          Dashed: perfect calibration. Points: graded calls with a model probability, by tenth of the
          forecast.
        </figcaption>
      </figure>
      <CallTable
        label="Reliability by bin"
        caption="Reliability by bin: mean forecast and observed frequency"
        columns={BIN_COLUMNS}
        rows={bins}
        keyOf={(b) => b.from}
        testId="reliability-table"
      />
    </div>
  );
}
