/**
 * The market page's sections besides the chart. Each reads its own sources and fails on its own: a
 * failure is one log line and a `{ ok: false, message }` the page shows in that section's place.
 */
import type {
  MarketTrades,
  MarketView,
  MentionPoint,
  OutcomeHolders,
  SentimentStep,
  SiblingMarket,
} from "~/lib/market-page";
import type { Section } from "~/lib/section";
import type { CallWithReturn } from "~/lib/track-record-page";
import type { WhaleTrade } from "~/lib/types";
import { type Kept, LookupLimitedError } from "../cache/on-demand";
import { type Deps, onDemandOptions } from "../deps";
import { describeFailure } from "../http";
import { fetchHolders, fetchMarketTrades, isConditionId, unranked } from "../polymarket/data-api";
import { fetchEventBySlug } from "../polymarket/gamma";
import { boardIndex, leaderboard, rankTrader } from "../snapshots/leaderboard";
import { paperReturn } from "../track-record/metrics";
import {
  NoHistoryError,
  storedCalls,
  storedMarketTrades,
  storedPoints,
  storedSentimentChanges,
} from "./history-reads";
import { ON_DEMAND_FRESH_MS, ON_DEMAND_KEYS, TRADES_FRESH_MS } from "./on-demand-keys";

export const HISTORY_UNAVAILABLE = "History unavailable right now.";
export const TRADES_UNAVAILABLE = "Polymarket's trades are unavailable right now.";
export const HOLDERS_UNAVAILABLE = "Top holders are unavailable right now.";
export const SIBLINGS_UNAVAILABLE = "The other markets of this event are unavailable right now.";
function log(what: string, error: unknown): void {
  console.error(`[market] ${what}: ${describeFailure(error)}`);
}

/**
 * What a section says when its upstream could not be read: over the client's lookup limit, the refusal
 * with when to try again; otherwise the section's own "unavailable" line.
 */
export function failedSection(error: unknown, unavailable: string): { ok: false; message: string } {
  return { ok: false, message: error instanceof LookupLimitedError ? error.message : unavailable };
}

/** A database failure is one log line; a Worker without a database says so on the page only. */
function logHistory(what: string, error: unknown): void {
  if (!(error instanceof NoHistoryError)) log(what, error);
}

/** Each change of label or recommendation, newest first (D1). */
export async function sentimentSteps(deps: Deps, marketId: string): Promise<Section<SentimentStep[]>> {
  try {
    return { ok: true, value: await storedSentimentChanges(deps, marketId) };
  } catch (error) {
    logHistory(`sentiment history of ${marketId} unavailable`, error);
    return { ok: false, message: HISTORY_UNAVAILABLE };
  }
}

/** The track record's calls on this market with their return, newest first (D1). */
export async function marketCalls(deps: Deps, marketId: string): Promise<Section<CallWithReturn[]>> {
  try {
    const calls = await storedCalls(deps, marketId);
    return {
      ok: true,
      value: calls.map((c) => ({ ...c, return: paperReturn(c.side, c.priceAtCall, c.outcome) })),
    };
  } catch (error) {
    logHistory(`calls of ${marketId} unavailable`, error);
    return { ok: false, message: HISTORY_UNAVAILABLE };
  }
}

/** The mention count of each stored point in the last `sinceT` seconds, oldest first (D1). */
export async function mentionPoints(
  deps: Deps,
  marketId: string,
  sinceT: number,
): Promise<Section<MentionPoint[]>> {
  try {
    const points = await storedPoints(deps, marketId, sinceT);
    return { ok: true, value: points.map((p) => ({ t: p.t, count: p.mentions, source: p.mentionsSource })) };
  } catch (error) {
    logHistory(`mention history of ${marketId} unavailable`, error);
    return { ok: false, message: HISTORY_UNAVAILABLE };
  }
}

/** Stored whale trades in this market (D1), or the reason they are missing. */
export async function storedTrades(deps: Deps, conditionId: string | null): Promise<WhaleTrade[] | string> {
  if (conditionId === null) return deps.history ? [] : HISTORY_UNAVAILABLE;
  try {
    return await storedMarketTrades(deps, conditionId);
  } catch (error) {
    logHistory(`stored trades of ${conditionId} unavailable`, error);
    return HISTORY_UNAVAILABLE;
  }
}

/** The Data API's trades over $10K in this market, kept on demand. */
export function fetchedTrades(deps: Deps, conditionId: string): Promise<Kept<WhaleTrade[]>> {
  return deps.onDemand.read(
    {
      key: ON_DEMAND_KEYS.trades(conditionId),
      upstream: "data",
      freshMs: TRADES_FRESH_MS,
      load: () => fetchMarketTrades(conditionId, onDemandOptions(deps, deps.config.dataUrl)),
    },
    deps.lookups,
  );
}

/** Stored and fetched trades together, newest first, each once. */
export function mergeTrades(stored: WhaleTrade[] | string, fetched: WhaleTrade[] | string): MarketTrades {
  const notes = [stored, fetched].filter((x): x is string => typeof x === "string");
  const ours = typeof stored === "string" ? [] : stored;
  const seen = new Set(ours.map((t) => t.id));
  const theirs = (typeof fetched === "string" ? [] : fetched).filter((t) => !seen.has(t.id));
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
  if (conditionId === null || !isConditionId(conditionId)) return { ok: true, value: [] };
  try {
    const board = await leaderboard.read(deps);
    const ranked = boardIndex(board);
    const kept = await deps.onDemand.read(
      {
        key: ON_DEMAND_KEYS.holders(conditionId),
        upstream: "data",
        freshMs: ON_DEMAND_FRESH_MS,
        load: () => fetchHolders(conditionId, onDemandOptions(deps, deps.config.dataUrl)),
      },
      deps.lookups,
    );
    return {
      ok: true,
      value: kept.value.map((entry, i) => {
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
    };
  } catch (error) {
    log(`holders of ${conditionId} unavailable`, error);
    return failedSection(error, HOLDERS_UNAVAILABLE);
  }
}

/** The other markets of a multi-market event with their prices (none for a single-market event). */
export async function siblingsOf(
  deps: Deps,
  market: Pick<MarketView, "id" | "eventSlug">,
): Promise<Section<SiblingMarket[]>> {
  const { eventSlug } = market;
  if (eventSlug === null) return { ok: true, value: [] };
  try {
    const kept = await deps.onDemand.read(
      {
        key: ON_DEMAND_KEYS.event(eventSlug),
        upstream: "gamma",
        freshMs: ON_DEMAND_FRESH_MS,
        load: () => fetchEventBySlug(eventSlug, onDemandOptions(deps, deps.config.gammaUrl)),
        isEmpty: (event) => event === null,
      },
      deps.lookups,
    );
    const markets = kept.value?.markets ?? [];
    if (markets.length < 2) return { ok: true, value: [] };
    return {
      ok: true,
      value: markets.map((m) => ({
        slug: m.slug,
        title: m.title,
        price: m.yesPrice / 100,
        label: m.yesLabel,
        current: m.id === market.id,
      })),
    };
  } catch (error) {
    log(`event ${eventSlug} unavailable`, error);
    return failedSection(error, SIBLINGS_UNAVAILABLE);
  }
}
