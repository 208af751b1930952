-- History: what the cron saw, so pages can show how odds, attention and big money moved.
-- Times: `t` columns are epoch seconds, `*_ms` columns epoch milliseconds. Prices are 0..1.

-- Every market the site has shown, kept after it leaves the top 100 (market pages, track record).
CREATE TABLE markets (
  id TEXT PRIMARY KEY,                      -- Gamma market id
  slug TEXT,
  event_slug TEXT,
  condition_id TEXT,
  question TEXT NOT NULL,
  outcomes TEXT NOT NULL,                   -- JSON array of outcome labels, in Gamma's order
  clob_token_ids TEXT NOT NULL DEFAULT '[]', -- JSON array aligned with outcomes
  end_date TEXT,                            -- ISO time or NULL
  first_seen INTEGER NOT NULL               -- t of the first point (the latest is MAX(market_points.t))
);
CREATE INDEX markets_slug ON markets (slug);
CREATE INDEX markets_condition ON markets (condition_id);

-- One point per shown market per 10-minute slot; compacted to one per hour after 30 days.
CREATE TABLE market_points (
  market_id TEXT NOT NULL,
  t INTEGER NOT NULL,                       -- slot start (multiple of 600)
  step INTEGER NOT NULL DEFAULT 600,        -- seconds the point stands for: 600, or 3600 once compacted
  prices TEXT NOT NULL,                     -- JSON array of outcome prices, aligned with markets.outcomes
  volume_24h REAL NOT NULL,
  liquidity REAL NOT NULL,
  sentiment TEXT NOT NULL,                  -- bullish | bearish | neutral
  confidence INTEGER NOT NULL,              -- percent
  recommendation TEXT NOT NULL,             -- BUY_YES | BUY_NO | NEUTRAL
  sentiment_source TEXT NOT NULL,           -- model id, or 'estimated'
  mentions INTEGER NOT NULL,
  mentions_source TEXT NOT NULL,            -- live | estimated
  PRIMARY KEY (market_id, t)
) WITHOUT ROWID;
-- Only the points still at 10-minute resolution: compaction reads these.
CREATE INDEX market_points_fine ON market_points (t) WHERE step = 600;

-- Each change of a market's sentiment label or recommendation, with the reasoning given then.
CREATE TABLE sentiment_changes (
  market_id TEXT NOT NULL,
  t INTEGER NOT NULL,
  sentiment TEXT NOT NULL,
  confidence INTEGER NOT NULL,
  recommendation TEXT NOT NULL,
  source TEXT NOT NULL,
  reasoning TEXT NOT NULL,
  PRIMARY KEY (market_id, t)
) WITHOUT ROWID;

-- Every whale trade seen, once (id = transaction hash and fill).
CREATE TABLE whale_trades (
  id TEXT PRIMARY KEY,
  condition_id TEXT NOT NULL,
  market_slug TEXT,
  event_slug TEXT,
  title TEXT NOT NULL,
  outcome TEXT NOT NULL,                    -- YES | NO | OTHER
  outcome_label TEXT NOT NULL,
  side TEXT NOT NULL,                       -- BUY | SELL
  size REAL NOT NULL,                       -- shares
  price REAL NOT NULL,
  traded_ms INTEGER NOT NULL,
  wallet TEXT NOT NULL,
  pseudonym TEXT
);
CREATE INDEX whale_trades_condition ON whale_trades (condition_id, traded_ms);
CREATE INDEX whale_trades_wallet ON whale_trades (wallet, traded_ms);
CREATE INDEX whale_trades_time ON whale_trades (traded_ms);

-- What each cron run saw of each upstream (status page uptime and incidents). Kept 31 days.
CREATE TABLE upstream_checks (
  upstream TEXT NOT NULL,                   -- gamma | data | x | llm
  checked_ms INTEGER NOT NULL,
  ok INTEGER NOT NULL,                      -- 1 ok, 0 failed
  status INTEGER,                           -- HTTP status when there was one
  latency_ms INTEGER NOT NULL,
  items INTEGER,                            -- markets, trades, counts or analyses received
  error TEXT,
  PRIMARY KEY (upstream, checked_ms)
) WITHOUT ROWID;
CREATE INDEX upstream_checks_time ON upstream_checks (checked_ms);
