-- Kalshi beside Polymarket (decision 0057): Kalshi's open markets, fed a bounded number of `/events` pages per
-- run of their own cron trigger (app/.server/kalshi/). One row per market (the matcher pairs markets, not
-- events). A row is rewritten only when its quantised figures (`figures_hash`: prices to the cent, the 24 h
-- volume to 2 significant digits, the close time, the titles) changed, and the crawl writes at most
-- KALSHI_ROWS_PER_DAY rows a UTC day (its state row counts them).
CREATE TABLE kalshi_markets (
  ticker TEXT PRIMARY KEY,              -- Kalshi's market ticker, e.g. KXFEDCHAIRNOM-29-KW
  event_ticker TEXT NOT NULL,
  series_ticker TEXT NOT NULL,
  event_title TEXT NOT NULL,            -- "Who will Trump nominate as Fed Chair?"
  event_subtitle TEXT NOT NULL,         -- its period, "During Trump's term"
  title TEXT NOT NULL,                  -- the market's question
  label TEXT NOT NULL,                  -- its outcome in a multi-outcome event (yes_sub_title)
  category TEXT NOT NULL,
  mutually_exclusive INTEGER NOT NULL,  -- 1: the event's markets exclude each other
  last_price REAL,                      -- 0..1 (dollars a contract), NULL when not quoted
  yes_bid REAL,
  yes_ask REAL,
  volume24h REAL,                       -- contracts traded in 24 h
  close_time TEXT,                      -- ISO, or NULL
  rules TEXT NOT NULL,                  -- rules_primary, Kalshi's words
  rules_url TEXT NOT NULL,              -- the series' page on kalshi.com, where the rules are published
  figures_hash TEXT NOT NULL,
  read_ms INTEGER NOT NULL,             -- when these figures were read (the row is not rewritten while they hold)
  closed INTEGER NOT NULL DEFAULT 0     -- 1: no longer active, or its event no longer open after a full pass
) WITHOUT ROWID;

-- The crawl's one row: where the current pass is, which events it has listed, and the day's rows written.
CREATE TABLE kalshi_crawl (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  pass INTEGER NOT NULL DEFAULT 0,
  pass_started_ms INTEGER,
  complete INTEGER NOT NULL DEFAULT 1,
  cursor TEXT,                          -- Kalshi's cursor for the pass's next page; NULL: the first page
  pages INTEGER NOT NULL DEFAULT 0,
  seen TEXT NOT NULL DEFAULT '[]',      -- JSON array of the event tickers the pass has listed so far
  last_full_pass_ms INTEGER,
  events INTEGER NOT NULL DEFAULT 0,    -- open events after the last full pass
  unseen_closed_ms INTEGER,             -- when a pass's end last closed the events it did not list (once a day)
  day TEXT NOT NULL DEFAULT '',         -- the UTC day rows_today counts (YYYY-MM-DD)
  rows_today INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 0    -- bumped by every write: a run writes only over the state it read
);
INSERT INTO kalshi_crawl (id) VALUES (1);

-- Pairs decided by a person (Polymarket market id ↔ Kalshi ticker): they win over the matcher's score, as do
-- the checked-in ones (app/lib/kalshi-overrides.ts). Nothing writes here at runtime yet.
CREATE TABLE kalshi_pairs (
  polymarket_id TEXT NOT NULL,
  kalshi_ticker TEXT NOT NULL,
  verdict TEXT NOT NULL CHECK (verdict IN ('confirmed', 'refused')),
  note TEXT NOT NULL DEFAULT '',
  decided_ms INTEGER NOT NULL,
  PRIMARY KEY (polymarket_id, kalshi_ticker)
) WITHOUT ROWID;
