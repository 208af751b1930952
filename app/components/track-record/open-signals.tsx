import { formatMoment, formatNumber } from "~/lib/format";
import { callSourceText, quoteText, type SignalView } from "~/lib/track-record-page";
import { Compact, LINK, MarketLink, ScrollTable, SideBadge, TD, TH, THEAD, TR, WIDE } from "./call-parts";

const confidenceText = (confidence: number | null) => (confidence === null ? "—" : `${confidence}%`);

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
      <ScrollTable label="Open calls">
        <thead className={THEAD}>
          <tr>
            <th scope="col" className={TH}>
              Market
            </th>
            <th scope="col" className={`${TH} ${WIDE}`}>
              Call
            </th>
            <th scope="col" className={`${TH} ${WIDE} text-right`}>
              Confidence
            </th>
            <th scope="col" className={`${TH} ${WIDE} text-right`}>
              Entry
            </th>
            <th scope="col" className={`${TH} ${WIDE} text-right`}>
              Now
            </th>
            <th scope="col" className={`${TH} ${WIDE}`}>
              Called
            </th>
          </tr>
        </thead>
        <tbody data-testid="signals">
          {signals.map((s) => (
            <tr key={s.id} className={TR}>
              <td className={`${TD} sm:min-w-56`}>
                <MarketLink question={s.question} slug={s.slug} />
                <Compact>
                  <SideBadge side={s.side} />
                  <span>confidence {confidenceText(s.confidence)}</span>
                  <span>entry {quoteText(s.side, s.outcomes, s.priceAtCall)}</span>
                  <span>now {quoteText(s.side, s.outcomes, s.priceNow)}</span>
                </Compact>
              </td>
              <td className={`${TD} ${WIDE} min-w-32`}>
                <span className="flex flex-col items-start gap-1">
                  <SideBadge side={s.side} />
                  <span className="text-xs break-words text-slate-600">{callSourceText(s.source)}</span>
                </span>
              </td>
              <td className={`${TD} ${WIDE} text-right`}>{confidenceText(s.confidence)}</td>
              <td className={`${TD} ${WIDE} text-right`}>{quoteText(s.side, s.outcomes, s.priceAtCall)}</td>
              <td className={`${TD} ${WIDE} text-right`}>{quoteText(s.side, s.outcomes, s.priceNow)}</td>
              <td className={`${TD} ${WIDE} whitespace-nowrap`}>{formatMoment(s.calledAt, now)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
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
