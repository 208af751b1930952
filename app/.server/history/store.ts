/**
 * The history database (D1): the only module that holds SQL. Every value is a bound parameter; rows
 * come back typed. Writes are batched (one D1 call each) and idempotent, so a repeated cron run in
 * the same 10-minute slot adds nothing. Schema: migrations/0001_history.sql.
 */
import type { Recommendation, SentimentLabel, WhaleTrade } from "~/lib/types";
import { unranked } from "../polymarket/data-api";
import { CallStore } from "./calls";
import { CHECK_RETENTION_MS, FINE_RETENTION_SECONDS, HOUR_SECONDS, SLOT_SECONDS, slotOf } from "./slots";

export { HOUR_SECONDS, SLOT_SECONDS, slotOf };

/** The `refresh_state` row that says when history writes last succeeded. */
const HISTORY_STATE_KEY = "history";

/** What one shown market contributes to a snapshot's history. */
export interface MarketObservation {
  id: string;
  slug: string | null;
  eventSlug: string | null;
  conditionId: string | null;
  question: string;
  outcomes: readonly string[];
  clobTokenIds: readonly string[];
  endDate: string | null;
  /** 0..1, aligned with `outcomes`. */
  prices: readonly number[];
  volume24h: number;
  liquidity: number;
  sentiment: {
    label: SentimentLabel;
    confidence: number;
    recommendation: Recommendation;
    /** Model id or "estimated". */
    source: string;
    reasoning: string;
  };
  mentions: { count: number; source: "live" | "estimated" };
}

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

export interface SentimentChange {
  t: number;
  sentiment: SentimentLabel;
  confidence: number;
  recommendation: Recommendation;
  source: string;
  reasoning: string;
}

export interface UpstreamCheck {
  upstream: "gamma" | "data" | "x" | "llm";
  checkedMs: number;
  ok: boolean;
  status: number | null;
  latencyMs: number;
  items: number | null;
  error: string | null;
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

interface WhaleRow {
  id: string;
  condition_id: string;
  market_slug: string | null;
  event_slug: string | null;
  title: string;
  outcome: WhaleTrade["outcome"];
  outcome_label: string;
  side: WhaleTrade["side"];
  size: number;
  price: number;
  traded_ms: number;
  wallet: string;
  pseudonym: string | null;
}

interface CheckRow {
  upstream: UpstreamCheck["upstream"];
  checked_ms: number;
  ok: number;
  status: number | null;
  latency_ms: number;
  items: number | null;
  error: string | null;
}

/** A JSON array column we wrote ourselves; anything unreadable reads as empty. */
function jsonArray<T>(text: string, item: (value: unknown) => value is T): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(item) : [];
  } catch {
    return [];
  }
}

const isString = (value: unknown): value is string => typeof value === "string";
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

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

function toTrade(row: WhaleRow): WhaleTrade {
  return {
    id: row.id,
    marketId: row.condition_id,
    title: row.title,
    outcome: row.outcome,
    outcomeLabel: row.outcome_label,
    side: row.side,
    size: row.size,
    price: row.price,
    timestamp: row.traded_ms,
    trader: unranked(row.wallet, row.pseudonym),
    eventSlug: row.event_slug,
    marketSlug: row.market_slug,
  };
}

function toCheck(row: CheckRow): UpstreamCheck {
  return {
    upstream: row.upstream,
    checkedMs: row.checked_ms,
    ok: row.ok === 1,
    status: row.status,
    latencyMs: row.latency_ms,
    items: row.items,
    error: row.error,
  };
}

function changes(results: readonly D1Result[]): number {
  return results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
}

/** Reads and writes of the history database. Construct one per request or cron run. */
export class HistoryStore {
  /** The track record's calls and gradings (same database). */
  readonly calls: CallStore;

  constructor(private readonly db: D1Database) {
    this.calls = new CallStore(db);
  }

  /**
   * Appends one point per market for the 10-minute slot of `atMs`, keeps each market's metadata
   * current and records a sentiment change where the label or recommendation differs from the last
   * one stored. Idempotent per slot. Returns how many points were added and market rows written.
   */
  async recordSnapshot(
    markets: readonly MarketObservation[],
    atMs: number,
  ): Promise<{ points: number; marketsWritten: number }> {
    if (markets.length === 0) return { points: 0, marketsWritten: 0 };
    const t = slotOf(atMs);
    // Metadata is rewritten only when it changed: an unchanged market costs no row write per slot.
    const upsertMarket = this.db.prepare(
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
    const insertPoint = this.db.prepare(
      `INSERT INTO market_points (market_id, t, step, prices, volume_24h, liquidity, sentiment, confidence,
         recommendation, sentiment_source, mentions, mentions_source)
       VALUES (?1, ?2, ${SLOT_SECONDS}, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
       ON CONFLICT (market_id, t) DO NOTHING`,
    );
    const insertChange = this.db.prepare(
      `INSERT INTO sentiment_changes (market_id, t, sentiment, confidence, recommendation, source, reasoning)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
       WHERE NOT EXISTS (
         SELECT 1 FROM (SELECT sentiment, recommendation FROM sentiment_changes
                        WHERE market_id = ?1 AND t <= ?2 ORDER BY t DESC LIMIT 1) AS last
         WHERE last.sentiment = ?3 AND last.recommendation = ?5)
       ON CONFLICT (market_id, t) DO NOTHING`,
    );
    const statements: D1PreparedStatement[] = [];
    const pointIndexes: number[] = [];
    const marketIndexes: number[] = [];
    for (const m of markets) {
      marketIndexes.push(statements.length);
      statements.push(
        upsertMarket.bind(
          m.id,
          m.slug,
          m.eventSlug,
          m.conditionId,
          m.question,
          JSON.stringify(m.outcomes),
          JSON.stringify(m.clobTokenIds),
          m.endDate,
          t,
        ),
      );
      pointIndexes.push(statements.length);
      statements.push(
        insertPoint.bind(
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
        ),
      );
      statements.push(
        insertChange.bind(
          m.id,
          t,
          m.sentiment.label,
          Math.round(m.sentiment.confidence),
          m.sentiment.recommendation,
          m.sentiment.source,
          m.sentiment.reasoning,
        ),
      );
    }
    const results = await this.db.batch(statements);
    const pick = (indexes: number[]) =>
      changes(indexes.map((i) => results[i]).filter((r): r is D1Result => r !== undefined));
    return { points: pick(pointIndexes), marketsWritten: pick(marketIndexes) };
  }

  /** Stores each trade once (keyed by transaction hash and fill). Returns how many were new. */
  async recordWhaleTrades(trades: readonly WhaleTrade[]): Promise<number> {
    if (trades.length === 0) return 0;
    const insert = this.db.prepare(
      `INSERT INTO whale_trades (id, condition_id, market_slug, event_slug, title, outcome, outcome_label, side,
         size, price, traded_ms, wallet, pseudonym)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
       ON CONFLICT (id) DO NOTHING`,
    );
    const results = await this.db.batch(
      trades.map((trade) =>
        insert.bind(
          trade.id,
          trade.marketId,
          trade.marketSlug,
          trade.eventSlug,
          trade.title,
          trade.outcome,
          trade.outcomeLabel,
          trade.side,
          trade.size,
          trade.price,
          trade.timestamp,
          trade.trader.wallet.toLowerCase(),
          trade.trader.name,
        ),
      ),
    );
    return changes(results);
  }

  /** Notes that history writes succeeded at `atMs` (the health check's "last write"). */
  async noteHistoryWrite(atMs: number): Promise<void> {
    await this.db
      .prepare(
        `INSERT INTO refresh_state (dataset, success_ms) VALUES ('${HISTORY_STATE_KEY}', ?1)
         ON CONFLICT (dataset) DO UPDATE SET success_ms = excluded.success_ms`,
      )
      .bind(atMs)
      .run();
  }

  /** When history writes last succeeded (epoch ms), or null before the first. Throws when D1 fails. */
  async lastHistoryWrite(): Promise<number | null> {
    const row = await this.db
      .prepare(`SELECT success_ms FROM refresh_state WHERE dataset = '${HISTORY_STATE_KEY}'`)
      .first<{ success_ms: number | null }>();
    return row?.success_ms ?? null;
  }

  /** Records what a cron run saw of each upstream. */
  async recordChecks(checks: readonly UpstreamCheck[]): Promise<void> {
    if (checks.length === 0) return;
    const insert = this.db.prepare(
      `INSERT INTO upstream_checks (upstream, checked_ms, ok, status, latency_ms, items, error)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
       ON CONFLICT (upstream, checked_ms) DO NOTHING`,
    );
    await this.db.batch(
      checks.map((c) =>
        insert.bind(
          c.upstream,
          c.checkedMs,
          c.ok ? 1 : 0,
          c.status,
          Math.round(c.latencyMs),
          c.items,
          c.error,
        ),
      ),
    );
  }

  /**
   * Retention: 10-minute points older than 30 days are thinned to the first point of each hour (and
   * marked as hourly); check records older than 31 days are dropped. Returns the rows removed.
   */
  async compact(nowMs: number): Promise<number> {
    const cutoff = slotOf(nowMs - FINE_RETENTION_SECONDS * 1000, HOUR_SECONDS);
    const results = await this.db.batch([
      this.db
        .prepare(
          `DELETE FROM market_points
           WHERE step = ${SLOT_SECONDS} AND t < ?1 AND EXISTS (
             SELECT 1 FROM market_points AS earlier
             WHERE earlier.market_id = market_points.market_id
               AND earlier.t >= (market_points.t / ${HOUR_SECONDS}) * ${HOUR_SECONDS}
               AND earlier.t < market_points.t)`,
        )
        .bind(cutoff),
      this.db
        .prepare(`UPDATE market_points SET step = ${HOUR_SECONDS} WHERE step = ${SLOT_SECONDS} AND t < ?1`)
        .bind(cutoff),
      this.db.prepare("DELETE FROM upstream_checks WHERE checked_ms < ?1").bind(nowMs - CHECK_RETENTION_MS),
    ]);
    const [points, , checks] = results;
    return (points?.meta.changes ?? 0) + (checks?.meta.changes ?? 0);
  }

  /** A market by its slug (the latest seen with it), or null. */
  async marketBySlug(slug: string): Promise<StoredMarket | null> {
    const row = await this.db
      .prepare("SELECT * FROM markets WHERE slug = ?1 ORDER BY first_seen DESC LIMIT 1")
      .bind(slug)
      .first<MarketRow>();
    return row ? toMarket(row) : null;
  }

  /** A market's points from `sinceT` (epoch seconds) on, oldest first. */
  async points(marketId: string, sinceT: number): Promise<PricePoint[]> {
    const { results } = await this.db
      .prepare(
        `SELECT t, step, prices, volume_24h, liquidity, sentiment, confidence, recommendation, sentiment_source,
           mentions, mentions_source
         FROM market_points WHERE market_id = ?1 AND t >= ?2 ORDER BY t`,
      )
      .bind(marketId, sinceT)
      .all<PointRow>();
    return results.map(toPoint);
  }

  /** A market's latest point, or null before its first. */
  async lastPoint(marketId: string): Promise<PricePoint | null> {
    const row = await this.db
      .prepare(
        `SELECT t, step, prices, volume_24h, liquidity, sentiment, confidence, recommendation, sentiment_source,
           mentions, mentions_source
         FROM market_points WHERE market_id = ?1 ORDER BY t DESC LIMIT 1`,
      )
      .bind(marketId)
      .first<PointRow>();
    return row ? toPoint(row) : null;
  }

  /**
   * The first outcome's price of each listed market at each hour's first slot from `sinceT` on, oldest
   * first: the cards' 24-hour sparklines. One query of exact key lookups (markets × hours), so it reads
   * about 2,400 rows for 100 markets over a day rather than every 10-minute point.
   */
  async hourlyFirstPrices(
    marketIds: readonly string[],
    sinceT: number,
    untilT: number,
  ): Promise<Map<string, number[]>> {
    const hours: number[] = [];
    for (let t = Math.ceil(sinceT / HOUR_SECONDS) * HOUR_SECONDS; t <= untilT; t += HOUR_SECONDS)
      hours.push(t);
    const { results } = await this.db
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

  /** Each recorded change of a market's sentiment label or recommendation, newest first. */
  async sentimentChanges(marketId: string, limit = 50): Promise<SentimentChange[]> {
    const { results } = await this.db
      .prepare(
        `SELECT t, sentiment, confidence, recommendation, source, reasoning
         FROM sentiment_changes WHERE market_id = ?1 ORDER BY t DESC LIMIT ?2`,
      )
      .bind(marketId, limit)
      .all<SentimentChange>();
    return results;
  }

  /** Stored whale trades in a market (by condition id), newest first. */
  whaleTradesForMarket(conditionId: string, limit = 50): Promise<WhaleTrade[]> {
    return this.whaleTrades("condition_id", conditionId, limit);
  }

  /** Stored whale trades of a wallet, newest first. */
  whaleTradesForWallet(wallet: string, limit = 50): Promise<WhaleTrade[]> {
    return this.whaleTrades("wallet", wallet.toLowerCase(), limit);
  }

  private async whaleTrades(
    column: "condition_id" | "wallet",
    value: string,
    limit: number,
  ): Promise<WhaleTrade[]> {
    // The column comes from the two literals above, never from input; the value is bound.
    const { results } = await this.db
      .prepare(`SELECT * FROM whale_trades WHERE ${column} = ?1 ORDER BY traded_ms DESC, id LIMIT ?2`)
      .bind(value, limit)
      .all<WhaleRow>();
    return results.map(toTrade);
  }

  /** Upstream checks since `sinceMs`, oldest first. */
  async checksSince(sinceMs: number): Promise<UpstreamCheck[]> {
    const { results } = await this.db
      .prepare("SELECT * FROM upstream_checks WHERE checked_ms >= ?1 ORDER BY checked_ms")
      .bind(sinceMs)
      .all<CheckRow>();
    return results.map(toCheck);
  }

  /**
   * Per upstream, for each of `sinceMs` (e.g. 24 h, 7 d and 30 d ago): the checks since then, how many
   * were ok, their mean latency and the latest one's time. One batch; D1 does the counting, so the
   * status page never reads a month of rows.
   */
  async checkTallies(sinceMs: readonly number[]): Promise<
    {
      upstream: UpstreamCheck["upstream"];
      total: number;
      ok: number;
      meanLatencyMs: number;
      lastMs: number;
    }[][]
  > {
    if (sinceMs.length === 0) return [];
    const tally = this.db.prepare(
      `SELECT upstream, COUNT(*) AS total, SUM(ok) AS ok, AVG(latency_ms) AS mean_latency_ms,
         MAX(checked_ms) AS last_ms
       FROM upstream_checks WHERE checked_ms >= ?1 GROUP BY upstream ORDER BY upstream`,
    );
    const results = await this.db.batch<{
      upstream: UpstreamCheck["upstream"];
      total: number;
      ok: number;
      mean_latency_ms: number;
      last_ms: number;
    }>(sinceMs.map((since) => tally.bind(since)));
    return results.map(({ results: rows }) =>
      rows.map((row) => ({
        upstream: row.upstream,
        total: row.total,
        ok: row.ok,
        meanLatencyMs: row.mean_latency_ms,
        lastMs: row.last_ms,
      })),
    );
  }

  /**
   * What incidents are made of, since `sinceMs`, oldest first: every failed check, and each check that
   * directly followed a failed one of the same upstream (the recovery). The bulk of the table, ok checks
   * after ok ones, stays in D1.
   */
  async checksAroundFailures(sinceMs: number): Promise<UpstreamCheck[]> {
    const { results } = await this.db
      .prepare(
        `SELECT upstream, checked_ms, ok, status, latency_ms, items, error FROM (
           SELECT *, LAG(ok) OVER (PARTITION BY upstream ORDER BY checked_ms) AS previous_ok
           FROM upstream_checks WHERE checked_ms >= ?1)
         WHERE ok = 0 OR previous_ok = 0
         ORDER BY checked_ms`,
      )
      .bind(sinceMs)
      .all<CheckRow>();
    return results.map(toCheck);
  }
}
