-- Smart money (decision 0052): the top wallets of Polymarket's all-time PnL leaderboard, replaced whole at
-- most once a day by the minute cron. A wallet's rank, name, PnL and volume as the board gave them.
CREATE TABLE smart_wallets (
  wallet TEXT PRIMARY KEY,
  rank INTEGER NOT NULL,
  name TEXT,
  pnl REAL NOT NULL,
  volume REAL NOT NULL,
  refreshed_ms INTEGER NOT NULL
);
