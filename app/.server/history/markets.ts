/**
 * `markets` (migrations/0001_history.sql): every market the site has shown, kept after it leaves the
 * top 100. Its row type, its mapper and its SQL.
 */
import type { Market, Outcome } from "~/lib/types";
import type { MarketObservation } from "./observation";
import { isString, jsonArray } from "./rows";

/**
 * A row of `markets` as the market it records: the `Market` fields the row holds, and when the market was
 * first seen. Its prices are in `market_points`, so its outcomes carry their labels and tokens only.
 * `groupTitle` is null when Gamma gives none or the row predates it (0005).
 */
export type StoredMarket = Pick<
  Market,
  "id" | "slug" | "title" | "groupTitle" | "conditionId" | "endDate" | "event"
> & {
  /** Every outcome as last shown, in Gamma's order: its label and CLOB token (null where none was listed). */
  outcomes: Pick<Outcome, "label" | "tokenId">[];
  /** Slot time (epoch seconds) it was first recorded. */
  firstSeen: number;
};

interface MarketRow {
  id: string;
  slug: string | null;
  event_slug: string | null;
  group_title: string | null;
  condition_id: string | null;
  question: string;
  outcomes: string;
  clob_token_ids: string;
  end_date: string | null;
  first_seen: number;
}

/**
 * The row's labels and tokens as outcomes, by position: both columns list the market's outcomes in order
 * (the tokens only those it had, so a missing one can only trail).
 */
function toMarket(row: MarketRow): StoredMarket {
  const tokens = jsonArray(row.clob_token_ids, isString);
  return {
    id: row.id,
    slug: row.slug,
    event: row.event_slug ? { slug: row.event_slug } : null,
    groupTitle: row.group_title,
    conditionId: row.condition_id,
    title: row.question,
    outcomes: jsonArray(row.outcomes, isString).map((label, i) => ({ label, tokenId: tokens[i] ?? null })),
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
    `INSERT INTO markets (id, slug, event_slug, condition_id, question, outcomes, clob_token_ids, end_date, first_seen,
       group_title)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
     ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, event_slug = excluded.event_slug,
       condition_id = excluded.condition_id, question = excluded.question, outcomes = excluded.outcomes,
       clob_token_ids = excluded.clob_token_ids, end_date = excluded.end_date, group_title = excluded.group_title
     WHERE markets.slug IS NOT excluded.slug OR markets.event_slug IS NOT excluded.event_slug
       OR markets.condition_id IS NOT excluded.condition_id OR markets.question IS NOT excluded.question
       OR markets.outcomes IS NOT excluded.outcomes OR markets.clob_token_ids IS NOT excluded.clob_token_ids
       OR markets.end_date IS NOT excluded.end_date OR markets.group_title IS NOT excluded.group_title`,
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
      m.groupTitle ?? null,
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

/** An event's market as its history reads it: the row, and the first outcome's latest stored price. */
export interface EventMarket extends StoredMarket {
  /** 0..1, null before its first point. */
  lastPrice: number | null;
}

/**
 * The markets recorded with this event slug, dearest latest price first (ties by id), at most `limit`, and
 * how many there are. One statement: the index on event_slug, and one key lookup per market for its price.
 */
export async function byEvent(
  db: D1Database,
  eventSlug: string,
  limit: number,
): Promise<{ markets: EventMarket[]; total: number }> {
  const { results } = await db
    .prepare(
      `SELECT m.*, (SELECT json_extract(p.prices, '$[0]') FROM market_points AS p
                    WHERE p.market_id = m.id ORDER BY p.t DESC LIMIT 1) AS last_price,
              COUNT(*) OVER () AS total
       FROM markets AS m WHERE m.event_slug = ?1
       ORDER BY last_price IS NULL, last_price DESC, m.id LIMIT ?2`,
    )
    .bind(eventSlug, limit)
    .all<MarketRow & { last_price: number | null; total: number }>();
  return {
    markets: results.map((row) => ({
      ...toMarket(row),
      lastPrice: typeof row.last_price === "number" ? row.last_price : null,
    })),
    total: results[0]?.total ?? 0,
  };
}
