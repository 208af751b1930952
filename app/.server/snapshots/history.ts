/**
 * What each snapshot build leaves in the history database: one point per shown market per 10-minute
 * slot, each call whose side changed (the track record), and each new whale trade once. Writes run in the background (waitUntil) and never fail a
 * build: a D1 failure is one log line, the KV snapshot is stored all the same. Also the market cron's
 * compaction (retention).
 */

import { CATEGORIES, matchesCategory } from "~/lib/categories";
import type { Market, MarketAnalysis, MentionCount, WhaleTrade } from "~/lib/types";
import type { CallInput } from "../history/calls";
import type { HistoryStore, MarketObservation } from "../history/store";
import type { SnapshotDeps } from "./deps";

/** The history's view of one market, or null for a market without outcome detail (the samples). */
export function marketObservation(
  market: Market,
  analysis: MarketAnalysis | undefined,
  mentions: MentionCount | undefined,
): MarketObservation | null {
  const detail = market.outcomeDetail;
  if (!detail || !analysis) return null;
  return {
    id: market.id,
    slug: market.slug,
    eventSlug: market.eventSlug,
    conditionId: detail.conditionId,
    question: market.title,
    outcomes: detail.outcomes,
    clobTokenIds: detail.clobTokenIds,
    endDate: market.endDate,
    prices: detail.prices,
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

function inBackground(
  deps: SnapshotDeps,
  what: string,
  write: (store: HistoryStore) => Promise<number>,
): void {
  const { history } = deps;
  if (!history) return;
  deps.waitUntil(
    write(history).then(
      (added) => {
        if (added > 0) console.info(`[history] ${added} ${what} added`);
      },
      (error: unknown) =>
        console.error(
          `[history] ${what} not written (the KV snapshot is unaffected): ${error instanceof Error ? error.message : String(error)}`,
        ),
    ),
  );
}

/** Appends the markets of a fresh snapshot to the history (idempotent per 10-minute slot). */
export function recordMarkets(deps: SnapshotDeps, observations: MarketObservation[], atMs: number): void {
  inBackground(
    deps,
    "market points",
    async (store) => (await store.recordSnapshot(observations, atMs)).points,
  );
}

/** Records each call whose side changed since the last one of its market and source (the track record). */
export function recordCalls(deps: SnapshotDeps, calls: readonly CallInput[], atMs: number): void {
  inBackground(deps, "calls", (store) => store.calls.recordCalls(calls, atMs));
}

/** The call a shown analysis makes, or null for a market without outcome detail (the samples). */
export function callOf(market: Market, analysis: MarketAnalysis | undefined): CallInput | null {
  const detail = market.outcomeDetail;
  if (!detail || !analysis) return null;
  const category = CATEGORIES.find((c) => matchesCategory(market.title, market.tags, c));
  return {
    marketId: market.id,
    slug: market.slug,
    question: market.title,
    category: category?.slug ?? "other",
    outcomes: detail.outcomes,
    side: CALL_SIDES[analysis.recommendation],
    source: analysis.source === "estimated" ? "estimate" : analysis.source,
    modelProbability: analysis.source === "estimated" ? null : (analysis.probability ?? null),
    priceAtCall: detail.prices[0] ?? market.yesPrice / 100,
    endDate: market.endDate,
  };
}

const CALL_SIDES: Record<MarketAnalysis["recommendation"], CallInput["side"]> = {
  BUY_YES: "buy_yes",
  BUY_NO: "buy_no",
  NEUTRAL: "hold",
};

/** Stores each new whale trade once. */
export function recordWhales(deps: SnapshotDeps, trades: readonly WhaleTrade[]): void {
  inBackground(deps, "whale trades", (store) => store.recordWhaleTrades(trades));
}

/**
 * Retention, once per market cron run: thins 10-minute points older than 30 days to hourly and drops
 * check records older than 31 days. Never throws: a D1 failure is one log line.
 */
export async function compactHistory(history: HistoryStore, nowMs: number): Promise<void> {
  try {
    const removed = await history.compact(nowMs);
    if (removed > 0) console.info(`[history] compaction removed ${removed} rows`);
  } catch (error) {
    console.error(
      `[history] compaction failed (it runs again with the next market cron): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
