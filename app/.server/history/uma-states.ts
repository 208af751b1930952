/**
 * `uma_states` (migrations/0012_uma_states.sql): where the shown markets proposed or disputed stand in UMA's
 * resolution, as the minute cron last read it (decision 0053). Its row type, its mapper and its SQL.
 */
import type { ResolutionState } from "~/lib/resolution";

/** One market's UMA state as kept. */
export interface UmaState {
  conditionId: string;
  marketId: string;
  eventSlug: string;
  label: string;
  state: ResolutionState;
  answer: string | null;
  finalMs: number | null;
  wasDisputed: boolean;
  /** When this state was first seen (epoch ms). */
  changedMs: number;
}

interface UmaStateRow {
  condition_id: string;
  market_id: string;
  event_slug: string;
  label: string;
  state: ResolutionState;
  answer: string | null;
  final_ms: number | null;
  was_disputed: number;
  changed_ms: number;
}

const toState = (r: UmaStateRow): UmaState => ({
  conditionId: r.condition_id,
  marketId: r.market_id,
  eventSlug: r.event_slug,
  label: r.label,
  state: r.state,
  answer: r.answer,
  finalMs: r.final_ms,
  wasDisputed: r.was_disputed === 1,
  changedMs: r.changed_ms,
});

/** The markets kept as proposed or disputed, and the kept rows of `conditionIds` whatever their state (one query). */
export async function followed(db: D1Database, conditionIds: readonly string[] = []): Promise<UmaState[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM uma_states
       WHERE state IN ('proposed', 'disputed') OR condition_id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(conditionIds))
    .all<UmaStateRow>();
  return results.map(toState);
}

/**
 * Writes the given states in one statement (the rows as one JSON array); a row whose state, answer, time
 * and dispute flag are the same as kept is not rewritten.
 */
export async function write(db: D1Database, states: readonly UmaState[]): Promise<void> {
  if (states.length === 0) return;
  const rows = states.map((s) => ({
    c: s.conditionId,
    m: s.marketId,
    e: s.eventSlug,
    l: s.label,
    s: s.state,
    a: s.answer,
    f: s.finalMs,
    d: s.wasDisputed ? 1 : 0,
    t: s.changedMs,
  }));
  await db
    .prepare(
      `INSERT INTO uma_states (condition_id, market_id, event_slug, label, state, answer, final_ms, was_disputed, changed_ms)
       SELECT value ->> 'c', value ->> 'm', value ->> 'e', value ->> 'l', value ->> 's', value ->> 'a',
              value ->> 'f', value ->> 'd', value ->> 't'
       FROM json_each(?1) WHERE true
       ON CONFLICT (condition_id) DO UPDATE SET
         market_id = excluded.market_id, event_slug = excluded.event_slug, label = excluded.label,
         state = excluded.state, answer = excluded.answer, final_ms = excluded.final_ms,
         was_disputed = excluded.was_disputed, changed_ms = excluded.changed_ms
       WHERE uma_states.state IS NOT excluded.state OR uma_states.answer IS NOT excluded.answer
          OR uma_states.final_ms IS NOT excluded.final_ms OR uma_states.was_disputed IS NOT excluded.was_disputed`,
    )
    .bind(JSON.stringify(rows))
    .run();
}
