/**
 * What the `gap` alert rules read after each Kalshi crawl (decision 0057): the followed events' pairs whose
 * Kalshi market is open, at Kalshi's stored price and Polymarket's as the search index keeps it (every open
 * event, to the cent), in one query; and freeing the dedupe keys of pairs back under a threshold, in one more.
 */
import * as v from "valibot";
import { kalshiPrice } from "~/lib/cross-venue";
import { RowMarketsSchema } from "../search/document";
import type { PairGap } from "./evaluate";

interface GapRow {
  polymarket_id: string;
  event_slug: string;
  event_title: string;
  ticker: string;
  last_price: number | null;
  yes_bid: number | null;
  yes_ask: number | null;
  markets: string;
}

/** The paired market's name and first-side price from the index row's markets, or null. */
function indexedMarket(json: string, id: string): { label: string; price: number } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const markets = v.safeParse(RowMarketsSchema, parsed);
  if (!markets.success) return null;
  const market = markets.output.find((m) => m.id === id);
  const price = market?.outcomes[0]?.price;
  if (!market || price === undefined) return null;
  return { label: market.groupTitle ?? market.title, price };
}

/** The followed events' open pairs with both prices (pairs without either are left out). Throws when D1 fails. */
export async function readPairGaps(db: D1Database, events: ReadonlySet<string>): Promise<PairGap[]> {
  if (events.size === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT p.polymarket_id, p.event_slug, s.title AS event_title, k.ticker, k.last_price, k.yes_bid,
         k.yes_ask, s.markets
       FROM cross_venue_pairs AS p
       JOIN kalshi_markets AS k ON k.ticker = p.kalshi_ticker
       JOIN search_events AS s ON s.slug = p.event_slug
       WHERE p.event_slug IN (SELECT value FROM json_each(?1)) AND k.closed = 0 AND s.closed = 0`,
    )
    .bind(JSON.stringify([...events]))
    .all<GapRow>();
  return results.flatMap((r) => {
    const kalshi = kalshiPrice({ lastPrice: r.last_price, yesBid: r.yes_bid, yesAsk: r.yes_ask });
    const polymarket = indexedMarket(r.markets, r.polymarket_id);
    if (kalshi === null || polymarket === null) return [];
    return [
      {
        eventSlug: r.event_slug,
        eventTitle: r.event_title,
        polymarketId: r.polymarket_id,
        ticker: r.ticker,
        label: polymarket.label,
        kalshi,
        polymarket: polymarket.price,
      },
    ];
  });
}

/**
 * Frees the dedupe keys of pairs back under their threshold: the sent row is kept (it still counts for the
 * day's budget and the rule's 15 minutes) under a key marked ended, so the next crossing is sent again.
 * Returns how many rows it rewrote (each only once per crossing). One statement, by primary key.
 */
export async function rearmGaps(
  db: D1Database,
  keys: readonly { subscriptionId: string; dedupeKey: string }[],
  now: number,
): Promise<number> {
  if (keys.length === 0) return 0;
  const result = await db
    .prepare(
      `UPDATE alert_sent SET dedupe_key = dedupe_key || ':ended:' || ?2
       WHERE (subscription_id, dedupe_key) IN
         (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1))`,
    )
    .bind(JSON.stringify(keys.map((k) => [k.subscriptionId, k.dedupeKey])), String(now))
    .run();
  return result.meta.changes ?? 0;
}
