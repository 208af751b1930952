/** Where each dataset lives in KV (the values, their refresh locks and refresh records). */
export const KV_KEYS = {
  markets: "snapshot:markets:v1",
  marketsLock: "lock:markets",
  marketsRefresh: "refresh:markets:v1",
  // v2: trades carry their trader ({ wallet, name, rank, … }) instead of a wallet string.
  whales: "snapshot:whales:v2",
  whalesLock: "lock:whales",
  whalesRefresh: "refresh:whales:v1",
  board: "snapshot:leaderboard:v1",
  boardLock: "lock:leaderboard",
  boardRefresh: "refresh:leaderboard:v1",
} as const;
