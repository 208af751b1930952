/**
 * An event's card and its call (issue 23 §2–§4, decision 0030): projected from the event, its analysis and
 * its X count. The call the card shows is the call the record keeps: the analysis's call passed through
 * the record's rules (call-rules.ts), or the reason there is none. The markets' own bodies (the API's
 * market list, the history's points) are projected from the same analysis by `marketAnalysisOf`.
 */
import { primaryCategory } from "~/lib/categories";
import { isMarketLive } from "~/lib/display-market";
import type {
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
import { type CallDecision, callDecision, sidePriceOf } from "../track-record/call-rules";
import { byPrice, type EventOutcomeOf, eventOutcomes, isMultiOutcome } from "./outcomes";

/** Outcomes a multi-outcome event's card lists ("+N more" for the rest). */
export const CARD_OUTCOMES = 3;
/** Outcomes whose forecast a card and the event page show beside the market's price. */
export const FORECAST_OUTCOMES = 6;

/** What the card says when the analysis made no call. */
export const NO_CALL_TEXT = {
  model: "No call: the model sees fair prices",
  estimated: "No call: no 24h move of 2 points or more",
} as const;

const toPercent = (price: number): number => Math.round(price * 1000) / 10;

/** The end date the rules read: the event's, else its first market's. */
function endOf(event: MarketEvent): string | null {
  return event.endDate ?? event.markets[0]?.endDate ?? null;
}

/** The analysis's call after the record's rules: the call, or why there is none. */
export interface CallState {
  call: EventCall | null;
  noCall: string | null;
  /** The rules' verdict on the analysis's call; null when it made none. */
  decision: CallDecision | null;
  /** The called market (when a call was made, recorded or not). */
  market: Market | null;
}

export function callStateOf(event: MarketEvent, analysis: EventAnalysis, now: number): CallState {
  const made = analysis.call;
  const market = made ? event.markets.find((m) => m.id === made.marketId) : undefined;
  if (!made || !market) {
    return {
      call: null,
      noCall: analysis.source === "estimated" ? NO_CALL_TEXT.estimated : NO_CALL_TEXT.model,
      decision: null,
      market: null,
    };
  }
  const sidePrice = sidePriceOf(made.side, market.outcomes[0]?.price ?? market.yesPrice / 100);
  const decision = callDecision({ eventClosed: market.closed, endDate: endOf(event), now, sidePrice });
  if (!decision.record) return { call: null, noCall: decision.text, decision, market };
  const multi = isMultiOutcome(event);
  const yes = made.side === "buy_yes";
  const label = market.groupTitle ?? market.title;
  return {
    call: {
      marketId: market.id,
      side: made.side,
      recommendation: yes ? "BUY_YES" : "BUY_NO",
      outcome: multi ? `${yes ? "Yes" : "No"} · ${label}` : yes ? market.yesLabel : market.noLabel,
      sidePrice: toPercent(sidePrice),
    },
    noCall: null,
    decision,
    market,
  };
}

function sentimentOf(call: EventCall | null): SentimentLabel {
  if (!call) return "neutral";
  return call.side === "buy_yes" ? "bullish" : "bearish";
}

function forecastView(
  event: MarketEvent,
  outcomes: readonly EventOutcomeOf[],
  analysis: EventAnalysis,
  state: CallState,
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
    probabilities: probabilities
      ? byPrice(outcomes)
          .slice(0, FORECAST_OUTCOMES)
          .flatMap((o) => {
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

/** What a card says of the event itself: everything but its forecast, its X count and its price line. */
export type EventFacts = Omit<DisplayEvent, "forecast" | "mentions" | "spark">;

/** An event's card fields that need no analysis (the API's detail of an event outside the snapshot). */
export function toEventFacts(event: MarketEvent, now: number): EventFacts {
  const outcomes = eventOutcomes(event);
  const multi = isMultiOutcome(event);
  const listed = multi ? byPrice(outcomes).slice(0, CARD_OUTCOMES) : outcomes;
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    image: event.image ?? event.markets[0]?.image ?? null,
    endDate: endOf(event),
    startDate: event.startDate,
    volume: event.volume,
    volume24h: event.volume24h,
    liquidity: event.liquidity,
    tags: event.tags.map((t) => t.label).filter((label) => label !== ""),
    category: primaryCategory(event),
    multi,
    outcomes: listed.map(toOutcomeView),
    moreOutcomes: Math.max(0, outcomes.length - listed.length),
    priceChange24h: (multi ? listed[0]?.priceChange24h : event.markets[0]?.priceChange24h) ?? 0,
    isLive: isMarketLive(event.volume, endOf(event), now),
    href: eventHref(event),
  };
}

/** An outcome as a card and the API list it (price in percent). */
export function toOutcomeView(o: EventOutcomeOf): EventOutcome {
  return {
    marketId: o.market.id,
    marketSlug: o.market.slug,
    label: o.label,
    price: toPercent(o.price),
    priceChange24h: o.priceChange24h,
  };
}

/** An event's card. */
export function toDisplayEvent(
  event: MarketEvent,
  analysis: EventAnalysis,
  mention: MentionCount | undefined,
  now: number,
  spark?: number[],
): DisplayEvent {
  const state = callStateOf(event, analysis, now);
  return {
    ...toEventFacts(event, now),
    forecast: forecastView(event, eventOutcomes(event), analysis, state),
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
    analysedPrice: market.yesPrice,
    ...(probability === undefined ? {} : { probability }),
  };
}
