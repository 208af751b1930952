import { formatNumber } from "~/lib/format";
import { quoteText, type SignalView } from "~/lib/track-record-page";
import { LINK, SideBadge } from "./call-parts";
import { CALL_COLUMN, CallTable, type Column, calledColumn, marketColumn } from "./call-table";

const confidenceText = (confidence: number | null) => (confidence === null ? "—" : `${confidence}%`);

/** Which market, whose call, how confident, the price then and now, and when. */
function signalColumns(now: number): Column<SignalView>[] {
  return [
    marketColumn((s) => (
      <>
        <SideBadge side={s.side} />
        <span>confidence {confidenceText(s.confidence)}</span>
        <span>entry {quoteText(s.side, s.outcomes, s.priceAtCall)}</span>
        <span>now {quoteText(s.side, s.outcomes, s.priceNow)}</span>
      </>
    )),
    CALL_COLUMN,
    { header: "Confidence", wide: true, className: "text-right", cell: (s) => confidenceText(s.confidence) },
    {
      header: "Entry",
      wide: true,
      className: "text-right",
      cell: (s) => quoteText(s.side, s.outcomes, s.priceAtCall),
    },
    {
      header: "Now",
      wide: true,
      className: "text-right",
      cell: (s) => quoteText(s.side, s.outcomes, s.priceNow),
    },
    calledColumn(now),
  ];
}

/** The standing calls, highest confidence first, with the price at the call and the price now. */
export function OpenSignals({
  signals,
  total,
  now,
}: {
  signals: readonly SignalView[];
  total: number;
  now: number;
}) {
  if (signals.length === 0) {
    return (
      <p className="text-sm text-slate-700" data-testid="no-signals">
        No open calls right now: every current BUY YES or BUY NO call has been graded, or none has been
        recorded yet.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <CallTable
        label="Open calls"
        columns={signalColumns(now)}
        rows={signals}
        keyOf={(s) => s.id}
        testId="signals"
      />
      <p className="text-xs text-slate-600">
        Entry is the price of what the call buys when the call was made (No's for a BUY NO, Yes's for a BUY
        YES); Now is the same outcome's price in the current market list, "—" when the market is no longer
        shown there. Confidence is the current card's, "—" when the card now comes from another source.
      </p>
      <p className="text-sm text-slate-700">
        {total > signals.length &&
          `Showing the ${formatNumber(signals.length)} most confident of ${formatNumber(total)} open calls. `}
        <a href="/track-record#open" className={LINK}>
          Every open call on the track record
        </a>
        , with why each is still open.
      </p>
    </div>
  );
}
