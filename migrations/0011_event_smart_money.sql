-- Smart money per event (decision 0055). The minute cron computes it for the shown events in rotation and
-- keeps one compact row per event for the cards and the model: the card's line (null when nothing rests on
-- enough wallets), the lean in words, the smart wallets counted and when the figures were computed. A row
-- is rewritten only when it changed or is an hour old (so a card can trust a row at most two hours old).
CREATE TABLE event_smart_money (
  event_slug TEXT PRIMARY KEY,
  line TEXT,
  lean TEXT NOT NULL,
  wallets INTEGER NOT NULL,
  as_of_ms INTEGER NOT NULL
) WITHOUT ROWID;

-- What the model was given of smart money with each call (the lean in words, null when none was fresh),
-- so its value can be measured against the calls' grades.
ALTER TABLE calls ADD COLUMN smart_money TEXT;
