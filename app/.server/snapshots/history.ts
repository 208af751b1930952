/**
 * The history's view of a snapshot build: one point per shown market per 10-minute slot and the call
 * each shown analysis makes (the track record); they are written through the outbox (outbox.ts), where a
 * D1 failure is one log line and the batch is kept for the next run. Also the market cron's compaction.
 */

import { CATEGORIES, matchesCategory } from "~/lib/categories";
import { ok, type Section, unavailable } from "~/lib/section";
import type { Market, MarketAnalysis, MentionCount } from "~/lib/types";
import type { CallInput, HistoryStore, MarketObservation } from "../history/store";
import { describeFailure } from "../http";
import { createLog } from "../log";

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
    liquidity: market.liquidity,
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

/** The call a shown analysis makes, or null without one. */
export function callOf(market: Market, analysis: MarketAnalysis | undefined): CallInput | null {
  if (!analysis) return null;
  const category = CATEGORIES.find((c) => matchesCategory(market.title, market.tags, c));
  return {
    marketId: market.id,
    slug: market.slug,
    question: market.title,
    category: category?.slug ?? "other",
    outcomes: market.outcomes.map((o) => o.label),
    side: CALL_SIDES[analysis.recommendation],
    source: analysis.source === "estimated" ? "estimate" : analysis.source,
    modelProbability: analysis.source === "estimated" ? null : (analysis.probability ?? null),
    priceAtCall: market.outcomes[0]?.price ?? market.yesPrice / 100,
    endDate: market.endDate,
  };
}

const CALL_SIDES: Record<MarketAnalysis["recommendation"], CallInput["side"]> = {
  BUY_YES: "buy_yes",
  BUY_NO: "buy_no",
  NEUTRAL: "hold",
};

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
