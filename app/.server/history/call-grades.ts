/**
 * `call_grades` (migrations/0002_track_record.sql): how each call's market resolved, in a row of its own
 * (calls themselves never change). Its row type and its SQL; it is read joined to its call (calls.ts).
 */
import type { CallOutcome } from "~/lib/track-record";

export interface GradeRow {
  call_id: string;
  outcome: CallOutcome;
  /** When the market closed (Gamma's closedTime), else when we saw it settled. */
  settled_ms: number;
  graded_ms: number;
}

/** A settled market, as the settlement step grades it. */
export interface SettledMarket {
  marketId: string;
  outcome: CallOutcome;
  settledMs: number;
}

/**
 * The grading of every ungraded call of a settled market, prepared once and bound per market: a
 * repeated run adds nothing. Its changes are the calls graded.
 */
export function prepareGrade(db: D1Database): (s: SettledMarket, nowMs: number) => D1PreparedStatement {
  const grade = db.prepare(
    `INSERT INTO call_grades (call_id, outcome, settled_ms, graded_ms)
     SELECT c.id, ?2, ?3, ?4 FROM calls AS c
     WHERE c.market_id = ?1 AND NOT EXISTS (SELECT 1 FROM call_grades AS g WHERE g.call_id = c.id)`,
  );
  return (s, nowMs) => grade.bind(s.marketId, s.outcome, s.settledMs, nowMs);
}
