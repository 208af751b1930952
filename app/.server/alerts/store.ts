/**
 * Alert subscriptions in D1 (migration 0008, decision 0042): the endpoint and keys a browser gave, its
 * rules, and the times; the secret only as its SHA-256. The only SQL of alerts but the evaluation's.
 */
import * as v from "valibot";
import { type AlertRule, AlertRuleSchema, type AlertsRequest } from "~/lib/schemas/alerts";

export interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  rules: AlertRule[];
  createdMs: number;
  lastSentMs: number | null;
}

interface Row {
  id: string;
  secret_hash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  rules: string;
  created_ms: number;
  last_sent_ms: number | null;
}

const RulesSchema = v.array(AlertRuleSchema);

function fromRow(row: Row): StoredSubscription {
  const parsed = v.safeParse(RulesSchema, JSON.parse(row.rules));
  return {
    id: row.id,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    rules: parsed.success ? parsed.output : [],
    createdMs: row.created_ms,
    lastSentMs: row.last_sent_ms,
  };
}

const randomText = (bytes: number) => {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buffer))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
};

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}
/** Compares every byte (no early exit); the inputs are digests, so even a leak would say nothing of the secret. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Creates or (same endpoint) replaces; the answer carries a new secret either way. */
export async function saveSubscription(
  db: D1Database,
  request: AlertsRequest,
  now: number,
  /** At most this many subscriptions in all (ALERTS_MAX_SUBSCRIPTIONS): a new endpoint beyond is refused. */
  max: number,
): Promise<{ id: string; secret: string; created: boolean } | { full: true }> {
  const secret = randomText(32);
  const secretHash = hex(await sha256(secret));
  const { endpoint, keys } = request.subscription;
  const rules = JSON.stringify(request.rules);
  const existing = await db
    .prepare("SELECT id FROM alert_subscriptions WHERE endpoint = ?")
    .bind(endpoint)
    .first<{ id: string }>();
  if (existing) {
    await db
      .prepare("UPDATE alert_subscriptions SET secret_hash = ?, p256dh = ?, auth = ?, rules = ? WHERE id = ?")
      .bind(secretHash, keys.p256dh, keys.auth, rules, existing.id)
      .run();
    return { id: existing.id, secret, created: false };
  }
  const id = randomText(16);
  // One statement: the count and the insert cannot be split by another request.
  const result = await db
    .prepare(
      `INSERT INTO alert_subscriptions (id, secret_hash, endpoint, p256dh, auth, rules, created_ms)
       SELECT ?, ?, ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM alert_subscriptions) < ?`,
    )
    .bind(id, secretHash, endpoint, keys.p256dh, keys.auth, rules, now, max)
    .run();
  if (result.meta.changes === 0) return { full: true };
  return { id, secret, created: true };
}

export type Authorised =
  | { ok: true; subscription: StoredSubscription }
  | { ok: false; reason: "not_found" | "unauthorized" };

/** The subscription when `secret` is its secret: 404 before 401, so an id's existence needs no secret. */
export async function authorisedSubscription(
  db: D1Database,
  id: string,
  secret: string | null,
): Promise<Authorised> {
  const row = await rowOf(db, id);
  if (!row) return { ok: false, reason: "not_found" };
  if (!secret) return { ok: false, reason: "unauthorized" };
  const given = await sha256(secret);
  const stored = Uint8Array.from(row.secret_hash.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
  if (!sameBytes(given, stored)) return { ok: false, reason: "unauthorized" };
  return { ok: true, subscription: fromRow(row) };
}

function rowOf(db: D1Database, id: string): Promise<Row | null> {
  return db.prepare("SELECT * FROM alert_subscriptions WHERE id = ?").bind(id).first<Row>();
}

export async function getSubscription(db: D1Database, id: string): Promise<StoredSubscription | null> {
  const row = await rowOf(db, id);
  return row ? fromRow(row) : null;
}

export async function deleteSubscription(db: D1Database, id: string): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM alert_sent WHERE subscription_id = ?").bind(id),
    db.prepare("DELETE FROM alert_subscriptions WHERE id = ?").bind(id),
  ]);
}

export async function markSent(db: D1Database, id: string, now: number): Promise<void> {
  await db.prepare("UPDATE alert_subscriptions SET last_sent_ms = ? WHERE id = ?").bind(now, id).run();
}
