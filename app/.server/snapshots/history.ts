/**
 * The history's view of a snapshot build: one point per shown market per 10-minute slot and the call
 * each shown analysis makes (the track record); they are written through the outbox (outbox.ts), where a
 * D1 failure is one log line and the batch is kept for the next run. Also the market cron's compaction.
 */

import { primaryCategory } from "~/lib/categories";
import { firstSidePriceOf, isMultiOutcome } from "~/lib/outcomes";
import { ok, type Section, unavailable } from "~/lib/section";
import type { EventAnalysis, Market, MarketAnalysis, MarketEvent, MentionCount } from "~/lib/types";
import type { CallState } from "../events/card";
import type { CallInput, HistoryStore, MarketObservation } from "../history/store";
import { describeFailure } from "../http";
import { createLog } from "../log";
import { CALL_RULES_VERSION, sidePriceOf } from "../track-record/call-rules";
import { recordedForecast } from "../track-record/event-forecast";

const log = createLog("history");

/** The history's view of one shown market, or null without its analysis. */
export function marketObservation(
  market: Market,
  analysis: MarketAnalysis | undefined,
  mentions: MentionCount | undefined,
): MarketObservation | null {
  if (!analysis) return null;
  return {
    id: market.id,
    slug: market.slug,
    eventSlug: market.event?.slug ?? null,
    groupTitle: market.groupTitle,
    conditionId: market.conditionId,
    question: market.title,
    outcomes: market.outcomes.map((o) => o.label),
    clobTokenIds: market.outcomes.flatMap((o) => (o.tokenId === null ? [] : [o.tokenId])),
    endDate: market.endDate,
    prices: market.outcomes.map((o) => o.price),
    volume24h: market.volume24h,
    liquidity: market.liquidity ?? 0,
    sentiment: {
      label: analysis.sentiment,
      confidence: analysis.confidence,
      recommendation: analysis.recommendation,
      source: analysis.source,
      reasoning: analysis.reasoning,
    },
    mentions: { count: mentions?.mentions ?? 0, source: mentions?.source ?? "estimated" },
  };
}

/**
 * The call an event's card shows, as the record keeps it (decision 0033), or null when the record's rules
 * let none through (`state` from `callStateOf`): the called market and side, its entry price (the price of
 * the side bought), the rule version, the event, and the forecast to score when the event resolves.
 */
export function callOf(event: MarketEvent, analysis: EventAnalysis, state: CallState): CallInput | null {
  const { call, market } = state;
  if (!call || !market) return null;
  const estimated = analysis.source === "estimated";
  const key = isMultiOutcome(event) ? market.id : `${market.id}:0`;
  const probability = analysis.probabilities?.[key];
  const priceAtCall = firstSidePriceOf(market);
  return {
    marketId: market.id,
    slug: market.slug,
    question: market.title,
    category: primaryCategory(event) ?? "other",
    outcomes: market.outcomes.map((o) => o.label),
    side: call.side,
    source: estimated ? "estimate" : analysis.source,
    modelProbability: estimated ? null : (probability ?? null),
    priceAtCall,
    endDate: market.endDate ?? event.endDate,
    ruleVersion: CALL_RULES_VERSION,
    sidePrice: sidePriceOf(call.side, priceAtCall),
    event: { id: event.id, slug: event.slug, title: event.title },
    callOutcome: call.outcome,
    forecast: estimated ? null : recordedForecast(event, analysis, market),
    smartMoney: estimated ? null : (analysis.smartMoney ?? null),
  };
}

/**
 * Retention, once per market cron run: thins 10-minute points older than 30 days to hourly and drops
 * check records older than 31 days. Never throws: a D1 failure is the result (it runs again next time).
 */
export async function compactHistory(history: HistoryStore, nowMs: number): Promise<Section<number>> {
  try {
    const removed = await history.compact(nowMs);
    if (removed > 0) log.info(`compaction removed ${removed} rows`);
    return ok(removed);
  } catch (error) {
    return unavailable(`${describeFailure(error)} (it runs again with the next market cron)`);
  }
}
