/**
 * An event's card and its call (decision 0030): projected from the event, its analysis and
 * its X count. The call the card shows is the call the record keeps: the analysis's call passed through
 * the record's rules (call-rules.ts), or the reason there is none. The markets' own bodies (the API's
 * market list, the history's points) are projected from the same analysis by `marketAnalysisOf`.
 */
import { primaryCategory } from "~/lib/categories";
import { isMarketLive } from "~/lib/display-market";
import { toPercent } from "~/lib/format";
import { eventEnds } from "~/lib/market-state";
import {
  byPrice,
  type EventOutcomeOf,
  eventOutcomes,
  eventTitleOf,
  firstSidePriceOf,
  isMultiOutcome,
  outcomeLabel,
} from "~/lib/outcomes";
import { resolutionStateOf } from "~/lib/resolution";
import type {
  CallSideBought,
  CardResolution,
  DisplayEvent,
  EventAnalysis,
  EventCall,
  EventForecast,
  EventOutcome,
  Market,
  MarketAnalysis,
  MarketEvent,
  MentionCount,
  SentimentLabel,
} from "~/lib/types";
import { scoreFor } from "../sentiment/score";
import {
  type CallCandidate,
  type CallSkipReason,
  callCandidates,
  callDecision,
  type DerivedCall,
  deriveCallFrom,
  marketTimes,
  NO_CALL_REASON_TEXT,
  type NoCallReason,
  sidePriceOf,
} from "../track-record/call-rules";

/** Outcomes a multi-outcome event's card lists ("+N more" for the rest). */
export const CARD_OUTCOMES = 3;
/** Outcomes whose forecast a card and the event page show beside the market's price. */
export const FORECAST_OUTCOMES = 6;

/** What the card says when an estimate makes no call. */
export const NO_CALL_TEXT = {
  estimated: "No call: no 24h move of 2 points or more",
} as const;

/** The analysis's call after the rules: the call, or why there is none. */
export interface CallState {
  call: EventCall | null;
  noCall: string | null;
  /** Why there is no call (null with one): the estimate saw no move, or the rules' reason. */
  reason: "no-move" | CallSkipReason | NoCallReason | null;
  /** The called market (when a call is made). */
  market: Market | null;
  /**
   * The model's own call disagreed with its probabilities (it bought a side it rates below its price, or
   * made none beside a gap over the threshold): it was ignored for the derived call.
   */
  disagreed: boolean;
}

/** The model's own call, as its probabilities judge it: does it buy a side they rate below its price? */
function modelDisagrees(
  analysis: EventAnalysis,
  derived: DerivedCall,
  candidates: readonly CallCandidate[],
): boolean {
  const own = analysis.call;
  if (own === null) return derived.kind === "call";
  const bought = candidates.find((c) => c.market.id === own.marketId && c.side === own.side);
  return bought !== undefined && bought.edge < 0;
}

/** The card's call on `market` buying `side` at `sidePrice` (0..1), with its edge in points when known. */
function eventCall(
  event: MarketEvent,
  market: Market,
  side: CallSideBought,
  sidePrice: number,
  edge: number | null,
): EventCall {
  const yes = side === "buy_yes";
  const label = outcomeLabel(market);
  return {
    marketId: market.id,
    side,
    recommendation: yes ? "BUY_YES" : "BUY_NO",
    outcome: isMultiOutcome(event)
      ? `${yes ? "Yes" : "No"} · ${label}`
      : yes
        ? market.yesLabel
        : market.noLabel,
    sidePrice,
    edge,
  };
}

/**
 * The call an event's card shows and the record keeps. A model forecast with probabilities makes the call
 * its probabilities derive at today's prices (`deriveCall`, at least `minEdge` points); the model's own
 * stated call is only checked against them (`disagreed`). An estimate makes its price-move call, through the
 * same rules on the called market's own end date and price.
 */
export function callStateOf(
  event: MarketEvent,
  analysis: EventAnalysis,
  now: number,
  minEdge: number,
): CallState {
  const { probabilities } = analysis;
  if (analysis.source !== "estimated") {
    if (probabilities === null) {
      return {
        call: null,
        noCall: NO_CALL_REASON_TEXT.noForecast,
        reason: "no-forecast",
        market: null,
        disagreed: false,
      };
    }
    const candidates = callCandidates(event, probabilities, now);
    const derived = deriveCallFrom(event, candidates, now, minEdge);
    const disagreed = modelDisagrees(analysis, derived, candidates);
    if (derived.kind === "none") {
      return { call: null, noCall: derived.text, reason: derived.reason, market: null, disagreed };
    }
    const { market, side, sidePrice, edge } = derived.candidate;
    const call = eventCall(event, market, side, sidePrice, edge);
    return { call, noCall: null, reason: null, market, disagreed };
  }
  const made = analysis.call;
  const market = made ? event.markets.find((m) => m.id === made.marketId) : undefined;
  if (!made || !market) {
    return { call: null, noCall: NO_CALL_TEXT.estimated, reason: "no-move", market: null, disagreed: false };
  }
  const sidePrice = sidePriceOf(made.side, firstSidePriceOf(market));
  const times = marketTimes(event, market);
  const decision = callDecision({ eventClosed: times.closed, endDate: times.endDate, now, sidePrice });
  if (!decision.record) {
    return { call: null, noCall: decision.text, reason: decision.reason, market: null, disagreed: false };
  }
  const call = eventCall(event, market, made.side, sidePrice, null);
  return { call, noCall: null, reason: null, market, disagreed: false };
}

function sentimentOf(call: EventCall | null): SentimentLabel {
  if (!call) return "neutral";
  return call.side === "buy_yes" ? "bullish" : "bearish";
}

/**
 * The outcomes whose probability the forecast shows: the leading ones by price, and the called outcome
 * wherever it ranks, so a call is always shown beside the probability it follows.
 */
function forecastOutcomes(outcomes: readonly EventOutcomeOf[], state: CallState): EventOutcomeOf[] {
  const ranked = byPrice(outcomes);
  const shown = ranked.slice(0, FORECAST_OUTCOMES);
  const called = state.call?.marketId;
  if (called === undefined || shown.some((o) => o.market.id === called)) return shown;
  return [...shown, ...ranked.filter((o) => o.market.id === called)];
}

function forecastView(
  event: MarketEvent,
  outcomes: readonly EventOutcomeOf[],
  analysis: EventAnalysis,
  state: CallState,
  pricedAt: string,
): EventForecast {
  const sentiment = sentimentOf(state.call);
  const { probabilities } = analysis;
  return {
    sentiment,
    score: scoreFor(sentiment, analysis.confidence, event.id),
    confidence: analysis.confidence,
    reasoning: analysis.reasoning,
    source: analysis.source,
    call: state.call,
    noCall: state.noCall,
    pricedAt,
    probabilities: probabilities
      ? forecastOutcomes(outcomes, state).flatMap((o) => {
          const model = Object.hasOwn(probabilities, o.key) ? probabilities[o.key] : undefined;
          return model === undefined
            ? []
            : [{ marketId: o.market.id, label: o.label, model, market: o.price }];
        })
      : [],
  };
}

/** Where a card links: a one-market event's market page, else the event page. */
export function eventHref(event: Pick<MarketEvent, "slug" | "markets">): string {
  const only = event.markets.length === 1 ? event.markets[0] : undefined;
  return only?.slug ? `/market/${only.slug}` : `/event/${event.slug}`;
}

/** The market whose price line a card draws: the leading outcome's. */
export function leadingMarket(event: MarketEvent): Market | undefined {
  return byPrice(eventOutcomes(event))[0]?.market;
}

/**
 * The market a card names in UMA's resolution: a disputed one first, else the first proposed (in Gamma's
 * order, open markets before closed ones), with how many others are; the answer and time are the Data
 * API's, added from what the minute cron kept (pages/card-resolutions.ts).
 */
export function cardResolutionOf(
  event: Pick<MarketEvent, "markets" | "resolved">,
  multi: boolean,
): CardResolution | null {
  const live = [...event.markets, ...event.resolved].flatMap((market) => {
    const state = resolutionStateOf(market.resolution);
    return state === "proposed" || state === "disputed" ? [{ market, state }] : [];
  });
  const named = live.find((l) => l.state === "disputed") ?? live[0];
  if (!named) return null;
  return {
    marketId: named.market.id,
    label: multi ? outcomeLabel(named.market) : null,
    state: named.state,
    answer: null,
    finalAt: null,
    others: live.length - 1,
  };
}

/** What a card says of the event itself: everything but its forecast, its X count and its price line. */
export type EventFacts = Omit<DisplayEvent, "forecast" | "mentions" | "spark">;

/** An event's card fields that need no analysis (the API's detail of an event outside the snapshot). */
export function toEventFacts(event: MarketEvent, now: number): EventFacts {
  const outcomes = eventOutcomes(event);
  const multi = isMultiOutcome(event);
  const listed = multi ? byPrice(outcomes).slice(0, CARD_OUTCOMES) : outcomes;
  const ends = eventEnds(event);
  return {
    id: event.id,
    slug: event.slug,
    ...eventTitleOf(event),
    image: event.image ?? event.markets[0]?.image ?? null,
    ...ends,
    startDate: event.startDate,
    volume: event.volume,
    volume24h: event.volume24h,
    liquidity: event.liquidity,
    tags: event.tags.map((t) => t.label).filter((label) => label !== ""),
    category: primaryCategory(event),
    multi,
    outcomes: listed.map(toOutcomeView),
    moreOutcomes: Math.max(0, outcomes.length - listed.length),
    // The card's 24 h change is in points (its published unit).
    priceChange24h: toPercent((multi ? listed[0]?.change24h : event.markets[0]?.firstPriceChange24h) ?? 0),
    isLive: isMarketLive(event.volume, ends.endDate, now),
    resolution: cardResolutionOf(event, multi),
    href: eventHref(event),
  };
}

/** An outcome as a card and the API list it (its price 0..1, its 24 h change in points). */
export function toOutcomeView(o: EventOutcomeOf): EventOutcome {
  return {
    marketId: o.market.id,
    marketSlug: o.market.slug,
    label: o.label,
    price: o.price,
    priceChange24h: toPercent(o.change24h),
  };
}

/** An event's card. */
export function toDisplayEvent(
  event: MarketEvent,
  analysis: EventAnalysis,
  state: CallState,
  mention: MentionCount | undefined,
  now: number,
  spark?: number[],
): DisplayEvent {
  return {
    ...toEventFacts(event, now),
    forecast: forecastView(event, eventOutcomes(event), analysis, state, new Date(now).toISOString()),
    mentions: {
      count: mention?.mentions ?? 0,
      // The keyword the count is of (asked of X, or estimated), so the page can say what was counted.
      query: mention?.keyword ?? "",
      // Trending is a fact about live X counts; an estimate cannot trend (decision 0011).
      trending: mention?.source === "live" && mention.trending,
      source: mention?.source ?? "estimated",
    },
    ...(spark ? { spark } : {}),
  };
}

/**
 * One market's analysis as its event's forecast says it (the API's market bodies and the history's
 * points): the called market carries the call, its siblings no call; every market the event's confidence,
 * reasoning and source, and the model's probability for its first side.
 */
export function marketAnalysisOf(
  event: MarketEvent,
  analysis: EventAnalysis,
  state: CallState,
  market: Market,
): MarketAnalysis {
  const called = state.call?.marketId === market.id ? state.call : null;
  const sentiment = sentimentOf(called);
  const key = isMultiOutcome(event) ? market.id : `${market.id}:0`;
  const probability = analysis.probabilities?.[key];
  return {
    marketId: market.id,
    sentiment,
    confidence: analysis.confidence,
    recommendation: called?.recommendation ?? "NEUTRAL",
    score: scoreFor(sentiment, analysis.confidence, market.id),
    reasoning: analysis.reasoning,
    source: analysis.source,
    analysedFirstPrice: firstSidePriceOf(market),
    ...(probability === undefined ? {} : { probability }),
  };
}
