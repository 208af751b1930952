/**
 * The smart wallets' daily refresh (decision 0052): once the list in D1 is a day old, the minute cron reads
 * the all-time PnL board's top SMART_WALLETS from the Data API v2 (SMART_BOARD_PAGES requests) and replaces
 * the list in one batch. A failing or empty board keeps yesterday's list.
 */
import { ok, type Section } from "~/lib/section";
import { SMART_WALLETS } from "~/lib/smart-money";
import type { BoardWallet } from "../history/smart-wallets";
import type { HistoryStore } from "../history/store";
import { UpstreamError } from "../http";
import type { DataV2 } from "../polymarket/data-v2";

/** The board is asked in pages of this many rows. */
export const SMART_BOARD_PAGE = 100;
/** Requests one refresh makes at most. */
export const SMART_BOARD_PAGES = Math.ceil(SMART_WALLETS / SMART_BOARD_PAGE);
/** The list is refreshed when older than this. */
export const SMART_REFRESH_MS = 86_400_000;

/** Refreshes the list when it is a day old; answers how many wallets were written (0: not due). */
export async function refreshSmartWallets(
  history: HistoryStore,
  dataV2: Pick<DataV2, "leaderboard">,
  now: number,
): Promise<Section<number>> {
  const last = await history.smartWalletsRefreshedAt();
  if (last !== null && now - last < SMART_REFRESH_MS) return ok(0);
  const rows = await dataV2.leaderboard(SMART_BOARD_PAGES, SMART_BOARD_PAGE);
  const wallets = new Map<string, BoardWallet>();
  for (const row of rows) {
    if (row.rank > SMART_WALLETS || wallets.has(row.wallet)) continue;
    wallets.set(row.wallet, {
      wallet: row.wallet,
      rank: row.rank,
      name: row.name,
      pnl: row.pnl,
      volume: row.volume,
    });
  }
  if (wallets.size === 0) throw new UpstreamError("data", "empty", "The all-time board is empty.");
  await history.replaceSmartWallets([...wallets.values()], now);
  return ok(wallets.size);
}
