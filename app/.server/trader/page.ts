/**
 * Everything `/trader/:wallet` and `/api/traders/:wallet` show. Each section reads its own source and
 * fails on its own (one log line, a message in its place). Upstream answers are kept in KV, fresh for
 * 5 minutes and dropped after a day like the market page's; the four board lookups share one key.
 * The boards (they give the name) and our D1 trades are awaited; positions and Polymarket's trades
 * render at once when their KV copies are fresh, else stream in when the Data API answers.
 */

import type { MarketTrades, Section } from "~/lib/market-page";
import {
  BOARD_PERIODS,
  type BoardRow,
  type PeriodStanding,
  type TraderPosition,
  type TraderView,
  traderDisplayName,
} from "~/lib/trader-page";
import type { WhaleTrade } from "~/lib/types";
import type { Kept } from "../cache/swr-cache";
import { NoHistoryError, storedWalletTrades } from "../market/history-reads";
import { mergeTrades, TRADES_UNAVAILABLE } from "../market/sections";
import { fetchLeaderboard, isWallet } from "../polymarket/leaderboard";
import { fetchPositions, fetchUserTrades } from "../polymarket/traders";
import { polymarketOptions, type SnapshotDeps } from "../snapshots/deps";
import { type NowOrLater, nowOrLater } from "../snapshots/loader-data";

/** How long a trader's upstream answers count as fresh, and how long KV keeps them. */
export const TRADER_FRESH_MS = 5 * 60_000;
export const TRADER_KEEP_SECONDS = 86_400;

/** Where each section lives in KV (wallets lowercase). */
export const TRADER_KEYS = {
  ranks: (wallet: string) => `trader:ranks:${wallet}`,
  positions: (wallet: string) => `trader:positions:${wallet}`,
  trades: (wallet: string) => `trader:trades:${wallet}`,
} as const;

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

function log(what: string, error: unknown): void {
  console.error(`[trader] ${what}: ${error instanceof Error ? error.message : String(error)}`);
}

/** The wallet as the page and KV know it, or null when it is not 0x + 40 hex (never sent upstream). */
export function traderWallet(param: string | undefined): string | null {
  return param !== undefined && isWallet(param) ? param.toLowerCase() : null;
}

/** The wallet's row on each board, one `user=` lookup per board; a board that failed says so alone. */
export async function traderRanks(deps: SnapshotDeps, wallet: string): Promise<PeriodStanding[]> {
  const opts = polymarketOptions(deps, deps.config.dataUrl);
  const lookUp = () =>
    Promise.all(
      BOARD_PERIODS.map(async (period): Promise<PeriodStanding> => {
        try {
          const [row] = await fetchLeaderboard({ period, user: wallet }, opts);
          const value: BoardRow | null = row
            ? { rank: row.rank, name: row.name, pnl: row.pnl, volume: row.volume }
            : null;
          return { period, standing: { ok: true, value } };
        } catch (error) {
          log(`${period} leaderboard of ${wallet} unavailable`, error);
          return { period, standing: { ok: false, message: RANK_UNAVAILABLE } };
        }
      }),
    );
  try {
    // Kept only when every board answered: a failure is retried by the next visitor.
    const kept = await deps.cache.through(
      TRADER_KEYS.ranks(wallet),
      TRADER_FRESH_MS,
      TRADER_KEEP_SECONDS,
      lookUp,
      (ranks) => ranks.every((r) => r.standing.ok),
    );
    return kept.value;
  } catch (error) {
    log(`leaderboard of ${wallet} unavailable`, error);
    return BOARD_PERIODS.map((period) => ({ period, standing: { ok: false, message: RANK_UNAVAILABLE } }));
  }
}

/** The wallet's open positions, cached. */
export async function traderPositions(
  deps: SnapshotDeps,
  wallet: string,
): Promise<Section<TraderPosition[]>> {
  try {
    const kept = await deps.cache.through(
      TRADER_KEYS.positions(wallet),
      TRADER_FRESH_MS,
      TRADER_KEEP_SECONDS,
      () => fetchPositions(wallet, polymarketOptions(deps, deps.config.dataUrl)),
    );
    return { ok: true, value: kept.value };
  } catch (error) {
    log(`positions of ${wallet} unavailable`, error);
    return { ok: false, message: POSITIONS_UNAVAILABLE };
  }
}

/** The Data API's trades of the wallet over $10K, cached. */
function fetchedTrades(deps: SnapshotDeps, wallet: string): Promise<Kept<WhaleTrade[]>> {
  return deps.cache.through(TRADER_KEYS.trades(wallet), TRADER_FRESH_MS, TRADER_KEEP_SECONDS, () =>
    fetchUserTrades(wallet, polymarketOptions(deps, deps.config.dataUrl)),
  );
}

/** The whale trades our cron stored for the wallet (D1, kept a minute in memory), or why they are missing. */
export async function storedTraderTrades(deps: SnapshotDeps, wallet: string): Promise<WhaleTrade[] | string> {
  try {
    return await storedWalletTrades(deps, wallet);
  } catch (error) {
    if (!(error instanceof NoHistoryError)) log(`stored trades of ${wallet} unavailable`, error);
    return STORED_UNAVAILABLE;
  }
}

export async function traderPageData(deps: SnapshotDeps, wallet: string): Promise<TraderPageData> {
  const stored = storedTraderTrades(deps, wallet);
  const [ranks, ours, positions, trades] = await Promise.all([
    traderRanks(deps, wallet),
    stored,
    nowOrLater(deps, [TRADER_KEYS.positions(wallet)], TRADER_FRESH_MS, () =>
      traderPositions(deps, wallet).catch(() => ({ ok: false as const, message: POSITIONS_UNAVAILABLE })),
    ),
    nowOrLater(deps, [TRADER_KEYS.trades(wallet)], TRADER_FRESH_MS, () =>
      Promise.all([
        stored,
        fetchedTrades(deps, wallet).then(
          (kept) => kept.value,
          (error: unknown) => {
            log(`trades of ${wallet} unavailable`, error);
            return TRADES_UNAVAILABLE;
          },
        ),
      ]).then(([mine, theirs]) => mergeTrades(mine, theirs)),
    ),
  ]);
  const known = trades instanceof Promise ? (typeof ours === "string" ? [] : ours) : trades.trades;
  return {
    wallet,
    name: traderDisplayName(ranks, known),
    profileUrl: `https://polymarket.com/profile/${wallet}`,
    now: deps.now(),
    ranks,
    positions,
    trades,
  };
}

/** The same with every section resolved (the JSON answer). */
export async function traderView(deps: SnapshotDeps, wallet: string): Promise<TraderView> {
  const data = await traderPageData(deps, wallet);
  const [positions, trades] = await Promise.all([data.positions, data.trades]);
  return {
    wallet,
    name: traderDisplayName(data.ranks, trades.trades),
    profileUrl: data.profileUrl,
    ranks: data.ranks,
    positions,
    trades,
  };
}
