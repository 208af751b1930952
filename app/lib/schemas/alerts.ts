/**
 * Web Push alerts (decision 0042): the rules a visitor can ask for and the bodies of
 * `/api/v1/alerts`, as schemas. The API validates with them, the OpenAPI document is generated from them and
 * the browser builds its requests with their types. Client-safe.
 */
import * as v from "valibot";

/** At most this many rules per subscription. */
export const MAX_ALERT_RULES = 50;
/** Price move thresholds, in points (cents) within an hour. */
export const PRICE_MOVE_POINTS = [5, 10, 20] as const;
/** Whale trade thresholds in a followed event, USD. */
export const WHALE_ALERT_USD = [50_000, 100_000, 250_000, 1_000_000] as const;
/** Cross-venue gap thresholds, in cents: Kalshi's price of a paired market that far from Polymarket's. */
export const GAP_ALERT_CENTS = [3, 5, 10] as const;
/** Trade thresholds for a followed wallet, USD. */
export const WALLET_ALERT_USD = [10_000, 50_000, 100_000, 250_000, 1_000_000] as const;

const EventSlug = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9][a-z0-9-]{0,199}$/, "an event's slug: lower-case letters, digits and dashes"),
  v.description("The event's slug, as in /event/<slug>"),
);
const Wallet = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{40}$/, "a wallet address: 0x and 40 hex digits"),
  v.transform((s) => s.toLowerCase()),
);
const oneOf = <const T extends readonly number[]>(values: T, what: string) =>
  v.picklist(values, `${what}: one of ${values.join(", ")}`);

export const PriceMoveRuleSchema = v.strictObject({
  type: v.literal("price_move"),
  event: EventSlug,
  points: v.pipe(
    oneOf(PRICE_MOVE_POINTS, "points"),
    v.description("Any outcome moving at least this many points (cents) within an hour"),
  ),
});
export const WhaleRuleSchema = v.strictObject({
  type: v.literal("whale"),
  event: EventSlug,
  minUsd: v.pipe(oneOf(WHALE_ALERT_USD, "minUsd"), v.description("A trade of at least this many USD")),
});
export const CallChangeRuleSchema = v.strictObject({
  type: v.literal("call_change"),
  event: EventSlug,
});
export const ResolutionRuleSchema = v.strictObject({
  type: v.literal("resolution"),
  event: EventSlug,
});
export const GapRuleSchema = v.strictObject({
  type: v.literal("gap"),
  event: EventSlug,
  cents: v.pipe(
    oneOf(GAP_ALERT_CENTS, "cents"),
    v.description(
      "Any of the event's markets Kalshi also lists whose two prices come at least this many cents apart (before fees; not an arbitrage: the rules can differ)",
    ),
  ),
});
export const WalletRuleSchema = v.strictObject({
  type: v.literal("wallet"),
  wallet: Wallet,
  minUsd: v.pipe(oneOf(WALLET_ALERT_USD, "minUsd"), v.description("A trade of at least this many USD")),
});

export const AlertRuleSchema = v.pipe(
  v.variant(
    "type",
    [
      PriceMoveRuleSchema,
      WhaleRuleSchema,
      CallChangeRuleSchema,
      ResolutionRuleSchema,
      GapRuleSchema,
      WalletRuleSchema,
    ],
    'type: one of "price_move", "whale", "call_change", "resolution", "gap", "wallet"',
  ),
  v.metadata({ ref: "AlertRule" }),
);
export type AlertRule = v.InferOutput<typeof AlertRuleSchema>;

const Base64Url = (bytes: number, what: string) =>
  v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what}: base64url`),
    v.check((s) => base64UrlLength(s) === bytes, `${what}: ${bytes} bytes, base64url`),
  );

/** Bytes a base64url text (padding allowed) decodes to. */
function base64UrlLength(text: string): number {
  const bare = text.replace(/=+$/, "");
  return Math.floor((bare.length * 3) / 4);
}

export const PushSubscriptionSchema = v.pipe(
  v.object({
    endpoint: v.pipe(
      v.string(),
      v.maxLength(1_000, "endpoint: at most 1,000 characters"),
      v.url("endpoint: an absolute URL"),
      v.description("PushSubscription.endpoint: https on a known push service"),
    ),
    keys: v.object({
      p256dh: v.pipe(Base64Url(65, "keys.p256dh"), v.description("The browser's P-256 public key")),
      auth: v.pipe(Base64Url(16, "keys.auth"), v.description("The browser's auth secret")),
    }),
  }),
  v.metadata({ ref: "PushSubscription" }),
);

/** The body of `POST /api/v1/alerts`. */
export const AlertsRequestSchema = v.strictObject({
  subscription: PushSubscriptionSchema,
  rules: v.pipe(
    v.array(AlertRuleSchema),
    v.minLength(1, "rules: at least one rule"),
    v.maxLength(MAX_ALERT_RULES, `rules: at most ${MAX_ALERT_RULES}`),
  ),
});
export type AlertsRequest = v.InferOutput<typeof AlertsRequestSchema>;

export const AlertCreatedSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.description("The subscription's id")),
    secret: v.pipe(
      v.string(),
      v.description(
        "Send it as Authorization: Bearer <secret> to read or delete the subscription. Shown once: a new one comes with every POST",
      ),
    ),
  }),
  v.metadata({ ref: "AlertCreated" }),
);

export const AlertSubscriptionSchema = v.pipe(
  v.object({
    id: v.string(),
    rules: v.array(AlertRuleSchema),
    createdAt: v.pipe(v.string(), v.isoTimestamp()),
    lastSentAt: v.pipe(
      v.nullable(v.pipe(v.string(), v.isoTimestamp())),
      v.description("When a push was last accepted by the push service"),
    ),
  }),
  v.metadata({ ref: "AlertSubscription" }),
);
export type AlertSubscriptionBody = v.InferOutput<typeof AlertSubscriptionSchema>;

/** A rule's identity: the same rule posted twice is one rule. */
export function ruleKey(rule: AlertRule): string {
  switch (rule.type) {
    case "price_move":
      return `price_move:${rule.event}:${rule.points}`;
    case "whale":
      return `whale:${rule.event}:${rule.minUsd}`;
    case "call_change":
      return `call_change:${rule.event}`;
    case "resolution":
      return `resolution:${rule.event}`;
    case "gap":
      return `gap:${rule.event}:${rule.cents}`;
    case "wallet":
      return `wallet:${rule.wallet}:${rule.minUsd}`;
  }
}

/** The rules without repeats, in their first order. */
export function uniqueRules(rules: readonly AlertRule[]): AlertRule[] {
  const seen = new Set<string>();
  return rules.filter((rule) => {
    const key = ruleKey(rule);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
