-- Refresh state of the shared snapshots (decision 0022): the outcome of each dataset's latest
-- refresh attempts and its cross-isolate refresh lock. They used to be KV keys written on every cron run
-- (about 3,200 KV writes a day); one upserted row per dataset per run costs nothing of KV's 1,000 a day.
-- Times are epoch milliseconds. The row 'history' records the history writes themselves (health).
CREATE TABLE refresh_state (
  dataset TEXT PRIMARY KEY,             -- the dataset's record key, e.g. 'refresh:markets:v1'
  attempt_ms INTEGER,                   -- latest attempt
  success_ms INTEGER,                   -- latest success (NULL before the first)
  failing_since_ms INTEGER,             -- first failure of the current run of failures, NULL while succeeding
  error TEXT,                           -- the latest failure's message, NULL after a success
  confirmed_ms INTEGER,                 -- when the KV copy was last found current (written, or rebuilt the same)
  confirmed_of TEXT,                    -- the fetchedAt of the KV copy that confirmation is about
  lock_until_ms INTEGER                 -- a refresh lock held until then (visitors' background refreshes)
) WITHOUT ROWID;
