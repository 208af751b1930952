import type { ReactNode } from "react";
import { formatNumber, formatScore } from "~/lib/format";
import type { TrackSummary } from "~/lib/track-record";
import type { SummaryRowView } from "~/lib/track-record-page";
import { DASH, percent, perDollar, TooFew } from "./call-parts";
import { CallTable, type Column } from "./call-table";

/** A right-aligned figure of a group's summary. */
function figure(header: string, value: (s: TrackSummary) => ReactNode): Column<SummaryRowView> {
  return { header, className: "text-right", cell: (row) => value(row.summary) };
}

/** A score, or "—". */
const score = (value: number | null, digits?: number, signed?: boolean) =>
  value === null ? DASH : formatScore(value, digits, signed);

const FIGURES: readonly Column<SummaryRowView>[] = [
  figure("Calls", (s) => formatNumber(s.calls)),
  figure("Graded", (s) => formatNumber(s.graded)),
  figure("Pending", (s) => formatNumber(s.pending)),
  figure("Void", (s) => formatNumber(s.void)),
  figure("Holds", (s) => formatNumber(s.holds)),
  {
    ...figure("Hit rate (95% interval)", (s) => (
      <>
        {percent(s.hitRate)}
        <span className="block text-xs text-slate-600">
          {s.hitRateLow === null || s.hitRateHigh === null
            ? `n = ${formatNumber(s.buyGraded)}`
            : `${percent(s.hitRateLow)}–${percent(s.hitRateHigh)}, n = ${formatNumber(s.buyGraded)}`}
        </span>
      </>
    )),
    cellClassName: "whitespace-nowrap",
  },
  figure("Return per $1", (s) => perDollar(s.meanReturn)),
  figure("Favourite per $1", (s) => perDollar(s.favouriteReturn)),
  figure("Brier model", (s) => score(s.brierModel)),
  figure("Brier market", (s) => score(s.brierMarket)),
  figure("Skill", (s) => score(s.skill, 2, true)),
];

/** The group's name, kept in view while the figures scroll sideways. */
function groupColumn(header: string): Column<SummaryRowView> {
  return {
    header,
    rowHeader: true,
    className: "sticky left-0",
    headerClassName: "bg-slate-50",
    cellClassName: "min-w-36 bg-white font-medium text-slate-900",
    cell: ({ label, summary }) => (
      <span className="flex flex-col items-start gap-1">
        <span className="break-words">{label}</span>
        {summary.tooFew && <TooFew />}
      </span>
    ),
  };
}

/** The headline figures per group (source, category or horizon), one row each. */
export function SummaryTable({
  id,
  title,
  groupLabel,
  rows,
  note,
}: {
  id: string;
  title: string;
  groupLabel: string;
  rows: readonly SummaryRowView[];
  /** A line under the table (what its rows leave out). */
  note?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2" data-testid={id}>
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">No calls recorded yet.</p>
      ) : (
        <CallTable
          label={title}
          columns={[groupColumn(groupLabel), ...FIGURES]}
          rows={rows}
          keyOf={(row) => row.key}
        />
      )}
      {note && (
        <p className="text-sm text-slate-700" data-testid={`${id}-note`}>
          {note}
        </p>
      )}
    </section>
  );
}
