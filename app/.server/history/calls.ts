/**
 * `calls` (migrations/0002_track_record.sql, 0004_call_rules.sql): every call the site showed, inserted
 * once and never changed (the database refuses updates and deletes); read with its grading
 * (call_grades.ts) joined. Its row type, its mapper and its SQL.
 */
import type { Call, CallSide, RecordedForecast } from "~/lib/track-record";
import type { GradeRow } from "./call-grades";
import { changes, inList, isNumber, isString, jsonArray, MAX_IN_IDS } from "./rows";
import { SLOT_SECONDS, slotOf } from "./slots";

/**
 * A call as the market build proposes it: an event's call on one of its markets (decision 0033). The
 * recorded call's own fields (its rules are call-rules.ts CALL_RULES_VERSION), with what version 1 lacked
 * always there.
 */
export interface CallInput
  extends Pick<
    Call,
    | "marketId"
    | "slug"
    | "question"
    | "category"
    | "outcomes"
    | "side"
    | "source"
    | "modelProbability"
    | "priceAtCall"
    | "endDate"
    | "ruleVersion"
    | "forecast"
  > {
  /** The entry price: the price of the side bought, 0..1. */
  sidePrice: number;
  event: { id: string; slug: string; title: string };
  /** The outcome called as the card names it. */
  callOutcome: string;
  /** The smart-money lean the model was given (decision 0055), null when none was fresh. */
  smartMoney?: string | null;
}

/** A market with calls not graded yet. */
export interface OpenMarket {
  marketId: string;
  endDate: string | null;
  openCalls: number;
}

interface CallRow {
  id: string;
  market_id: string;
  slug: string | null;
  question: string;
  category: string;
  outcomes: string;
  side: CallSide;
  source: string;
  model_probability: number | null;
  price_at_call: number;
  called_ms: number;
  end_date: string | null;
  rule_version: number;
  side_price: number | null;
  event_id: string | null;
  event_slug: string | null;
  event_title: string | null;
  call_outcome: string | null;
  outcome_keys: string | null;
  outcome_labels: string | null;
  forecast: string | null;
  market_prices: string | null;
  smart_money: string | null;
}

/** A call with its grading's columns, null while ungraded. */
type GradedCallRow = CallRow & { [K in "outcome" | "settled_ms"]: GradeRow[K] | null };

function toCall(row: GradedCallRow): Call {
  return {
    id: row.id,
    marketId: row.market_id,
    slug: row.slug,
    question: row.question,
    category: row.category,
    // An unreadable list is no labels: the Yes/No defaults apply.
    outcomes: jsonArray(row.outcomes, isString),
    side: row.side,
    source: row.source,
    calledAt: row.called_ms,
    priceAtCall: row.price_at_call,
    modelProbability: row.model_probability,
    endDate: row.end_date,
    outcome: row.outcome,
    settledAt: row.settled_ms,
    ruleVersion: row.rule_version,
    sidePrice: row.side_price,
    eventId: row.event_id,
    eventSlug: row.event_slug,
    eventTitle: row.event_title,
    callOutcome: row.call_outcome,
    forecast: forecastOf(row),
    smartMoney: row.smart_money,
  };
}

/** The recorded forecast, or null when absent or its four arrays do not line up (nothing to score). */
function forecastOf(row: CallRow): RecordedForecast | null {
  if (row.outcome_keys === null || row.forecast === null || row.market_prices === null) return null;
  const keys = jsonArray(row.outcome_keys, isString);
  const labels = jsonArray(row.outcome_labels ?? "[]", isString);
  const probabilities = jsonArray(row.forecast, isNumber);
  const marketPrices = jsonArray(row.market_prices, isNumber);
  const n = keys.length;
  if (n < 2 || labels.length !== n || probabilities.length !== n || marketPrices.length !== n) return null;
  return { keys, labels, probabilities, marketPrices };
}

const CALL_COLUMNS = `c.id, c.market_id, c.slug, c.question, c.category, c.outcomes, c.side, c.source,
  c.model_probability, c.price_at_call, c.called_ms, c.end_date, c.rule_version, c.side_price, c.event_id,
  c.event_slug, c.event_title, c.call_outcome, c.outcome_keys, c.outcome_labels, c.forecast, c.market_prices,
  c.smart_money`;

const GRADED_CALLS = `SELECT ${CALL_COLUMNS}, g.outcome, g.settled_ms
  FROM calls AS c LEFT JOIN call_grades AS g ON g.call_id = c.id`;

/**
 * Records each proposed call unless the last call recorded for its event and source called the same
 * market and side (the first call of an event always counts; calls recorded before events, with no event,
 * do not count as its last). One batch; idempotent per 10-minute slot. Returns how many calls were added.
 */
export async function insert(db: D1Database, calls: readonly CallInput[], atMs: number): Promise<number> {
  if (calls.length === 0) return 0;
  const slot = slotOf(atMs, SLOT_SECONDS);
  const statement = db.prepare(
    `INSERT INTO calls (id, market_id, slug, question, category, outcomes, side, source, model_probability,
       price_at_call, called_ms, end_date, rule_version, side_price, event_id, event_slug, event_title,
       call_outcome, outcome_keys, outcome_labels, forecast, market_prices, smart_money)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23
     WHERE NOT EXISTS (
       SELECT 1 FROM (SELECT market_id, side FROM calls WHERE event_id = ?15 AND source = ?8
                      ORDER BY called_ms DESC LIMIT 1) AS last
       WHERE last.market_id = ?2 AND last.side = ?7)
     ON CONFLICT (id) DO NOTHING`,
  );
  const json = (values: readonly unknown[] | undefined) =>
    values === undefined ? null : JSON.stringify(values);
  const results = await db.batch(
    calls.map((c) =>
      statement.bind(
        `${c.marketId}:${c.source}:${slot}`,
        c.marketId,
        c.slug,
        c.question,
        c.category,
        JSON.stringify(c.outcomes),
        c.side,
        c.source,
        c.modelProbability,
        c.priceAtCall,
        atMs,
        c.endDate,
        c.ruleVersion,
        c.sidePrice,
        c.event.id,
        c.event.slug,
        c.event.title,
        c.callOutcome,
        json(c.forecast?.keys),
        json(c.forecast?.labels),
        json(c.forecast?.probabilities),
        json(c.forecast?.marketPrices),
        c.smartMoney ?? null,
      ),
    ),
  );
  return changes(results);
}

/**
 * Markets the settlement has to look up, those checked longest ago (settlement_checks) first: the markets
 * of calls not graded yet, and every outcome market of a mutually exclusive event's recorded forecast
 * whose resolution is not recorded yet (the forecast is scored once they all are). `openCalls` counts the
 * ungraded calls on the market (0 for an outcome market only needed for scoring).
 */
export async function openMarkets(db: D1Database, limit: number): Promise<OpenMarket[]> {
  const { results } = await db
    .prepare(
      `WITH wanted AS (
         SELECT c.market_id AS market_id, c.end_date AS end_date, 1 AS open_call
         FROM calls AS c LEFT JOIN call_grades AS g ON g.call_id = c.id
         WHERE g.call_id IS NULL
         UNION ALL
         SELECT k.value AS market_id, c.end_date AS end_date, 0 AS open_call
         FROM calls AS c JOIN json_each(c.outcome_keys) AS k
         LEFT JOIN market_resolutions AS r ON r.market_id = k.value
         WHERE c.forecast IS NOT NULL AND instr(k.value, ':') = 0 AND r.market_id IS NULL
       )
       SELECT w.market_id AS market_id, MAX(w.end_date) AS end_date, SUM(w.open_call) AS open_calls
       FROM wanted AS w LEFT JOIN settlement_checks AS s ON s.market_id = w.market_id
       GROUP BY w.market_id
       ORDER BY MAX(COALESCE(s.checked_ms, 0)), w.market_id
       LIMIT ?1`,
    )
    .bind(limit)
    .all<{ market_id: string; end_date: string | null; open_calls: number }>();
  return results.map((r) => ({ marketId: r.market_id, endDate: r.end_date, openCalls: r.open_calls }));
}

/** Every call with its grading, oldest first: what the summary and the CSV are computed from. */
export async function all(db: D1Database): Promise<Call[]> {
  const { results } = await db.prepare(`${GRADED_CALLS} ORDER BY c.called_ms, c.id`).all<GradedCallRow>();
  return results.map(toCall);
}

/** A market's calls with their grading, newest first. */
export async function forMarket(db: D1Database, marketId: string): Promise<Call[]> {
  const { results } = await db
    .prepare(`${GRADED_CALLS} WHERE c.market_id = ?1 ORDER BY c.called_ms DESC, c.id`)
    .bind(marketId)
    .all<GradedCallRow>();
  return results.map(toCall);
}

/** The calls on any of several markets (an event's) with their grading, newest first; at most MAX_IN_IDS markets. */
export async function forMarkets(db: D1Database, marketIds: readonly string[]): Promise<Call[]> {
  const ids = marketIds.slice(0, MAX_IN_IDS);
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(
      `${GRADED_CALLS} WHERE c.market_id IN (${inList(ids.length)}) ORDER BY c.called_ms DESC, c.id LIMIT ?1`,
    )
    .bind(EVENT_CALLS_LIMIT, ...ids)
    .all<GradedCallRow>();
  return results.map(toCall);
}

/** An event page lists this many calls at most. */
const EVENT_CALLS_LIMIT = 100;
