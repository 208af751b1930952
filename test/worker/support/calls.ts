/**
 * Track-record rows for workerd tests. The `calls` table refuses deletes (a trigger), so clearing it
 * between tests lifts that trigger for the delete and puts it back exactly as the migration made it.
 */
import { env } from "cloudflare:test";

export async function clearCalls(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DROP TRIGGER IF EXISTS calls_no_delete"),
    env.DB.prepare("DELETE FROM call_grades"),
    env.DB.prepare("DELETE FROM settlement_checks"),
    env.DB.prepare("DELETE FROM calls"),
    env.DB.prepare(
      "CREATE TRIGGER calls_no_delete BEFORE DELETE ON calls BEGIN SELECT RAISE(ABORT, 'calls are immutable'); END",
    ),
  ]);
}

export interface CallRow {
  id: string;
  marketId: string;
  slug?: string | null;
  question?: string;
  category?: string;
  /** The market's outcome labels; Yes and No unless given. */
  outcomes?: readonly string[];
  side: "buy_yes" | "buy_no" | "hold";
  source?: string;
  modelProbability?: number | null;
  priceAtCall: number;
  calledMs: number;
  endDate?: string | null;
}

/** Inserts calls as the market build would have recorded them. */
export async function insertCalls(rows: readonly CallRow[]): Promise<void> {
  const insert = env.DB.prepare(
    `INSERT INTO calls (id, market_id, slug, question, category, outcomes, side, source, model_probability,
       price_at_call, called_ms, end_date)
     VALUES (?1, ?2, ?3, ?4, ?5, ?12, ?6, ?7, ?8, ?9, ?10, ?11)`,
  );
  await env.DB.batch(
    rows.map((r) =>
      insert.bind(
        r.id,
        r.marketId,
        r.slug ?? null,
        r.question ?? `Market ${r.marketId}?`,
        r.category ?? "other",
        r.side,
        r.source ?? "fixture-model",
        r.modelProbability ?? null,
        r.priceAtCall,
        r.calledMs,
        r.endDate ?? null,
        JSON.stringify(r.outcomes ?? ["Yes", "No"]),
      ),
    ),
  );
}

/** Grades a call as the settlement step would have. */
export async function gradeCall(
  callId: string,
  outcome: "yes" | "no" | "void",
  settledMs: number,
): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO call_grades (call_id, outcome, settled_ms, graded_ms) VALUES (?1, ?2, ?3, ?3)",
  )
    .bind(callId, outcome, settledMs)
    .run();
}
