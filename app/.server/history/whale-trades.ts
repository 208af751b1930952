/**
 * `whale_trades` (migrations/0001_history.sql): every whale trade seen, once (keyed by transaction
 * hash and fill). Its row type, its mapper and its SQL.
 */
import type { WhaleTrade } from "~/lib/types";
import { unranked } from "../polymarket/data-api";
import { changes, inList, MAX_IN_IDS } from "./rows";

interface WhaleRow {
  id: string;
  condition_id: string;
  market_slug: string | null;
  event_slug: string | null;
  title: string;
  outcome: WhaleTrade["outcome"];
  outcome_label: string;
  side: WhaleTrade["side"];
  size: number;
  price: number;
  traded_ms: number;
  wallet: string;
  pseudonym: string | null;
}

function toTrade(row: WhaleRow): WhaleTrade {
  return {
    id: row.id,
    marketId: row.condition_id,
    title: row.title,
    outcome: row.outcome,
    outcomeLabel: row.outcome_label,
    side: row.side,
    size: row.size,
    price: row.price,
    timestamp: row.traded_ms,
    trader: unranked(row.wallet, row.pseudonym),
    eventSlug: row.event_slug,
    marketSlug: row.market_slug,
  };
}

/** Stores each trade once, in one batch. Returns how many were new. */
export async function insert(db: D1Database, trades: readonly WhaleTrade[]): Promise<number> {
  if (trades.length === 0) return 0;
  const statement = db.prepare(
    `INSERT INTO whale_trades (id, condition_id, market_slug, event_slug, title, outcome, outcome_label, side,
       size, price, traded_ms, wallet, pseudonym)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
     ON CONFLICT (id) DO NOTHING`,
  );
  const results = await db.batch(
    trades.map((trade) =>
      statement.bind(
        trade.id,
        trade.marketId,
        trade.marketSlug,
        trade.eventSlug,
        trade.title,
        trade.outcome,
        trade.outcomeLabel,
        trade.side,
        trade.size,
        trade.price,
        trade.timestamp,
        trade.trader.wallet.toLowerCase(),
        trade.trader.name,
      ),
    ),
  );
  return changes(results);
}

/** Stored trades in a market (by condition id), newest first. */
export function forMarket(db: D1Database, conditionId: string, limit: number): Promise<WhaleTrade[]> {
  return newestFirst(db, "condition_id", conditionId, limit);
}

/** Stored trades in any of several markets (an event's), newest first; at most MAX_IN_IDS markets are read. */
export async function forMarkets(
  db: D1Database,
  conditionIds: readonly string[],
  limit: number,
): Promise<WhaleTrade[]> {
  const ids = conditionIds.slice(0, MAX_IN_IDS);
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT * FROM whale_trades WHERE condition_id IN (${inList(ids.length)}) ORDER BY traded_ms DESC, id LIMIT ?1`,
    )
    .bind(limit, ...ids)
    .all<WhaleRow>();
  return results.map(toTrade);
}

/** Stored trades of a wallet, newest first. */
export function forWallet(db: D1Database, wallet: string, limit: number): Promise<WhaleTrade[]> {
  return newestFirst(db, "wallet", wallet.toLowerCase(), limit);
}

async function newestFirst(
  db: D1Database,
  column: "condition_id" | "wallet",
  value: string,
  limit: number,
): Promise<WhaleTrade[]> {
  // The column comes from the two literals above, never from input; the value is bound.
  const { results } = await db
    .prepare(`SELECT * FROM whale_trades WHERE ${column} = ?1 ORDER BY traded_ms DESC, id LIMIT ?2`)
    .bind(value, limit)
    .all<WhaleRow>();
  return results.map(toTrade);
}
