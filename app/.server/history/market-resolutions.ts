/**
 * `market_resolutions` (migrations/0004_call_rules.sql): how each market the settlement looked up resolved,
 * written once and never changed. An event forecast is scored from its outcome markets' rows
 * (track-record/event-scores.ts). Its row type, its mapper and its SQL.
 */
import type { CallOutcome } from "~/lib/track-record";
import type { SettledMarket } from "./call-grades";

interface ResolutionRow {
  market_id: string;
  outcome: CallOutcome;
  settled_ms: number;
  recorded_ms: number;
}

/** A settled market's resolution, prepared once and bound per market; a repeated run adds nothing. */
export function prepareInsert(db: D1Database): (s: SettledMarket, nowMs: number) => D1PreparedStatement {
  const insert = db.prepare(
    `INSERT INTO market_resolutions (market_id, outcome, settled_ms, recorded_ms) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (market_id) DO NOTHING`,
  );
  return (s, nowMs) => insert.bind(s.marketId, s.outcome, s.settledMs, nowMs);
}

/** The resolutions of every market a recorded forecast is scored over, by market id. */
export async function forForecasts(db: D1Database): Promise<Map<string, CallOutcome>> {
  const { results } = await db
    .prepare(
      `SELECT r.market_id, r.outcome FROM market_resolutions AS r
       WHERE r.market_id IN (
         SELECT k.value FROM calls AS c JOIN json_each(c.outcome_keys) AS k WHERE c.forecast IS NOT NULL)`,
    )
    .all<Pick<ResolutionRow, "market_id" | "outcome">>();
  return new Map(results.map((r) => [r.market_id, r.outcome]));
}
