/**
 * Everything `/event/:slug` shows. The event, its order books, its chart and its D1 history are awaited
 * (the page is readable without JavaScript); the trades and the top holders render at once when their
 * kept copies are fresh and otherwise stream in when their upstream answers. An event drawn from the index
 * (decision 0037) has its rules and the condition ids its trades and holders need from Gamma on demand: at
 * once when Gamma's answer is kept, else those three sections stream in after it (never the prices). Each
 * source fails alone.
 */
import type { ChartRange } from "~/lib/chart";
import type { Books, EventPageData, EventResolutions, EventRulesView, OutcomeRow } from "~/lib/event-page";
import { bookQuote } from "~/lib/event-page";
import { toPercent } from "~/lib/format";
import type { SidePair } from "~/lib/live-state";
import type { ChartSection, MarketTrades, MentionPoint, OutcomeHolders } from "~/lib/market-page";
import { missingPage } from "~/lib/not-found";
import { byPrice, type EventOutcomeOf, eventOutcomes, firstSidePriceOf, outcomeLabel } from "~/lib/outcomes";
import { type NowOrLater, ok, type Section, unavailable } from "~/lib/section";
import { SMART_MONEY_UNAVAILABLE, type SmartMoneyView } from "~/lib/smart-money";
import type { Market, WhaleTrade } from "~/lib/types";
import { buildPriceChart, MAX_LINES } from "../charts/price-chart";
import type { RequestContext } from "../context";
import type { Deps } from "../deps";
import { smartOutcomes, smartQuery } from "../events/smart-money";
import { smartMoneySection } from "../events/smart-money-section";
import { kalshiRows, readAtOf, shownMarkets } from "../kalshi/pair-views";
import { LOOKUPS, type Lookups, sayUnavailable } from "../lookups";
import { type HistorySources, linesHistory } from "../market/price-history";
import { eventResolutions, resolutionsAt } from "../market/resolutions";
import { toMarketView } from "../market/resolve";
import { HOLDERS_UNAVAILABLE, holdersOf, mentionPoints, rankedTrades, withReturns } from "../market/sections";
import { isTokenId } from "../polymarket/clob";
import { isConditionId } from "../polymarket/data-api";
import type { EventBySlug } from "../polymarket/gamma-events";
import { leaderboard, type StoredBoard } from "../snapshots/leaderboard";
import { type Sources, sourcesOf } from "../sources";
import { type ResolvedEvent, RULES_UNAVAILABLE, resolveEvent, toEventView } from "./event-resolve";
import { chartRangeOf, notFound, nowOrLater, valueOrErrorPage } from "./loader-data";

export const BOOKS_UNAVAILABLE = "Polymarket's order books are unavailable right now.";
export const EVENT_TRADES_UNAVAILABLE = "Polymarket's trades are unavailable right now.";
/** An indexed event Gamma no longer knows (gone since the index's last pass). */
export const EVENT_GONE = "Polymarket no longer lists this event: its rules are unavailable.";
/** Mentions are charted over the last week of our own points. */
const MENTIONS_WINDOW_SECONDS = 7 * 86_400;
/** Order books read at most per view: the 60 dearest outcomes (3 requests of 20). */
export const MAX_BOOKS = 60;

/** An outcome's token: a multi-outcome event's market's Yes token, or a one-market event's side's. */
function tokenOf(outcome: EventOutcomeOf): string | null {
  return outcome.market.outcomes[outcome.side]?.tokenId ?? null;
}

/** A row of the table; `fromIndex`: the index keeps no market's total volume. */
function rowOf(outcome: EventOutcomeOf, fromIndex: boolean): OutcomeRow {
  return {
    marketId: outcome.market.id,
    marketSlug: outcome.market.slug,
    label: outcome.label,
    price: outcome.price,
    priceChange24h: toPercent(outcome.change24h),
    volume: fromIndex ? null : outcome.market.volume,
    tokenId: tokenOf(outcome),
  };
}

const hasConditionId = (market: Market): boolean =>
  market.conditionId !== null && isConditionId(market.conditionId);

/** The top of each listed outcome's book (the dearest MAX_BOOKS), kept two minutes under the event's slug. */
async function booksOf(lookups: Lookups, slug: string, rows: readonly OutcomeRow[]): Promise<Section<Books>> {
  const tokenIds = rows
    .slice(0, MAX_BOOKS)
    .flatMap((r) => (r.tokenId !== null && isTokenId(r.tokenId) ? [r.tokenId] : []));
  if (tokenIds.length === 0) return ok({});
  const kept = await lookups.books({ slug, tokenIds });
  if (!kept.ok) return sayUnavailable(kept, BOOKS_UNAVAILABLE);
  return ok(
    Object.fromEntries(kept.value.value.map((b) => [b.tokenId, bookQuote(b.bestBid, b.bestAsk)] as const)),
  );
}

/** The chart of the dearest six outcomes over a range, with what could not be read. */
async function chartOf(
  sources: HistorySources,
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
  const { series, notes } = await linesHistory(sources, lines, range, nowSec);
  const shown = outcomes.slice(0, MAX_LINES);
  // Each line ends at the price the table shows, and follows the same live prices.
  const withNow = series.map((s, i) => {
    const o = shown[i];
    return o ? { ...s, now: { price: o.price, marketId: o.market.id, sides: sidesOf(o, outcomes) } } : s;
  });
  return { chart: buildPriceChart(withNow, range, nowSec), notes };
}

/** How live prices name an outcome's side and its mirror: a market's Yes/No, or a one-market event's sides. */
function sidesOf(outcome: EventOutcomeOf, outcomes: readonly EventOutcomeOf[]): SidePair {
  if (outcomes.some((o) => o.market.id !== outcome.market.id)) return ["Yes", "No"];
  const other = outcomes.find((o) => o.market.id === outcome.market.id && o.side !== outcome.side);
  return [outcome.label, other?.label ?? ""];
}

/** Trades over $10K in the event's markets: ours (D1) and the Data API's (kept), each once, ranked. */
async function eventTrades(
  { lookups, reads }: HistorySources,
  board: Promise<StoredBoard | null>,
  slug: string,
  conditionIds: readonly string[],
): Promise<MarketTrades> {
  const fetched: Promise<Section<WhaleTrade[]>> =
    conditionIds.length === 0
      ? Promise.resolve(ok([]))
      : lookups
          .eventTrades({ slug, conditionIds })
          .then((kept) => (kept.ok ? ok(kept.value.value) : sayUnavailable(kept, EVENT_TRADES_UNAVAILABLE)));
  return rankedTrades(reads.eventTrades(slug, conditionIds), fetched, board);
}

/** Gamma's event on demand, for an event drawn from the index: the event, or why it cannot be had. */
async function askGamma(lookups: Lookups, slug: string): Promise<Section<EventBySlug>> {
  const kept = await lookups.event(slug);
  if (!kept.ok) return kept;
  const event = kept.value.value;
  return event === null ? unavailable(EVENT_GONE, "empty") : ok(event);
}

/** The rules from Gamma's answer, or why not in the rules' own words (the limit's refusal as it is). */
function rulesOf(gamma: Section<EventBySlug>): Section<EventRulesView> {
  if (!gamma.ok) return gamma.reason === "empty" ? gamma : sayUnavailable(gamma, RULES_UNAVAILABLE);
  const { description, resolutionSource } = gamma.value;
  return ok({ description: description === "" ? null : description, resolutionSource });
}

/** The event's markets with Gamma's condition ids (by market id) where they have none (the index's). */
function withConditionIds(markets: readonly Market[], gamma: Section<EventBySlug>): Market[] {
  if (!gamma.ok) return [...markets];
  const ids = new Map([...gamma.value.markets, ...gamma.value.resolved].map((m) => [m.id, m.conditionId]));
  return markets.map((m) => (m.conditionId === null ? { ...m, conditionId: ids.get(m.id) ?? null } : m));
}

/** What the page's sections read: the request's sources and the leaderboard (read once). */
interface PageSources extends Sources {
  board: Promise<StoredBoard | null>;
}

interface GammaSections {
  rules: Section<EventRulesView>;
  trades: NowOrLater<MarketTrades>;
  holders: NowOrLater<Section<OutcomeHolders[]>>;
  resolution: NowOrLater<EventResolutions>;
  smartMoney: NowOrLater<Section<SmartMoneyView>>;
}

/**
 * The sections that need Gamma's answer: the rules, and the trades and the leader's holders (by the
 * markets' condition ids). Without a condition id and without Gamma they say why; trades and holders render
 * at once when their kept copies are fresh, else later.
 */
async function gammaSections(
  deps: Deps,
  sources: PageSources,
  resolved: ResolvedEvent,
  gamma: Section<EventBySlug>,
  leaderId: string | null,
): Promise<GammaSections> {
  const { event, source } = resolved;
  const markets = withConditionIds([...event.markets, ...event.resolved], gamma);
  const conditionIds = [
    ...new Set(
      markets.flatMap((m) => (m.conditionId && isConditionId(m.conditionId) ? [m.conditionId] : [])),
    ),
  ];
  const rules = rulesOf(gamma);
  // Gamma's answer is the newer word on each market's UMA state (the snapshot's is up to 10 minutes old).
  const stated = gamma.ok ? [...gamma.value.markets, ...gamma.value.resolved] : markets;
  const resolvesFrom = gamma.ok ? gamma.value.resolutionSource : event.resolutionSource;
  const resolution = nowOrLater(deps, resolutionsAt(event.slug, stated), () =>
    eventResolutions(sources.lookups, event.slug, stated, resolvesFrom),
  );
  if (!gamma.ok && conditionIds.length === 0) {
    return {
      rules,
      resolution: (await resolution).value,
      trades: {
        trades: [],
        stored: 0,
        fetched: 0,
        notes: [sayUnavailable(gamma, EVENT_TRADES_UNAVAILABLE).message],
      },
      holders: sayUnavailable(gamma, HOLDERS_UNAVAILABLE),
      smartMoney: sayUnavailable(gamma, SMART_MONEY_UNAVAILABLE),
    };
  }
  const leader = markets.find((m) => m.id === leaderId);
  const leaderView = leader ? toMarketView(leader, source, sources.now) : null;
  const tradesAt =
    conditionIds.length > 0 ? [LOOKUPS.eventTrades.at({ slug: event.slug, conditionIds })] : [];
  const holdersAt = leaderView?.conditionId ? [LOOKUPS.holders.at(leaderView.conditionId)] : [];
  // Smart money over the open outcomes (their condition ids from Gamma where the index has none).
  const smartOf = smartOutcomes(withConditionIds(event.markets, gamma));
  const smartAsk = smartQuery(event.slug, event.id, smartOf);
  const smartAt = smartAsk ? [LOOKUPS.smartMoney.at(smartAsk)] : [];
  const [{ value: trades }, { value: holders }, { value: smartMoney }, { value: resolutionNow }] =
    await Promise.all([
      nowOrLater(deps, tradesAt, () => eventTrades(sources, sources.board, event.slug, conditionIds)),
      nowOrLater(deps, holdersAt, () =>
        leaderView
          ? holdersOf(sources.lookups, sources.board, leaderView)
          : Promise.resolve<Section<OutcomeHolders[]>>(ok([])),
      ),
      nowOrLater(deps, smartAt, () => smartMoneySection(sources, smartOf, smartAsk)),
      resolution,
    ]);
  return { rules, trades, holders, smartMoney, resolution: resolutionNow };
}

/** One of Gamma's sections, now or when they arrive. */
function partOf<T>(
  sections: NowOrLater<GammaSections>,
  part: (s: GammaSections) => NowOrLater<T>,
): NowOrLater<T> {
  return sections instanceof Promise ? sections.then(part) : part(sections);
}

/** Everything the page shows of a resolved event. */
/** The event's markets in the order of its outcome rows, each once, then the markets no row names. */
function inTableOrder(rows: readonly { market: Market }[], markets: readonly Market[]): Market[] {
  return [...new Map([...rows.map((r) => r.market), ...markets].map((m) => [m.id, m])).values()];
}

async function eventPageData(
  deps: Deps,
  sources: PageSources,
  resolved: ResolvedEvent,
  range: ChartRange,
): Promise<EventPageData> {
  const { event, card } = resolved;
  const fromIndex = resolved.gamma === null;
  const { now, lookups, reads } = sources;
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
          price: firstSidePriceOf(market),
          change24h: 0,
        }))
      : [];
  const outcomes = open.map((o) => rowOf(o, fromIndex));
  const allMarkets = [...event.markets, ...event.resolved];
  // The holders listed: the dearest outcome with a condition id (from the index, the dearest: Gamma names
  // its condition id on demand).
  const leader = fromIndex ? open[0] : open.find((o) => hasConditionId(o.market));
  // Gamma's answer: at hand, or (from the index) now when kept fresh, else the sections needing it stream.
  const gamma =
    resolved.gamma ??
    (await nowOrLater(deps, [LOOKUPS.event.at(event.slug)], () => askGamma(lookups, event.slug))).value;
  const leaderId = leader?.market.id ?? null;
  // Wrapped: a promise of sections still on their way cannot be the value of another promise.
  let gammaPart: Promise<{ sections: NowOrLater<GammaSections> }>;
  if (gamma instanceof Promise) {
    const later = gamma.then((g) => gammaSections(deps, sources, resolved, g, leaderId));
    deps.waitUntil(later.catch(() => undefined));
    gammaPart = Promise.resolve({ sections: later });
  } else {
    gammaPart = gammaSections(deps, sources, resolved, gamma, leaderId).then((sections) => ({ sections }));
  }

  const view = toEventView(resolved, now);
  const [books, chart, calls, mentions, kalshi, { sections }] = await Promise.all([
    booksOf(lookups, event.slug, outcomes),
    chartOf(sources, open, range, nowSec),
    reads
      .eventCalls(
        event.slug,
        allMarkets.map((m) => m.id),
      )
      .then(withReturns),
    leader
      ? mentionPoints(reads, leader.market.id, nowSec - MENTIONS_WINDOW_SECONDS)
      : Promise.resolve<Section<MentionPoint[]>>(ok([])),
    // In the outcome table's order (dearest first), then the markets it does not list.
    kalshiRows(
      reads,
      event.slug,
      shownMarkets(inTableOrder(open, allMarkets), view.multi),
      readAtOf(view.source),
    ),
    gammaPart,
  ]);
  return {
    event: view,
    kalshi,
    rules: partOf(sections, (s) => s.rules),
    outcomes,
    resolved: resolvedRows.map((r) => rowOf(r, fromIndex)),
    books,
    range,
    now,
    chart,
    forecast: card?.forecast ?? null,
    mentionsNow: card?.mentions ?? null,
    calls,
    mentions,
    trades: partOf(sections, (s) => s.trades),
    holdersOf: leader
      ? {
          label: leader.label,
          marketId: leader.market.id,
          prices: toMarketView(leader.market, resolved.source, now).outcomes,
        }
      : null,
    holders: partOf(sections, (s) => s.holders),
    resolution: partOf(sections, (s) => s.resolution),
    smartMoney: partOf(sections, (s) => s.smartMoney),
  };
}

/** The page's loader: the range asked for (else a 400), the event (else a 404), its data. */
export async function eventPage({ deps }: RequestContext, slug: string, url: URL): Promise<EventPageData> {
  const range = chartRangeOf(url);
  const sources = sourcesOf(deps);
  const resolved = valueOrErrorPage(await resolveEvent(sources, slug));
  if (resolved === null) return notFound(`/event/${slug}`, missingPage("event", slug));
  return eventPageData(deps, { ...sources, board: leaderboard.read(deps) }, resolved, range);
}
