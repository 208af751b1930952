/**
 * `kalshi_markets` and `kalshi_crawl` (migrations/0013_kalshi.sql, decision 0057): the stored Kalshi markets,
 * the crawl's state, and the SQL that reads and writes them. Lists go in as one JSON parameter read with
 * `json_each` (D1 binds at most 100 parameters a statement), so a run's writes are a fixed number of
 * statements however many markets changed.
 */
import type { KalshiSide, PairOverride } from "~/lib/kalshi-match";
import { cents, hashText, twoDigits } from "../search/document";
import type { KalshiMarket } from "./client";

export interface KalshiCrawlState {
  pass: number;
  passStartedMs: number | null;
  complete: boolean;
  cursor: string | null;
  pages: number;
  /** Event tickers the pass has listed so far. */
  seen: string[];
  lastFullPassMs: number | null;
  events: number;
  /** When a pass's end last closed the markets of events it did not list (a full scan: once a day). */
  unseenClosedMs: number | null;
  /** The UTC day `rowsToday` counts. */
  day: string;
  rowsToday: number;
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
  unseen_closed_ms: number | null;
  day: string;
  rows_today: number;
  version: number;
}

function parseSeen(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** The crawl's row. Throws when D1 fails. */
export async function readKalshiCrawl(db: D1Database): Promise<KalshiCrawlState> {
  const row = await db.prepare("SELECT * FROM kalshi_crawl WHERE id = 1").first<CrawlRow>();
  if (!row) throw new Error("kalshi_crawl has no row (migration 0013 not applied?)");
  return {
    pass: row.pass,
    passStartedMs: row.pass_started_ms,
    complete: row.complete === 1,
    cursor: row.cursor,
    pages: row.pages,
    seen: parseSeen(row.seen),
    lastFullPassMs: row.last_full_pass_ms,
    events: row.events,
    unseenClosedMs: row.unseen_closed_ms,
    day: row.day,
    rowsToday: row.rows_today,
    version: row.version,
  };
}

/** The state after a run, written only over the version it read (no row returned: another run wrote first). */
export function prepareKalshiCrawl(
  db: D1Database,
  next: KalshiCrawlState,
  readVersion: number,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE kalshi_crawl SET pass = ?1, pass_started_ms = ?2, complete = ?3, cursor = ?4, pages = ?5, seen = ?6,
         last_full_pass_ms = ?7, events = ?8, day = ?9, rows_today = ?10, unseen_closed_ms = ?11,
         version = version + 1
       WHERE id = 1 AND version = ?12
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
      next.day,
      next.rowsToday,
      next.unseenClosedMs,
      readVersion,
    );
}

/**
 * What the stored row must agree with for the market not to be rewritten: prices to the cent, the 24 h volume
 * to 2 significant digits, and every text and time it carries.
 */
export function figuresHash(m: KalshiMarket): string {
  const quote = (p: number | null) => (p === null ? null : cents(p));
  return hashText(
    JSON.stringify([
      m.eventTicker,
      m.seriesTicker,
      m.eventTitle,
      m.eventSubtitle,
      m.title,
      m.label,
      m.category,
      m.mutuallyExclusive,
      quote(m.lastPrice),
      quote(m.yesBid),
      quote(m.yesAsk),
      m.volume24h === null ? null : twoDigits(m.volume24h),
      m.closeTime,
      m.rules,
      m.rulesUrl,
    ]),
  );
}

export interface StoredKalshi {
  hash: string;
  closed: boolean;
  /** A stored pair names it (the pairing job keeps the flag). */
  paired: boolean;
}

/** The stored hash of each of `tickers` the table holds, in one query, and the rows D1 says it read. */
export async function readStoredKalshi(
  db: D1Database,
  tickers: readonly string[],
): Promise<{ stored: Map<string, StoredKalshi>; rowsRead: number }> {
  if (tickers.length === 0) return { stored: new Map(), rowsRead: 0 };
  const { results, meta } = await db
    .prepare(
      `SELECT m.ticker, m.figures_hash, m.closed, m.paired
       FROM json_each(?1) j CROSS JOIN kalshi_markets m ON m.ticker = j.value`,
    )
    .bind(JSON.stringify(tickers))
    .all<{ ticker: string; figures_hash: string; closed: number; paired: number }>();
  const stored = new Map(
    results.map((r) => [r.ticker, { hash: r.figures_hash, closed: r.closed === 1, paired: r.paired === 1 }]),
  );
  return { stored, rowsRead: meta.rows_read ?? 0 };
}

export interface KalshiWritePlan {
  /** Active markets that are new, changed or reopened: upserted whole. */
  write: KalshiMarket[];
  /** Listed markets that no longer trade but are stored open: marked closed. */
  close: string[];
  /** Changed markets left for a later run: the day's row budget is spent. */
  deferred: number;
}

/**
 * What a run writes, at most `budget` rows: first the stored open markets the listing says stopped trading,
 * then the changed markets a pair names (busiest first: the pages show their prices beside Polymarket's), then
 * the other changed markets that traded in the last 24 hours (busiest first: their prices are the ones read),
 * then new markets in listing order, then the other changed ones.
 */
export function planKalshiWrites(
  markets: readonly KalshiMarket[],
  stored: ReadonlyMap<string, StoredKalshi>,
  budget: number,
): KalshiWritePlan {
  const fresh: KalshiMarket[] = [];
  const paired: KalshiMarket[] = [];
  const traded: KalshiMarket[] = [];
  const changed: KalshiMarket[] = [];
  const close: string[] = [];
  for (const m of markets) {
    const row = stored.get(m.ticker);
    if (m.status !== "active") {
      if (row && !row.closed) close.push(m.ticker);
      continue;
    }
    if (!row) fresh.push(m);
    else if (row.closed || row.hash !== figuresHash(m))
      (row.paired ? paired : (m.volume24h ?? 0) > 0 ? traded : changed).push(m);
  }
  const busiest = (a: KalshiMarket, b: KalshiMarket) => (b.volume24h ?? 0) - (a.volume24h ?? 0);
  paired.sort(busiest);
  traded.sort(busiest);
  const closing = close.slice(0, Math.max(0, budget));
  const room = Math.max(0, budget - closing.length);
  const all = [...paired, ...traded, ...fresh, ...changed];
  return {
    write: all.slice(0, room),
    close: closing,
    deferred: Math.max(0, all.length - room) + (close.length - closing.length),
  };
}

/** The columns an upsert writes from each row of its JSON parameter, in order. */
const UPSERT_COLUMNS = [
  "ticker",
  "event_ticker",
  "series_ticker",
  "event_title",
  "event_subtitle",
  "title",
  "label",
  "category",
  "mutually_exclusive",
  "last_price",
  "yes_bid",
  "yes_ask",
  "volume24h",
  "close_time",
  "rules",
  "rules_url",
  "figures_hash",
] as const;

const UPSERT_SQL = `INSERT INTO kalshi_markets (${UPSERT_COLUMNS.join(", ")}, read_ms, closed)
  SELECT ${UPSERT_COLUMNS.map((_, i) => `json_extract(j.value, '$[${i}]')`).join(", ")}, ?2, 0
  FROM json_each(?1) j WHERE true
  ON CONFLICT (ticker) DO UPDATE SET ${UPSERT_COLUMNS.slice(1)
    .map((c) => `${c} = excluded.${c}`)
    .join(", ")}, read_ms = excluded.read_ms, closed = 0`;

/** One statement upserting `markets` (a JSON array read with json_each), read at `nowMs`. */
export function prepareKalshiUpserts(
  db: D1Database,
  markets: readonly KalshiMarket[],
  nowMs: number,
): D1PreparedStatement {
  const rows = markets.map((m) => [
    m.ticker,
    m.eventTicker,
    m.seriesTicker,
    m.eventTitle,
    m.eventSubtitle,
    m.title,
    m.label,
    m.category,
    m.mutuallyExclusive ? 1 : 0,
    m.lastPrice,
    m.yesBid,
    m.yesAsk,
    m.volume24h,
    m.closeTime,
    m.rules,
    m.rulesUrl,
    figuresHash(m),
  ]);
  return db.prepare(UPSERT_SQL).bind(JSON.stringify(rows), nowMs);
}

/** Marks `tickers` closed (listed, but no longer trading). */
export function prepareKalshiClose(db: D1Database, tickers: readonly string[]): D1PreparedStatement {
  return db
    .prepare(
      "UPDATE kalshi_markets SET closed = 1 WHERE closed = 0 AND ticker IN (SELECT value FROM json_each(?1))",
    )
    .bind(JSON.stringify(tickers));
}

/** At the end of a full pass: the open markets of every event it did not list are closed. */
export function prepareKalshiCloseUnseen(db: D1Database, seenEvents: readonly string[]): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE kalshi_markets SET closed = 1
       WHERE closed = 0 AND event_ticker NOT IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(seenEvents));
}

/**
 * Deletes the closed markets last read before `beforeMs`: nothing shows them once the pairing after the pass has
 * dropped their pairs, and kept they would be read again by every scan of the open ones (no index on `closed`).
 */
export function prepareKalshiPruneClosed(db: D1Database, beforeMs: number): D1PreparedStatement {
  return db.prepare("DELETE FROM kalshi_markets WHERE closed = 1 AND read_ms < ?1").bind(beforeMs);
}

/** A stored Kalshi market as the matcher and the pages read it. */
export interface StoredKalshiMarket extends KalshiMarket {
  readMs: number;
}

/** A `kalshi_markets` row as D1 answers it. */
export interface MarketRow {
  ticker: string;
  event_ticker: string;
  series_ticker: string;
  event_title: string;
  event_subtitle: string;
  title: string;
  label: string;
  category: string;
  mutually_exclusive: number;
  last_price: number | null;
  yes_bid: number | null;
  yes_ask: number | null;
  volume24h: number | null;
  close_time: string | null;
  rules: string;
  rules_url: string;
  read_ms: number;
}

/** The stored market of a row, as open (the caller that also reads `closed` says otherwise). */
export function marketOf(r: MarketRow): StoredKalshiMarket {
  return {
    ticker: r.ticker,
    eventTicker: r.event_ticker,
    seriesTicker: r.series_ticker,
    eventTitle: r.event_title,
    eventSubtitle: r.event_subtitle,
    title: r.title,
    label: r.label,
    category: r.category,
    mutuallyExclusive: r.mutually_exclusive === 1,
    status: "active",
    lastPrice: r.last_price,
    yesBid: r.yes_bid,
    yesAsk: r.yes_ask,
    volume24h: r.volume24h,
    closeTime: r.close_time,
    rules: r.rules,
    rulesUrl: r.rules_url,
    readMs: r.read_ms,
  };
}

/** The open markets as the matcher reads them: only the columns it compares, and the D1 rows read. */
export async function readOpenKalshiSides(
  db: D1Database,
): Promise<{ sides: KalshiSide[]; rowsRead: number }> {
  const { results, meta } = await db
    .prepare(
      "SELECT ticker, title, event_title, event_subtitle, label, close_time FROM kalshi_markets WHERE closed = 0",
    )
    .all<Pick<MarketRow, "ticker" | "title" | "event_title" | "event_subtitle" | "label" | "close_time">>();
  const sides = results.map((r) => ({
    ticker: r.ticker,
    title: r.title,
    eventTitle: r.event_title,
    eventSubtitle: r.event_subtitle,
    label: r.label,
    closeTime: r.close_time,
  }));
  return { sides, rowsRead: meta.rows_read ?? 0 };
}

/** The pairs decided in D1 (`kalshi_pairs`): they win over the checked-in ones and the score. Throws when D1 fails. */
export async function readKalshiPairs(db: D1Database): Promise<PairOverride[]> {
  const { results } = await db
    .prepare(
      "SELECT polymarket_id, kalshi_ticker, verdict, note FROM kalshi_pairs ORDER BY polymarket_id, kalshi_ticker",
    )
    .all<{ polymarket_id: string; kalshi_ticker: string; verdict: "confirmed" | "refused"; note: string }>();
  return results.map((r) => ({
    polymarketId: r.polymarket_id,
    kalshiTicker: r.kalshi_ticker,
    verdict: r.verdict,
    note: r.note,
  }));
}
