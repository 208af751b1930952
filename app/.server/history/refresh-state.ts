/**
 * `refresh_state` (migrations/0003_refresh_state.sql, decision 0022): the snapshots' refresh records and
 * refresh locks, one row per dataset upserted once per refresh attempt, and the row that says when
 * history writes last succeeded. D1 is strongly consistent, so the lock is a real compare-and-set rather
 * than KV's best effort. Its row type, its mapper and its SQL.
 */
import type { RefreshRecord, RefreshStateStore } from "../cache/swr-cache";

interface StateRow {
  dataset: string;
  attempt_ms: number | null;
  success_ms: number | null;
  failing_since_ms: number | null;
  error: string | null;
  confirmed_ms: number | null;
  confirmed_of: string | null;
}

/** The row that says when history writes last succeeded (the health check's "last write"). */
const HISTORY_STATE_KEY = "history";

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
const ms = (text: string | null): number | null => {
  if (text === null) return null;
  const t = Date.parse(text);
  return Number.isFinite(t) ? t : null;
};

function toRecord(row: StateRow): RefreshRecord | null {
  if (row.attempt_ms === null) return null;
  return {
    attemptAt: iso(row.attempt_ms) ?? "",
    successAt: iso(row.success_ms),
    failingSince: iso(row.failing_since_ms),
    error: row.error,
    confirmedAt: iso(row.confirmed_ms),
    confirmedOf: row.confirmed_of,
  };
}

export class D1RefreshState implements RefreshStateStore {
  constructor(private readonly db: D1Database) {}

  async readAll(): Promise<Map<string, RefreshRecord>> {
    const { results } = await this.db
      .prepare(
        `SELECT dataset, attempt_ms, success_ms, failing_since_ms, error, confirmed_ms, confirmed_of
         FROM refresh_state`,
      )
      .all<StateRow>();
    const records = new Map<string, RefreshRecord>();
    for (const row of results) {
      const record = toRecord(row);
      if (record) records.set(row.dataset, record);
    }
    return records;
  }

  async write(dataset: string, record: RefreshRecord): Promise<void> {
    await this.db
      .prepare(
        `INSERT INTO refresh_state (dataset, attempt_ms, success_ms, failing_since_ms, error, confirmed_ms, confirmed_of)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (dataset) DO UPDATE SET attempt_ms = excluded.attempt_ms, success_ms = excluded.success_ms,
           failing_since_ms = excluded.failing_since_ms, error = excluded.error,
           confirmed_ms = excluded.confirmed_ms, confirmed_of = excluded.confirmed_of`,
      )
      .bind(
        dataset,
        ms(record.attemptAt),
        ms(record.successAt),
        ms(record.failingSince),
        record.error,
        ms(record.confirmedAt),
        record.confirmedOf,
      )
      .run();
  }

  async takeLock(dataset: string, nowMs: number, untilMs: number): Promise<boolean> {
    const result = await this.db
      .prepare(
        `INSERT INTO refresh_state (dataset, lock_until_ms) VALUES (?1, ?2)
         ON CONFLICT (dataset) DO UPDATE SET lock_until_ms = excluded.lock_until_ms
         WHERE refresh_state.lock_until_ms IS NULL OR refresh_state.lock_until_ms <= ?3`,
      )
      .bind(dataset, untilMs, nowMs)
      .run();
    return (result.meta.changes ?? 0) > 0;
  }
}

/** Notes that history writes succeeded at `atMs`. */
export async function noteHistoryWrite(db: D1Database, atMs: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO refresh_state (dataset, success_ms) VALUES ('${HISTORY_STATE_KEY}', ?1)
       ON CONFLICT (dataset) DO UPDATE SET success_ms = excluded.success_ms`,
    )
    .bind(atMs)
    .run();
}

/** When history writes last succeeded (epoch ms), or null before the first. Throws when D1 fails. */
export async function lastHistoryWrite(db: D1Database): Promise<number | null> {
  const row = await db
    .prepare(`SELECT success_ms FROM refresh_state WHERE dataset = '${HISTORY_STATE_KEY}'`)
    .first<Pick<StateRow, "success_ms">>();
  return row?.success_ms ?? null;
}
