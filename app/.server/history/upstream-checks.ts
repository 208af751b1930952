/**
 * `upstream_checks` (migrations/0001_history.sql): what each cron run saw of each upstream (the status
 * page's uptime and incidents), kept 31 days. Its row type, its mapper and its SQL.
 */
import { CHECK_RETENTION_MS } from "./slots";

export interface UpstreamCheck {
  upstream: "gamma" | "data" | "x" | "llm";
  checkedMs: number;
  ok: boolean;
  status: number | null;
  latencyMs: number;
  items: number | null;
  error: string | null;
}

/** Per upstream, the checks of a window counted by D1 (`tallies`). */
export interface CheckTally {
  upstream: UpstreamCheck["upstream"];
  total: number;
  ok: number;
  meanLatencyMs: number;
  lastMs: number;
}

interface CheckRow {
  upstream: UpstreamCheck["upstream"];
  checked_ms: number;
  ok: number;
  status: number | null;
  latency_ms: number;
  items: number | null;
  error: string | null;
}

function toCheck(row: CheckRow): UpstreamCheck {
  return {
    upstream: row.upstream,
    checkedMs: row.checked_ms,
    ok: row.ok === 1,
    status: row.status,
    latencyMs: row.latency_ms,
    items: row.items,
    error: row.error,
  };
}

/** Records what a cron run saw of each upstream, in one batch. */
export async function insert(db: D1Database, checks: readonly UpstreamCheck[]): Promise<void> {
  if (checks.length === 0) return;
  const statement = db.prepare(
    `INSERT INTO upstream_checks (upstream, checked_ms, ok, status, latency_ms, items, error)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
     ON CONFLICT (upstream, checked_ms) DO NOTHING`,
  );
  await db.batch(
    checks.map((c) =>
      statement.bind(
        c.upstream,
        c.checkedMs,
        c.ok ? 1 : 0,
        c.status,
        Math.round(c.latencyMs),
        c.items,
        c.error,
      ),
    ),
  );
}

/** Retention, for the compaction's batch: drops the checks older than 31 days. Its changes are the rows removed. */
export function prepareExpiry(db: D1Database, nowMs: number): D1PreparedStatement {
  return db.prepare("DELETE FROM upstream_checks WHERE checked_ms < ?1").bind(nowMs - CHECK_RETENTION_MS);
}

/** Checks since `sinceMs`, oldest first. */
export async function since(db: D1Database, sinceMs: number): Promise<UpstreamCheck[]> {
  const { results } = await db
    .prepare("SELECT * FROM upstream_checks WHERE checked_ms >= ?1 ORDER BY checked_ms")
    .bind(sinceMs)
    .all<CheckRow>();
  return results.map(toCheck);
}

/**
 * Per upstream, for each of `sinceMs` (e.g. 24 h, 7 d and 30 d ago): the checks since then, how many
 * were ok, their mean latency and the latest one's time. One batch; D1 does the counting, so the
 * status page never reads a month of rows.
 */
export async function tallies(db: D1Database, sinceMs: readonly number[]): Promise<CheckTally[][]> {
  if (sinceMs.length === 0) return [];
  const tally = db.prepare(
    `SELECT upstream, COUNT(*) AS total, SUM(ok) AS ok, AVG(latency_ms) AS mean_latency_ms,
       MAX(checked_ms) AS last_ms
     FROM upstream_checks WHERE checked_ms >= ?1 GROUP BY upstream ORDER BY upstream`,
  );
  const results = await db.batch<{
    upstream: UpstreamCheck["upstream"];
    total: number;
    ok: number;
    mean_latency_ms: number;
    last_ms: number;
  }>(sinceMs.map((since) => tally.bind(since)));
  return results.map(({ results: rows }) =>
    rows.map((row) => ({
      upstream: row.upstream,
      total: row.total,
      ok: row.ok,
      meanLatencyMs: row.mean_latency_ms,
      lastMs: row.last_ms,
    })),
  );
}

/**
 * What incidents are made of, since `sinceMs`, oldest first: every failed check, and each check that
 * directly followed a failed one of the same upstream (the recovery). The bulk of the table, ok checks
 * after ok ones, stays in D1.
 */
export async function aroundFailures(db: D1Database, sinceMs: number): Promise<UpstreamCheck[]> {
  const { results } = await db
    .prepare(
      `SELECT upstream, checked_ms, ok, status, latency_ms, items, error FROM (
         SELECT *, LAG(ok) OVER (PARTITION BY upstream ORDER BY checked_ms) AS previous_ok
         FROM upstream_checks WHERE checked_ms >= ?1)
       WHERE ok = 0 OR previous_ok = 0
       ORDER BY checked_ms`,
    )
    .bind(sinceMs)
    .all<CheckRow>();
  return results.map(toCheck);
}
