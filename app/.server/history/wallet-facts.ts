/**
 * `wallet_facts` (migrations/0010_wallet_facts.sql): the fresh-wallet radar's facts per wallet, looked up
 * by the minute cron (decision 0054). Its row type, its mapper and its SQL.
 */
import type { WalletFacts } from "~/lib/fresh-wallet";
import { changes } from "./rows";

/** A wallet's facts and when they were looked up. */
export interface StoredWalletFacts extends WalletFacts {
  wallet: string;
  /** Epoch ms of the lookup. */
  checkedAt: number;
}

interface WalletFactsRow {
  wallet: string;
  first_activity_ms: number | null;
  markets: number | null;
  volume_usd: number | null;
  checked_ms: number;
}

function toFacts(row: WalletFactsRow): StoredWalletFacts {
  return {
    wallet: row.wallet,
    firstActivityAt: row.first_activity_ms,
    markets: row.markets,
    volumeUsd: row.volume_usd,
    checkedAt: row.checked_ms,
  };
}

/** The stored facts of the listed wallets (lowercase), by wallet: one query, however many wallets. */
export async function forWallets(
  db: D1Database,
  wallets: readonly string[],
): Promise<Map<string, StoredWalletFacts>> {
  const unique = [...new Set(wallets)];
  if (unique.length === 0) return new Map();
  // One JSON parameter rather than an IN list: D1 binds at most 100 parameters, a whale list holds 100 trades.
  const { results } = await db
    .prepare(
      `SELECT wallet, first_activity_ms, markets, volume_usd, checked_ms FROM wallet_facts
       WHERE wallet IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(unique))
    .all<WalletFactsRow>();
  return new Map(results.map((row) => [row.wallet, toFacts(row)]));
}

/** Writes each looked-up wallet's facts in one batch (a wallet seen before gets its new facts and time). */
export async function upsert(db: D1Database, facts: readonly StoredWalletFacts[]): Promise<number> {
  if (facts.length === 0) return 0;
  const statement = db.prepare(
    `INSERT INTO wallet_facts (wallet, first_activity_ms, markets, volume_usd, checked_ms)
     VALUES (?1, ?2, ?3, ?4, ?5)
     ON CONFLICT (wallet) DO UPDATE SET first_activity_ms = excluded.first_activity_ms,
       markets = excluded.markets, volume_usd = excluded.volume_usd, checked_ms = excluded.checked_ms`,
  );
  const results = await db.batch(
    facts.map((f) => statement.bind(f.wallet, f.firstActivityAt, f.markets, f.volumeUsd, f.checkedAt)),
  );
  return changes(results);
}
