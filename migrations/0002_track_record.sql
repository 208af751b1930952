-- The public track record (decision 0015): every call the site showed, recorded when it was
-- shown and never changed; its grading, once its market resolves, in a row of its own.
-- Times: *_ms columns are epoch milliseconds. Prices and probabilities are 0..1 of the first outcome.

CREATE TABLE calls (
  id TEXT PRIMARY KEY,                      -- <market id>:<source>:<10-minute slot>
  market_id TEXT NOT NULL,
  slug TEXT,
  question TEXT NOT NULL,
  category TEXT NOT NULL,                   -- the site's category slug, or 'other'
  outcomes TEXT NOT NULL,                   -- JSON array of outcome labels; the first is "yes"
  side TEXT NOT NULL CHECK (side IN ('buy_yes', 'buy_no', 'hold')),
  source TEXT NOT NULL,                     -- model id, or 'estimate'
  model_probability REAL CHECK (model_probability IS NULL OR (model_probability >= 0 AND model_probability <= 1)),
  price_at_call REAL NOT NULL CHECK (price_at_call >= 0 AND price_at_call <= 1),
  called_ms INTEGER NOT NULL,
  end_date TEXT                             -- ISO, as known at the call
);
CREATE INDEX calls_market_source ON calls (market_id, source, called_ms);
CREATE INDEX calls_time ON calls (called_ms);

-- Calls are immutable: the database itself refuses to change or remove one.
CREATE TRIGGER calls_no_update BEFORE UPDATE ON calls
BEGIN
  SELECT RAISE(ABORT, 'calls are immutable');
END;
CREATE TRIGGER calls_no_delete BEFORE DELETE ON calls
BEGIN
  SELECT RAISE(ABORT, 'calls are immutable');
END;

-- How each call's market resolved: 'yes' (the first outcome won), 'no', or 'void' (a 50/50 resolution).
CREATE TABLE call_grades (
  call_id TEXT PRIMARY KEY REFERENCES calls (id),
  outcome TEXT NOT NULL CHECK (outcome IN ('yes', 'no', 'void')),
  settled_ms INTEGER NOT NULL,              -- when the market closed (Gamma's closedTime), else when we saw it settled
  graded_ms INTEGER NOT NULL                -- when this row was written
) WITHOUT ROWID;

-- Markets with open calls that the settlement step looked up and found not (yet) settled, and why.
CREATE TABLE settlement_checks (
  market_id TEXT PRIMARY KEY,
  checked_ms INTEGER NOT NULL,
  state TEXT NOT NULL                       -- open | proposed | disputed | unresolved | unclear-prices | unknown
) WITHOUT ROWID;
