/**
 * `settlement_checks` (migrations/0002_track_record.sql): the markets with open calls that settlement
 * looked up and found not (yet) settled, and why. Its row type, its mapper and its SQL.
 */
import type { PendingWhy } from "~/lib/track-record-page";

/** A market still pending, with why (open, proposed, disputed, …). */
export interface PendingMarket {
  marketId: string;
  state: string;
}

interface SettlementCheckRow {
  market_id: string;
  checked_ms: number;
  state: string;
}

/** The note that a market is still pending at `nowMs`, prepared once and bound per market (one row per market). */
export function prepareUpsert(db: D1Database): (p: PendingMarket, nowMs: number) => D1PreparedStatement {
  const upsert = db.prepare(
    `INSERT INTO settlement_checks (market_id, checked_ms, state) VALUES (?1, ?2, ?3)
     ON CONFLICT (market_id) DO UPDATE SET checked_ms = excluded.checked_ms, state = excluded.state`,
  );
  return (p, nowMs) => upsert.bind(p.marketId, nowMs, p.state);
}

/**
 * Why each pending market is still pending: as the last settlement check found it, or as the minute cron
 * last saw it in UMA's resolution (`uma_states`, decision 0053: newer, and with the proposed answer) while
 * it is proposed or disputed. One query.
 */
export async function pendingStates(db: D1Database): Promise<Map<string, PendingWhy>> {
  const { results } = await db
    .prepare(
      `SELECT market_id, state, NULL AS answer, 0 AS uma FROM settlement_checks
       UNION ALL
       SELECT market_id, state, answer, 1 AS uma FROM uma_states WHERE state IN ('proposed', 'disputed')
       ORDER BY uma`,
    )
    .all<Pick<SettlementCheckRow, "market_id" | "state"> & { answer: string | null }>();
  return new Map(results.map((r) => [r.market_id, { state: r.state, answer: r.answer }] as const));
}
