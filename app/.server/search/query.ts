/**
 * Reading the search index (decision 0034): search by text, ranked by FTS5's bm25 (title above outcomes
 * above tags) then 24 h volume; open events by 24 h volume for an empty search; one event by slug; the
 * crawl's state. The row type and its mapper live here; the writes are in index-store.ts. D1 failures throw
 * (the caller falls back to the snapshot); a cursor that is not ours throws SearchCursorError (a 400).
 */
import * as v from "valibot";
import type { CategorySlug } from "~/lib/categories";
import type { EventTag, IndexedEvent } from "~/lib/types";
import { decodeCursor, encodeCursor } from "../cursor";
import { isSlug } from "../polymarket/gamma";
import { marketOfRow, RowMarketsSchema } from "./document";
import { ftsQuery } from "./query-text";

/** Results a page holds when the caller does not say. */
export const DEFAULT_SEARCH_LIMIT = 20;
/** Results a page holds at most. */
export const MAX_SEARCH_LIMIT = 100;
/** How deep paging goes: results past this many are not offered (each page reads the ones before it). */
export const MAX_SEARCH_RESULTS = 1_000;
/**
 * Ranked hits read past the page's last one, so that events of equal relevance (a series of events named
 * alike) are ordered by 24 h volume even where the page boundary falls among them.
 */
export const TIE_WINDOW = 100;

/** A cursor that is not a `nextCursor` of a search (the API answers 400). */
export class SearchCursorError extends Error {
  override readonly name = "SearchCursorError";
  constructor() {
    super("cursor is not a nextCursor of this search: start again without it");
  }
}

export interface SearchQuery {
  /** The visitor's text; empty or blank (or only punctuation) lists open events by 24 h volume. */
  q?: string | null;
  /** Only this category's events (a category page's search): matched in the full-text row's `categories`. */
  category?: CategorySlug | null;
  /** 1..100, DEFAULT_SEARCH_LIMIT when absent (out-of-range values are clamped). */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string | null;
}

export interface SearchPage {
  events: IndexedEvent[];
  /** The next page's cursor, null on the last. */
  nextCursor: string | null;
}

interface EventRow {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  tags: string;
  end_date: string | null;
  volume: number;
  volume24h: number;
  liquidity: number;
  neg_risk: number;
  markets: string;
  updated_ms: number;
  closed: number;
}

const COLUMNS =
  "e.id, e.slug, e.title, e.image, e.tags, e.end_date, e.volume, e.volume24h, e.liquidity, e.neg_risk, e.markets, e.updated_ms, e.closed";

const TagsSchema = v.array(v.object({ slug: v.string(), label: v.string() }));

/** A JSON column we wrote, read against its schema; anything unreadable reads as empty. */
function jsonColumn<T>(schema: v.GenericSchema<unknown, T[]>, text: string): T[] {
  try {
    const parsed = v.safeParse(schema, JSON.parse(text));
    return parsed.success ? parsed.output : [];
  } catch {
    return [];
  }
}

/** A row as the event it holds: its markets as `Market`s, its resolved ones apart; no rules, no start date. */
function toIndexedEvent(row: EventRow): IndexedEvent {
  const tags = jsonColumn<EventTag>(TagsSchema, row.tags);
  const event = { slug: row.slug, endDate: row.end_date, tags };
  const markets = jsonColumn(RowMarketsSchema, row.markets).map((m) => marketOfRow(m, event));
  return {
    id: String(row.id),
    slug: row.slug,
    title: row.title,
    description: "",
    resolutionSource: null,
    image: row.image,
    endDate: row.end_date,
    startDate: null,
    volume24h: row.volume24h,
    volume: row.volume,
    liquidity: row.liquidity,
    negRisk: row.neg_risk === 1,
    tags,
    markets: markets.filter((m) => !m.closed),
    resolved: markets.filter((m) => m.closed),
    closed: row.closed === 1,
    updatedAt: new Date(row.updated_ms).toISOString(),
  };
}

/** The offset a cursor names: 0 without one. Throws SearchCursorError for anything we did not hand out. */
export function searchOffset(cursor: string | null | undefined): number {
  if (cursor === null || cursor === undefined || cursor === "") return 0;
  const decoded = decodeCursor(cursor);
  if (decoded === null || !/^[1-9]\d{0,5}$/.test(decoded)) throw new SearchCursorError();
  const offset = Number(decoded);
  if (offset >= MAX_SEARCH_RESULTS) throw new SearchCursorError();
  return offset;
}

/** A page size in 1..MAX_SEARCH_LIMIT, DEFAULT_SEARCH_LIMIT when absent. */
export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_SEARCH_LIMIT;
  return Math.min(MAX_SEARCH_LIMIT, Math.max(1, Math.trunc(limit)));
}

/**
 * Open events matching `match` (an FTS5 expression from query-text.ts): FTS5 ranks by bm25 itself and
 * hands over only the best `offset + count + TIE_WINDOW` hits (the rows read), which are then ordered
 * by rank and 24 h volume. CROSS JOIN keeps the hits the outer loop (SQLite would otherwise scan every event
 * and probe the hits).
 */
function byText(db: D1Database, match: string, offset: number, count: number): D1PreparedStatement {
  return db
    .prepare(
      `WITH hits AS (
         SELECT rowid AS id, rank FROM search_fts WHERE search_fts MATCH ?1 ORDER BY rank LIMIT ?2
       )
       SELECT ${COLUMNS} FROM hits CROSS JOIN search_events e ON e.id = hits.id
       WHERE e.closed = 0
       ORDER BY hits.rank, e.volume24h DESC, e.id
       LIMIT ?3 OFFSET ?4`,
    )
    .bind(match, offset + count + TIE_WINDOW, count, offset);
}

/**
 * The MATCH expression of a search: the visitor's terms in the text columns (never in `categories`, which
 * only filters), and the category when one is asked for; null when neither (list by volume).
 */
export function matchExpression(text: string, category?: CategorySlug | null): string | null {
  const terms = ftsQuery(text);
  const parts = [
    ...(terms === null ? [] : [`{title outcomes tags} : (${terms})`]),
    ...(category ? [`categories : "${category}"`] : []),
  ];
  return parts.length === 0 ? null : parts.join(" AND ");
}

/** Open events by 24 h volume, busiest first (the index on (closed, volume24h) reads only these rows). */
function byVolume(db: D1Database, offset: number, count: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${COLUMNS} FROM search_events e WHERE e.closed = 0
       ORDER BY e.volume24h DESC, e.id LIMIT ?1 OFFSET ?2`,
    )
    .bind(count, offset);
}

/** A category's open events by 24 h volume (no terms to rank by): every one of its full-text rows is read. */
function byVolumeMatching(db: D1Database, match: string, offset: number, count: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${COLUMNS} FROM search_fts f CROSS JOIN search_events e ON e.id = f.rowid
       WHERE search_fts MATCH ?1 AND e.closed = 0
       ORDER BY e.volume24h DESC, e.id LIMIT ?2 OFFSET ?3`,
    )
    .bind(match, count, offset);
}

/**
 * One page of a search over every open event: by text relevance then 24 h volume, or by 24 h volume when
 * `q` holds no term. One D1 query. Throws SearchCursorError for a bad cursor (before any query), and the
 * database's error when D1 fails.
 */
export async function searchEvents(db: D1Database, query: SearchQuery): Promise<SearchPage> {
  const search = prepareSearch(db, query);
  const { results } = await search.statement.all<EventRow>();
  return search.page(results);
}

/** A search as one statement, and how its rows become the page (so it can go out in a batch). */
function prepareSearch(
  db: D1Database,
  query: SearchQuery,
): { statement: D1PreparedStatement; page: (rows: EventRow[]) => SearchPage } {
  const limit = clampLimit(query.limit);
  const offset = searchOffset(query.cursor);
  const match = matchExpression(query.q ?? "", query.category);
  const ranked = ftsQuery(query.q ?? "") !== null;
  // One more than the page: whether another page follows.
  const statement =
    match === null
      ? byVolume(db, offset, limit + 1)
      : ranked
        ? byText(db, match, offset, limit + 1)
        : byVolumeMatching(db, match, offset, limit + 1);
  return {
    statement,
    page: (rows) => {
      const more = rows.length > limit && offset + limit < MAX_SEARCH_RESULTS;
      return {
        events: rows.slice(0, limit).map(toIndexedEvent),
        nextCursor: more ? encodeCursor(String(offset + limit)) : null,
      };
    },
  };
}

/**
 * The indexed event with this slug, open or closed within the last 7 days, or null. A slug that cannot be
 * Gamma's asks nothing.
 */
export async function getIndexedEvent(db: D1Database, slug: string): Promise<IndexedEvent | null> {
  if (!isSlug(slug)) return null;
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM search_events e WHERE e.slug = ?1`)
    .bind(slug)
    .first<EventRow>();
  return row === null ? null : toIndexedEvent(row);
}

/**
 * A page of the open indexed events in id order, after the event `after` (the Kalshi pairing's Polymarket side, a
 * page at a time so that the whole index is never held at once; null: from the first). The id is the table's
 * own key, so a page reads its own rows and the closed ones among them (kept 7 days); by 24 h volume it would
 * read a run of equal volumes again on every page inside it (measured: 23,000 rows read for 10,000 events in 5
 * pages). `next` is the id to continue after, null after the last page; `rowsRead` is D1's count.
 */
export async function readOpenIndexedPage(
  db: D1Database,
  after: number | null,
  limit: number,
): Promise<{ events: IndexedEvent[]; next: number | null; rowsRead: number }> {
  const { results, meta } = await db
    // `+e.closed`: not the open-by-volume index (it would read every open row and sort them by id), the key.
    .prepare(
      `SELECT ${COLUMNS} FROM search_events e WHERE e.id > ?1 AND +e.closed = 0 ORDER BY e.id LIMIT ?2`,
    )
    .bind(after ?? -1, limit)
    .all<EventRow>();
  const last = results.at(-1);
  return {
    events: results.map(toIndexedEvent),
    next: results.length === limit && last ? last.id : null,
    rowsRead: meta.rows_read ?? 0,
  };
}

/** The index at a glance (the status page): how many events, when last complete, and a pass under way. */
export interface IndexState {
  /** Open events after the last full pass (0 before the first). */
  events: number;
  /** When a full pass last ended; null before the first (search then falls back to the snapshot). */
  lastFullPassAt: string | null;
  /** The pass under way, or null between passes. */
  passInProgress: { pass: number; startedAt: string; pages: number; events: number } | null;
}

interface StateRow {
  pass: number;
  pass_started_ms: number | null;
  complete: number;
  pages: number;
  seen: number;
  last_full_pass_ms: number | null;
  events: number;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The crawl's state, in one query of one row (the pass's seen ids are counted in SQL, not read). */
export async function indexState(db: D1Database): Promise<IndexState> {
  return toIndexState(await stateStatement(db).first<StateRow>());
}

function stateStatement(db: D1Database): D1PreparedStatement {
  return db.prepare(
    `SELECT pass, pass_started_ms, complete, pages, json_array_length(seen) AS seen, last_full_pass_ms, events
     FROM search_crawl WHERE id = 1`,
  );
}

function toIndexState(row: StateRow | null | undefined): IndexState {
  if (!row) return { events: 0, lastFullPassAt: null, passInProgress: null };
  const underWay = row.complete === 0 && row.pass_started_ms !== null;
  return {
    events: row.events,
    lastFullPassAt: iso(row.last_full_pass_ms),
    passInProgress: underWay
      ? { pass: row.pass, startedAt: iso(row.pass_started_ms) ?? "", pages: row.pages, events: row.seen }
      : null,
  };
}

/** What the index says to one search: whether it has completed a full pass, and the page. */
export interface IndexAnswer {
  /** A full pass has ended (before the first, searches fall back to the snapshot). */
  ready: boolean;
  /** When the last full pass ended (ISO), null before the first. */
  checkedAt: string | null;
  page: SearchPage;
}

/**
 * The index's state and one page of a search, in one D1 round trip (a batch of the two statements).
 * Throws SearchCursorError for a bad cursor before any query.
 */
export async function readIndex(db: D1Database, query: SearchQuery): Promise<IndexAnswer> {
  const search = prepareSearch(db, query);
  const [state, found] = await db.batch<unknown>([stateStatement(db), search.statement]);
  const stateRow = (state?.results[0] ?? null) as StateRow | null;
  const { lastFullPassAt } = toIndexState(stateRow);
  return {
    ready: lastFullPassAt !== null,
    checkedAt: lastFullPassAt,
    page: search.page((found?.results ?? []) as EventRow[]),
  };
}

/** The key a search's answer is kept under: its FTS5 expression (so variants of one text share it) and page. */
export function searchKey(query: SearchQuery): string {
  // FTS5's unicode61 tokenizer folds case, so "Trump" and "trump" are one query.
  const match = (matchExpression(query.q ?? "", query.category) ?? "").toLowerCase();
  return `${match}\u0000${query.cursor ?? ""}\u0000${clampLimit(query.limit)}`;
}
