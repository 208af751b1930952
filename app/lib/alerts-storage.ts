/**
 * The alerts kept in this browser (decision 0043): localStorage `oddspulse:alerts:v1`, beside the
 * watchlist, holds `{ id, secret, rules, names }`: the subscription's id and its latest secret from
 * `POST /api/v1/alerts` (both needed to delete it), every rule sent (the API replaces the set each time,
 * so this is the set), and the titles the rules' events and wallets had when the rule was made (for the
 * "Your alerts" list; never sent). Parsing never throws: garbage is "no alerts", a rule of another shape
 * is left out, duplicates count once.
 */
import * as v from "valibot";
import { ALERT_RULES_MAX, type AlertRule, dedupeRules } from "./alerts";
import { AlertCreatedSchema, AlertRuleSchema } from "./schemas/alerts";

export const ALERTS_KEY = "oddspulse:alerts:v1";

const MAX_NAME = 300;
const MAX_ID = 200;

const TokenSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_ID));

/** The POST's answer, `{ id, secret }` (201 for a new subscription, 200 with a new secret for a known one). */
const AlertsAnswerSchema = v.object({
  id: v.pipe(AlertCreatedSchema.entries.id, v.minLength(1), v.maxLength(MAX_ID)),
  secret: v.pipe(AlertCreatedSchema.entries.secret, v.minLength(1), v.maxLength(MAX_ID)),
});
export type AlertsAnswer = v.InferOutput<typeof AlertsAnswerSchema>;

/** What this browser keeps about its alerts. */
export interface StoredAlerts {
  id: string;
  secret: string;
  rules: AlertRule[];
  /** Event slug or wallet → the title shown when the rule was made. */
  names: Record<string, string>;
}

const StoredSchema = v.object({
  id: TokenSchema,
  secret: TokenSchema,
  rules: v.array(v.unknown()),
  names: v.optional(v.record(v.string(), v.unknown()), {}),
});

/** The stored alerts, or null for none (nothing stored, or nothing usable: without an id no rule can be kept). */
export function parseStoredAlerts(raw: string | null): StoredAlerts | null {
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = v.safeParse(StoredSchema, json);
  if (!parsed.success) return null;
  const rules: AlertRule[] = [];
  for (const item of parsed.output.rules) {
    const rule = v.safeParse(AlertRuleSchema, item);
    if (rule.success) rules.push(rule.output);
  }
  const names: Record<string, string> = {};
  for (const [subject, name] of Object.entries(parsed.output.names)) {
    if (typeof name === "string" && name.trim() !== "") names[subject] = name.trim().slice(0, MAX_NAME);
  }
  const { id, secret } = parsed.output;
  return { id, secret, rules: dedupeRules(rules).slice(0, ALERT_RULES_MAX), names };
}

/** The stored text; names are kept only for subjects some rule still has. */
export function serializeAlerts(alerts: StoredAlerts): string {
  const subjects = new Set(alerts.rules.map((r) => (r.type === "wallet" ? r.wallet : r.event)));
  const names = Object.fromEntries(Object.entries(alerts.names).filter(([subject]) => subjects.has(subject)));
  return JSON.stringify({ id: alerts.id, secret: alerts.secret, rules: alerts.rules, names });
}

/** The answer of `POST /api/v1/alerts`, or null when it is not `{ id, secret }`. */
export function parseAlertsAnswer(json: unknown): AlertsAnswer | null {
  const parsed = v.safeParse(AlertsAnswerSchema, json);
  return parsed.success ? parsed.output : null;
}

/** An API error's message (`{ error: { code, message } }`), or null. */
export function apiErrorMessage(json: unknown): string | null {
  const parsed = v.safeParse(v.object({ error: v.object({ message: v.string() }) }), json);
  return parsed.success ? parsed.output.error.message : null;
}
