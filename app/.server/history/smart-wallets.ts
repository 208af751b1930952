/**
 * `smart_wallets` (migrations/0009_smart_wallets.sql): the all-time PnL board's top wallets, replaced whole
 * by one batch (decision 0052). Its row type, its mapper and its SQL.
 */
import type { SmartWallet } from "~/lib/smart-money";
import { MAX_IN_IDS } from "./rows";

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

/** The smart wallets among `wallets` (lowercase), and when the list was last replaced (null: never). */
export interface SmartAmong {
  refreshedAt: number | null;
  wallets: Map<string, SmartWallet>;
}

interface SmartRow {
  wallet: string;
  rank: number;
  name: string | null;
  pnl: number;
}

/**
 * Which of `wallets` are smart, in one round trip: the list's refresh time and one `IN (…)` per MAX_IN_IDS
 * wallets (D1 binds at most 100 parameters a statement), batched.
 */
export async function among(db: D1Database, wallets: readonly string[]): Promise<SmartAmong> {
  const unique = [...new Set(wallets.map((w) => w.toLowerCase()))];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += MAX_IN_IDS) chunks.push(unique.slice(i, i + MAX_IN_IDS));
  const [at, ...found] = await db.batch<{ at?: number | null } & Partial<SmartRow>>([
    db.prepare("SELECT MAX(refreshed_ms) AS at FROM smart_wallets"),
    ...chunks.map((chunk) =>
      db
        .prepare(
          `SELECT wallet, rank, name, pnl FROM smart_wallets WHERE wallet IN (${chunk.map((_, i) => `?${i + 1}`).join(", ")})`,
        )
        .bind(...chunk),
    ),
  ]);
  const map = new Map<string, SmartWallet>();
  for (const result of found) {
    for (const row of result.results as SmartRow[]) {
      map.set(row.wallet, { wallet: row.wallet, rank: row.rank, name: row.name, pnl: row.pnl });
    }
  }
  return { refreshedAt: at?.results[0]?.at ?? null, wallets: map };
}
