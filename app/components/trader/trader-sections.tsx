import { SectionMessage, TradeList } from "~/components/market/market-sections";
import { formatMoney, formatNumber, formatPnl, formatPrice } from "~/lib/format";
import { type MarketTrades, marketPath } from "~/lib/market-page";
import { type PeriodStanding, periodLabel, rankText, type TraderPosition } from "~/lib/trader-page";

const LINK = "text-blue-800 underline-offset-2 hover:underline";

function pnlClass(value: number): string {
  return value > 0 ? "text-emerald-800" : value < 0 ? "text-red-800" : "text-slate-700";
}

/** The wallet's rank, PnL and volume on the day, week, month and all-time PnL boards. */
export function BoardStandings({ ranks }: { ranks: PeriodStanding[] }) {
  const failed = ranks.filter((r) => !r.standing.ok);
  return (
    <div className="flex flex-col gap-2">
      {failed.length === ranks.length && failed[0] && !failed[0].standing.ok ? (
        <SectionMessage>{failed[0].standing.message}</SectionMessage>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="trader-ranks">
        {ranks.map(({ period, standing }) => (
          <li
            key={period}
            className="card flex flex-col gap-1 p-3"
            data-testid={`rank-${period.toLowerCase()}`}
          >
            <span className="text-xs font-medium text-slate-600 uppercase">{periodLabel(period)}</span>
            <span className="text-lg font-semibold tabular-nums">{rankText(standing)}</span>
            {standing.ok && standing.value ? (
              <>
                <span className={`text-sm tabular-nums ${pnlClass(standing.value.pnl)}`}>
                  {`${formatPnl(standing.value.pnl)} PnL`}
                </span>
                <span className="text-xs text-slate-600 tabular-nums">{`${formatMoney(standing.value.volume)} volume`}</span>
              </>
            ) : (
              <span className="text-sm text-slate-600">
                {standing.ok ? "Not on this board" : "Board unavailable right now"}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-600">Polymarket&apos;s profit-and-loss leaderboards.</p>
    </div>
  );
}

/** Open positions of 1,000 shares or more, each leading to its market page. */
export function PositionList({ positions }: { positions: TraderPosition[] }) {
  if (positions.length === 0)
    return <p className="text-sm text-slate-700">No open positions of 1,000 shares or more.</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="trader-positions">
      {positions.map((p) => (
        <li key={`${p.conditionId}-${p.outcome}`} className="card flex flex-col gap-2 p-3 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            {p.slug ? (
              <a href={marketPath(p.slug)} className={`${LINK} font-semibold`}>
                {p.title}
              </a>
            ) : (
              <span className="font-semibold">{p.title}</span>
            )}
            <span className="text-slate-700">
              {p.outcome}
              {p.redeemable ? " · resolved, awaiting redemption" : ""}
            </span>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
            <div>
              <dt className="text-xs text-slate-600">Size</dt>
              <dd className="tabular-nums">{`${formatNumber(p.size)} shares`}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Average price</dt>
              <dd className="tabular-nums">{formatPrice(p.avgPrice)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Current value</dt>
              <dd className="tabular-nums">{formatMoney(p.currentValue)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Cash PnL</dt>
              <dd className={`tabular-nums ${pnlClass(p.cashPnl)}`}>{formatPnl(p.cashPnl)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The wallet's trades over $10K, each with its market (linked to our page). */
export function TraderTradeList({ trades, now }: { trades: MarketTrades; now: number }) {
  return (
    <TradeList
      trades={trades}
      now={now}
      empty="No trades over $10K found for this wallet."
      testId="trader-trades"
      who={(trade) =>
        trade.marketSlug ? (
          <a href={marketPath(trade.marketSlug)} className={`${LINK} min-w-0`}>
            {trade.title}
          </a>
        ) : (
          <span className="min-w-0">{trade.title}</span>
        )
      }
    />
  );
}
