/**
 * `markets` (migrations/0001_history.sql): every market the site has shown, kept after it leaves the
 * top 100. Its row type, its mapper and its SQL.
 */
import type { MarketObservation } from "./observation";
import { isString, jsonArray } from "./rows";

export interface StoredMarket {
  id: string;
  slug: string | null;
  eventSlug: string | null;
  conditionId: string | null;
  question: string;
  outcomes: string[];
  clobTokenIds: string[];
  endDate: string | null;
  firstSeen: number;
}

interface MarketRow {
  id: string;
  slug: string | null;
  event_slug: string | null;
  condition_id: string | null;
  question: string;
  outcomes: string;
  clob_token_ids: string;
  end_date: string | null;
  first_seen: number;
}

function toMarket(row: MarketRow): StoredMarket {
  return {
    id: row.id,
    slug: row.slug,
    eventSlug: row.event_slug,
    conditionId: row.condition_id,
    question: row.question,
    outcomes: jsonArray(row.outcomes, isString),
    clobTokenIds: jsonArray(row.clob_token_ids, isString),
    endDate: row.end_date,
    firstSeen: row.first_seen,
  };
}

/**
 * The upsert of a shown market's metadata, prepared once and bound per market (seen first in slot `t`).
 * Metadata is rewritten only when it changed: an unchanged market costs no row write per slot.
 */
export function prepareUpsert(db: D1Database): (m: MarketObservation, t: number) => D1PreparedStatement {
  const upsert = db.prepare(
    `INSERT INTO markets (id, slug, event_slug, condition_id, question, outcomes, clob_token_ids, end_date, first_seen)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
     ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, event_slug = excluded.event_slug,
       condition_id = excluded.condition_id, question = excluded.question, outcomes = excluded.outcomes,
       clob_token_ids = excluded.clob_token_ids, end_date = excluded.end_date
     WHERE markets.slug IS NOT excluded.slug OR markets.event_slug IS NOT excluded.event_slug
       OR markets.condition_id IS NOT excluded.condition_id OR markets.question IS NOT excluded.question
       OR markets.outcomes IS NOT excluded.outcomes OR markets.clob_token_ids IS NOT excluded.clob_token_ids
       OR markets.end_date IS NOT excluded.end_date`,
  );
  return (m, t) =>
    upsert.bind(
      m.id,
      m.slug,
      m.eventSlug,
      m.conditionId,
      m.question,
      JSON.stringify(m.outcomes),
      JSON.stringify(m.clobTokenIds),
      m.endDate,
      t,
    );
}

/** A market by its slug (the latest seen with it), or null. */
export async function bySlug(db: D1Database, slug: string): Promise<StoredMarket | null> {
  const row = await db
    .prepare("SELECT * FROM markets WHERE slug = ?1 ORDER BY first_seen DESC LIMIT 1")
    .bind(slug)
    .first<MarketRow>();
  return row ? toMarket(row) : null;
}
