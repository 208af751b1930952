-- Per-event history (decision 0032): `/api/v1/events/{slug}/history` reads the points of an
-- event's markets. Existing rows are kept as they are and stay readable: their group title is NULL until the
-- cron next sees the market (the upsert then fills it in, once).
ALTER TABLE markets ADD COLUMN group_title TEXT;  -- what the market is called inside its event (Gamma's groupItemTitle: "Trump"), NULL when none
CREATE INDEX markets_event ON markets (event_slug);
