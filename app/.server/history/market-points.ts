/**
 * `market_points` (migrations/0001_history.sql): one point per shown market per 10-minute slot,
 * thinned to one an hour after 30 days. Its row type, its mapper and its SQL.
 */
import type { Recommendation, SentimentLabel } from "~/lib/types";
import type { MarketObservation } from "./observation";
import { isNumber, jsonArray } from "./rows";
import { FINE_RETENTION_SECONDS, HOUR_SECONDS, SLOT_SECONDS, slotOf } from "./slots";

export interface PricePoint {
  /** Epoch seconds. */
  t: number;
  /** Seconds the point stands for (600, or 3600 after compaction). */
  step: number;
  prices: number[];
  volume24h: number;
  liquidity: number;
  sentiment: SentimentLabel;
  confidence: number;
  recommendation: Recommendation;
  sentimentSource: string;
  mentions: number;
  mentionsSource: "live" | "estimated";
}

interface PointRow {
  t: number;
  step: number;
  prices: string;
  volume_24h: number;
  liquidity: number;
  sentiment: SentimentLabel;
  confidence: number;
  recommendation: Recommendation;
  sentiment_source: string;
  mentions: number;
  mentions_source: "live" | "estimated";
}

const POINT_COLUMNS = `t, step, prices, volume_24h, liquidity, sentiment, confidence, recommendation, sentiment_source,
  mentions, mentions_source`;

function toPoint(row: PointRow): PricePoint {
  return {
    t: row.t,
    step: row.step,
    prices: jsonArray(row.prices, isNumber),
    volume24h: row.volume_24h,
    liquidity: row.liquidity,
    sentiment: row.sentiment,
    confidence: row.confidence,
    recommendation: row.recommendation,
    sentimentSource: row.sentiment_source,
    mentions: row.mentions,
    mentionsSource: row.mentions_source,
  };
}

/** The insert of a market's point for slot `t`, prepared once and bound per market; a slot's point is written once. */
export function prepareInsert(db: D1Database): (m: MarketObservation, t: number) => D1PreparedStatement {
  const insert = db.prepare(
    `INSERT INTO market_points (market_id, t, step, prices, volume_24h, liquidity, sentiment, confidence,
       recommendation, sentiment_source, mentions, mentions_source)
     VALUES (?1, ?2, ${SLOT_SECONDS}, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
     ON CONFLICT (market_id, t) DO NOTHING`,
  );
  return (m, t) =>
    insert.bind(
      m.id,
      t,
      JSON.stringify(m.prices),
      m.volume24h,
      m.liquidity,
      m.sentiment.label,
      Math.round(m.sentiment.confidence),
      m.sentiment.recommendation,
      m.sentiment.source,
      Math.round(m.mentions.count),
      m.mentions.source,
    );
}

/**
 * Retention, two statements for one batch: 10-minute points older than 30 days are thinned to the
 * first point of each hour, then the rest marked as hourly. The first statement's changes are the rows removed.
 */
export function prepareCompaction(db: D1Database, nowMs: number): [D1PreparedStatement, D1PreparedStatement] {
  const cutoff = slotOf(nowMs - FINE_RETENTION_SECONDS * 1000, HOUR_SECONDS);
  return [
    db
      .prepare(
        `DELETE FROM market_points
         WHERE step = ${SLOT_SECONDS} AND t < ?1 AND EXISTS (
           SELECT 1 FROM market_points AS earlier
           WHERE earlier.market_id = market_points.market_id
             AND earlier.t >= (market_points.t / ${HOUR_SECONDS}) * ${HOUR_SECONDS}
             AND earlier.t < market_points.t)`,
      )
      .bind(cutoff),
    db
      .prepare(`UPDATE market_points SET step = ${HOUR_SECONDS} WHERE step = ${SLOT_SECONDS} AND t < ?1`)
      .bind(cutoff),
  ];
}

/** A market's points from `sinceT` (epoch seconds) on, oldest first. */
export async function since(db: D1Database, marketId: string, sinceT: number): Promise<PricePoint[]> {
  const { results } = await db
    .prepare(`SELECT ${POINT_COLUMNS} FROM market_points WHERE market_id = ?1 AND t >= ?2 ORDER BY t`)
    .bind(marketId, sinceT)
    .all<PointRow>();
  return results.map(toPoint);
}

/** A market's latest point, or null before its first. */
export async function latest(db: D1Database, marketId: string): Promise<PricePoint | null> {
  const row = await db
    .prepare(`SELECT ${POINT_COLUMNS} FROM market_points WHERE market_id = ?1 ORDER BY t DESC LIMIT 1`)
    .bind(marketId)
    .first<PointRow>();
  return row ? toPoint(row) : null;
}

/**
 * The first outcome's price of each listed market at each hour's first slot from `sinceT` on, oldest
 * first: the cards' 24-hour sparklines. One query of exact key lookups (markets × hours), so it reads
 * about 2,400 rows for 100 markets over a day rather than every 10-minute point.
 */
export async function hourlyFirstPrices(
  db: D1Database,
  marketIds: readonly string[],
  sinceT: number,
  untilT: number,
): Promise<Map<string, number[]>> {
  const hours: number[] = [];
  for (let t = Math.ceil(sinceT / HOUR_SECONDS) * HOUR_SECONDS; t <= untilT; t += HOUR_SECONDS) hours.push(t);
  const { results } = await db
    .prepare(
      `SELECT market_id, json_extract(prices, '$[0]') AS p
       FROM market_points
       WHERE market_id IN (SELECT value FROM json_each(?1)) AND t IN (SELECT value FROM json_each(?2))
       ORDER BY market_id, t`,
    )
    .bind(JSON.stringify(marketIds), JSON.stringify(hours))
    .all<{ market_id: string; p: number | null }>();
  const byMarket = new Map<string, number[]>();
  for (const row of results) {
    if (typeof row.p !== "number") continue;
    const list = byMarket.get(row.market_id) ?? [];
    list.push(row.p);
    byMarket.set(row.market_id, list);
  }
  return byMarket;
}

/**
 * Every outcome's prices of the listed markets at exactly the listed slot times (epoch seconds), by market
 * id, oldest first: the events' history. Key lookups only (markets × times rows at most), so a long range
 * read at a coarse step costs what its points are, not every 10-minute point under it.
 */
export async function pricesAt(
  db: D1Database,
  marketIds: readonly string[],
  times: readonly number[],
): Promise<Map<string, { t: number; prices: number[] }[]>> {
  const byMarket = new Map<string, { t: number; prices: number[] }[]>();
  if (marketIds.length === 0 || times.length === 0) return byMarket;
  const { results } = await db
    .prepare(
      `SELECT market_id, t, prices FROM market_points
       WHERE market_id IN (SELECT value FROM json_each(?1)) AND t IN (SELECT value FROM json_each(?2))
       ORDER BY market_id, t`,
    )
    .bind(JSON.stringify(marketIds), JSON.stringify(times))
    .all<{ market_id: string; t: number; prices: string }>();
  for (const row of results) {
    const list = byMarket.get(row.market_id) ?? [];
    list.push({ t: row.t, prices: jsonArray(row.prices, isNumber) });
    byMarket.set(row.market_id, list);
  }
  return byMarket;
}
