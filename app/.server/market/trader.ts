/**
 * What `/trader/:wallet` and `/api/traders/:wallet` show of a wallet, each section read from the values
 * it is handed (the bound lookups, the history reads) and failing on its own (one log line, a message in
 * its place). Upstream answers are kept on demand (memory and the Cache API, never KV; decision 0021),
 * fresh for 5 minutes. Any visitor can name any wallet, so the all-time board's row is asked first
 * (`traderProbe`): a wallet that is not on it and that our whale watch never saw has no activity, and is a
 * 404 after that one call (remembered 10 minutes). Only a known wallet costs the other lookups.
 */

import type { WalletFactsView } from "~/lib/fresh-wallet";
import type { MarketTrades } from "~/lib/market-page";
import { type NowOrLater, ok, type Section, unavailable } from "~/lib/section";
import {
  BOARD_PERIODS,
  type BoardPeriod,
  type PeriodStanding,
  type TraderPosition,
  type TraderView,
  traderDisplayName,
} from "~/lib/trader-page";
import type { TraderRecord } from "~/lib/trader-record";
import type { WhaleTrade } from "~/lib/types";
import type { HistoryReads } from "../history/reads";
import { type Lookups, sayUnavailable } from "../lookups";
import { isWallet } from "../polymarket/leaderboard";
import { mergeTrades, TRADES_UNAVAILABLE } from "./sections";

/** The board whose row says whether a wallet has any activity at all. */
const PROBE_PERIOD: BoardPeriod = "ALL";

export const RANK_UNAVAILABLE = "Polymarket's leaderboard is unavailable right now.";
export const POSITIONS_UNAVAILABLE = "Open positions are unavailable right now.";
export const STORED_UNAVAILABLE = "Our whale-watch record is unavailable right now.";
export const FACTS_UNAVAILABLE = "The wallet's history is unavailable right now.";
export { TRADES_UNAVAILABLE };

export interface TraderPageData {
  wallet: string;
  name: string | null;
  profileUrl: string;
  /** Render time (epoch ms): relative times hydrate to the same text. */
  now: number;
  ranks: PeriodStanding[];
  positions: NowOrLater<Section<TraderPosition[]>>;
  trades: NowOrLater<MarketTrades>;
  /** The fresh-wallet facts: first activity, markets traded, volume. */
  walletFacts: NowOrLater<Section<WalletFactsView>>;
  /** Its win rate and PnL by category (resolved and closed positions). */
  record: NowOrLater<Section<TraderRecord>>;
}

/** The wallet as the page knows it, or null when it is not 0x + 40 hex (never sent upstream). */
export function traderWallet(param: string | undefined): string | null {
  return param !== undefined && isWallet(param) ? param.toLowerCase() : null;
}

/** The wallet's row on one board (one `user=` lookup, kept on demand), or why it is missing. */
async function boardStanding(lookups: Lookups, wallet: string, period: BoardPeriod): Promise<PeriodStanding> {
  const kept = await lookups.traderRank({ period, wallet });
  return { period, standing: kept.ok ? ok(kept.value.value) : sayUnavailable(kept, RANK_UNAVAILABLE) };
}

/** The wallet's open positions, kept on demand. */
export async function traderPositions(lookups: Lookups, wallet: string): Promise<Section<TraderPosition[]>> {
  const kept = await lookups.traderPositions(wallet);
  return kept.ok ? ok(kept.value.value) : sayUnavailable(kept, POSITIONS_UNAVAILABLE);
}

/** The Data API's trades of the wallet over $10K, kept on demand, with ours (`stored`), each once. */
export async function traderTrades(
  lookups: Lookups,
  stored: Promise<Section<WhaleTrade[]>>,
  wallet: string,
): Promise<MarketTrades> {
  const [mine, kept] = await Promise.all([stored, lookups.traderTrades(wallet)]);
  return mergeTrades(mine, kept.ok ? ok(kept.value.value) : sayUnavailable(kept, TRADES_UNAVAILABLE));
}

/** The whale trades our cron stored for the wallet (D1, kept a minute in memory), or why they are missing. */
export async function storedTraderTrades(
  reads: HistoryReads,
  wallet: string,
): Promise<Section<WhaleTrade[]>> {
  const stored = await reads.walletTrades(wallet);
  return stored.ok ? stored : unavailable(STORED_UNAVAILABLE);
}

/** The facts our whale watch stored for the wallet (D1, kept a minute), or null: none, or D1 unreadable. */
export async function storedWalletFacts(
  reads: HistoryReads,
  wallet: string,
): Promise<WalletFactsView | null> {
  const stored = await reads.walletFacts([wallet]);
  const row = stored.ok ? stored.value.get(wallet) : undefined;
  if (row === undefined) return null;
  const { firstActivityAt, markets, volumeUsd, checkedAt } = row;
  return { firstActivityAt, markets, volumeUsd, checkedAt };
}

/**
 * The facts from one page of the wallet's activity (kept on demand like the other trader lookups); the
 * volume, when that page is not its whole history, from the all-time board's row the probe read.
 */
export async function lookedUpWalletFacts(
  lookups: Lookups,
  wallet: string,
  allTime: PeriodStanding,
): Promise<Section<WalletFactsView>> {
  const kept = await lookups.walletActivity(wallet);
  if (!kept.ok) return sayUnavailable(kept, FACTS_UNAVAILABLE);
  const { firstActivityAt, markets, volumeUsd } = kept.value.value;
  const boardVolume = allTime.standing.ok ? (allTime.standing.value?.volume ?? null) : null;
  return ok({ firstActivityAt, markets, volumeUsd: volumeUsd ?? boardVolume, checkedAt: null });
}

/** Whether the wallet has any activity, and what that first look read. */
export interface TraderProbe {
  probe: PeriodStanding;
  /** Our stored trades (D1), read alongside the probe. */
  stored: Promise<Section<WhaleTrade[]>>;
  /** Its standing on the other boards. */
  others: Promise<PeriodStanding[]>;
}

/**
 * The wallet's all-time row and our stored trades, or null when it has no activity: not on the all-time
 * board (which answered) and never seen by our whale watch. `limited` when the first lookup is over the
 * client's limit (a 429). Only then are the other boards asked.
 */
export async function traderProbe(
  lookups: Lookups,
  reads: HistoryReads,
  wallet: string,
): Promise<Section<TraderProbe | null>> {
  const stored = storedTraderTrades(reads, wallet);
  const [probe, ours] = await Promise.all([boardStanding(lookups, wallet, PROBE_PERIOD), stored]);
  if (!probe.standing.ok && probe.standing.reason === "limited") return probe.standing;
  const seenByUs = ours.ok && ours.value.length > 0;
  if (probe.standing.ok && probe.standing.value === null && !seenByUs) return ok(null);
  const others = Promise.all(
    BOARD_PERIODS.filter((p) => p !== PROBE_PERIOD).map((period) => boardStanding(lookups, wallet, period)),
  );
  return ok({ probe, stored, others });
}

/** Every board's standing in BOARD_PERIODS order. */
export function standings(probe: PeriodStanding, others: readonly PeriodStanding[]): PeriodStanding[] {
  return BOARD_PERIODS.map((period) =>
    period === PROBE_PERIOD ? probe : (others.find((r) => r.period === period) ?? probe),
  );
}

/** The page's data with every section at hand (the JSON answer). */
export function traderViewOf(
  wallet: string,
  ranks: PeriodStanding[],
  positions: Section<TraderPosition[]>,
  trades: MarketTrades,
  record: Section<TraderRecord>,
): TraderView {
  return {
    wallet,
    name: traderDisplayName(ranks, trades.trades),
    profileUrl: profileUrl(wallet),
    ranks,
    positions,
    trades,
    record,
  };
}

export const profileUrl = (wallet: string): string => `https://polymarket.com/profile/${wallet}`;
