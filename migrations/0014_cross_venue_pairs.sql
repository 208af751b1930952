-- Polymarket ↔ Kalshi pairs the matcher shows (decision 0057): one row per paired Polymarket market, written
-- by the Kalshi cron after a pass (only rows that changed; pairs gone are deleted). Pages, the API and the
-- alerts read them joined with kalshi_markets for Kalshi's prices and when they were read.
CREATE TABLE cross_venue_pairs (
  polymarket_id TEXT PRIMARY KEY,        -- Polymarket market id
  event_slug TEXT NOT NULL,              -- its event's slug (pages read an event's pairs)
  kalshi_ticker TEXT NOT NULL,           -- kalshi_markets.ticker
  score REAL NOT NULL,                   -- the matcher's 0–1 (1 for a pair confirmed by hand)
  reasons TEXT NOT NULL,                 -- JSON array of short phrases: how the pair was matched
  decided_by TEXT NOT NULL CHECK (decided_by IN ('score', 'confirmed')),
  matched_ms INTEGER NOT NULL            -- when the matcher last proposed it
) WITHOUT ROWID;
CREATE INDEX cross_venue_pairs_event ON cross_venue_pairs (event_slug);
