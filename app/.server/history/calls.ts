/**
 * The track record's SQL (D1, migrations/0002_track_record.sql): calls are inserted once and never
 * changed (the database refuses updates and deletes); each grading is a row of its own. Every value is
 * a bound parameter; rows come back typed.
 */
import type { Call, CallOutcome, CallSide } from "~/lib/track-record";
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
  outcome: CallOutcome | null;
  settled_ms: number | null;
}

/** The stored JSON list of outcome labels; an unreadable one is no labels (the Yes/No defaults apply). */
function outcomeLabels(json: string): string[] {
  try {
    const labels: unknown = JSON.parse(json);
    return Array.isArray(labels) ? labels.filter((label): label is string => typeof label === "string") : [];
  } catch {
    return [];
  }
}

function toCall(row: CallRow): Call {
  return {
    id: row.id,
    marketId: row.market_id,
    slug: row.slug,
    question: row.question,
    category: row.category,
    outcomes: outcomeLabels(row.outcomes),
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

const CALL_COLUMNS = `c.id, c.market_id, c.slug, c.question, c.category, c.outcomes, c.side, c.source, c.model_probability,
  c.price_at_call, c.called_ms, c.end_date, g.outcome, g.settled_ms`;

export class CallStore {
  constructor(private readonly db: D1Database) {}

  /**
   * Records each proposed call whose side differs from the last call recorded for that market and
   * source (the first call of a market always counts). One batch; idempotent per 10-minute slot.
   * Returns how many calls were added.
   */
  async recordCalls(calls: readonly CallInput[], atMs: number): Promise<number> {
    if (calls.length === 0) return 0;
    const slot = slotOf(atMs, SLOT_SECONDS);
    const insert = this.db.prepare(
      `INSERT INTO calls (id, market_id, slug, question, category, outcomes, side, source, model_probability,
         price_at_call, called_ms, end_date)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12
       WHERE NOT EXISTS (
         SELECT 1 FROM (SELECT side FROM calls WHERE market_id = ?2 AND source = ?8
                        ORDER BY called_ms DESC LIMIT 1) AS last
         WHERE last.side = ?7)
       ON CONFLICT (id) DO NOTHING`,
    );
    const results = await this.db.batch(
      calls.map((c) =>
        insert.bind(
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
    return results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
  }

  /** Markets with calls not graded yet, those checked longest ago first. */
  async openMarkets(limit: number): Promise<OpenMarket[]> {
    const { results } = await this.db
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

  /**
   * Grades every ungraded call of each settled market, and notes the markets still pending (with why).
   * One batch; a repeated run adds nothing. Returns how many calls were graded.
   */
  async settle(
    settled: readonly { marketId: string; outcome: CallOutcome; settledMs: number }[],
    pending: readonly { marketId: string; state: string }[],
    nowMs: number,
  ): Promise<number> {
    const statements: D1PreparedStatement[] = [];
    const grade = this.db.prepare(
      `INSERT INTO call_grades (call_id, outcome, settled_ms, graded_ms)
       SELECT c.id, ?2, ?3, ?4 FROM calls AS c
       WHERE c.market_id = ?1 AND NOT EXISTS (SELECT 1 FROM call_grades AS g WHERE g.call_id = c.id)`,
    );
    const check = this.db.prepare(
      `INSERT INTO settlement_checks (market_id, checked_ms, state) VALUES (?1, ?2, ?3)
       ON CONFLICT (market_id) DO UPDATE SET checked_ms = excluded.checked_ms, state = excluded.state`,
    );
    for (const s of settled) statements.push(grade.bind(s.marketId, s.outcome, s.settledMs, nowMs));
    const graded = statements.length;
    for (const p of pending) statements.push(check.bind(p.marketId, nowMs, p.state));
    if (statements.length === 0) return 0;
    const results = await this.db.batch(statements);
    return results.slice(0, graded).reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
  }

  /** Every call with its grading, oldest first: what the summary and the CSV are computed from. */
  async allCalls(): Promise<Call[]> {
    const { results } = await this.db
      .prepare(
        `SELECT ${CALL_COLUMNS} FROM calls AS c LEFT JOIN call_grades AS g ON g.call_id = c.id
         ORDER BY c.called_ms, c.id`,
      )
      .all<CallRow>();
    return results.map(toCall);
  }

  /** A market's calls with their grading, newest first. */
  async callsForMarket(marketId: string): Promise<Call[]> {
    const { results } = await this.db
      .prepare(
        `SELECT ${CALL_COLUMNS} FROM calls AS c LEFT JOIN call_grades AS g ON g.call_id = c.id
         WHERE c.market_id = ?1 ORDER BY c.called_ms DESC, c.id`,
      )
      .bind(marketId)
      .all<CallRow>();
    return results.map(toCall);
  }

  /** Why each pending market is still pending, as the last settlement check found it. */
  async pendingStates(): Promise<Map<string, string>> {
    const { results } = await this.db
      .prepare("SELECT market_id, state FROM settlement_checks")
      .all<{ market_id: string; state: string }>();
    return new Map(results.map((r) => [r.market_id, r.state]));
  }
}
