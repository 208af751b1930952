/**
 * Track-record rows for workerd tests. The `calls` table refuses deletes (a trigger), so clearing it
 * between tests lifts that trigger for the delete and puts it back exactly as the migration made it.
 */
import { env } from "cloudflare:test";
import { CALL_RULES_VERSION, entryPrice, type RecordedForecast } from "~/lib/track-record";

export async function clearCalls(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DROP TRIGGER IF EXISTS calls_no_delete"),
    env.DB.prepare("DELETE FROM call_grades"),
    env.DB.prepare("DELETE FROM settlement_checks"),
    env.DB.prepare("DELETE FROM market_resolutions"),
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
  /**
   * The current rules unless given; 1 stands for a row recorded under rules v1 (no event, no side price:
   * decision 0033).
   */
  ruleVersion?: number;
  /** The entry price; by default the price of the side bought (none for a hold or a version-1 row). */
  sidePrice?: number | null;
  event?: { id: string; slug: string; title: string } | null;
  callOutcome?: string | null;
  forecast?: RecordedForecast | null;
}

/** Inserts calls as the market build would have recorded them (under the current rules unless told). */
export async function insertCalls(rows: readonly CallRow[]): Promise<void> {
  const insert = env.DB.prepare(
    `INSERT INTO calls (id, market_id, slug, question, category, outcomes, side, source, model_probability,
       price_at_call, called_ms, end_date, rule_version, side_price, event_id, event_slug, event_title,
       call_outcome, outcome_keys, outcome_labels, forecast, market_prices)
     VALUES (?1, ?2, ?3, ?4, ?5, ?12, ?6, ?7, ?8, ?9, ?10, ?11, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22)`,
  );
  const json = (values: readonly unknown[] | undefined) =>
    values === undefined ? null : JSON.stringify(values);
  await env.DB.batch(
    rows.map((r) => {
      const version = r.ruleVersion ?? CALL_RULES_VERSION;
      const current = version >= 2;
      return insert.bind(
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
        version,
        r.sidePrice !== undefined ? r.sidePrice : current ? entryPrice({ ...r, sidePrice: null }) : null,
        r.event?.id ?? null,
        r.event?.slug ?? null,
        r.event?.title ?? null,
        r.callOutcome ?? null,
        json(r.forecast?.keys),
        json(r.forecast?.labels),
        json(r.forecast?.probabilities),
        json(r.forecast?.marketPrices),
      );
    }),
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
