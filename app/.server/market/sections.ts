/**
 * Sections the market, event and trader pages share. Each is handed the values it reads (the history
 * reads, the bound lookups, the leaderboard) and fails on its own: a failure is one log line (where it
 * was read) and an unavailable Section the page shows in its place.
 */
import type { MarketTrades, MarketView, MentionPoint, OutcomeHolders } from "~/lib/market-page";
import { ok, type Section } from "~/lib/section";
import type { Call } from "~/lib/track-record";
import type { CallWithReturn } from "~/lib/track-record-page";
import type { WhaleTrade } from "~/lib/types";
import { HISTORY_UNAVAILABLE, type HistoryReads } from "../history/reads";
import { type Lookups, sayUnavailable } from "../lookups";
import { isConditionId, unranked } from "../polymarket/data-api";
import { boardIndex, rankTrader, rankTrades, type StoredBoard } from "../snapshots/leaderboard";
import { paperReturn } from "../track-record/metrics";

export { HISTORY_UNAVAILABLE };
export const TRADES_UNAVAILABLE = "Polymarket's trades are unavailable right now.";
export const HOLDERS_UNAVAILABLE = "Top holders are unavailable right now.";

/** The track record's calls, each with its paper return, as read (newest first). */
export function withReturns(calls: Section<Call[]>): Section<CallWithReturn[]> {
  if (!calls.ok) return calls;
  return ok(calls.value.map((c) => ({ ...c, return: paperReturn(c.side, c.priceAtCall, c.outcome) })));
}

/** The mention count of each stored point in the last `sinceT` seconds, oldest first (D1). */
export async function mentionPoints(
  reads: HistoryReads,
  marketId: string,
  sinceT: number,
): Promise<Section<MentionPoint[]>> {
  const points = await reads.points(marketId, sinceT);
  if (!points.ok) return points;
  return ok(points.value.map((p) => ({ t: p.t, count: p.mentions, source: p.mentionsSource })));
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

/** Stored and fetched trades merged (`mergeTrades`), each trader ranked on the board. */
export async function rankedTrades(
  stored: Promise<Section<WhaleTrade[]>>,
  fetched: Promise<Section<WhaleTrade[]>>,
  board: Promise<StoredBoard | null>,
): Promise<MarketTrades> {
  const [ours, theirs, ranks] = await Promise.all([stored, fetched, board]);
  const merged = mergeTrades(ours, theirs);
  return { ...merged, trades: rankTrades(merged.trades, ranks) };
}

/** Largest holders per outcome, cached; outcomes named by the token's position in the market. */
export async function holdersOf(
  lookups: Lookups,
  board: Promise<StoredBoard | null>,
  market: Pick<MarketView, "conditionId" | "clobTokenIds" | "outcomes">,
): Promise<Section<OutcomeHolders[]>> {
  const { conditionId } = market;
  if (conditionId === null || !isConditionId(conditionId)) return ok([]);
  const [ranks, kept] = await Promise.all([board, lookups.holders(conditionId)]);
  if (!kept.ok) return sayUnavailable(kept, HOLDERS_UNAVAILABLE);
  const ranked = boardIndex(ranks);
  return ok(
    kept.value.value.map((entry, i) => {
      const index = market.clobTokenIds.indexOf(entry.token);
      const outcome = market.outcomes[index >= 0 ? index : (entry.holders[0]?.outcomeIndex ?? i)];
      return {
        outcome: outcome?.label ?? `Outcome ${i + 1}`,
        holders: entry.holders.slice(0, 10).map(({ wallet, name, amount }) => ({
          trader: rankTrader(unranked(wallet, name), ranks, ranked),
          amount,
        })),
      };
    }),
  );
}
