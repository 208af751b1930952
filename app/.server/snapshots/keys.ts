/**
 * Where each shared snapshot lives in KV, and the key of its refresh record and lock (in D1's
 * `refresh_state`, decision 0022: records and locks are no longer KV writes).
 */
export const KV_KEYS = {
  // v2: the snapshot lists event cards (`events`) and keeps per-event analyses.
  // v3: each card's X count carries the query it counted (`mentions.query`, decision 0049).
  // v4: the kept markets' prices are 0..1 only (no percent `yesPrice`/`noPrice`), their 24 h change
  // `firstPriceChange24h` (0..1, was `priceChange24h` in points).
  // v5: the kept markets carry UMA's status history (`resolutionHistory`).
  markets: "snapshot:markets:v5",
  marketsRefresh: "refresh:markets:v1",
  // v2: trades carry their trader ({ wallet, name, rank, … }) instead of a wallet string.
  whales: "snapshot:whales:v2",
  whalesRefresh: "refresh:whales:v1",
  board: "snapshot:leaderboard:v1",
  boardRefresh: "refresh:leaderboard:v1",
} as const;
