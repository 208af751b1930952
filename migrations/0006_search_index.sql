-- The search index (decision 0034): every open Polymarket event, one row each, its markets as one
-- JSON column (D1 bills rows written: a row per market would multiply every price update by the event's market
-- count), fed a bounded number of Gamma pages per cron run (app/.server/search/). Writes are incremental: a row
-- is rewritten only when its quantised figures (`price_hash`) or its text (`text_hash`) changed, and its
-- full-text row only when its text changed.
CREATE TABLE search_events (
  id INTEGER PRIMARY KEY,            -- Gamma's numeric event id; also the rowid of its search_fts row
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  image TEXT,                        -- https URL or NULL
  tags TEXT NOT NULL,                -- JSON [{ slug, label }]
  end_date TEXT,                     -- ISO or NULL
  volume REAL NOT NULL,              -- total volume, USD
  volume24h REAL NOT NULL,           -- rewritten only when its 2-significant-digit value changes (the index below)
  liquidity REAL NOT NULL,
  neg_risk INTEGER NOT NULL,
  -- JSON [{ id, slug, question, label, outcomes: [{ label, price, tokenId }], change24h, volume24h, closed }]
  markets TEXT NOT NULL,
  text_hash TEXT NOT NULL,           -- the slug and the full-text row's text
  price_hash TEXT NOT NULL,          -- the whole row, figures quantised (prices to the cent, volumes to 2 digits)
  updated_ms INTEGER NOT NULL,       -- when this row was last written
  closed INTEGER NOT NULL DEFAULT 0  -- 1: a full pass of the open events did not list it (kept 7 days)
);
-- "Open events by 24 h volume" (an empty search) reads only the rows it shows.
CREATE INDEX search_events_open_volume ON search_events (closed, volume24h DESC);

-- Full text of the open events only (a closed event's row is deleted). rowid = search_events.id.
CREATE VIRTUAL TABLE search_fts USING fts5(
  title,     -- the event's title
  outcomes,  -- its open markets' questions, group titles and outcome labels
  tags,      -- its tag labels
  tokenize = 'unicode61 remove_diacritics 2'
);
-- `ORDER BY rank` is bm25 with the title weighted above the outcomes above the tags. FTS5 sorts by it itself,
-- so a ranked query with LIMIT reads only the rows it returns, however many events match.
INSERT INTO search_fts (search_fts, rank) VALUES ('rank', 'bm25(10.0, 3.0, 1.0)');

-- The crawl's one row: where the current pass is, and which events it has seen so far.
CREATE TABLE search_crawl (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  pass INTEGER NOT NULL DEFAULT 0,          -- the current (or last) pass, from 1
  pass_started_ms INTEGER,                  -- when it started
  complete INTEGER NOT NULL DEFAULT 1,      -- 1 when it ended (the next starts SEARCH_INDEX_PASS_MINUTES after)
  cursor TEXT,                              -- Gamma's next_cursor for its next page; NULL: the first page
  pages INTEGER NOT NULL DEFAULT 0,         -- pages it has read
  seen TEXT NOT NULL DEFAULT '[]',          -- JSON array of the event ids it has listed so far
  last_full_pass_ms INTEGER,                -- when a pass last completed
  events INTEGER NOT NULL DEFAULT 0,        -- open events after that pass
  pruned_ms INTEGER,                        -- when events closed over 7 days were last deleted (once a day)
  version INTEGER NOT NULL DEFAULT 0        -- bumped by every write: a run writes only over the state it read
);
INSERT INTO search_crawl (id) VALUES (1);
