import { KalshiSection } from "~/components/kalshi/kalshi-pairs";
import { useLiveEvent } from "~/components/live/hooks";
import {
  ChartPart,
  DeferredPart,
  HoldersSection,
  MarketSection,
  MentionHistory,
  SectionMessage,
  TradeList,
  TraderWho,
  TradesSection,
} from "~/components/market/market-sections";
import { MarketCalls } from "~/components/track-record/market-calls";
import { type EventPageData, eventPath } from "~/lib/event-page";
import { marketPath } from "~/lib/market-page";
import { EventForecast } from "./event-forecast";
import { EventRules, EventSummary } from "./event-summary";
import { OutcomeTable } from "./outcome-table";
import { ResolutionTimeline } from "./resolution-timeline";
import { SmartMoneySection } from "./smart-money";

const LINK = "text-blue-800 underline-offset-2 hover:underline";
/** What the rules say if their stream fails. */
const RULES_UNAVAILABLE = "The rules are unavailable right now.";
/** What the resolution says if its stream fails. */
const RESOLUTION_UNAVAILABLE = "Where this event stands in its resolution is unavailable right now.";

/** Where the chart's points came from, in words. */
function chartSources({ ours, clob }: { ours: number; clob: number }): string {
  if (ours > 0 && clob > 0)
    return "Our own 10-minute history, extended back with Polymarket's price history.";
  if (ours > 0) return "Our own 10-minute history of these outcomes.";
  return "Polymarket's price history (our own history of these outcomes does not reach back this far).";
}

/**
 * `/event/:slug`: the summary, the forecast, the chart of the leading six and every outcome with its book
 * (on a wide screen the forecast stands beside the other two), then the rules, the resolution, the calls, mentions, large
 * trades and the leading outcome's top holders.
 */
export function EventPage({ data }: { data: EventPageData }) {
  const { event, outcomes, resolved, books, range, now, chart, forecast, mentionsNow } = data;
  const path = eventPath(event.slug);
  const closed = event.status.kind !== "open" && resolved.length === 0 && outcomes.length > 0;
  // The hub follows the shown (snapshot's) events, the ones with our forecast: only theirs can be live.
  const live = forecast !== null;
  useLiveEvent(event.slug, live);
  return (
    <article className="flex flex-col gap-8">
      <EventSummary event={event} now={now} live={live} />
      {/*
        One reading order for every width: the forecast, the chart, then the outcome table (a long one would
        push both off a phone's screen). From lg the forecast takes the right column beside the other two.
      */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <MarketSection id="forecast" title="AI forecast">
            <EventForecast forecast={forecast} mentions={mentionsNow} rows={outcomes} multi={event.multi} />
          </MarketSection>
        </div>
        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-1">
          <ChartPart
            path={path}
            range={range}
            chart={chart}
            caption={(model) =>
              `The ${model.lines.length === 1 ? "leading outcome" : `leading ${model.lines.length} outcomes`} by price. ${chartSources(model.sources)}`
            }
          />
        </div>
        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-2">
          <MarketSection id="outcomes" title={closed ? "How the outcomes ended" : "Outcomes"}>
            {outcomes.length > 0 ? (
              <OutcomeTable
                rows={outcomes}
                books={books}
                label="Outcomes by price"
                multi={event.multi}
                title={event.title}
              />
            ) : (
              <p className="text-sm text-slate-700">This event lists no outcomes.</p>
            )}
          </MarketSection>
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-8">
          <KalshiSection pairs={data.kalshi} now={now} labels={event.multi} />

          <MarketSection id="rules" title="Rules">
            <DeferredPart value={data.rules} unavailable={RULES_UNAVAILABLE}>
              {(rules) =>
                rules.ok ? (
                  <EventRules rules={rules.value} />
                ) : (
                  <SectionMessage>{rules.message}</SectionMessage>
                )
              }
            </DeferredPart>
          </MarketSection>

          <MarketSection id="resolution" title="Resolution">
            <DeferredPart value={data.resolution} unavailable={RESOLUTION_UNAVAILABLE}>
              {(resolution) => (
                <ResolutionTimeline data={resolution} now={now} ended={event.status.kind === "awaiting"} />
              )}
            </DeferredPart>
          </MarketSection>

          <MarketSection id="our-calls" title="Our calls on this event">
            {data.calls.ok ? (
              <MarketCalls calls={data.calls.value} now={now} of="event" />
            ) : (
              <SectionMessage>{data.calls.message}</SectionMessage>
            )}
          </MarketSection>

          <MarketSection id="mentions" title="X mentions over time">
            {data.mentions.ok ? (
              <MentionHistory points={data.mentions.value} />
            ) : (
              <SectionMessage>{data.mentions.message}</SectionMessage>
            )}
          </MarketSection>

          <TradesSection title="Trades over $10K" trades={data.trades}>
            {(result) => (
              <TradeList
                trades={result}
                now={now}
                empty="No trades over $10K found in this event."
                testId="event-trades"
                who={(trade) => (
                  <>
                    <span className="min-w-0 break-words">
                      {trade.marketSlug ? (
                        <a href={marketPath(trade.marketSlug)} className={LINK}>
                          {trade.title}
                        </a>
                      ) : (
                        trade.title
                      )}
                    </span>
                    <TraderWho trade={trade} />
                  </>
                )}
              />
            )}
          </TradesSection>
        </div>
        <div className="flex min-w-0 flex-col gap-8">
          {resolved.length > 0 && (
            <MarketSection id="resolved" title="Resolved markets in this event">
              <ul className="flex flex-col gap-1 text-sm" data-testid="resolved-markets">
                {resolved.map((row) => (
                  <li key={row.marketId} className="flex justify-between gap-3">
                    {row.marketSlug ? (
                      <a href={marketPath(row.marketSlug)} className={LINK}>
                        {row.label}
                      </a>
                    ) : (
                      <span>{row.label}</span>
                    )}
                    <span className="tabular-nums">
                      {row.price >= 0.99 ? "Yes" : row.price <= 0.01 ? "No" : "–"}
                    </span>
                  </li>
                ))}
              </ul>
            </MarketSection>
          )}
          <SmartMoneySection value={data.smartMoney} />
          <HoldersSection
            title={data.holdersOf ? `Top holders: ${data.holdersOf.label}` : "Top holders"}
            holders={data.holders}
            prices={data.holdersOf?.prices ?? []}
            marketId={data.holdersOf?.marketId ?? null}
          />
        </div>
      </div>
    </article>
  );
}
