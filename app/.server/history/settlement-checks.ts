/**
 * `settlement_checks` (migrations/0002_track_record.sql): the markets with open calls that settlement
 * looked up and found not (yet) settled, and why. Its row type, its mapper and its SQL.
 */

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

const toEntry = (row: Pick<SettlementCheckRow, "market_id" | "state">): [string, string] => [
  row.market_id,
  row.state,
];

/** The note that a market is still pending at `nowMs`, prepared once and bound per market (one row per market). */
export function prepareUpsert(db: D1Database): (p: PendingMarket, nowMs: number) => D1PreparedStatement {
  const upsert = db.prepare(
    `INSERT INTO settlement_checks (market_id, checked_ms, state) VALUES (?1, ?2, ?3)
     ON CONFLICT (market_id) DO UPDATE SET checked_ms = excluded.checked_ms, state = excluded.state`,
  );
  return (p, nowMs) => upsert.bind(p.marketId, nowMs, p.state);
}

/** Why each pending market is still pending, as the last settlement check found it. */
export async function pendingStates(db: D1Database): Promise<Map<string, string>> {
  const { results } = await db
    .prepare("SELECT market_id, state FROM settlement_checks")
    .all<Pick<SettlementCheckRow, "market_id" | "state">>();
  return new Map(results.map(toEntry));
}
