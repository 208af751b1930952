/**
 * `calls` (migrations/0002_track_record.sql): every call the site showed, inserted once and never
 * changed (the database refuses updates and deletes); read with its grading (call_grades.ts) joined.
 * Its row type, its mapper and its SQL.
 */
import type { Call, CallSide } from "~/lib/track-record";
import type { GradeRow } from "./call-grades";
import { changes, inList, isString, jsonArray, MAX_IN_IDS } from "./rows";
import { SLOT_SECONDS, slotOf } from "./slots";

/** A call as the market build proposes it. */
export interface CallInput {
  marketId: string;
  slug: string | null;
  question: string;
  category: string;
  outcomes: readonly string[];
  side: CallSide;
  /** Model id, or "estimate". */
  source: string;
  modelProbability: number | null;
  /** The first outcome's price, 0..1. */
  priceAtCall: number;
  endDate: string | null;
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
  };
}

const GRADED_CALLS = `SELECT c.id, c.market_id, c.slug, c.question, c.category, c.outcomes, c.side, c.source,
  c.model_probability, c.price_at_call, c.called_ms, c.end_date, g.outcome, g.settled_ms
  FROM calls AS c LEFT JOIN call_grades AS g ON g.call_id = c.id`;

/**
 * Records each proposed call whose side differs from the last call recorded for that market and
 * source (the first call of a market always counts). One batch; idempotent per 10-minute slot.
 * Returns how many calls were added.
 */
export async function insert(db: D1Database, calls: readonly CallInput[], atMs: number): Promise<number> {
  if (calls.length === 0) return 0;
  const slot = slotOf(atMs, SLOT_SECONDS);
  const statement = db.prepare(
    `INSERT INTO calls (id, market_id, slug, question, category, outcomes, side, source, model_probability,
       price_at_call, called_ms, end_date)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12
     WHERE NOT EXISTS (
       SELECT 1 FROM (SELECT side FROM calls WHERE market_id = ?2 AND source = ?8
                      ORDER BY called_ms DESC LIMIT 1) AS last
       WHERE last.side = ?7)
     ON CONFLICT (id) DO NOTHING`,
  );
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
      ),
    ),
  );
  return changes(results);
}

/** Markets with calls not graded yet, those checked longest ago (settlement_checks) first. */
export async function openMarkets(db: D1Database, limit: number): Promise<OpenMarket[]> {
  const { results } = await db
    .prepare(
      `SELECT c.market_id AS market_id, MAX(c.end_date) AS end_date, COUNT(*) AS open_calls
       FROM calls AS c LEFT JOIN call_grades AS g ON g.call_id = c.id
       LEFT JOIN settlement_checks AS s ON s.market_id = c.market_id
       WHERE g.call_id IS NULL
       GROUP BY c.market_id
       ORDER BY MAX(COALESCE(s.checked_ms, 0)), c.market_id
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
