import { data } from "react-router";
import { requestContext } from "~/.server/context";
import { marketPageData } from "~/.server/market/page";
import { resolveMarket } from "~/.server/market/resolve";
import { valueOrErrorPage } from "~/.server/snapshots/loader-data";
import {
  EventMarkets,
  HolderLists,
  MarketSection,
  MarketTradeList,
  MentionHistory,
  SectionMessage,
  SectionSkeleton,
  SentimentSteps,
} from "~/components/market/market-sections";
import { CurrentCall, MarketSummary } from "~/components/market/market-summary";
import { PriceChart, RangeLinks } from "~/components/market/price-chart";
import { MarketCalls } from "~/components/track-record/market-calls";
import { Deferred } from "~/components/ui/deferred";
import { CHART_RANGES, parseChartRange } from "~/lib/chart";
import { formatCents } from "~/lib/format";
import { marketPath, statusText } from "~/lib/market-page";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/market";

/**
 * `/market/:slug`: one market with its chart, calls, mentions, big trades, holders and sibling markets.
 * An impossible slug is a 404 without any upstream call; an unknown one a 404 after Gamma says so.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { deps } = context.get(requestContext);
  const range = parseChartRange(new URL(request.url).searchParams.get("range"));
  if (range === null) {
    throw data(`Unknown range: use one of ${CHART_RANGES.map((r) => r.value).join(", ")}.`, { status: 400 });
  }
  const resolved = valueOrErrorPage(await resolveMarket(deps, params.slug));
  if (resolved === null) {
    console.warn(`[404] GET /market/${params.slug}`);
    throw data(null, { status: 404 });
  }
  return marketPageData(deps, resolved, range);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { market } = loaderData;
  const prices = market.outcomes
    .slice(0, 3)
    .map((o) => `${o.label} ${formatCents(o.price * 100)}`)
    .join(", ");
  return pageMeta({
    title: `${market.title} — Odds, Chart & Whale Trades`,
    description: `${market.title}: ${prices} on Polymarket (${statusText(market.status).toLowerCase()}). Price history, AI sentiment calls, X mentions, trades over $10K and top holders.`,
    origin: rootData(matches).origin,
    path: marketPath(market.slug),
    type: "WebPage",
    structuredData: {
      about: {
        "@type": "Thing",
        name: market.title,
        ...(market.eventSlug
          ? { sameAs: `https://polymarket.com/event/${encodeURIComponent(market.eventSlug)}` }
          : {}),
      },
      ...(market.image ? { image: market.image } : {}),
      isAccessibleForFree: true,
    },
  });
};

export default function MarketPage({ loaderData }: Route.ComponentProps) {
  const { market, analysis, range, now, chart, sentiment, mentions, calls, trades, holders, siblings } =
    loaderData;
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
            <CurrentCall analysis={analysis} />
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

          <MarketSection id="trades" title="Trades over $10K">
            <Deferred
              value={trades}
              fallback={<SectionSkeleton />}
              errorElement={<SectionMessage>Trades are unavailable right now.</SectionMessage>}
            >
              {(result) => <MarketTradeList trades={result} now={now} />}
            </Deferred>
          </MarketSection>
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
                </MarketSection>
              ) : null
            }
          </Deferred>

          <MarketSection id="holders" title="Top holders">
            <Deferred
              value={holders}
              fallback={<SectionSkeleton />}
              errorElement={<SectionMessage>Top holders are unavailable right now.</SectionMessage>}
            >
              {(result) =>
                result.ok ? (
                  <HolderLists outcomes={result.value} prices={market.outcomes} />
                ) : (
                  <SectionMessage>{result.message}</SectionMessage>
                )
              }
            </Deferred>
          </MarketSection>
        </div>
      </div>
    </article>
  );
}
