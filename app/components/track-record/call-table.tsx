import type { ReactNode } from "react";
import { formatMoment } from "~/lib/format";
import { CALL_RULES_VERSION } from "~/lib/track-record";
import { type CallRowView, callSourceText, quoteText } from "~/lib/track-record-page";
import { ScrollBox } from "../ui/scroll-box";
import { Compact, MarketLink, perDollar, SideBadge } from "./call-parts";

const TH = "px-3 py-2 font-semibold whitespace-nowrap text-slate-700";
const TD = "px-3 py-2 align-top tabular-nums text-slate-800";
const THEAD = "border-b border-slate-200 bg-slate-50 text-xs";
const TR = "border-b border-slate-100 last:border-0";
/** A column shown from `sm` up; on a phone its figure is in the row's Compact line instead. */
const WIDE = "hidden sm:table-cell";

/** One column of a track-record table: its header, and what each row shows under it. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Shown from `sm` up only: on a phone the row's Compact line (under its first cell) says it. */
  wide?: boolean;
  /** Classes of the header and of every cell (alignment, stickiness). */
  className?: string;
  /** Classes of the header only. */
  headerClassName?: string;
  /** Classes of the body cells only. */
  cellClassName?: string;
  /** The column names its rows: its cells are `<th scope="row">`. */
  rowHeader?: boolean;
}

function columnClass(base: string, column: Column<never>, own: string | undefined): string {
  return [base, column.wide ? WIDE : undefined, column.className, own].filter(Boolean).join(" ");
}

/**
 * A table of the track record (calls, summaries, bins): a header row of `scope="col"` cells, one row per
 * item, in a card that scrolls sideways on a narrow screen with the scroll box's edge shadow. `label`
 * names the scroll region; `caption`, when given, is the table's visible caption.
 */
export function CallTable<Row>({
  label,
  caption,
  columns,
  rows,
  keyOf,
  testId,
}: {
  label: string;
  caption?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** Each row's React key. */
  keyOf: (row: Row) => string | number;
  /** The body's `data-testid`. */
  testId?: string;
}) {
  return (
    <ScrollBox label={label} className="card">
      <table className="w-full border-collapse text-left text-sm">
        {caption && (
          <caption className="px-3 pt-3 text-left text-sm font-semibold text-slate-900">{caption}</caption>
        )}
        <thead className={THEAD}>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={columnClass(TH, column, column.headerClassName)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody data-testid={testId}>
          {rows.map((row) => (
            <tr key={keyOf(row)} className={TR}>
              {columns.map((column) => {
                const className = columnClass(TD, column, column.cellClassName);
                return column.rowHeader ? (
                  <th key={column.header} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/**
 * What was called: the event and the outcome called (a call under the current rules), or the market's
 * question (a call recorded under rules v1, tagged so), with what the row's wide columns say under it on a
 * phone.
 */
export function marketColumn<Row extends CallRowView>(compact: (row: Row) => ReactNode): Column<Row> {
  return {
    header: "Event",
    cellClassName: "sm:min-w-56",
    cell: (row) => (
      <>
        <MarketLink question={row.eventTitle ?? row.question} slug={row.slug} />
        {row.callOutcome !== null && (
          <div className="mt-0.5 text-xs text-slate-700" data-testid="called-outcome">
            Outcome called: {row.callOutcome}
          </div>
        )}
        {row.ruleVersion !== CALL_RULES_VERSION && (
          <div className="mt-0.5 text-xs text-slate-600" data-testid="rule-version">
            {`Recorded under rules v${row.ruleVersion}: not in the figures`}
          </div>
        )}
        <Compact>{compact(row)}</Compact>
      </>
    ),
  };
}

/** The call's side, with whose call it was under it. */
export const CALL_COLUMN: Column<CallRowView> = {
  header: "Call",
  wide: true,
  cellClassName: "min-w-32",
  cell: (row) => (
    <span className="flex flex-col items-start gap-1">
      <SideBadge side={row.side} />
      <span className="text-xs break-words text-slate-600">{callSourceText(row.source)}</span>
    </span>
  ),
};

/** When the call was made, relative to `now`. */
export function calledColumn(now: number): Column<CallRowView> {
  return {
    header: "Called",
    wide: true,
    cellClassName: "whitespace-nowrap",
    cell: (row) => formatMoment(row.calledAt, now),
  };
}

/** The price of what the call bought, at the call. */
export const PRICE_AT_CALL_COLUMN: Column<CallRowView> = {
  header: "Price at call",
  wide: true,
  className: "text-right",
  cell: (row) => quoteText(row.side, row.outcomes, row.priceAtCall),
};

/** The paper return per $1 of a graded buy call, "—" otherwise. */
export const RETURN_COLUMN: Column<{ return: number | null }> = {
  header: "Return per $1",
  wide: true,
  className: "text-right",
  cellClassName: "font-semibold",
  cell: (row) => perDollar(row.return),
};
