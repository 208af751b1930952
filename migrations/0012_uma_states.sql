-- UMA's resolution (decision 0053): the shown markets Gamma says are proposed or disputed, as the Data API
-- v2's /v2/resolutions last answered for them (the minute cron asks for at most 20 a run). A row is written
-- only when its state, answer or time changes; the cards read the live ones, the resolution alerts fire on
-- each change of state.
CREATE TABLE uma_states (
  condition_id TEXT PRIMARY KEY,
  market_id TEXT NOT NULL,
  event_slug TEXT NOT NULL,
  -- The market's question (what an alert names).
  label TEXT NOT NULL,
  -- open | proposed | disputed | resolved
  state TEXT NOT NULL,
  -- The proposed (or, resolved, the final) answer in words: an outcome's label or "50-50".
  answer TEXT,
  -- When a proposal becomes final unless disputed, or the vote's expected end (epoch ms).
  final_ms INTEGER,
  was_disputed INTEGER NOT NULL DEFAULT 0,
  -- When this state was first seen (epoch ms).
  changed_ms INTEGER NOT NULL
);
CREATE INDEX uma_states_by_state ON uma_states (state);
