-- The fresh-wallet radar (decision 0054): what the Data API says about a whale trade's wallet, looked up by
-- the minute cron for at most two wallets a run and kept a week. A fact the upstream did not give is NULL.
CREATE TABLE wallet_facts (
  wallet TEXT PRIMARY KEY,
  -- Epoch ms of the wallet's first activity.
  first_activity_ms INTEGER,
  -- Distinct markets it has traded.
  markets INTEGER,
  -- Its total traded volume, USD.
  volume_usd REAL,
  -- When the facts were looked up (epoch ms).
  checked_ms INTEGER NOT NULL
);
