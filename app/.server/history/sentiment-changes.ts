/**
 * `sentiment_changes` (migrations/0001_history.sql): each change of a market's sentiment label or
 * recommendation, with the reasoning given then. Its row type and its SQL (a row needs no mapping).
 */
import type { SentimentStep } from "~/lib/market-page";
import type { MarketObservation } from "./observation";

/** A row as read (without `market_id`): its columns are named as the fields are, so no mapping is needed. */
type ChangeRow = SentimentStep;

/**
 * The insert of a market's sentiment in slot `t`, prepared once and bound per market: a row only
 * where the label or recommendation differs from the last one stored.
 */
export function prepareInsert(db: D1Database): (m: MarketObservation, t: number) => D1PreparedStatement {
  const insert = db.prepare(
    `INSERT INTO sentiment_changes (market_id, t, sentiment, confidence, recommendation, source, reasoning)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
     WHERE NOT EXISTS (
       SELECT 1 FROM (SELECT sentiment, recommendation FROM sentiment_changes
                      WHERE market_id = ?1 AND t <= ?2 ORDER BY t DESC LIMIT 1) AS last
       WHERE last.sentiment = ?3 AND last.recommendation = ?5)
     ON CONFLICT (market_id, t) DO NOTHING`,
  );
  return (m, t) =>
    insert.bind(
      m.id,
      t,
      m.sentiment.label,
      Math.round(m.sentiment.confidence),
      m.sentiment.recommendation,
      m.sentiment.source,
      m.sentiment.reasoning,
    );
}

/** Each recorded change of a market's sentiment label or recommendation, newest first. */
export async function forMarket(db: D1Database, marketId: string, limit: number): Promise<SentimentStep[]> {
  const { results } = await db
    .prepare(
      `SELECT t, sentiment, confidence, recommendation, source, reasoning
       FROM sentiment_changes WHERE market_id = ?1 ORDER BY t DESC LIMIT ?2`,
    )
    .bind(marketId, limit)
    .all<ChangeRow>();
  return results;
}
