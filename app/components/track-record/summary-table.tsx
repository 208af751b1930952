import type { ReactNode } from "react";
import { formatNumber, formatScore } from "~/lib/format";
import type { SummaryRowView } from "~/lib/track-record-page";
import { DASH, percent, perDollar, ScrollTable, TD, TH, THEAD, TooFew, TR } from "./call-parts";

const COLUMNS = [
  "Calls",
  "Graded",
  "Pending",
  "Void",
  "Holds",
  "Hit rate (95% interval)",
  "Return per $1",
  "Favourite per $1",
  "Brier model",
  "Brier market",
  "Skill",
] as const;

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
        <ScrollTable label={title}>
          <thead className={THEAD}>
            <tr>
              <th scope="col" className={`${TH} sticky left-0 bg-slate-50`}>
                {groupLabel}
              </th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className={`${TH} text-right`}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, label, summary: s }) => (
              <tr key={key} className={TR}>
                <th
                  scope="row"
                  className={`${TD} sticky left-0 min-w-36 bg-white font-medium text-slate-900`}
                >
                  <span className="flex flex-col items-start gap-1">
                    <span className="break-words">{label}</span>
                    {s.tooFew && <TooFew />}
                  </span>
                </th>
                <td className={`${TD} text-right`}>{formatNumber(s.calls)}</td>
                <td className={`${TD} text-right`}>{formatNumber(s.graded)}</td>
                <td className={`${TD} text-right`}>{formatNumber(s.pending)}</td>
                <td className={`${TD} text-right`}>{formatNumber(s.void)}</td>
                <td className={`${TD} text-right`}>{formatNumber(s.holds)}</td>
                <td className={`${TD} text-right whitespace-nowrap`}>
                  {percent(s.hitRate)}
                  <span className="block text-xs text-slate-600">
                    {s.hitRateLow === null || s.hitRateHigh === null
                      ? `n = ${formatNumber(s.buyGraded)}`
                      : `${percent(s.hitRateLow)}–${percent(s.hitRateHigh)}, n = ${formatNumber(s.buyGraded)}`}
                  </span>
                </td>
                <td className={`${TD} text-right`}>{perDollar(s.meanReturn)}</td>
                <td className={`${TD} text-right`}>{perDollar(s.favouriteReturn)}</td>
                <td className={`${TD} text-right`}>
                  {s.brierModel === null ? DASH : formatScore(s.brierModel)}
                </td>
                <td className={`${TD} text-right`}>
                  {s.brierMarket === null ? DASH : formatScore(s.brierMarket)}
                </td>
                <td className={`${TD} text-right`}>
                  {s.skill === null ? DASH : formatScore(s.skill, 2, true)}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {note && (
        <p className="text-sm text-slate-700" data-testid={`${id}-note`}>
          {note}
        </p>
      )}
    </section>
  );
}
