/**
 * Everything `/trader/:wallet` and `/api/traders/:wallet` show. Each section reads its own source and
 * fails on its own (one log line, a message in its place). Upstream answers are kept on demand (memory
 * and the Cache API, never KV; decision 0021), fresh for 5 minutes. Any visitor can name any wallet, so
 * the all-time board's row is asked first: a wallet that is not on it and that our whale watch never saw
 * has no activity, and is a 404 after that one call (remembered 10 minutes). Only a known wallet costs
 * the other lookups. The boards (they give the name) and our D1 trades are awaited; positions and
 * Polymarket's trades render at once when their kept copies are fresh, else stream in.
 */

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
import type { WhaleTrade } from "~/lib/types";
import type { Deps } from "../deps";
import { LOOKUPS, sayUnavailable } from "../lookups";
import { storedWalletTrades } from "../market/history-reads";
import { mergeTrades, TRADES_UNAVAILABLE } from "../market/sections";
import { nowOrLater } from "../pages/loader-data";
import { isWallet } from "../polymarket/leaderboard";

/** The board whose row says whether a wallet has any activity at all. */
const PROBE_PERIOD: BoardPeriod = "ALL";

export const RANK_UNAVAILABLE = "Polymarket's leaderboard is unavailable right now.";
export const POSITIONS_UNAVAILABLE = "Open positions are unavailable right now.";
export const STORED_UNAVAILABLE = "Our whale-watch record is unavailable right now.";
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
}

/** The wallet as the page knows it, or null when it is not 0x + 40 hex (never sent upstream). */
export function traderWallet(param: string | undefined): string | null {
  return param !== undefined && isWallet(param) ? param.toLowerCase() : null;
}

/** The wallet's row on one board (one `user=` lookup, kept on demand), or why it is missing. */
async function boardStanding(deps: Deps, wallet: string, period: BoardPeriod): Promise<PeriodStanding> {
  const kept = await LOOKUPS.traderRank.get(deps, { period, wallet });
  return { period, standing: kept.ok ? ok(kept.value.value) : sayUnavailable(kept, RANK_UNAVAILABLE) };
}

/** The wallet's open positions, kept on demand. */
export async function traderPositions(deps: Deps, wallet: string): Promise<Section<TraderPosition[]>> {
  const kept = await LOOKUPS.traderPositions.get(deps, wallet);
  return kept.ok ? ok(kept.value.value) : sayUnavailable(kept, POSITIONS_UNAVAILABLE);
}

/** The Data API's trades of the wallet over $10K, kept on demand. */
async function fetchedTrades(deps: Deps, wallet: string): Promise<Section<WhaleTrade[]>> {
  const kept = await LOOKUPS.traderTrades.get(deps, wallet);
  return kept.ok ? ok(kept.value.value) : sayUnavailable(kept, TRADES_UNAVAILABLE);
}

/** The whale trades our cron stored for the wallet (D1, kept a minute in memory), or why they are missing. */
export async function storedTraderTrades(deps: Deps, wallet: string): Promise<Section<WhaleTrade[]>> {
  const stored = await storedWalletTrades(deps, wallet);
  return stored.ok ? stored : unavailable(STORED_UNAVAILABLE);
}

/**
 * The page's data, or null when the wallet has no activity: not on the all-time board (which answered)
 * and never seen by our whale watch. `limited` when the first lookup is over the client's limit (a 429).
 */
export async function traderPageData(deps: Deps, wallet: string): Promise<Section<TraderPageData | null>> {
  const stored = storedTraderTrades(deps, wallet);
  const [probe, ours] = await Promise.all([boardStanding(deps, wallet, PROBE_PERIOD), stored]);
  if (!probe.standing.ok && probe.standing.reason === "limited") return probe.standing;
  const seenByUs = ours.ok && ours.value.length > 0;
  if (probe.standing.ok && probe.standing.value === null && !seenByUs) return ok(null);
  const [others, { value: positions }, { value: trades }] = await Promise.all([
    Promise.all(
      BOARD_PERIODS.filter((p) => p !== PROBE_PERIOD).map((period) => boardStanding(deps, wallet, period)),
    ),
    nowOrLater(deps, [LOOKUPS.traderPositions.at(wallet)], () => traderPositions(deps, wallet)),
    nowOrLater(deps, [LOOKUPS.traderTrades.at(wallet)], () =>
      Promise.all([stored, fetchedTrades(deps, wallet)]).then(([mine, theirs]) => mergeTrades(mine, theirs)),
    ),
  ]);
  const ranks = BOARD_PERIODS.map((period) =>
    period === PROBE_PERIOD ? probe : (others.find((r) => r.period === period) ?? probe),
  );
  const known = trades instanceof Promise ? (ours.ok ? ours.value : []) : trades.trades;
  return ok({
    wallet,
    name: traderDisplayName(ranks, known),
    profileUrl: `https://polymarket.com/profile/${wallet}`,
    now: deps.now(),
    ranks,
    positions,
    trades,
  });
}

/** The same with every section resolved (the JSON answer), or null for a wallet without activity. */
export async function traderView(deps: Deps, wallet: string): Promise<Section<TraderView | null>> {
  const read = await traderPageData(deps, wallet);
  if (!read.ok || read.value === null) return read as Section<null>;
  const data = read.value;
  const [positions, trades] = await Promise.all([data.positions, data.trades]);
  return ok({
    wallet,
    name: traderDisplayName(data.ranks, trades.trades),
    profileUrl: data.profileUrl,
    ranks: data.ranks,
    positions,
    trades,
  });
}
