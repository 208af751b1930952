/**
 * Alert rules in the browser (decisions 0042, 0043, 0053 and 0057): the six shapes the alerts API takes,
 * the choices the "Alert me" dialog offers, and the rule set's pure edits (add without duplicates,
 * remove) and words. Client-safe and pure; the stored copy's parsing is alerts-storage.ts.
 */
import { formatMoney } from "./format";
import {
  type AlertRule,
  GAP_ALERT_CENTS,
  MAX_ALERT_RULES,
  PRICE_MOVE_POINTS,
  ruleKey,
  uniqueRules,
  WALLET_ALERT_USD,
  WHALE_ALERT_USD,
} from "./schemas/alerts";

// The shapes, choices and rule identity are the API's own (app/lib/schemas/alerts.ts).
export { type AlertRule, GAP_ALERT_CENTS, PRICE_MOVE_POINTS, ruleKey, WALLET_ALERT_USD, WHALE_ALERT_USD };
/** The API keeps at most this many rules per subscription. */
export const ALERT_RULES_MAX = MAX_ALERT_RULES;

export type AlertRuleType = AlertRule["type"];
export type EventRuleType = Exclude<AlertRuleType, "wallet">;

/** What an "Alert me" button is about: an event (by slug) or a trader (by wallet), with its title. */
export type AlertTarget =
  | { kind: "event"; slug: string; title: string }
  | { kind: "wallet"; wallet: string; title: string };

const WALLET = /^0x[0-9a-f]{40}$/;
/** The API's event slug (its schema's pattern): lower-case letters, digits and dashes, at most 200. */
const EVENT_SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

/** An event slug the API takes. */
export function isEventSlug(value: string): boolean {
  return EVENT_SLUG.test(value);
}

/** A wallet as rules carry it: 0x + 40 hex, lower case. */
export function normalizeWallet(value: string): string | null {
  const wallet = value.trim().toLowerCase();
  return WALLET.test(wallet) ? wallet : null;
}

/** The rule the dialog's choices make, or null when the target or the figure is not one the API takes. */
export function buildRule(
  target: AlertTarget,
  choice: { type: AlertRuleType; points?: number; minUsd?: number; cents?: number },
): AlertRule | null {
  if (target.kind === "wallet") {
    const wallet = normalizeWallet(target.wallet);
    const minUsd = WALLET_ALERT_USD.find((m) => m === choice.minUsd);
    return choice.type === "wallet" && wallet && minUsd ? { type: "wallet", wallet, minUsd } : null;
  }
  if (!isEventSlug(target.slug)) return null;
  const event = target.slug;
  switch (choice.type) {
    case "price_move": {
      const points = PRICE_MOVE_POINTS.find((p) => p === choice.points);
      return points ? { type: "price_move", event, points } : null;
    }
    case "whale": {
      const minUsd = WHALE_ALERT_USD.find((m) => m === choice.minUsd);
      return minUsd ? { type: "whale", event, minUsd } : null;
    }
    case "call_change":
      return { type: "call_change", event };
    case "resolution":
      return { type: "resolution", event };
    case "gap": {
      const cents = GAP_ALERT_CENTS.find((c) => c === choice.cents);
      return cents ? { type: "gap", event, cents } : null;
    }
    case "wallet":
      return null;
  }
}

/** The rules with duplicates removed (the first kept), in their order. */
export const dedupeRules = uniqueRules;

export type AddRuleResult =
  | { change: "added"; rules: AlertRule[] }
  | { change: "exists"; rules: AlertRule[] }
  | { change: "full"; rules: AlertRule[] };

/** The whole set with `rule` added at the end: the API replaces the set, so every rule is sent each time. */
export function addRule(rules: readonly AlertRule[], rule: AlertRule): AddRuleResult {
  const current = dedupeRules(rules);
  const key = ruleKey(rule);
  if (current.some((r) => ruleKey(r) === key)) return { change: "exists", rules: current };
  if (current.length >= ALERT_RULES_MAX) return { change: "full", rules: current };
  return { change: "added", rules: [...current, rule] };
}

/** The set without the rule of this key. */
export function removeRule(rules: readonly AlertRule[], key: string): AlertRule[] {
  return dedupeRules(rules).filter((r) => ruleKey(r) !== key);
}

/** What the rule is about: the event's slug or the wallet. */
export function ruleSubject(rule: AlertRule): string {
  return rule.type === "wallet" ? rule.wallet : rule.event;
}

/** The rules about one event or wallet. */
export function rulesFor(rules: readonly AlertRule[], subject: string): AlertRule[] {
  return rules.filter((r) => ruleSubject(r) === subject);
}

/** The rule in words, without its subject: "Price moves 10 points within an hour". */
export function describeRule(rule: AlertRule): string {
  switch (rule.type) {
    case "price_move":
      return `Price moves ${rule.points} points within an hour`;
    case "whale":
      return `A trade of ${formatMoney(rule.minUsd)} or more`;
    case "call_change":
      return "Our call changes";
    case "resolution":
      return "An answer is proposed, disputed or final";
    case "gap":
      return `Kalshi's price ${rule.cents}¢ or more from Polymarket's`;
    case "wallet":
      return `Any trade of ${formatMoney(rule.minUsd)} or more`;
  }
}
