/**
 * The market page's sections besides the chart. Each reads its own sources and fails on its own: a
 * failure is one log line (where it was read) and an unavailable Section the page shows in its place.
 */
import type {
  MarketTrades,
  MarketView,
  MentionPoint,
  OutcomeHolders,
  SentimentStep,
  SiblingMarket,
} from "~/lib/market-page";
import { firstSidePriceOf } from "~/lib/outcomes";
import { ok, type Section, unavailable } from "~/lib/section";
import type { CallWithReturn } from "~/lib/track-record-page";
import type { WhaleTrade } from "~/lib/types";
import type { Deps } from "../deps";
import { LOOKUPS, sayUnavailable } from "../lookups";
import { isConditionId, unranked } from "../polymarket/data-api";
import { boardIndex, leaderboard, rankTrader } from "../snapshots/leaderboard";
import { paperReturn } from "../track-record/metrics";
import {
  HISTORY_UNAVAILABLE,
  storedCalls,
  storedMarketTrades,
  storedPoints,
  storedSentimentChanges,
} from "./history-reads";

export { HISTORY_UNAVAILABLE };
export const TRADES_UNAVAILABLE = "Polymarket's trades are unavailable right now.";
export const HOLDERS_UNAVAILABLE = "Top holders are unavailable right now.";
export const SIBLINGS_UNAVAILABLE = "The other markets of this event are unavailable right now.";

/** Each change of label or recommendation, newest first (D1). */
export function sentimentSteps(deps: Deps, marketId: string): Promise<Section<SentimentStep[]>> {
  return storedSentimentChanges(deps, marketId);
}

/** The track record's calls on this market with their return, newest first (D1). */
export async function marketCalls(deps: Deps, marketId: string): Promise<Section<CallWithReturn[]>> {
  const calls = await storedCalls(deps, marketId);
  if (!calls.ok) return calls;
  return ok(calls.value.map((c) => ({ ...c, return: paperReturn(c.side, c.priceAtCall, c.outcome) })));
}

/** The mention count of each stored point in the last `sinceT` seconds, oldest first (D1). */
export async function mentionPoints(
  deps: Deps,
  marketId: string,
  sinceT: number,
): Promise<Section<MentionPoint[]>> {
  const points = await storedPoints(deps, marketId, sinceT);
  if (!points.ok) return points;
  return ok(points.value.map((p) => ({ t: p.t, count: p.mentions, source: p.mentionsSource })));
}

/** Stored whale trades in this market (D1); none for a market without a condition id. */
export async function storedTrades(deps: Deps, conditionId: string | null): Promise<Section<WhaleTrade[]>> {
  if (conditionId === null) return deps.history ? ok([]) : unavailable(HISTORY_UNAVAILABLE);
  return storedMarketTrades(deps, conditionId);
}

/** The Data API's trades over $10K in this market, kept on demand. */
export async function fetchedTrades(deps: Deps, conditionId: string): Promise<Section<WhaleTrade[]>> {
  const kept = await LOOKUPS.trades.get(deps, conditionId);
  return kept.ok ? ok(kept.value.value) : sayUnavailable(kept, TRADES_UNAVAILABLE);
}

/** Stored and fetched trades together, newest first, each once; what could not be read is a note. */
export function mergeTrades(stored: Section<WhaleTrade[]>, fetched: Section<WhaleTrade[]>): MarketTrades {
  const notes = [stored, fetched].flatMap((s) => (s.ok ? [] : [s.message]));
  const ours = stored.ok ? stored.value : [];
  const seen = new Set(ours.map((t) => t.id));
  const theirs = (fetched.ok ? fetched.value : []).filter((t) => !seen.has(t.id));
  return {
    trades: [...ours, ...theirs].sort((a, b) => b.timestamp - a.timestamp).slice(0, 50),
    stored: ours.length,
    fetched: theirs.length,
    notes,
  };
}

/** Largest holders per outcome, cached; outcomes named by the token's position in the market. */
export async function holdersOf(
  deps: Deps,
  market: Pick<MarketView, "conditionId" | "clobTokenIds" | "outcomes">,
): Promise<Section<OutcomeHolders[]>> {
  const { conditionId } = market;
  if (conditionId === null || !isConditionId(conditionId)) return ok([]);
  const [board, kept] = await Promise.all([leaderboard.read(deps), LOOKUPS.holders.get(deps, conditionId)]);
  if (!kept.ok) return sayUnavailable(kept, HOLDERS_UNAVAILABLE);
  const ranked = boardIndex(board);
  return ok(
    kept.value.value.map((entry, i) => {
      const index = market.clobTokenIds.indexOf(entry.token);
      const outcome = market.outcomes[index >= 0 ? index : (entry.holders[0]?.outcomeIndex ?? i)];
      return {
        outcome: outcome?.label ?? `Outcome ${i + 1}`,
        holders: entry.holders.slice(0, 10).map(({ wallet, name, amount }) => ({
          trader: rankTrader(unranked(wallet, name), board, ranked),
          amount,
        })),
      };
    }),
  );
}

/** The other markets of a multi-market event with their prices (none for a single-market event). */
export async function siblingsOf(
  deps: Deps,
  market: Pick<MarketView, "id" | "eventSlug">,
): Promise<Section<SiblingMarket[]>> {
  const { eventSlug } = market;
  if (eventSlug === null) return ok([]);
  const kept = await LOOKUPS.event.get(deps, eventSlug);
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
