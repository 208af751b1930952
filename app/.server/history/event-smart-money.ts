/**
 * `event_smart_money` (migrations/0011_event_smart_money.sql): one compact row per shown event, written by
 * the minute cron's rotation (decision 0055) and read by the cards and the model. Its row type, its mapper
 * and its SQL.
 */

/** What the cards and the model read of an event's smart money. */
export interface EventSmartRow {
  eventSlug: string;
  /** The card's line, null when nothing rests on enough wallets. */
  line: string | null;
  /** The lean in words ("Smart money leans …", "No lean"). */
  lean: string;
  /** Smart wallets holding any outcome. */
  wallets: number;
  /** When the figures were computed, epoch ms. */
  asOf: number;
}

/** The cards and the model read a row only while it is at most this old. */
export const SMART_ROW_MAX_AGE_MS = 2 * 3_600_000;
/** An unchanged row is rewritten once this old, so a row read as at most two hours old is current. */
export const SMART_ROW_REFRESH_MS = 3_600_000;
/** Rows of events no longer shown go after a week. */
const SMART_ROW_KEEP_MS = 7 * 86_400_000;

interface Row {
  event_slug: string;
  line: string | null;
  lean: string;
  wallets: number;
  as_of_ms: number;
}

const toRow = (r: Row): EventSmartRow => ({
  eventSlug: r.event_slug,
  line: r.line,
  lean: r.lean,
  wallets: r.wallets,
  asOf: r.as_of_ms,
});

/**
 * Writes the rows in one batch: a row is written when new, changed, or an hour old (else left as is), and
 * rows a week old go. Answers the rows written.
 */
export async function upsert(db: D1Database, rows: readonly EventSmartRow[], nowMs: number): Promise<number> {
  const write = db.prepare(
    `INSERT INTO event_smart_money (event_slug, line, lean, wallets, as_of_ms) VALUES (?1, ?2, ?3, ?4, ?5)
     ON CONFLICT (event_slug) DO UPDATE SET line = excluded.line, lean = excluded.lean,
       wallets = excluded.wallets, as_of_ms = excluded.as_of_ms
     WHERE event_smart_money.line IS NOT excluded.line OR event_smart_money.lean <> excluded.lean
       OR event_smart_money.wallets <> excluded.wallets OR event_smart_money.as_of_ms <= ?6`,
  );
  const results = await db.batch([
    ...rows.map((r) =>
      write.bind(r.eventSlug, r.line, r.lean, r.wallets, r.asOf, r.asOf - SMART_ROW_REFRESH_MS),
    ),
    db.prepare("DELETE FROM event_smart_money WHERE as_of_ms < ?1").bind(nowMs - SMART_ROW_KEEP_MS),
  ]);
  return results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}

/** Every row computed since `sinceMs`. */
export async function since(db: D1Database, sinceMs: number): Promise<EventSmartRow[]> {
  const { results } = await db
    .prepare("SELECT event_slug, line, lean, wallets, as_of_ms FROM event_smart_money WHERE as_of_ms >= ?1")
    .bind(sinceMs)
    .all<Row>();
  return results.map(toRow);
}
