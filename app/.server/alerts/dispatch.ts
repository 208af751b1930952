/**
 * From the crons' new data to queued pushes (decision 0042): the rules read in one query, the
 * matches (alerts/evaluate.ts) recorded in `alert_sent` first — a dedupe key never twice, a rule at most once
 * per 15 minutes, at most ALERTS_PER_DAY a day — and only those recorded are sent to the queue.
 */
import * as v from "valibot";
import { AlertRuleSchema } from "~/lib/schemas/alerts";
import type { CallSide } from "~/lib/track-record";
import { createLog } from "../log";
import type { AlertMatch, AlertNotification, CallChange, RuleSet } from "./evaluate";

const log = createLog("alerts");

/** A rule fires at most once in this long per subscription. */
export const RULE_GAP_MS = 15 * 60 * 1000;
/** Pushes queued a day at most: the Free plan's Queues take 10,000 operations a day, 3 per message. */
export const ALERTS_PER_DAY = 2_500;
/** What `alert_sent` keeps: older rows only stood for dedupe keys no new data can repeat. */
export const SENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** What the queue carries: one push to one subscription. */
export interface AlertMessage {
  subscriptionId: string;
  notification: AlertNotification;
  urgency: "high" | "normal";
}

/** The producer side of the `ALERTS` queue binding. */
export interface AlertQueue {
  sendBatch(messages: Iterable<{ body: AlertMessage }>): Promise<unknown>;
}

const RulesSchema = v.array(AlertRuleSchema);

/**
 * Every subscription's rules (one query; bounded by ALERTS_MAX_SUBSCRIPTIONS). With `pruneNow`, what
 * `alert_sent` no longer needs is dropped in the same round trip (the 10-minute run).
 */
export async function loadRuleSets(db: D1Database, pruneNow?: number): Promise<RuleSet[]> {
  const select = db.prepare("SELECT id, created_ms, rules FROM alert_subscriptions");
  const statements =
    pruneNow === undefined
      ? [select]
      : [db.prepare("DELETE FROM alert_sent WHERE sent_ms < ?").bind(pruneNow - SENT_KEPT_MS), select];
  const results = await db.batch<{ id: string; created_ms: number; rules: string }>(statements);
  return (results.at(-1)?.results ?? []).flatMap((row) => {
    const parsed = v.safeParse(RulesSchema, JSON.parse(row.rules));
    return parsed.success ? [{ id: row.id, createdMs: row.created_ms, rules: parsed.output }] : [];
  });
}

const dayStart = (now: number) => now - (now % 86_400_000);

/**
 * Records the matches that may go out and queues them. Returns how many were queued. A match already sent
 * (its dedupe key), or whose rule fired under RULE_GAP_MS ago, or past the day's budget, is dropped.
 */
export async function dispatchAlerts(
  db: D1Database,
  queue: AlertQueue,
  matches: readonly AlertMatch[],
  now: number,
): Promise<number> {
  if (matches.length === 0) return 0;
  const today = await db
    .prepare("SELECT COUNT(*) AS n FROM alert_sent WHERE sent_ms >= ?")
    .bind(dayStart(now))
    .first<number>("n");
  const room = Math.max(0, ALERTS_PER_DAY - (today ?? 0));
  if (room === 0) {
    log.warn(`the day's ${ALERTS_PER_DAY} alerts are spent: ${matches.length} match(es) dropped`);
    return 0;
  }
  const candidates = matches.slice(0, room);
  // In one batch (one transaction, in order): a rule's second match in the same run sees the first's row.
  const insert = db.prepare(
    `INSERT INTO alert_sent (subscription_id, dedupe_key, rule_key, sent_ms)
     SELECT ?1, ?2, ?3, ?4
     WHERE NOT EXISTS (SELECT 1 FROM alert_sent WHERE subscription_id = ?1 AND rule_key = ?3 AND sent_ms > ?5)
       AND EXISTS (SELECT 1 FROM alert_subscriptions WHERE id = ?1)
     ON CONFLICT DO NOTHING`,
  );
  const results = await db.batch(
    candidates.map((m) => insert.bind(m.subscriptionId, m.dedupeKey, m.ruleKey, now, now - RULE_GAP_MS)),
  );
  const queued = candidates.filter((_, i) => (results[i]?.meta.changes ?? 0) > 0);
  for (let i = 0; i < queued.length; i += 100) {
    await queue.sendBatch(
      queued.slice(i, i + 100).map((m) => ({
        body: { subscriptionId: m.subscriptionId, notification: m.notification, urgency: m.urgency },
      })),
    );
  }
  if (queued.length > 0) log.info(`${queued.length} alert(s) queued of ${matches.length} match(es)`);
  return queued.length;
}

/**
 * Calls the record kept since `sinceMs` for these events that replaced an earlier call of the same event
 * (the record keeps a new row only when an event's call changes).
 */
export async function callChangesSince(
  db: D1Database,
  events: ReadonlySet<string>,
  sinceMs: number,
): Promise<CallChange[]> {
  if (events.size === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT c.id, c.event_slug, c.event_title, c.side, c.call_outcome, c.side_price FROM calls AS c
       WHERE c.called_ms >= ?1 AND c.event_slug IN (SELECT value FROM json_each(?2))
         AND EXISTS (SELECT 1 FROM calls AS p
                     WHERE p.event_slug = c.event_slug AND p.source = c.source AND p.called_ms < c.called_ms)`,
    )
    .bind(sinceMs, JSON.stringify([...events]))
    .all<{
      id: string;
      event_slug: string;
      event_title: string | null;
      side: CallSide;
      call_outcome: string | null;
      side_price: number | null;
    }>();
  return results.map((r) => ({
    id: r.id,
    eventSlug: r.event_slug,
    eventTitle: r.event_title ?? r.event_slug,
    side: r.side,
    callOutcome: r.call_outcome,
    sidePrice: r.side_price,
  }));
}
