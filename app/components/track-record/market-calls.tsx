import { formatMoment } from "~/lib/format";
import { type CallWithReturn, callSourceText, outcomeText, quoteText } from "~/lib/track-record-page";
import { Compact, LINK, perDollar, ScrollTable, SideBadge, TD, TH, THEAD, TR, WIDE } from "./call-parts";

/** A market's own calls in the track record, newest first: when, which side, whose, at what price, and how it ended. */
export function MarketCalls({ calls, now }: { calls: readonly CallWithReturn[]; now: number }) {
  return (
    <div className="flex flex-col gap-2">
      {calls.length === 0 ? (
        <p className="text-sm text-slate-700">No calls recorded on this market yet.</p>
      ) : (
        <ScrollTable label="Our calls on this market">
          <thead className={THEAD}>
            <tr>
              <th scope="col" className={TH}>
                Called
              </th>
              <th scope="col" className={`${TH} ${WIDE}`}>
                Call
              </th>
              <th scope="col" className={`${TH} ${WIDE}`}>
                Source
              </th>
              <th scope="col" className={`${TH} ${WIDE} text-right`}>
                Price at call
              </th>
              <th scope="col" className={`${TH} ${WIDE}`}>
                Outcome
              </th>
              <th scope="col" className={`${TH} ${WIDE} text-right`}>
                Return per $1
              </th>
            </tr>
          </thead>
          <tbody data-testid="market-calls">
            {calls.map((c) => (
              <tr key={c.id} className={TR}>
                <td className={TD}>
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
                </td>
                <td className={`${TD} ${WIDE}`}>
                  <SideBadge side={c.side} />
                </td>
                <td className={`${TD} ${WIDE} min-w-32 break-words`}>{callSourceText(c.source)}</td>
                <td className={`${TD} ${WIDE} text-right`}>{quoteText(c.side, c.outcomes, c.priceAtCall)}</td>
                <td className={`${TD} ${WIDE} whitespace-nowrap`}>{outcomeText(c.outcome)}</td>
                <td className={`${TD} ${WIDE} text-right font-semibold`}>{perDollar(c.return)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
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
