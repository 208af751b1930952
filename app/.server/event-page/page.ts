/**
 * Everything `/event/:slug` shows. The event, its order books, its chart and its D1 history are awaited
 * (the page is readable without JavaScript); the trades and the top holders render at once when their
 * kept copies are fresh and otherwise stream in when their upstream answers. Each source fails alone.
 */
import type { ChartRange } from "~/lib/chart";
import type { Books, EventPageData, OutcomeRow } from "~/lib/event-page";
import { bookQuote } from "~/lib/event-page";
import type { ChartSection, MarketTrades, MentionPoint, OutcomeHolders } from "~/lib/market-page";
import { ok, type Section } from "~/lib/section";
import type { CallWithReturn } from "~/lib/track-record-page";
import type { Market, WhaleTrade } from "~/lib/types";
import { buildPriceChart, MAX_LINES } from "../charts/price-chart";
import type { Deps } from "../deps";
import { byPrice, type EventOutcomeOf, eventOutcomes, outcomeLabel } from "../events/outcomes";
import { LOOKUPS, sayUnavailable } from "../lookups";
import { storedEventCalls, storedEventTrades } from "../market/history-reads";
import { linesHistory } from "../market/price-history";
import { toMarketView } from "../market/resolve";
import { holdersOf, mentionPoints, mergeTrades } from "../market/sections";
import { isTokenId } from "../polymarket/clob";
import { isConditionId } from "../polymarket/data-api";
import { leaderboard, rankTrades } from "../snapshots/leaderboard";
import { nowOrLater } from "../snapshots/loader-data";
import { paperReturn } from "../track-record/metrics";
import { type ResolvedEvent, toEventView } from "./resolve";

export const BOOKS_UNAVAILABLE = "Polymarket's order books are unavailable right now.";
export const EVENT_TRADES_UNAVAILABLE = "Polymarket's trades are unavailable right now.";
/** Mentions are charted over the last week of our own points. */
const MENTIONS_WINDOW_SECONDS = 7 * 86_400;
/** Order books read at most per view: the 60 dearest outcomes (3 requests of 20). */
export const MAX_BOOKS = 60;

/** An outcome's token: a multi-outcome event's market's Yes token, or a one-market event's side's. */
function tokenOf(outcome: EventOutcomeOf): string | null {
  return outcome.market.outcomes[outcome.side]?.tokenId ?? null;
}

function rowOf(outcome: EventOutcomeOf): OutcomeRow {
  return {
    marketId: outcome.market.id,
    marketSlug: outcome.market.slug,
    label: outcome.label,
    price: outcome.price,
    priceChange24h: outcome.priceChange24h,
    volume: outcome.market.volume,
    tokenId: tokenOf(outcome),
  };
}

/** The top of each listed outcome's book (the dearest MAX_BOOKS), kept two minutes under the event's slug. */
async function booksOf(deps: Deps, slug: string, rows: readonly OutcomeRow[]): Promise<Section<Books>> {
  const tokenIds = rows
    .slice(0, MAX_BOOKS)
    .flatMap((r) => (r.tokenId !== null && isTokenId(r.tokenId) ? [r.tokenId] : []));
  if (tokenIds.length === 0) return ok({});
  const kept = await LOOKUPS.books.get(deps, { slug, tokenIds });
  if (!kept.ok) return sayUnavailable(kept, BOOKS_UNAVAILABLE);
  return ok(
    Object.fromEntries(kept.value.value.map((b) => [b.tokenId, bookQuote(b.bestBid, b.bestAsk)] as const)),
  );
}

/** The chart of the dearest six outcomes over a range, with what could not be read. */
async function chartOf(
  deps: Deps,
  outcomes: readonly EventOutcomeOf[],
  range: ChartRange,
  nowSec: number,
): Promise<ChartSection> {
  const lines = outcomes.slice(0, MAX_LINES).map((o) => ({
    label: o.label,
    marketId: o.market.id,
    side: o.side,
    tokenId: tokenOf(o),
  }));
  const { series, notes } = await linesHistory(deps, lines, range, nowSec);
  return { chart: buildPriceChart(series, range, nowSec), notes };
}

/** The track record's calls on any of the event's markets, with their return, newest first (D1). */
async function eventCalls(
  deps: Deps,
  slug: string,
  markets: readonly Market[],
): Promise<Section<CallWithReturn[]>> {
  const calls = await storedEventCalls(
    deps,
    slug,
    markets.map((m) => m.id),
  );
  if (!calls.ok) return calls;
  return ok(calls.value.map((c) => ({ ...c, return: paperReturn(c.side, c.priceAtCall, c.outcome) })));
}

/** Trades over $10K in the event's markets: ours (D1) and the Data API's (kept), each once, ranked. */
async function eventTrades(deps: Deps, slug: string, conditionIds: readonly string[]): Promise<MarketTrades> {
  const fetched: Promise<Section<WhaleTrade[]>> =
    conditionIds.length === 0
      ? Promise.resolve(ok([]))
      : LOOKUPS.eventTrades
          .get(deps, { slug, conditionIds })
          .then((kept) => (kept.ok ? ok(kept.value.value) : sayUnavailable(kept, EVENT_TRADES_UNAVAILABLE)));
  const [ours, theirs, board] = await Promise.all([
    storedEventTrades(deps, slug, conditionIds),
    fetched,
    leaderboard.read(deps),
  ]);
  const merged = mergeTrades(ours, theirs);
  return { ...merged, trades: rankTrades(merged.trades, board) };
}

export async function eventPageData(
  deps: Deps,
  resolved: ResolvedEvent,
  range: ChartRange,
): Promise<EventPageData> {
  const { event, card } = resolved;
  const now = deps.now();
  const nowSec = Math.floor(now / 1000);
  // A closed event has no open outcomes: its table lists how its markets ended.
  const open = byPrice(eventOutcomes({ markets: event.markets.length > 0 ? event.markets : event.resolved }));
  // An open event's resolved markets, each by its own name and Yes price (never as one market's two sides).
  const resolvedRows =
    event.markets.length > 0
      ? event.resolved.map((market) => ({
          key: market.id,
          market,
          side: 0 as const,
          label: outcomeLabel(market),
          price: market.outcomes[0]?.price ?? market.yesPrice / 100,
          priceChange24h: 0,
        }))
      : [];
  const outcomes = open.map(rowOf);
  const allMarkets = [...event.markets, ...event.resolved];
  const conditionIds = [
    ...new Set(
      allMarkets.flatMap((m) => (m.conditionId && isConditionId(m.conditionId) ? [m.conditionId] : [])),
    ),
  ];
  const leader = open.find((o) => o.market.conditionId !== null && isConditionId(o.market.conditionId));
  const leaderView = leader ? toMarketView(leader.market, resolved.source, now) : null;
  const tradesAt =
    conditionIds.length > 0 ? [LOOKUPS.eventTrades.at({ slug: event.slug, conditionIds })] : [];
  const holdersAt = leaderView?.conditionId ? [LOOKUPS.holders.at(leaderView.conditionId)] : [];

  const [books, chart, calls, mentions, { value: trades }, { value: holders }] = await Promise.all([
    booksOf(deps, event.slug, outcomes),
    chartOf(deps, open, range, nowSec),
    eventCalls(deps, event.slug, allMarkets),
    leader
      ? mentionPoints(deps, leader.market.id, nowSec - MENTIONS_WINDOW_SECONDS)
      : Promise.resolve<Section<MentionPoint[]>>(ok([])),
    nowOrLater(deps, tradesAt, () => eventTrades(deps, event.slug, conditionIds)),
    nowOrLater(deps, holdersAt, () =>
      leaderView ? holdersOf(deps, leaderView) : Promise.resolve<Section<OutcomeHolders[]>>(ok([])),
    ),
  ]);
  return {
    event: toEventView(resolved, now),
    outcomes,
    resolved: resolvedRows.map(rowOf),
    books,
    range,
    now,
    chart,
    forecast: card?.forecast ?? null,
    mentionsNow: card?.mentions ?? null,
    calls,
    mentions,
    trades,
    holdersOf: leader && leaderView ? { label: leader.label, prices: leaderView.outcomes } : null,
    holders,
  };
}
