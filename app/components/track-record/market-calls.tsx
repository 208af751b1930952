import { formatMoment } from "~/lib/format";
import { marketPath } from "~/lib/market-page";
import { type CallWithReturn, callSourceText, outcomeText, quoteText } from "~/lib/track-record-page";
import { Compact, LINK, perDollar, SideBadge } from "./call-parts";
import { CallTable, type Column, PRICE_AT_CALL_COLUMN, RETURN_COLUMN } from "./call-table";

/** The called market, linked to its page (an event's calls name which of its markets each was on). */
function CalledMarket({ call }: { call: CallWithReturn }) {
  return call.slug ? (
    <a href={marketPath(call.slug)} className={LINK}>
      {call.question}
    </a>
  ) : (
    <span>{call.question}</span>
  );
}

/**
 * When, which side, whose, at what price and how it ended (and on an event's page, on which market); on a
 * phone all but when under the time.
 */
function marketCallColumns(now: number, withMarket: boolean): Column<CallWithReturn>[] {
  return [
    {
      header: "Called",
      cell: (c) => (
        <>
          <time dateTime={new Date(c.calledAt).toISOString()} className="whitespace-nowrap">
            {formatMoment(c.calledAt, now)}
          </time>
          <Compact>
            {withMarket && <CalledMarket call={c} />}
            <SideBadge side={c.side} />
            <span>{callSourceText(c.source)}</span>
            <span>at {quoteText(c.side, c.outcomes, c.priceAtCall)}</span>
            <span>{outcomeText(c.outcome)}</span>
            <span className="font-semibold">return {perDollar(c.return)}</span>
          </Compact>
        </>
      ),
    },
    ...(withMarket
      ? [
          {
            header: "Market",
            wide: true,
            cellClassName: "min-w-40 break-words",
            cell: (c: CallWithReturn) => <CalledMarket call={c} />,
          },
        ]
      : []),
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

/**
 * A market's own calls in the track record (or an event's, each naming its market), newest first: when,
 * which side, whose, at what price, and how it ended.
 */
export function MarketCalls({
  calls,
  now,
  of = "market",
}: {
  calls: readonly CallWithReturn[];
  now: number;
  of?: "market" | "event";
}) {
  return (
    <div className="flex flex-col gap-2">
      {calls.length === 0 ? (
        <p className="text-sm text-slate-700">{`No calls recorded on this ${of} yet.`}</p>
      ) : (
        <CallTable
          label={`Our calls on this ${of}`}
          columns={marketCallColumns(now, of === "event")}
          rows={calls}
          keyOf={(c) => c.id}
          testId={`${of}-calls`}
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
