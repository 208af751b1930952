import { DeferredPart, MarketSection, SectionMessage } from "~/components/market/market-sections";
import { formatClockUtc, formatMoney, formatNumber, formatPrice } from "~/lib/format";
import type { NowOrLater, Section } from "~/lib/section";
import {
  SMART_MONEY_UNAVAILABLE,
  type SmartMoneyView,
  type SmartOutcome,
  TOO_FEW_SMART,
} from "~/lib/smart-money";
import { shortenAddress, traderPath } from "~/lib/whales";

const LINK = "text-blue-800 underline-offset-2 hover:underline";

/** Bought minus sold, signed: "+$48K", "−$3.2K", "$0". */
function flowText(dollars: number): string {
  if (dollars === 0) return "$0";
  return `${dollars > 0 ? "+" : "−"}${formatMoney(Math.abs(dollars))}`;
}

function OutcomeFigures({ outcome }: { outcome: SmartOutcome }) {
  return (
    <li className="flex flex-col gap-1 border-t border-slate-200 pt-2" data-testid="smart-outcome">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-slate-900">{outcome.label}</span>
        <span className="text-sm tabular-nums text-slate-700">{formatPrice(outcome.price)}</span>
      </div>
      {outcome.enough ? (
        <>
          <p className="text-sm text-slate-800">
            {outcome.wallets} top wallets · {formatNumber(Math.round(outcome.shares))} shares ·{" "}
            {formatMoney(outcome.value)} at the price now
            {outcome.avgEntry !== null && <> · average entry {formatPrice(outcome.avgEntry)}</>} · 24 h net
            flow {flowText(outcome.netFlow24h)}
          </p>
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
            {outcome.holders.map((h) => (
              <li key={h.wallet}>
                <a href={traderPath(h.wallet)} className={LINK}>
                  {h.name ?? shortenAddress(h.wallet)}
                </a>{" "}
                <span className="text-slate-600">
                  #{h.rank} all time · {formatMoney(h.value)}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-slate-600">{TOO_FEW_SMART}</p>
      )}
    </li>
  );
}

/** The figures: the lean, each covered outcome, the method and when it was read. */
export function SmartMoneyFigures({ money }: { money: SmartMoneyView }) {
  return (
    <div className="flex flex-col gap-3" data-testid="smart-money">
      <p className="font-medium text-slate-900" data-testid="smart-lean">
        {money.leanText}
      </p>
      <ul className="flex flex-col gap-2">
        {money.outcomes.map((o) => (
          <OutcomeFigures key={o.key} outcome={o} />
        ))}
      </ul>
      <p className="text-xs text-slate-600">
        {money.method} Holdings from Polymarket's top holders of each outcome; flow from the event's trades of
        the last 24 hours. Read at {formatClockUtc(money.asOf)}.
      </p>
    </div>
  );
}

/** "Smart money" on the event page: rendered now when kept fresh, else streamed. */
export function SmartMoneySection({ value }: { value: NowOrLater<Section<SmartMoneyView>> }) {
  return (
    <MarketSection id="smart-money" title="Smart money">
      <DeferredPart value={value} unavailable={SMART_MONEY_UNAVAILABLE}>
        {(result) =>
          result.ok ? (
            <SmartMoneyFigures money={result.value} />
          ) : (
            <SectionMessage>{result.message}</SectionMessage>
          )
        }
      </DeferredPart>
    </MarketSection>
  );
}
