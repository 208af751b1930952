-- Web Push alerts without an account (decision 0042). A subscription is what the browser's
-- PushManager gave (endpoint and keys) and the visitor's rules; nothing else about the person: no IP, no
-- cookie. The secret that authorises reading and deleting it is stored only as its SHA-256.
CREATE TABLE alert_subscriptions (
  id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  -- The rules as JSON: [{ "type": "price_move", "event", "points" }, …] (app/lib/schemas/alerts.ts).
  rules TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  -- When a push was last accepted by the push service; NULL: never.
  last_sent_ms INTEGER
);

-- What was sent to whom: never twice for the same trade or move (the dedupe key), and a rule at most once
-- per 15 minutes (its rule key and the time). Deleted with the subscription.
CREATE TABLE alert_sent (
  subscription_id TEXT NOT NULL REFERENCES alert_subscriptions (id) ON DELETE CASCADE,
  dedupe_key TEXT NOT NULL,
  rule_key TEXT NOT NULL,
  sent_ms INTEGER NOT NULL,
  PRIMARY KEY (subscription_id, dedupe_key)
);
CREATE INDEX alert_sent_rule ON alert_sent (subscription_id, rule_key, sent_ms);
CREATE INDEX alert_sent_time ON alert_sent (sent_ms);
