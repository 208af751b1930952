/**
 * `cross_venue_pairs` (migrations/0014): the Polymarket ↔ Kalshi pairs the matcher shows, read joined with
 * Kalshi's stored market (its prices and when they were read), and the statements the pairing job
 * (pair-job.ts) writes it with. Each read throws when D1 fails: the caller degrades its Kalshi part alone.
 */
import { type MarketRow, marketOf, type StoredKalshiMarket } from "./store";

export interface StoredPair {
  polymarketId: string;
  eventSlug: string;
  score: number;
  reasons: string[];
  decidedBy: "score" | "confirmed";
  matchedMs: number;
  /** Kalshi's market as last read; `closed` when Kalshi no longer lists it open. */
  kalshi: StoredKalshiMarket & { closed: boolean };
}

interface PairRow extends MarketRow {
  polymarket_id: string;
  event_slug: string;
  score: number;
  reasons: string;
  decided_by: "score" | "confirmed";
  matched_ms: number;
  closed: number;
}

const SELECT = `SELECT p.polymarket_id, p.event_slug, p.score, p.reasons, p.decided_by, p.matched_ms,
    k.ticker, k.event_ticker, k.series_ticker, k.event_title, k.event_subtitle, k.title, k.label, k.category,
    k.mutually_exclusive, k.last_price, k.yes_bid, k.yes_ask, k.volume24h, k.close_time, k.rules, k.rules_url,
    k.read_ms, k.closed
  FROM cross_venue_pairs AS p JOIN kalshi_markets AS k ON k.ticker = p.kalshi_ticker`;

function reasonsOf(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === "string") : [];
  } catch {
    return [];
  }
}

function pairOf(r: PairRow): StoredPair {
  return {
    polymarketId: r.polymarket_id,
    eventSlug: r.event_slug,
    score: r.score,
    reasons: reasonsOf(r.reasons),
    decidedBy: r.decided_by,
    matchedMs: r.matched_ms,
    kalshi: {
      ...marketOf(r),
      status: r.closed === 1 ? "closed" : "active",
      closed: r.closed === 1,
    },
  };
}

/** One event's pairs (by its slug), in market id order. */
export async function readEventPairs(db: D1Database, eventSlug: string): Promise<StoredPair[]> {
  const { results } = await db
    .prepare(`${SELECT} WHERE p.event_slug = ?1 ORDER BY p.polymarket_id`)
    .bind(eventSlug)
    .all<PairRow>();
  return results.map(pairOf);
}

/** Every pair whose Kalshi market is still open (the `/compare` page and API, the gap alerts). */
export async function readOpenPairs(db: D1Database): Promise<StoredPair[]> {
  const { results } = await db
    .prepare(`${SELECT} WHERE k.closed = 0 ORDER BY p.polymarket_id`)
    .all<PairRow>();
  return results.map(pairOf);
}

/** A pair as the table stores it (what the pairing job compares before writing). */
export interface PairRecord {
  polymarketId: string;
  eventSlug: string;
  kalshiTicker: string;
  score: number;
  reasons: string[];
  decidedBy: "score" | "confirmed";
}

/** Every stored pair, without Kalshi's market (the pairing job's comparison). Throws when D1 fails. */
export async function readPairRecords(db: D1Database): Promise<PairRecord[]> {
  const { results } = await db
    .prepare(
      "SELECT polymarket_id, event_slug, kalshi_ticker, score, reasons, decided_by FROM cross_venue_pairs ORDER BY polymarket_id",
    )
    .all<{
      polymarket_id: string;
      event_slug: string;
      kalshi_ticker: string;
      score: number;
      reasons: string;
      decided_by: "score" | "confirmed";
    }>();
  return results.map((r) => ({
    polymarketId: r.polymarket_id,
    eventSlug: r.event_slug,
    kalshiTicker: r.kalshi_ticker,
    score: r.score,
    reasons: reasonsOf(r.reasons),
    decidedBy: r.decided_by,
  }));
}

/** One statement upserting `pairs` (a JSON array read with json_each), matched at `nowMs`. */
export function preparePairUpserts(
  db: D1Database,
  pairs: readonly PairRecord[],
  nowMs: number,
): D1PreparedStatement {
  const rows = pairs.map((p) => [
    p.polymarketId,
    p.eventSlug,
    p.kalshiTicker,
    p.score,
    JSON.stringify(p.reasons),
    p.decidedBy,
  ]);
  return db
    .prepare(
      `INSERT INTO cross_venue_pairs (polymarket_id, event_slug, kalshi_ticker, score, reasons, decided_by, matched_ms)
       SELECT json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'),
         json_extract(j.value, '$[3]'), json_extract(j.value, '$[4]'), json_extract(j.value, '$[5]'), ?2
       FROM json_each(?1) j WHERE true
       ON CONFLICT (polymarket_id) DO UPDATE SET event_slug = excluded.event_slug,
         kalshi_ticker = excluded.kalshi_ticker, score = excluded.score, reasons = excluded.reasons,
         decided_by = excluded.decided_by, matched_ms = excluded.matched_ms`,
    )
    .bind(JSON.stringify(rows), nowMs);
}

/** Deletes the pairs of `polymarketIds` (no longer proposed). */
export function preparePairDeletes(db: D1Database, polymarketIds: readonly string[]): D1PreparedStatement {
  return db
    .prepare("DELETE FROM cross_venue_pairs WHERE polymarket_id IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(polymarketIds));
}

/**
 * Flags the Kalshi markets a pair now names (`on`) and those no pair names any more (`off`), so that the crawl
 * writes the paired markets' changes first (only these rows are written).
 */
export function preparePairedFlags(
  db: D1Database,
  on: readonly string[],
  off: readonly string[],
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE kalshi_markets SET paired = (ticker IN (SELECT value FROM json_each(?1)))
       WHERE ticker IN (SELECT value FROM json_each(?1) UNION ALL SELECT value FROM json_each(?2))`,
    )
    .bind(JSON.stringify(on), JSON.stringify(off));
}
