import { formatMoment, formatNumber } from "~/lib/format";
import {
  CALLS_PER_PAGE,
  type CallPage,
  type CallRowView,
  type OpenCallView,
  outcomeText,
  type PageParam,
  pageHref,
  quoteText,
  type SettledCallView,
} from "~/lib/track-record-page";
import { perDollar, SideBadge } from "./call-parts";
import {
  CALL_COLUMN,
  CallTable,
  type Column,
  calledColumn,
  marketColumn,
  PRICE_AT_CALL_COLUMN,
  RETURN_COLUMN,
} from "./call-table";

/** Previous / next as plain links (no JavaScript needed), with where the reader is. */
function Pagination({
  page,
  param,
  current,
  anchor,
  label,
}: {
  page: CallPage<unknown>;
  param: PageParam;
  current: Readonly<Record<PageParam, number>>;
  anchor: string;
  label: string;
}) {
  if (page.pages <= 1) return null;
  const step = (to: number, text: string, rel: "prev" | "next") =>
    to >= 1 && to <= page.pages ? (
      <a href={pageHref(current, param, to, anchor)} rel={rel} className="btn btn-outline">
        {text}
      </a>
    ) : null;
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center gap-3 text-sm"
      data-testid={`${param}-pages`}
    >
      {step(page.page - 1, "Previous", "prev")}
      <span className="text-slate-700 tabular-nums">
        Page {formatNumber(page.page)} of {formatNumber(page.pages)}
      </span>
      {step(page.page + 1, "Next", "next")}
    </nav>
  );
}

function countText(page: CallPage<unknown>, what: string): string {
  if (page.total === 0) return "";
  const from = (page.page - 1) * CALLS_PER_PAGE + 1;
  return `${formatNumber(from)}–${formatNumber(from + page.rows.length - 1)} of ${formatNumber(page.total)} ${what}`;
}

/** One page of a call list: where it is in the list, its table, and the links to the other pages. */
function CallPageTable<Row extends CallRowView>({
  page,
  what,
  columns,
  testId,
  param,
  anchor,
  current,
}: {
  page: CallPage<Row>;
  /** What the rows are, e.g. "settled calls". */
  what: string;
  columns: readonly Column<Row>[];
  testId: string;
  param: PageParam;
  anchor: string;
  current: Readonly<Record<PageParam, number>>;
}) {
  const label = `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{countText(page, what)}</p>
      <CallTable label={label} columns={columns} rows={page.rows} keyOf={(c) => c.id} testId={testId} />
      <Pagination page={page} param={param} current={current} anchor={anchor} label={`Pages of ${what}`} />
    </div>
  );
}

/** Settled calls (graded and void), the latest settled first: what was called and how it turned out. */
export function SettledCalls({
  page,
  current,
  now,
}: {
  page: CallPage<SettledCallView>;
  current: Readonly<Record<PageParam, number>>;
  now: number;
}) {
  if (page.total === 0) return <p className="text-sm text-slate-700">No call has been settled yet.</p>;
  const columns: Column<SettledCallView>[] = [
    marketColumn((c) => (
      <>
        <SideBadge side={c.side} />
        <span>at {quoteText(c.side, c.outcomes, c.priceAtCall)}</span>
        <span>{outcomeText(c.outcome)}</span>
        <span className="font-semibold">return {perDollar(c.return)}</span>
      </>
    )),
    CALL_COLUMN,
    calledColumn(now),
    PRICE_AT_CALL_COLUMN,
    {
      header: "Outcome",
      wide: true,
      cellClassName: "whitespace-nowrap",
      cell: (c) => (
        <>
          {outcomeText(c.outcome)}
          {c.settledAt !== null && (
            <span className="block text-xs text-slate-600">{formatMoment(c.settledAt, now)}</span>
          )}
        </>
      ),
    },
    RETURN_COLUMN,
  ];
  return (
    <CallPageTable
      page={page}
      what="settled calls"
      columns={columns}
      testId="settled-calls"
      param="graded"
      anchor="settled"
      current={current}
    />
  );
}

/** Calls whose market has not resolved, the newest first, each with why it is still open. */
export function OpenCalls({
  page,
  current,
  now,
}: {
  page: CallPage<OpenCallView>;
  current: Readonly<Record<PageParam, number>>;
  now: number;
}) {
  if (page.total === 0) return <p className="text-sm text-slate-700">No open calls.</p>;
  const columns: Column<OpenCallView>[] = [
    marketColumn((c) => (
      <>
        <SideBadge side={c.side} />
        <span>at {quoteText(c.side, c.outcomes, c.priceAtCall)}</span>
        <span>{c.pending}</span>
      </>
    )),
    CALL_COLUMN,
    calledColumn(now),
    PRICE_AT_CALL_COLUMN,
    { header: "Why pending", wide: true, cellClassName: "min-w-44", cell: (c) => c.pending },
  ];
  return (
    <CallPageTable
      page={page}
      what="open calls"
      columns={columns}
      testId="open-calls"
      param="open"
      anchor="open"
      current={current}
    />
  );
}
