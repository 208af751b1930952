-- Calls per event under versioned rules (§6, decision 0033). Rows already recorded stay
-- as they were: they read as rule version 1 with no side price, no event and no forecast vectors. The
-- insert-only triggers of 0002 still refuse every update and delete (ADD COLUMN leaves them in place).

-- The rules the call was recorded under (track-record/call-rules.ts CALL_RULES_VERSION): 1 for every call
-- before calls were made per event (every shown market's call), 2 for an event's call let through by `callDecision`.
ALTER TABLE calls ADD COLUMN rule_version INTEGER NOT NULL DEFAULT 1;
-- The entry price: the price of the side bought (the outcome's price for buy_yes, 1 − it for buy_no), 0..1.
-- NULL for version 1 (its price_at_call is the first outcome's, as before).
ALTER TABLE calls ADD COLUMN side_price REAL CHECK (side_price IS NULL OR (side_price >= 0 AND side_price <= 1));
ALTER TABLE calls ADD COLUMN event_id TEXT;
ALTER TABLE calls ADD COLUMN event_slug TEXT;
ALTER TABLE calls ADD COLUMN event_title TEXT;
-- The outcome called as the card named it ("Yes · Trump", "Lakers").
ALTER TABLE calls ADD COLUMN call_outcome TEXT;
-- What the forecast is scored over, as JSON arrays aligned with each other; all four NULL when the analysis
-- had no probabilities (the labelled estimate). `outcome_keys` are market ids for a mutually exclusive
-- (negative-risk) multi-outcome event, scored over its outcomes with the winner the market resolving Yes;
-- `<market id>:0` and `<market id>:1` for a one-market event, or for the called market of a multi-outcome
-- event whose outcomes are not exclusive (scored as its own Yes/No question).
ALTER TABLE calls ADD COLUMN outcome_keys TEXT;
ALTER TABLE calls ADD COLUMN outcome_labels TEXT;
-- The model's probability per outcome (sums to 1).
ALTER TABLE calls ADD COLUMN forecast TEXT;
-- The market's price per outcome at the call, as Gamma gave them (the scoring scales them to sum to 1).
ALTER TABLE calls ADD COLUMN market_prices TEXT;
CREATE INDEX calls_event_source ON calls (event_id, source, called_ms);

-- How each market the settlement looked up resolved: the called markets and, for a mutually exclusive
-- event's forecast, every outcome market it is scored over. Written once per market, never changed.
CREATE TABLE market_resolutions (
  market_id TEXT PRIMARY KEY,
  outcome TEXT NOT NULL CHECK (outcome IN ('yes', 'no', 'void')),
  settled_ms INTEGER NOT NULL,              -- Gamma's closedTime, else when we saw it settled
  recorded_ms INTEGER NOT NULL
) WITHOUT ROWID;
