import { KalshiSection } from "~/components/kalshi/kalshi-pairs";
import { MarketCalls } from "~/components/track-record/market-calls";
import { Deferred } from "~/components/ui/deferred";
import type { ChartModel } from "~/lib/chart";
import { eventPath } from "~/lib/event-page";
import { type MarketPageData, marketPath } from "~/lib/market-page";
import {
  ChartPart,
  EventMarkets,
  HoldersSection,
  MarketSection,
  MarketTradeList,
  MentionHistory,
  SectionMessage,
  SentimentSteps,
  TradesSection,
} from "./market-sections";
import { CurrentCall, MarketSummary } from "./market-summary";

/** Where the chart's points came from, in words. */
function chartSources({ ours, clob, oursFrom }: ChartModel["sources"]): string {
  if (clob > 0 && ours > 0)
    return `Our own 10-minute history from ${new Date((oursFrom ?? 0) * 1000).toISOString().slice(0, 10)}, extended back with Polymarket's price history.`;
  if (ours > 0) return "Our own 10-minute history of this market.";
  return "Polymarket's price history (our own history of this market does not reach back this far).";
}

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
          <ChartPart
            path={path}
            range={range}
            chart={chart}
            caption={({ sources }) => chartSources(sources)}
          />

          <KalshiSection pairs={data.kalshi} now={now} labels={false} />

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

          <HoldersSection
            title="Top holders"
            holders={holders}
            prices={market.outcomes}
            marketId={market.id}
          />
        </div>
      </div>
    </article>
  );
}
