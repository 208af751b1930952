/**
 * The search index's writes and its crawl state (migrations/0006_search_index.sql, decision 0034): the SQL
 * of `search_events`, `search_fts` and `search_crawl` on the write side (reads are in query.ts). Every value
 * is a bound parameter; lists of ids are one JSON parameter read with `json_each` (D1 binds at most 100
 * parameters a statement). A run's writes go out as one batch: one transaction, one query.
 */
import { isNumber, jsonArray } from "../history/rows";
import type { IndexDocument } from "./document";
import { twoDigits } from "./document";

/** Where the crawl stands: the one row of `search_crawl`. */
export interface CrawlState {
  /** The current (or last) pass, from 1; 0 before the first. */
  pass: number;
  passStartedMs: number | null;
  /** The pass ended (the next starts at a run SEARCH_INDEX_PASS_MINUTES after it started). */
  complete: boolean;
  /** Gamma's cursor of the pass's next page; null for its first. */
  cursor: string | null;
  /** Pages the pass has read. */
  pages: number;
  /** Event ids the pass has listed so far. */
  seen: number[];
  lastFullPassMs: number | null;
  /** Open events after the last full pass. */
  events: number;
  /** When closed events past their keeping were last deleted. */
  prunedMs: number | null;
  /** Bumped by every write: a run writes only over the state it read (a slower overlapping run gives way). */
  version: number;
}

interface CrawlRow {
  pass: number;
  pass_started_ms: number | null;
  complete: number;
  cursor: string | null;
  pages: number;
  seen: string;
  last_full_pass_ms: number | null;
  events: number;
  pruned_ms: number | null;
  version: number;
}

/** The state before any run (the migration inserts this row; it stands in should the row be missing). */
const NO_CRAWL: CrawlState = {
  pass: 0,
  passStartedMs: null,
  complete: true,
  cursor: null,
  pages: 0,
  seen: [],
  lastFullPassMs: null,
  events: 0,
  prunedMs: null,
  version: 0,
};

/** The crawl's state. One query, one row (`seen` is empty between passes). */
export async function readCrawlState(db: D1Database): Promise<CrawlState> {
  const row = await db
    .prepare(
      `SELECT pass, pass_started_ms, complete, cursor, pages, seen, last_full_pass_ms, events, pruned_ms, version
       FROM search_crawl WHERE id = 1`,
    )
    .first<CrawlRow>();
  if (row === null) return NO_CRAWL;
  return {
    pass: row.pass,
    passStartedMs: row.pass_started_ms,
    complete: row.complete === 1,
    cursor: row.cursor,
    pages: row.pages,
    seen: jsonArray(row.seen, isNumber),
    lastFullPassMs: row.last_full_pass_ms,
    events: row.events,
    prunedMs: row.pruned_ms,
    version: row.version,
  };
}

/**
 * The state after a run, written only over the version the run read: it returns the new version, or no row
 * when another run wrote first. (A row returned, not `meta.changes`: in a batch that writes the full text,
 * `changes` also counts FTS5's own writes.)
 */
export function prepareCrawlState(
  db: D1Database,
  next: CrawlState,
  readVersion: number,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE search_crawl SET pass = ?1, pass_started_ms = ?2, complete = ?3, cursor = ?4, pages = ?5, seen = ?6,
         last_full_pass_ms = ?7, events = ?8, pruned_ms = ?9, version = version + 1
       WHERE id = 1 AND version = ?10
       RETURNING version`,
    )
    .bind(
      next.pass,
      next.passStartedMs,
      next.complete ? 1 : 0,
      next.cursor,
      next.pages,
      JSON.stringify(next.seen),
      next.lastFullPassMs,
      next.events,
      next.prunedMs,
      readVersion,
    );
}

/** What the index holds of an event: enough to tell what a new answer changes. */
export interface StoredEvent {
  textHash: string;
  priceHash: string;
  volume24h: number;
  closed: boolean;
}

interface StoredRow {
  id: number;
  text_hash: string;
  price_hash: string;
  volume24h: number;
  closed: number;
}

/**
 * The stored hashes of `ids` (those the index holds), in one query (about two rows read an id), and the
 * rows D1 says it read.
 */
export async function readStoredEvents(
  db: D1Database,
  ids: readonly number[],
): Promise<{ stored: Map<number, StoredEvent>; rowsRead: number }> {
  const stored = new Map<number, StoredEvent>();
  if (ids.length === 0) return { stored, rowsRead: 0 };
  const { results, meta } = await db
    .prepare(
      `SELECT e.id, e.text_hash, e.price_hash, e.volume24h, e.closed
       FROM json_each(?1) j CROSS JOIN search_events e ON e.id = j.value`,
    )
    .bind(JSON.stringify(ids))
    .all<StoredRow>();
  for (const row of results) {
    stored.set(row.id, {
      textHash: row.text_hash,
      priceHash: row.price_hash,
      volume24h: row.volume24h,
      closed: row.closed === 1,
    });
  }
  return { stored, rowsRead: meta.rows_read ?? 0 };
}

/** What a run writes of the events it listed. */
export interface WritePlan {
  /** New, reopened or retitled events: the whole row, and a new full-text row. */
  full: IndexDocument[];
  /** Events the index holds with other text: their old full-text row goes first. */
  retext: IndexDocument[];
  /** Events whose figures moved past a quantum: the row but its slug, title and text (one row written). */
  figures: { doc: IndexDocument; volume24h: boolean }[];
}

/**
 * Which of `docs` to write, and how (pure). Nothing for an event whose row hash is unchanged; its figures
 * only for a price or volume move (its 24 h volume, an indexed column, only when its two digits changed);
 * the whole row for a new, reopened or retitled event, with its full-text row only then.
 */
export function planWrites(
  docs: readonly IndexDocument[],
  stored: ReadonlyMap<number, StoredEvent>,
): WritePlan {
  const plan: WritePlan = { full: [], retext: [], figures: [] };
  for (const doc of docs) {
    const row = stored.get(doc.id);
    if (row === undefined || row.closed) {
      plan.full.push(doc);
    } else if (row.textHash !== doc.textHash) {
      plan.full.push(doc);
      plan.retext.push(doc);
    } else if (row.priceHash !== doc.priceHash) {
      plan.figures.push({ doc, volume24h: twoDigits(row.volume24h) !== twoDigits(doc.body.volume24h) });
    }
  }
  return plan;
}

const ROW_COLUMNS =
  "id, slug, title, image, tags, end_date, volume, volume24h, liquidity, neg_risk, markets, text_hash, price_hash, updated_ms, closed";

function rowValues(doc: IndexDocument, nowMs: number): unknown[] {
  const { body } = doc;
  return [
    doc.id,
    body.slug,
    body.title,
    body.image,
    JSON.stringify(body.tags),
    body.endDate,
    body.volume,
    body.volume24h,
    body.liquidity,
    body.negRisk ? 1 : 0,
    JSON.stringify(body.markets),
    doc.textHash,
    doc.priceHash,
    nowMs,
  ];
}

/** The statements of a plan, in order (they go out in one batch with the run's other writes). */
export function prepareWrites(db: D1Database, plan: WritePlan, nowMs: number): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  if (plan.full.length > 0) {
    // A slug is unique: an older row under another id that holds a slug being written goes first (Gamma
    // re-creates events under new ids), with its full-text row.
    const claims = JSON.stringify(plan.full.map((doc) => [doc.body.slug, doc.id]));
    const holders = `SELECT e.id FROM search_events e JOIN json_each(?1) j
       ON e.slug = json_extract(j.value, '$[0]') AND e.id <> json_extract(j.value, '$[1]')`;
    statements.push(
      db.prepare(`DELETE FROM search_fts WHERE rowid IN (${holders})`).bind(claims),
      db.prepare(`DELETE FROM search_events WHERE id IN (${holders})`).bind(claims),
    );
  }
  if (plan.retext.length > 0) {
    statements.push(
      db
        .prepare("DELETE FROM search_fts WHERE rowid IN (SELECT value FROM json_each(?1))")
        .bind(JSON.stringify(plan.retext.map((doc) => doc.id))),
    );
  }
  const upsert = db.prepare(
    `INSERT INTO search_events (${ROW_COLUMNS})
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, 0)
     ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, title = excluded.title, image = excluded.image,
       tags = excluded.tags, end_date = excluded.end_date, volume = excluded.volume,
       volume24h = excluded.volume24h, liquidity = excluded.liquidity, neg_risk = excluded.neg_risk,
       markets = excluded.markets, text_hash = excluded.text_hash, price_hash = excluded.price_hash,
       updated_ms = excluded.updated_ms, closed = 0`,
  );
  const fullText = db.prepare(
    "INSERT INTO search_fts (rowid, title, outcomes, tags, categories) VALUES (?1, ?2, ?3, ?4, ?5)",
  );
  for (const doc of plan.full) {
    statements.push(
      upsert.bind(...rowValues(doc, nowMs)),
      fullText.bind(doc.id, doc.text.title, doc.text.outcomes, doc.text.tags, doc.text.categories),
    );
  }
  // Only unindexed columns, so each is one row written (the 24 h volume's index entry only when it moved).
  const figures = (volume24h: boolean) =>
    db.prepare(
      `UPDATE search_events SET image = ?2, tags = ?3, end_date = ?4, volume = ?5, liquidity = ?6, neg_risk = ?7,
         markets = ?8, price_hash = ?9, updated_ms = ?10${volume24h ? ", volume24h = ?11" : ""}
       WHERE id = ?1`,
    );
  const withVolume = figures(true);
  const withoutVolume = figures(false);
  for (const { doc, volume24h } of plan.figures) {
    const { body } = doc;
    const values = [
      doc.id,
      body.image,
      JSON.stringify(body.tags),
      body.endDate,
      body.volume,
      body.liquidity,
      body.negRisk ? 1 : 0,
      JSON.stringify(body.markets),
      doc.priceHash,
      nowMs,
    ];
    statements.push(volume24h ? withVolume.bind(...values, body.volume24h) : withoutVolume.bind(...values));
  }
  return statements;
}

/** How long an event the open list no longer holds is kept (its page may still be asked for). */
export const CLOSED_KEEP_MS = 7 * 24 * 3_600_000;
/** Closed events past their keeping are deleted at most this often (the scan reads every closed row). */
export const PRUNE_EVERY_MS = 24 * 3_600_000;

/** "The crawl state is still the version this run read": a slower overlapping run closes nothing. */
const STILL_OURS = "EXISTS (SELECT 1 FROM search_crawl WHERE id = 1 AND version = ?2)";

/**
 * The end of a full pass: every event the index holds open that the pass did not list is closed (the first
 * statement returns their ids), then leaves the full text (found again as the rows closed at `nowMs`).
 * Neither does anything unless the crawl state is still `readVersion`. They go before the state's write in
 * the batch. Reads about three rows per open event (the seen ids, the open rows), once a pass.
 */
export function prepareClosing(
  db: D1Database,
  seen: readonly number[],
  readVersion: number,
  nowMs: number,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE search_events SET closed = 1, updated_ms = ?3
         WHERE closed = 0 AND id NOT IN (SELECT value FROM json_each(?1)) AND ${STILL_OURS}
         RETURNING id`,
      )
      .bind(JSON.stringify(seen), readVersion, nowMs),
    db
      .prepare(
        `DELETE FROM search_fts WHERE rowid IN (SELECT id FROM search_events WHERE closed = 1 AND updated_ms = ?1)
           AND ${STILL_OURS}`,
      )
      .bind(nowMs, readVersion),
  ];
}

/** Deletes the events closed before `beforeMs` (their full-text rows went when they closed). */
export function preparePrune(db: D1Database, beforeMs: number): D1PreparedStatement {
  return db.prepare("DELETE FROM search_events WHERE closed = 1 AND updated_ms < ?1").bind(beforeMs);
}
