import { DeferredPart, MarketSection, SectionMessage } from "~/components/market/market-sections";
import { formatMoment, formatPnl } from "~/lib/format";
import type { NowOrLater, Section } from "~/lib/section";
import {
  NO_SETTLED_POSITIONS,
  RECORD_METHOD,
  RECORD_UNAVAILABLE,
  recordBasis,
  type TraderRecord,
  winRateText,
} from "~/lib/trader-record";

function pnlClass(value: number): string {
  return value > 0 ? "text-emerald-800" : value < 0 ? "text-red-800" : "text-slate-700";
}

/** Where the figures come from: "Polymarket Data API (positions), as of 04:12 UTC". */
function sourceText(record: TraderRecord, now: number): string {
  return `Source: Polymarket Data API (positions), as of ${formatMoment(Date.parse(record.source.asOf), now)}.`;
}

/** The figures: the win rate with its counts, the total PnL, and the PnL by category. */
function RecordFigures({ record, now }: { record: TraderRecord; now: number }) {
  const source = sourceText(record, now);
  if (record.positions === 0) {
    return (
      <div className="flex flex-col gap-1" data-testid="record-empty">
        <p className="text-sm text-slate-700">{NO_SETTLED_POSITIONS}</p>
        <p className="text-xs text-slate-600">{source}</p>
      </div>
    );
  }
  const rate = winRateText(record);
  return (
    <div className="flex max-w-3xl flex-col gap-3" data-testid="trader-record">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="card flex flex-col gap-1 p-3">
          <dt className="text-xs font-medium text-slate-600 uppercase">Win rate</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="record-win-rate">
            {rate ?? "None won or lost"}
          </dd>
        </div>
        <div className="card flex flex-col gap-1 p-3">
          <dt className="text-xs font-medium text-slate-600 uppercase">Realised PnL</dt>
          <dd
            className={`text-lg font-semibold tabular-nums ${pnlClass(record.pnl)}`}
            data-testid="record-pnl"
          >
            {formatPnl(record.pnl)}
          </dd>
        </div>
      </dl>
      <table className="w-full text-sm" data-testid="record-categories">
        <caption className="pb-1 text-left text-xs text-slate-600">
          PnL by category (the event&apos;s Polymarket tags, else its title). {source}
        </caption>
        <thead className="border-b border-slate-200 text-xs text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-2 text-left font-medium">
              Category
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Positions
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Won / lost
            </th>
            <th scope="col" className="py-2 pr-1 pl-2 text-right font-medium">
              PnL
            </th>
          </tr>
        </thead>
        <tbody>
          {record.byCategory.map((row) => (
            <tr
              key={row.category}
              className="border-b border-slate-100"
              data-testid={`record-${row.category}`}
            >
              <th scope="row" className="py-2 pr-2 text-left font-medium">
                {row.label}
              </th>
              <td className="px-2 py-2 text-right tabular-nums">{row.positions}</td>
              <td className="px-2 py-2 text-right tabular-nums">{`${row.won} / ${row.lost}`}</td>
              <td className={`py-2 pr-1 pl-2 text-right tabular-nums ${pnlClass(row.pnl)}`}>
                {formatPnl(row.pnl)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-slate-600" data-testid="record-basis">
        {`${recordBasis(record)} ${RECORD_METHOD}`}
      </p>
    </div>
  );
}

/** The "Record" section: win rate and PnL by category, streamed in when its positions are not kept yet. */
export function TraderRecordSection({
  record,
  now,
}: {
  record: NowOrLater<Section<TraderRecord>>;
  now: number;
}) {
  return (
    <MarketSection id="record" title="Record">
      <DeferredPart value={record} unavailable={RECORD_UNAVAILABLE}>
        {(result) =>
          result.ok ? (
            <RecordFigures record={result.value} now={now} />
          ) : (
            <SectionMessage>{result.message}</SectionMessage>
          )
        }
      </DeferredPart>
    </MarketSection>
  );
}
