/**
 * `/market/:slug`: the market, its chart and its D1 history are awaited (the page is readable without
 * JavaScript); trades, holders and the event's other markets render at once when their cached copies are
 * fresh and otherwise stream in when their upstream answers. An impossible slug is a 404 without any
 * upstream call; an unknown one a 404 after Gamma says so.
 */
import type { ChartRange } from "~/lib/chart";
import type { KalshiPairRow } from "~/lib/cross-venue";
import type {
  ChartSection,
  MarketPageData,
  MarketTrades,
  MarketView,
  SiblingMarket,
} from "~/lib/market-page";
import { missingPage } from "~/lib/not-found";
import { firstSidePriceOf } from "~/lib/outcomes";
import { ok, type Section } from "~/lib/section";
import type { WhaleTrade } from "~/lib/types";
import { buildPriceChart } from "../charts/price-chart";
import type { RequestContext } from "../context";
import { kalshiRows, readAtOf } from "../kalshi/pair-views";
import { LOOKUPS, type Lookups, sayUnavailable } from "../lookups";
import { type HistorySources, outcomeHistory } from "../market/price-history";
import { type ResolvedMarket, resolveMarket } from "../market/resolve";
import { holdersOf, mentionPoints, rankedTrades, TRADES_UNAVAILABLE, withReturns } from "../market/sections";
import { isConditionId } from "../polymarket/data-api";
import { leaderboard, type StoredBoard } from "../snapshots/leaderboard";
import { sourcesOf } from "../sources";
import { chartRangeOf, notFound, nowOrLater, valueOrErrorPage } from "./loader-data";

export type { MarketPageData };

export const SIBLINGS_UNAVAILABLE = "The other markets of this event are unavailable right now.";

/** Mentions are charted over the last week of our own points. */
const MENTIONS_WINDOW_SECONDS = 7 * 86_400;

/** The chart of a market over a range, with what could not be read. */
async function chartSection(
  sources: HistorySources,
  market: MarketView,
  range: ChartRange,
  nowSec: number,
): Promise<ChartSection> {
  const { series, notes } = await outcomeHistory(sources, market, range, nowSec);
  // Each line ends at the price the page shows above it, and follows the same live prices.
  const withNow = series.map((s, i) => {
    const outcome = market.outcomes[i];
    if (!outcome) return s;
    const other = market.outcomes.length === 2 ? (market.outcomes[1 - i]?.label ?? "") : "";
    return {
      ...s,
      now: { price: outcome.price, marketId: market.id, sides: [outcome.label, other] as const },
    };
  });
  return { chart: buildPriceChart(withNow, range, nowSec), notes };
}

/** Stored trades (D1) and the Data API's trades over $10K (kept on demand), each once, ranked. */
async function marketTrades(
  { lookups, reads }: HistorySources,
  board: Promise<StoredBoard | null>,
  market: MarketView,
): Promise<MarketTrades> {
  const { conditionId } = market;
  const fetched =
    conditionId !== null && isConditionId(conditionId)
      ? lookups
          .trades(conditionId)
          .then((kept) => (kept.ok ? ok(kept.value.value) : sayUnavailable(kept, TRADES_UNAVAILABLE)))
      : Promise.resolve(ok<WhaleTrade[]>([]));
  return rankedTrades(reads.marketTrades(conditionId), fetched, board);
}

/** The other markets of a multi-market event with their prices (none for a single-market event). */
async function siblingsOf(
  lookups: Lookups,
  market: Pick<MarketView, "id" | "eventSlug">,
): Promise<Section<SiblingMarket[]>> {
  const { eventSlug } = market;
  if (eventSlug === null) return ok([]);
  const kept = await lookups.event(eventSlug);
  if (!kept.ok) return sayUnavailable(kept, SIBLINGS_UNAVAILABLE);
  const event = kept.value.value;
  // Every market of the event: the open ones, then the resolved ones.
  const markets = event ? [...event.markets, ...event.resolved] : [];
  if (markets.length < 2) return ok([]);
  return ok(
    markets.map((m) => ({
      id: m.id,
      slug: m.slug,
      title: m.title,
      price: firstSidePriceOf(m),
      label: m.yesLabel,
      otherLabel: m.noLabel,
      current: m.id === market.id,
    })),
  );
}

/** Everything the page shows of a resolved market. */
export async function marketPageData(
  { deps }: RequestContext,
  resolved: ResolvedMarket,
  range: ChartRange,
): Promise<MarketPageData> {
  const { view: market, analysis } = resolved;
  const sources = sourcesOf(deps);
  const { now, lookups, reads } = sources;
  const nowSec = Math.floor(now / 1000);
  const board = leaderboard.read(deps);
  const conditionIds = market.conditionId && isConditionId(market.conditionId) ? [market.conditionId] : [];
  const [yes, no] = market.outcomes;
  const shown = {
    marketId: market.id,
    endDate: market.endDate,
    label: yes?.label ?? "Yes",
    price: yes?.price ?? 0,
    sides: [yes?.label ?? "Yes", no?.label ?? ""] as const,
  };
  const [chart, sentiment, mentions, calls, trades, holders, siblings, kalshi] = await Promise.all([
    chartSection(sources, market, range, nowSec),
    reads.sentimentChanges(market.id),
    mentionPoints(reads, market.id, nowSec - MENTIONS_WINDOW_SECONDS),
    reads.calls(market.id).then(withReturns),
    nowOrLater(deps, conditionIds.map(LOOKUPS.trades.at), () => marketTrades(sources, board, market)),
    nowOrLater(deps, conditionIds.map(LOOKUPS.holders.at), () => holdersOf(lookups, board, market)),
    nowOrLater(deps, market.eventSlug ? [LOOKUPS.event.at(market.eventSlug)] : [], () =>
      siblingsOf(lookups, market),
    ),
    market.eventSlug
      ? kalshiRows(reads, market.eventSlug, [shown], readAtOf(market.source))
      : Promise.resolve<Section<KalshiPairRow[]>>(ok([])),
  ]);
  return {
    market,
    analysis,
    range,
    now,
    chart,
    sentiment,
    mentions,
    calls,
    trades: trades.value,
    holders: holders.value,
    siblings: siblings.value,
    kalshi,
  };
}

/** The page's loader: the range asked for (else a 400), the market (else a 404), its data. */
export async function marketPage(ctx: RequestContext, slug: string, url: URL): Promise<MarketPageData> {
  const range = chartRangeOf(url);
  const resolved = valueOrErrorPage(await resolveMarket(sourcesOf(ctx.deps), slug));
  if (resolved === null) return notFound(`/market/${slug}`, missingPage("market", slug));
  return marketPageData(ctx, resolved, range);
}
