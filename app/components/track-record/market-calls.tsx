import { formatMoment } from "~/lib/format";
import { type CallWithReturn, callSourceText, outcomeText, quoteText } from "~/lib/track-record-page";
import { Compact, LINK, perDollar, SideBadge } from "./call-parts";
import { CallTable, type Column, PRICE_AT_CALL_COLUMN, RETURN_COLUMN } from "./call-table";

/** When, which side, whose, at what price and how it ended; on a phone all but when under the time. */
function marketCallColumns(now: number): Column<CallWithReturn>[] {
  return [
    {
      header: "Called",
      cell: (c) => (
        <>
          <time dateTime={new Date(c.calledAt).toISOString()} className="whitespace-nowrap">
            {formatMoment(c.calledAt, now)}
          </time>
          <Compact>
            <SideBadge side={c.side} />
            <span>{callSourceText(c.source)}</span>
            <span>at {quoteText(c.side, c.outcomes, c.priceAtCall)}</span>
            <span>{outcomeText(c.outcome)}</span>
            <span className="font-semibold">return {perDollar(c.return)}</span>
          </Compact>
        </>
      ),
    },
    { header: "Call", wide: true, cell: (c) => <SideBadge side={c.side} /> },
    {
      header: "Source",
      wide: true,
      cellClassName: "min-w-32 break-words",
      cell: (c) => callSourceText(c.source),
    },
    PRICE_AT_CALL_COLUMN,
    {
      header: "Outcome",
      wide: true,
      cellClassName: "whitespace-nowrap",
      cell: (c) => outcomeText(c.outcome),
    },
    RETURN_COLUMN,
  ];
}

/** A market's own calls in the track record, newest first: when, which side, whose, at what price, and how it ended. */
export function MarketCalls({ calls, now }: { calls: readonly CallWithReturn[]; now: number }) {
  return (
    <div className="flex flex-col gap-2">
      {calls.length === 0 ? (
        <p className="text-sm text-slate-700">No calls recorded on this market yet.</p>
      ) : (
        <CallTable
          label="Our calls on this market"
          columns={marketCallColumns(now)}
          rows={calls}
          keyOf={(c) => c.id}
          testId="market-calls"
        />
      )}
      <p className="text-xs text-slate-600">
        {calls.length > 0 &&
          "Each price is that of what the call bought at the moment of the call (No's for a BUY NO); a NEUTRAL call shows the first outcome's. "}
        <a href="/track-record#method" className={LINK}>
          How calls are graded
        </a>{" "}
        ·{" "}
        <a href="/track-record" className={LINK}>
          The whole track record
        </a>
      </p>
    </div>
  );
}
