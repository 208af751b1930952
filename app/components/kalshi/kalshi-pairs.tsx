import { useFirstSidePrice } from "~/components/live/hooks";
import { MarketSection, SectionMessage } from "~/components/market/market-sections";
import { ExternalLink } from "~/components/ui/external-link";
import {
  endDatesText,
  type KalshiPairRow,
  kalshiLine,
  kalshiStateText,
  matchedText,
} from "~/lib/cross-venue";
import { formatMoment, formatNumber, formatPrice } from "~/lib/format";
import type { Section } from "~/lib/section";

const LINK = "text-blue-800 underline-offset-2 hover:underline";

/** One pair: Kalshi's line beside the page's Polymarket price, how it was paired, when each was read, the rules. */
function KalshiPair({ row, now, label }: { row: KalshiPairRow; now: number; label: boolean }) {
  const { kalshi, polymarket } = row;
  // The gap follows the price the page shows, live when the page's other copies are.
  const { price, pushed } = useFirstSidePrice(polymarket.marketId, polymarket.sides, polymarket.price);
  const line = kalshiLine({ lastPrice: kalshi.price, yesBid: kalshi.bid, yesAsk: kalshi.ask }, price);
  const state = kalshiStateText(kalshi, now);
  const apart = endDatesText(kalshi.endDatesApartDays);
  return (
    <li className="card flex flex-col gap-1 p-3 text-sm" data-testid="kalshi-pair">
      <p className="font-medium text-slate-900">
        {label && <span>{polymarket.label}: </span>}
        <ExternalLink href={kalshi.url} className={LINK} testId="kalshi-line">
          {line ?? "Kalshi: no price quoted"}
        </ExternalLink>
        {kalshi.volume24h !== null && (
          <span className="font-normal text-slate-700">
            {" "}
            · 24 h volume {formatNumber(kalshi.volume24h)} contracts
          </span>
        )}
      </p>
      <p className="text-slate-700">Kalshi's question: {kalshi.title}</p>
      <p className="text-slate-700">{matchedText(kalshi)}</p>
      <p className="text-slate-700">
        Polymarket's {formatPrice(price)}{" "}
        {pushed ? "live" : `read ${formatMoment(Date.parse(polymarket.readAt), now)}`}; Kalshi's read{" "}
        {formatMoment(kalshi.readMs, now)}.
      </p>
      {state && <SectionMessage>{state}</SectionMessage>}
      {apart && <SectionMessage>{apart}</SectionMessage>}
      <p className="text-slate-700">
        Resolution rules can differ: read both.{" "}
        {polymarket.url && (
          <>
            <ExternalLink href={polymarket.url} className={LINK}>
              Polymarket's rules
            </ExternalLink>
            {" · "}
          </>
        )}
        <ExternalLink href={kalshi.rulesUrl} className={LINK}>
          Kalshi's rules
        </ExternalLink>
      </p>
    </li>
  );
}

/**
 * The event and market pages' Kalshi section: each paired market's line, or why Kalshi's part is unavailable.
 * Without a pair nothing is shown (most markets have none).
 */
export function KalshiSection({
  pairs,
  now,
  labels,
}: {
  pairs: Section<KalshiPairRow[]>;
  now: number;
  /** Name each pair's Polymarket market (an event with several). */
  labels: boolean;
}) {
  if (pairs.ok && pairs.value.length === 0) return null;
  return (
    <MarketSection id="kalshi" title="On Kalshi">
      {pairs.ok ? (
        <ul className="flex flex-col gap-2" data-testid="kalshi-pairs">
          {pairs.value.map((row) => (
            <KalshiPair key={row.polymarket.marketId} row={row} now={now} label={labels} />
          ))}
        </ul>
      ) : (
        <SectionMessage>{pairs.message}</SectionMessage>
      )}
    </MarketSection>
  );
}
