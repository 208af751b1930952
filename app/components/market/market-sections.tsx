import type { ReactNode } from "react";
import { useFirstSidePrice } from "~/components/live/hooks";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Deferred } from "~/components/ui/deferred";
import { Skeleton } from "~/components/ui/skeleton";
import { Sparkline } from "~/components/ui/sparkline";
import type { ChartModel, ChartRange } from "~/lib/chart";
import { formatClockUtc, formatDate, formatMoney, formatNumber, formatPrice } from "~/lib/format";
import { profileUrl } from "~/lib/links";
import {
  type ChartSection,
  holderPositions,
  type MarketTrades,
  type MentionPoint,
  marketPath,
  type OutcomeHolders,
  type OutcomePrice,
  type SentimentStep,
  type SiblingMarket,
} from "~/lib/market-page";
import { analysisProvenance, provenanceText } from "~/lib/provenance";
import type { NowOrLater, Section } from "~/lib/section";
import { recommendationLabel, recommendationVariant } from "~/lib/sentiment";
import type { WhaleTrade } from "~/lib/types";
import {
  formatOdds,
  formatTradeAge,
  formatTradeAmount,
  outcomeBadge,
  shortenAddress,
  sideLabel,
  traderName,
  traderPath,
} from "~/lib/whales";
import { TraderRank } from "../whales/trader-rank";
import { PriceChart, RangeLinks } from "./price-chart";

const LINK = "text-blue-800 underline-offset-2 hover:underline";

/** A titled section of the market page. */
export function MarketSection({
  id,
  title,
  children,
  aside,
}: {
  id: string;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3" data-testid={`section-${id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/**
 * The "Price history" section of the market and event pages: the range links, a note for each part of the
 * history that could not be read, then the chart with `caption` under it (where its points came from).
 */
export function ChartPart({
  path,
  range,
  chart,
  caption,
}: {
  path: string;
  range: ChartRange;
  chart: ChartSection;
  caption: (model: ChartModel) => string;
}) {
  return (
    <MarketSection id="chart" title="Price history" aside={<RangeLinks path={path} range={range} />}>
      {chart.notes.map((note) => (
        <SectionMessage key={note}>{note}</SectionMessage>
      ))}
      {chart.chart ? (
        <>
          <PriceChart model={chart.chart} range={range} />
          <p className="text-xs text-slate-600" data-testid="chart-sources">
            {caption(chart.chart)}
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-700">Not enough price history for this range yet.</p>
      )}
    </MarketSection>
  );
}

/** What a section shows when its source failed: the rest of the page is unaffected. */
export function SectionMessage({ children }: { children: ReactNode }) {
  return (
    <p
      className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
      role="status"
      data-testid="section-message"
    >
      {children}
    </p>
  );
}

export function SectionSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-6 w-3/5" />
    </div>
  );
}

/** A section's part read on demand: rendered now when cached, else streamed in behind a skeleton. */
export function DeferredPart<T>({
  value,
  unavailable,
  children,
}: {
  value: T | Promise<T>;
  /** What the section says if the stream fails. */
  unavailable: string;
  children: (value: T) => ReactNode;
}) {
  return (
    <Deferred
      value={value}
      fallback={<SectionSkeleton />}
      errorElement={<SectionMessage>{unavailable}</SectionMessage>}
    >
      {children}
    </Deferred>
  );
}

function at(t: number): string {
  return `${formatDate(t * 1000)} ${formatClockUtc(t * 1000)}`;
}

/** Each change of the AI call, newest first, with the reasoning given then. */
export function SentimentSteps({ steps }: { steps: SentimentStep[] }) {
  if (steps.length === 0)
    return <p className="text-sm text-slate-700">No calls recorded for this market yet.</p>;
  return (
    <ol className="flex flex-col gap-2" data-testid="sentiment-steps">
      {steps.map((step, i) => (
        <li key={step.t} className="card flex flex-col gap-1 p-3">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <time dateTime={new Date(step.t * 1000).toISOString()} className="text-slate-700">
              {at(step.t)}
            </time>
            <Badge variant={recommendationVariant(step.recommendation)}>
              {recommendationLabel(step.recommendation)}
            </Badge>
            <span className="text-slate-700">{`${step.sentiment}, ${step.confidence}%`}</span>
          </div>
          {i === 0 && <p className="text-sm text-slate-800">{step.reasoning}</p>}
          <p className="text-xs text-slate-600">
            {provenanceText("sentiment", analysisProvenance(step.source))}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Mention counts of the stored points, with how many were live counts. */
export function MentionHistory({ points }: { points: MentionPoint[] }) {
  if (points.length === 0)
    return <p className="text-sm text-slate-700">No mention counts recorded for this market yet.</p>;
  const live = points.filter((p) => p.source === "live").length;
  const counts = points.map((p) => p.count);
  const first = points[0];
  const last = points.at(-1);
  const provenance =
    live === points.length
      ? "live from the X API"
      : live === 0
        ? "estimated"
        : `live for ${live} of ${points.length} points, estimated for the rest`;
  return (
    <div className="flex flex-wrap items-center gap-4" data-testid="mention-history">
      <Sparkline values={counts} width={200} height={40} />
      <p className="text-sm text-slate-700">
        {`${formatNumber(last?.count ?? 0)} mentions at ${at(last?.t ?? 0)}, ranging ${formatNumber(Math.min(...counts))}–${formatNumber(Math.max(...counts))} since ${at(first?.t ?? 0)}. X mentions: ${provenance}.`}
      </p>
    </div>
  );
}

/** Who traded: the trader's name (or short address), linking to their page, and their leaderboard rank. */
export function TraderWho({ trade }: { trade: WhaleTrade }) {
  const name = traderName(trade) ?? shortenAddress(trade.trader.wallet);
  return (
    <>
      {profileUrl(trade.trader.wallet) ? (
        <a href={traderPath(trade.trader.wallet)} className={LINK}>
          {name}
        </a>
      ) : (
        <span>{name}</span>
      )}
      {trade.trader.rank !== null && <TraderRank trader={trade.trader} />}
    </>
  );
}

/**
 * Trades over $10K, ours (whale watch) and Polymarket's, each once, newest first: the amount, the side
 * and odds, then `who` (the trader on a market page, the market on a trader page), then the age.
 */
export function TradeList({
  trades,
  now,
  empty,
  testId,
  who,
}: {
  trades: MarketTrades;
  now: number;
  empty: string;
  testId: string;
  who: (trade: WhaleTrade) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      {trades.notes.map((note) => (
        <SectionMessage key={note}>{note}</SectionMessage>
      ))}
      {trades.trades.length === 0 ? (
        <p className="text-sm text-slate-700">{empty}</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          data-testid={testId}
        >
          {trades.trades.map((trade) => (
            <li key={trade.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
              <span className="font-semibold tabular-nums">{formatTradeAmount(trade)}</span>
              <span>{`${sideLabel(trade.side)} ${outcomeBadge(trade).label} at ${formatOdds(trade.price)}`}</span>
              {who(trade)}
              <time className="ml-auto text-slate-600" dateTime={new Date(trade.timestamp).toISOString()}>
                {formatTradeAge(trade.timestamp, now)}
              </time>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-600">
        {`${trades.stored} from our whale-watch record, ${trades.fetched} from Polymarket's Data API. Times are relative to now.`}
      </p>
    </div>
  );
}

/** The section of trades over $10K (market and trader pages), streamed in when cold. */
export function TradesSection({
  title,
  trades,
  children,
}: {
  title: string;
  trades: MarketTrades | Promise<MarketTrades>;
  children: (trades: MarketTrades) => ReactNode;
}) {
  return (
    <MarketSection id="trades" title={title}>
      <DeferredPart value={trades} unavailable="Trades are unavailable right now.">
        {children}
      </DeferredPart>
    </MarketSection>
  );
}

/** Trades over $10K in this market, each with its trader (linked to their page) and rank. */
export function MarketTradeList({ trades, now }: { trades: MarketTrades; now: number }) {
  return (
    <TradeList
      trades={trades}
      now={now}
      empty="No trades over $10K found in this market."
      testId="market-trades"
      who={(trade) => <TraderWho trade={trade} />}
    />
  );
}

/**
 * The ten largest holders of each outcome, one row per wallet, each with its shares and what they are
 * worth at the outcome's current price: a two-sided market's prices follow its live prices (`marketId`).
 */
/** The top holders section (market and event pages), streamed in when cold; its failure is its message. */
export function HoldersSection({
  title,
  holders,
  prices,
  marketId,
}: {
  title: string;
  holders: NowOrLater<Section<OutcomeHolders[]>>;
  prices: readonly OutcomePrice[];
  marketId: string | null;
}) {
  return (
    <MarketSection id="holders" title={title}>
      <DeferredPart value={holders} unavailable="Top holders are unavailable right now.">
        {(result) =>
          result.ok ? (
            <HolderLists outcomes={result.value} prices={prices} marketId={marketId} />
          ) : (
            <SectionMessage>{result.message}</SectionMessage>
          )
        }
      </DeferredPart>
    </MarketSection>
  );
}

export function HolderLists({
  outcomes,
  prices,
  marketId = null,
}: {
  outcomes: OutcomeHolders[];
  prices: readonly OutcomePrice[];
  marketId?: string | null;
}) {
  const [yes, no] = prices;
  const pair = prices.length === 2 && yes && no;
  const { price: first } = useFirstSidePrice(
    pair ? marketId : null,
    [yes?.label ?? "", no?.label ?? ""],
    yes?.price ?? 0,
  );
  const now = pair
    ? [
        { ...yes, price: first },
        { ...no, price: Math.round((1 - first) * 1e6) / 1e6 },
      ]
    : prices;
  const positions = holderPositions(outcomes, now);
  const priced = positions.filter((o) => o.price !== null);
  if (positions.every((o) => o.holders.length === 0)) {
    return <p className="text-sm text-slate-700">Polymarket lists no holders for this market.</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1" data-testid="holders">
        {positions.map((o) => (
          <Card key={o.outcome} className="p-3">
            <h3 className="mb-2 font-semibold">{o.outcome}</h3>
            <ol className="flex flex-col gap-1 text-sm">
              {o.holders.map(({ trader, shares, value }) => {
                const name = trader.name ?? shortenAddress(trader.wallet);
                return (
                  <li
                    key={trader.wallet}
                    className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1"
                    data-testid="holder"
                  >
                    <span className="flex min-w-0 flex-wrap items-center gap-2">
                      {profileUrl(trader.wallet) ? (
                        <a
                          href={traderPath(trader.wallet)}
                          className={`${LINK} inline-block min-w-6 truncate leading-6`}
                        >
                          {name}
                        </a>
                      ) : (
                        <span className="truncate">{name}</span>
                      )}
                      {trader.rank !== null && <TraderRank trader={trader} />}
                    </span>
                    <span className="ml-auto flex items-baseline gap-2 tabular-nums">
                      <span className="text-slate-700">{`${formatNumber(shares)} shares`}</span>
                      {value !== null && (
                        <span className="font-semibold text-slate-900" data-testid="holder-value">
                          {formatMoney(value)}
                        </span>
                      )}
                    </span>
                  </li>
                );
              })}
            </ol>
          </Card>
        ))}
      </div>
      {priced.length > 0 && (
        <p className="text-xs text-slate-600">
          {`Value: shares × the outcome's current price (${priced
            .map((o) => `${o.outcome} ${formatPrice(o.price ?? 0)}`)
            .join(", ")}).`}
        </p>
      )}
    </div>
  );
}

/** One market of the event with its first outcome's price now (pushed while live). */
function EventMarket({ market: m }: { market: SiblingMarket }) {
  const { price } = useFirstSidePrice(m.id, [m.label, m.otherLabel], m.price);
  return (
    <li className="card flex items-center justify-between gap-3 p-3 text-sm">
      {m.current || m.slug === null ? (
        <span className={m.current ? "font-semibold" : ""} aria-current={m.current ? "page" : undefined}>
          {m.title}
        </span>
      ) : (
        <a href={marketPath(m.slug)} className={LINK}>
          {m.title}
        </a>
      )}
      <span className="shrink-0 font-semibold tabular-nums" data-testid="event-market-price">
        {`${m.label} ${formatPrice(price)}`}
      </span>
    </li>
  );
}

/** The other markets of the event, each leading to its own page. */
export function EventMarkets({ markets }: { markets: SiblingMarket[] }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1" data-testid="event-markets">
      {markets.map((m) => (
        <EventMarket key={`${m.slug}-${m.title}`} market={m} />
      ))}
    </ul>
  );
}
