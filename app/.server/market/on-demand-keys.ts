/**
 * The market page's on-demand reads (decision 0021): where each answer is kept in the isolate's memory and
 * the Cache API (never KV), and how long it is fresh. Keys are per market, event or token, lowercase as
 * the ids come.
 */

/** On-demand market data is fresh this long (the snapshot's own window). */
export const ON_DEMAND_FRESH_MS = 15 * 60_000;
/** Trades and holders move faster than the market list. */
export const TRADES_FRESH_MS = 5 * 60_000;

export const ON_DEMAND_KEYS = {
  marketBySlug: (slug: string) => `market:slug:${slug}`,
  event: (eventSlug: string) => `market:event:${eventSlug}`,
  trades: (conditionId: string) => `market:trades:v2:${conditionId}`,
  holders: (conditionId: string) => `market:holders:${conditionId}`,
  prices: (tokenId: string, interval: string) => `market:prices:${interval}:${tokenId}`,
} as const;
