/**
 * Everything `/market/:slug` shows. The market, its chart and its D1 history are awaited (the page is
 * readable without JavaScript); trades, holders and the event's other markets render at once when
 * their cached copies are fresh and otherwise stream in when their upstream answers.
 */

import type { ChartRange } from "~/lib/chart";
import type { MarketPageData } from "~/lib/market-page";

export type { MarketPageData };

import type { ChartSection, MarketTrades, MarketView } from "~/lib/market-page";
import { ok } from "~/lib/section";
import type { WhaleTrade } from "~/lib/types";
import { buildPriceChart } from "../charts/price-chart";
import type { Deps } from "../deps";
import { LOOKUPS } from "../lookups";
import { nowOrLater } from "../pages/loader-data";
import { isConditionId } from "../polymarket/data-api";
import { leaderboard, rankTrades } from "../snapshots/leaderboard";
import { outcomeHistory } from "./price-history";
import type { ResolvedMarket } from "./resolve";
import {
  fetchedTrades,
  holdersOf,
  marketCalls,
  mentionPoints,
  mergeTrades,
  sentimentSteps,
  siblingsOf,
  storedTrades,
} from "./sections";

/** Mentions are charted over the last week of our own points. */
const MENTIONS_WINDOW_SECONDS = 7 * 86_400;

/** The chart of a market over a range, with what could not be read. */
export async function chartSection(
  deps: Deps,
  market: MarketView,
  range: ChartRange,
  nowSec: number,
): Promise<ChartSection> {
  const { series, notes } = await outcomeHistory(deps, market, range, nowSec);
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

function marketTrades(deps: Deps, market: MarketView): Promise<MarketTrades> {
  const { conditionId } = market;
  const fetched =
    conditionId !== null && isConditionId(conditionId)
      ? fetchedTrades(deps, conditionId)
      : Promise.resolve(ok<WhaleTrade[]>([]));
  return Promise.all([storedTrades(deps, conditionId), fetched, leaderboard.read(deps)]).then(
    ([ours, theirs, board]) => {
      const merged = mergeTrades(ours, theirs);
      return { ...merged, trades: rankTrades(merged.trades, board) };
    },
  );
}

export async function marketPageData(
  deps: Deps,
  resolved: ResolvedMarket,
  range: ChartRange,
): Promise<MarketPageData> {
  const { view: market, analysis } = resolved;
  const now = deps.now();
  const nowSec = Math.floor(now / 1000);
  const conditionIds = market.conditionId && isConditionId(market.conditionId) ? [market.conditionId] : [];
  const [chart, sentiment, mentions, calls, trades, holders, siblings] = await Promise.all([
    chartSection(deps, market, range, nowSec),
    sentimentSteps(deps, market.id),
    mentionPoints(deps, market.id, nowSec - MENTIONS_WINDOW_SECONDS),
    marketCalls(deps, market.id),
    nowOrLater(deps, conditionIds.map(LOOKUPS.trades.at), () => marketTrades(deps, market)),
    nowOrLater(deps, conditionIds.map(LOOKUPS.holders.at), () => holdersOf(deps, market)),
    nowOrLater(deps, market.eventSlug ? [LOOKUPS.event.at(market.eventSlug)] : [], () =>
      siblingsOf(deps, market),
    ),
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
  };
}
