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
import type { Section } from "~/lib/section";
import {
  BOARD_PERIODS,
  type BoardPeriod,
  type BoardRow,
  type PeriodStanding,
  type TraderPosition,
  type TraderView,
  traderDisplayName,
} from "~/lib/trader-page";
import type { WhaleTrade } from "~/lib/types";
import { type Kept, LookupLimitedError, type OnDemandRead } from "../cache/on-demand";
import { type Deps, onDemandOptions } from "../deps";
import { describeFailure } from "../http";
import { NoHistoryError, storedWalletTrades } from "../market/history-reads";
import { failedSection, mergeTrades, TRADES_UNAVAILABLE } from "../market/sections";
import { fetchLeaderboard, isWallet } from "../polymarket/leaderboard";
import { fetchPositions, fetchUserTrades } from "../polymarket/traders";
import { type NowOrLater, nowOrLater } from "../snapshots/loader-data";

/** How long a trader's upstream answers count as fresh. */
export const TRADER_FRESH_MS = 5 * 60_000;

/** Where each section is kept on demand (wallets lowercase). */
export const TRADER_KEYS = {
  rank: (period: BoardPeriod, wallet: string) => `trader:rank:${period}:${wallet}`,
  positions: (wallet: string) => `trader:positions:${wallet}`,
  trades: (wallet: string) => `trader:trades:${wallet}`,
} as const;

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

function log(what: string, error: unknown): void {
  console.error(`[trader] ${what}: ${describeFailure(error)}`);
}

/** The wallet as the page knows it, or null when it is not 0x + 40 hex (never sent upstream). */
export function traderWallet(param: string | undefined): string | null {
  return param !== undefined && isWallet(param) ? param.toLowerCase() : null;
}

/** An on-demand read of the Data API for this wallet. */
function walletRead<T>(deps: Deps, key: string, load: () => Promise<T>, isEmpty?: (value: T) => boolean) {
  const read: OnDemandRead<T> = {
    key,
    upstream: "data",
    freshMs: TRADER_FRESH_MS,
    load,
    ...(isEmpty ? { isEmpty } : {}),
  };
  return deps.onDemand.read(read, deps.lookups);
}

/**
 * The wallet's row on one board (one `user=` lookup, kept on demand). A lookup refused by the client's
 * limit is thrown (the page answers 429); any other failure is the board's "unavailable" line.
 */
async function boardStanding(deps: Deps, wallet: string, period: BoardPeriod): Promise<PeriodStanding> {
  try {
    const kept = await walletRead(
      deps,
      TRADER_KEYS.rank(period, wallet),
      async (): Promise<BoardRow | null> => {
        const [row] = await fetchLeaderboard(
          { period, user: wallet },
          onDemandOptions(deps, deps.config.dataUrl),
        );
        return row ? { rank: row.rank, name: row.name, pnl: row.pnl, volume: row.volume } : null;
      },
      (row) => row === null,
    );
    return { period, standing: { ok: true, value: kept.value } };
  } catch (error) {
    if (error instanceof LookupLimitedError) throw error;
    log(`${period} leaderboard of ${wallet} unavailable`, error);
    return { period, standing: { ok: false, message: RANK_UNAVAILABLE } };
  }
}

/** The wallet's open positions, kept on demand. */
export async function traderPositions(deps: Deps, wallet: string): Promise<Section<TraderPosition[]>> {
  try {
    const kept = await walletRead(deps, TRADER_KEYS.positions(wallet), () =>
      fetchPositions(wallet, onDemandOptions(deps, deps.config.dataUrl)),
    );
    return { ok: true, value: kept.value };
  } catch (error) {
    log(`positions of ${wallet} unavailable`, error);
    return failedSection(error, POSITIONS_UNAVAILABLE);
  }
}

/** The Data API's trades of the wallet over $10K, kept on demand. */
function fetchedTrades(deps: Deps, wallet: string): Promise<Kept<WhaleTrade[]>> {
  return walletRead(deps, TRADER_KEYS.trades(wallet), () =>
    fetchUserTrades(wallet, onDemandOptions(deps, deps.config.dataUrl)),
  );
}

/** The whale trades our cron stored for the wallet (D1, kept a minute in memory), or why they are missing. */
export async function storedTraderTrades(deps: Deps, wallet: string): Promise<WhaleTrade[] | string> {
  try {
    return await storedWalletTrades(deps, wallet);
  } catch (error) {
    if (!(error instanceof NoHistoryError)) log(`stored trades of ${wallet} unavailable`, error);
    return STORED_UNAVAILABLE;
  }
}

/**
 * The page's data, or null when the wallet has no activity: not on the all-time board (which answered)
 * and never seen by our whale watch. Throws LookupLimitedError when the first lookup is over the client's
 * limit.
 */
export async function traderPageData(deps: Deps, wallet: string): Promise<TraderPageData | null> {
  const stored = storedTraderTrades(deps, wallet);
  const [probe, ours] = await Promise.all([boardStanding(deps, wallet, PROBE_PERIOD), stored]);
  const seenByUs = typeof ours !== "string" && ours.length > 0;
  if (probe.standing.ok && probe.standing.value === null && !seenByUs) return null;
  const [others, positions, trades] = await Promise.all([
    Promise.all(
      BOARD_PERIODS.filter((p) => p !== PROBE_PERIOD).map((period) =>
        boardStanding(deps, wallet, period).catch((error: unknown) => ({
          period,
          standing: failedSection(error, RANK_UNAVAILABLE),
        })),
      ),
    ),
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
            return failedSection(error, TRADES_UNAVAILABLE).message;
          },
        ),
      ]).then(([mine, theirs]) => mergeTrades(mine, theirs)),
    ),
  ]);
  const ranks = BOARD_PERIODS.map((period) =>
    period === PROBE_PERIOD ? probe : (others.find((r) => r.period === period) ?? probe),
  );
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

/** The same with every section resolved (the JSON answer), or null for a wallet without activity. */
export async function traderView(deps: Deps, wallet: string): Promise<TraderView | null> {
  const data = await traderPageData(deps, wallet);
  if (data === null) return null;
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
