/** Where each dataset lives in KV (the values, their refresh locks and refresh records). */
export const KV_KEYS = {
  markets: "snapshot:markets:v1",
  marketsLock: "lock:markets",
  marketsRefresh: "refresh:markets:v1",
  whales: "snapshot:whales:v1",
  whalesLock: "lock:whales",
  whalesRefresh: "refresh:whales:v1",
} as const;
