import { MarketCalls } from "~/components/track-record/market-calls";
import { Deferred } from "~/components/ui/deferred";
import { eventPath } from "~/lib/event-page";
import { type MarketPageData, marketPath } from "~/lib/market-page";
import {
  DeferredPart,
  EventMarkets,
  HolderLists,
  MarketSection,
  MarketTradeList,
  MentionHistory,
  SectionMessage,
  SentimentSteps,
  TradesSection,
} from "./market-sections";
import { CurrentCall, MarketSummary } from "./market-summary";
import { PriceChart, RangeLinks } from "./price-chart";

/**
 * `/market/:slug`: the summary, then the chart, calls, mentions and large trades, beside the event's
 * other markets and the top holders.
 */
export function MarketPage({ data }: { data: MarketPageData }) {
  const { market, analysis, range, now, chart, sentiment, mentions, calls, trades, holders, siblings } = data;
  const path = marketPath(market.slug);
  return (
    <article className="flex flex-col gap-8">
      <MarketSummary market={market} now={now} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-8">
          <MarketSection id="chart" title="Price history" aside={<RangeLinks path={path} range={range} />}>
            {chart.notes.map((note) => (
              <SectionMessage key={note}>{note}</SectionMessage>
            ))}
            {chart.chart ? (
              <>
                <PriceChart model={chart.chart} range={range} />
                <p className="text-xs text-slate-600" data-testid="chart-sources">
                  {chart.chart.sources.clob > 0 && chart.chart.sources.ours > 0
                    ? `Our own 10-minute history from ${new Date((chart.chart.sources.oursFrom ?? 0) * 1000).toISOString().slice(0, 10)}, extended back with Polymarket's price history.`
                    : chart.chart.sources.ours > 0
                      ? "Our own 10-minute history of this market."
                      : "Polymarket's price history (our own history of this market does not reach back this far)."}
                </p>
              </>
            ) : (
              <p className="text-sm text-slate-700">Not enough price history for this range yet.</p>
            )}
          </MarketSection>

          <MarketSection id="calls" title="AI calls over time">
            <CurrentCall analysis={analysis} market={market} />
            {sentiment.ok ? (
              <SentimentSteps steps={sentiment.value} />
            ) : (
              <SectionMessage>{sentiment.message}</SectionMessage>
            )}
          </MarketSection>

          <MarketSection id="our-calls" title="Our calls on this market">
            {calls.ok ? (
              <MarketCalls calls={calls.value} now={now} />
            ) : (
              <SectionMessage>{calls.message}</SectionMessage>
            )}
          </MarketSection>

          <MarketSection id="mentions" title="X mentions over time">
            {mentions.ok ? (
              <MentionHistory points={mentions.value} />
            ) : (
              <SectionMessage>{mentions.message}</SectionMessage>
            )}
          </MarketSection>

          <TradesSection title="Trades over $10K" trades={trades}>
            {(result) => <MarketTradeList trades={result} now={now} />}
          </TradesSection>
        </div>
        <div className="flex min-w-0 flex-col gap-8">
          <Deferred
            value={siblings}
            fallback={null}
            errorElement={
              <SectionMessage>The other markets of this event are unavailable right now.</SectionMessage>
            }
          >
            {(result) =>
              !result.ok ? (
                <MarketSection id="event" title="Other markets in this event">
                  <SectionMessage>{result.message}</SectionMessage>
                </MarketSection>
              ) : result.value.length > 0 ? (
                <MarketSection id="event" title="Other markets in this event">
                  <EventMarkets markets={result.value} />
                  {market.eventSlug && (
                    <a
                      href={eventPath(market.eventSlug)}
                      className="text-sm text-blue-800 underline-offset-2 hover:underline"
                      data-testid="event-link"
                    >
                      The whole event: every outcome, its order book and forecast
                    </a>
                  )}
                </MarketSection>
              ) : null
            }
          </Deferred>

          <MarketSection id="holders" title="Top holders">
            <DeferredPart value={holders} unavailable="Top holders are unavailable right now.">
              {(result) =>
                result.ok ? (
                  <HolderLists outcomes={result.value} prices={market.outcomes} marketId={market.id} />
                ) : (
                  <SectionMessage>{result.message}</SectionMessage>
                )
              }
            </DeferredPart>
          </MarketSection>
        </div>
      </div>
    </article>
  );
}
