/**
 * `smart_wallets` (migrations/0009_smart_wallets.sql): the all-time PnL board's top wallets, replaced whole
 * by one batch (decision 0052). Its row type, its mapper and its SQL.
 */
import type { SmartWallet } from "~/lib/smart-money";

export interface BoardWallet extends SmartWallet {
  volume: number;
}

/** When the list was last replaced (epoch ms), or null before the first time. */
export async function refreshedAt(db: D1Database): Promise<number | null> {
  const row = await db
    .prepare("SELECT MAX(refreshed_ms) AS at FROM smart_wallets")
    .first<{ at: number | null }>();
  return row?.at ?? null;
}

/** Replaces the list in one batch (the old rows go only when the new ones are written). */
export async function replace(db: D1Database, wallets: readonly BoardWallet[], atMs: number): Promise<void> {
  const insert = db.prepare(
    "INSERT INTO smart_wallets (wallet, rank, name, pnl, volume, refreshed_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
  );
  await db.batch([
    db.prepare("DELETE FROM smart_wallets"),
    ...wallets.map((w) => insert.bind(w.wallet, w.rank, w.name, w.pnl, w.volume, atMs)),
  ]);
}
