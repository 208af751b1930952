/** Alerts in the browser (decision 0043): rules, their edits and words, the stored copy, the key's bytes. */
import { describe, expect, it } from "vitest";
import {
  ALERT_RULES_MAX,
  type AlertRule,
  addRule,
  buildRule,
  dedupeRules,
  describeRule,
  removeRule,
  ruleKey,
  rulesFor,
} from "~/lib/alerts";
import { applicationServerKey, base64UrlToBytes } from "~/lib/alerts-key";
import { apiErrorMessage, parseAlertsAnswer, parseStoredAlerts, serializeAlerts } from "~/lib/alerts-storage";

const EVENT = {
  kind: "event",
  slug: "fed-decision-in-december",
  title: "Fed decision in December?",
} as const;
const WALLET = "0x09b428f7c2b469786286214aa5c90dd9015f7320";
const TRADER = {
  kind: "wallet",
  wallet: WALLET.toUpperCase().replace("0X", "0x"),
  title: "DEEDDIT",
} as const;

describe("buildRule", () => {
  it("makes the four shapes of decision 0042 exactly", () => {
    expect(buildRule(EVENT, { type: "price_move", points: 10 })).toEqual({
      type: "price_move",
      event: EVENT.slug,
      points: 10,
    });
    expect(buildRule(EVENT, { type: "whale", minUsd: 250_000 })).toEqual({
      type: "whale",
      event: EVENT.slug,
      minUsd: 250_000,
    });
    expect(buildRule(EVENT, { type: "call_change", points: 5 })).toEqual({
      type: "call_change",
      event: EVENT.slug,
    });
    expect(buildRule(EVENT, { type: "resolution" })).toEqual({ type: "resolution", event: EVENT.slug });
    expect(buildRule(TRADER, { type: "resolution" })).toBeNull();
    // The wallet in lower case, as the API keeps it.
    expect(buildRule(TRADER, { type: "wallet", minUsd: 10_000 })).toEqual({
      type: "wallet",
      wallet: WALLET,
      minUsd: 10_000,
    });
  });

  it("refuses figures and targets the API would refuse", () => {
    expect(buildRule(EVENT, { type: "price_move", points: 7 })).toBeNull();
    expect(buildRule(EVENT, { type: "whale", minUsd: 10_000 })).toBeNull();
    expect(buildRule(EVENT, { type: "wallet", minUsd: 10_000 })).toBeNull();
    expect(buildRule(TRADER, { type: "wallet", minUsd: 20_000 })).toBeNull();
    expect(buildRule(TRADER, { type: "whale", minUsd: 50_000 })).toBeNull();
    expect(buildRule({ ...TRADER, wallet: "0x123" }, { type: "wallet", minUsd: 10_000 })).toBeNull();
    expect(buildRule({ ...EVENT, slug: "two words" }, { type: "call_change" })).toBeNull();
    expect(buildRule({ ...EVENT, slug: "" }, { type: "call_change" })).toBeNull();
  });
});

describe("the gap rule", () => {
  it("takes 3, 5 or 10 cents on an event, keyed and worded by them; refuses other figures and wallets", () => {
    const rule = buildRule(EVENT, { type: "gap", cents: 5 });
    expect(rule).toEqual({ type: "gap", event: EVENT.slug, cents: 5 });
    if (!rule) throw new Error("no rule");
    expect(ruleKey(rule)).toBe(`gap:${EVENT.slug}:5`);
    expect(describeRule(rule)).toBe("Kalshi's price 5¢ or more from Polymarket's");
    expect(buildRule(EVENT, { type: "gap", cents: 4 })).toBeNull();
    expect(buildRule(EVENT, { type: "gap" })).toBeNull();
    expect(buildRule(TRADER, { type: "gap", cents: 5 })).toBeNull();
  });
});

describe("the rule set", () => {
  const move: AlertRule = { type: "price_move", event: "a", points: 5 };
  const whale: AlertRule = { type: "whale", event: "a", minUsd: 50_000 };
  const wallet: AlertRule = { type: "wallet", wallet: WALLET, minUsd: 1_000_000 };

  it("adds at the end, once, and refuses the 51st", () => {
    expect(addRule([move], whale)).toEqual({ change: "added", rules: [move, whale] });
    expect(addRule([move, whale], { ...move })).toEqual({ change: "exists", rules: [move, whale] });
    const full = Array.from(
      { length: ALERT_RULES_MAX },
      (_, i): AlertRule => ({ type: "call_change", event: `e${i}` }),
    );
    expect(addRule(full, move).change).toBe("full");
  });

  it("dedupes by every field, removes by key, selects by subject", () => {
    expect(dedupeRules([move, whale, { ...move }, { ...move, points: 10 }])).toEqual([
      move,
      whale,
      { ...move, points: 10 },
    ]);
    expect(removeRule([move, whale, wallet], ruleKey(whale))).toEqual([move, wallet]);
    expect(rulesFor([move, whale, wallet], "a")).toEqual([move, whale]);
    expect(rulesFor([move, whale, wallet], WALLET)).toEqual([wallet]);
    expect(new Set([move, whale, wallet].map(ruleKey)).size).toBe(3);
  });

  it("says each rule in words", () => {
    expect(describeRule(move)).toBe("Price moves 5 points within an hour");
    expect(describeRule(whale)).toBe("A trade of $50K or more");
    expect(describeRule({ type: "call_change", event: "a" })).toBe("Our call changes");
    expect(describeRule({ type: "resolution", event: "a" })).toBe("An answer is proposed, disputed or final");
    expect(describeRule(wallet)).toBe("Any trade of $1M or more");
  });
});

describe("the stored alerts", () => {
  const rules: AlertRule[] = [
    { type: "price_move", event: "a", points: 20 },
    { type: "wallet", wallet: WALLET, minUsd: 50_000 },
  ];

  it("round-trips, keeping names only for subjects some rule has", () => {
    const raw = serializeAlerts({ id: "s1", secret: "k1", rules, names: { a: "Event A", gone: "Old" } });
    expect(parseStoredAlerts(raw)).toEqual({ id: "s1", secret: "k1", rules, names: { a: "Event A" } });
  });

  it("is null for nothing or garbage, and leaves out rules of another shape", () => {
    for (const raw of [
      null,
      "",
      "{",
      "[]",
      "null",
      '"x"',
      '{"id":"s1"}',
      '{"id":"","secret":"k","rules":[]}',
    ]) {
      expect(parseStoredAlerts(raw), String(raw)).toBeNull();
    }
    const parsed = parseStoredAlerts(
      JSON.stringify({
        id: "s1",
        secret: "k1",
        rules: [
          rules[0],
          { type: "price_move", event: "a", points: 7 },
          { type: "whale", event: "a", minUsd: "50000" },
          { type: "wallet", wallet: WALLET.toUpperCase(), minUsd: 50_000 },
          { type: "nope" },
          null,
          rules[0],
          rules[1],
        ],
        names: { a: 5, [WALLET]: "  DEEDDIT  " },
      }),
    );
    expect(parsed).toEqual({ id: "s1", secret: "k1", rules, names: { [WALLET]: "DEEDDIT" } });
  });

  it("reads the API's answer and its error message", () => {
    expect(parseAlertsAnswer({ id: "s1", secret: "k2", extra: 1 })).toEqual({ id: "s1", secret: "k2" });
    expect(parseAlertsAnswer({ id: "s1" })).toBeNull();
    expect(parseAlertsAnswer(null)).toBeNull();
    expect(apiErrorMessage({ error: { code: "alerts_full", message: "Too many" } })).toBe("Too many");
    expect(apiErrorMessage("oops")).toBeNull();
  });
});

describe("the VAPID public key's bytes", () => {
  it("decodes base64url with or without padding, and refuses what is not", () => {
    expect([...(base64UrlToBytes("-_8") ?? [])]).toEqual([0xfb, 0xff]);
    expect([...(base64UrlToBytes("AQID") ?? [])]).toEqual([1, 2, 3]);
    expect([...(base64UrlToBytes("AQ==") ?? [])]).toEqual([1]);
    expect(base64UrlToBytes("a+b/")).toBeNull();
    expect(base64UrlToBytes("abcde")).toBeNull();
  });

  it("takes a 65-byte uncompressed P-256 point only", async () => {
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
    ])) as CryptoKeyPair;
    const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
    const text = Buffer.from(raw).toString("base64url");
    expect(applicationServerKey(text)).toEqual(raw);
    expect(applicationServerKey(Buffer.from(raw.slice(1)).toString("base64url"))).toBeNull();
    const compressed = new Uint8Array(raw);
    compressed[0] = 2;
    expect(applicationServerKey(Buffer.from(compressed).toString("base64url"))).toBeNull();
  });
});
