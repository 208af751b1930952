/**
 * `/api/v1/alerts` inside workerd (decision 0042): create, replace, read and delete a push subscription with
 * its secret; every bad body answered 400 naming its field; endpoints only on known push services; the
 * per-client limits and the table's cap; what is stored (nothing about the person); the OpenAPI contract.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { ALERTS_LIMIT } from "~/.server/client-limits";
import { DEFAULT_PUSH_SERVICE_HOSTS } from "~/.server/config";
import { MAX_ALERT_RULES } from "~/lib/schemas/alerts";
import { TEST_VAPID_PRIVATE_KEY, TEST_VAPID_PUBLIC_KEY } from "../support/vapid";
import { openApi, validatorFor } from "./support/openapi";
import { testWorker, workerTest } from "./support/worker";

/** The tests' VAPID pair (test/support/vapid.ts), as `npm run vapid` prints one. */
const keys = { VAPID_PUBLIC_KEY: TEST_VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: TEST_VAPID_PRIVATE_KEY };

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** What a browser's PushSubscription.toJSON() gives, with real-shaped keys. */
async function browserSubscription(endpoint?: string) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const raw = (await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer;
  return {
    endpoint: endpoint ?? `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
    keys: { p256dh: b64url(raw), auth: b64url(crypto.getRandomValues(new Uint8Array(16))) },
  };
}

const RULES = [
  { type: "price_move", event: "fed-decision-in-december", points: 10 },
  { type: "whale", event: "fed-decision-in-december", minUsd: 100_000 },
  { type: "call_change", event: "fed-decision-in-december" },
  { type: "wallet", wallet: `0x${"AB".repeat(20)}`, minUsd: 10_000 },
];

const t = workerTest({ tables: ["alert_sent", "alert_subscriptions"] });
beforeEach(() => {
  // The default push services only (vitest.config.ts adds the loopback one for the delivery tests).
  t.worker = testWorker({ ...keys, PUSH_SERVICE_HOSTS: DEFAULT_PUSH_SERVICE_HOSTS });
});

let ipCounter = 0;
function client(): Record<string, string> {
  ipCounter += 1;
  return { "cf-connecting-ip": `198.51.100.${ipCounter}` };
}

async function post(body: unknown, headers = client(), w = t.worker) {
  const res = await w.fetch("/api/v1/alerts", {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    res,
    body: (await res.json()) as Record<string, unknown> & { error?: { parameter?: string; message: string } },
  };
}

const auth = (secret: string) => ({ ...client(), authorization: `Bearer ${secret}` });

describe("/api/v1/alerts", () => {
  it("creates a subscription, reads it with its secret, refuses others, and deletes it", async () => {
    const subscription = await browserSubscription();
    const created = await post({ subscription, rules: [...RULES, RULES[0]] });
    expect(created.res.status).toBe(201);
    expect(created.res.headers.get("cache-control")).toBe("no-store");
    const { id, secret } = created.body as { id: string; secret: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(secret.length).toBeGreaterThanOrEqual(40);

    // Stored: the endpoint, keys, rules (the repeat dropped, the wallet lower-cased) and times; no secret.
    const row = await env.DB.prepare("SELECT * FROM alert_subscriptions WHERE id = ?").bind(id).first();
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ["auth", "created_ms", "endpoint", "id", "last_sent_ms", "p256dh", "rules", "secret_hash"].sort(),
    );
    expect(row?.endpoint).toBe(subscription.endpoint);
    expect(JSON.stringify(row)).not.toContain(secret);
    const rules = JSON.parse(String(row?.rules)) as { wallet?: string }[];
    expect(rules).toHaveLength(4);
    expect(rules[3]?.wallet).toBe(`0x${"ab".repeat(20)}`);

    const read = await t.worker.fetch(`/api/v1/alerts/${id}`, { headers: auth(secret) });
    expect(read.status).toBe(200);
    const body = (await read.json()) as { id: string; rules: unknown[]; lastSentAt: null; createdAt: string };
    expect(body).toMatchObject({ id, lastSentAt: null });
    expect(body.rules).toEqual(rules);

    const wrong = await t.worker.fetch(`/api/v1/alerts/${id}`, { headers: auth(`${secret}x`) });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    expect((await t.worker.fetch(`/api/v1/alerts/${id}`, { headers: client() })).status).toBe(401);
    expect((await t.worker.fetch(`/api/v1/alerts/${"A".repeat(22)}`, { headers: auth(secret) })).status).toBe(
      404,
    );
    expect((await t.worker.fetch("/api/v1/alerts/nope", { headers: auth(secret) })).status).toBe(400);

    const refused = await t.worker.fetch(`/api/v1/alerts/${id}`, { method: "DELETE", headers: auth("nope") });
    expect(refused.status).toBe(401);
    const deleted = await t.worker.fetch(`/api/v1/alerts/${id}`, { method: "DELETE", headers: auth(secret) });
    expect(deleted.status).toBe(204);
    expect((await t.worker.fetch(`/api/v1/alerts/${id}`, { headers: auth(secret) })).status).toBe(404);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM alert_subscriptions").first("n")).toBe(0);
  });

  it("the same endpoint posted again replaces its rules: the same id, a new secret, the old one refused", async () => {
    const subscription = await browserSubscription();
    const first = (await post({ subscription, rules: RULES })).body as { id: string; secret: string };
    const again = await post({ subscription, rules: [RULES[2]] });
    expect(again.res.status).toBe(200);
    const second = again.body as { id: string; secret: string };
    expect(second.id).toBe(first.id);
    expect(second.secret).not.toBe(first.secret);
    expect((await t.worker.fetch(`/api/v1/alerts/${first.id}`, { headers: auth(first.secret) })).status).toBe(
      401,
    );
    const read = (await (
      await t.worker.fetch(`/api/v1/alerts/${first.id}`, { headers: auth(second.secret) })
    ).json()) as { rules: unknown[] };
    expect(read.rules).toEqual([RULES[2]]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM alert_subscriptions").first("n")).toBe(1);
  });

  it("answers every bad body with a 400 naming the field", async () => {
    const subscription = await browserSubscription();
    const cases: [body: unknown, parameter: string][] = [
      ["{not json", "body"],
      [{ rules: RULES }, "subscription"],
      [{ subscription }, "rules"],
      [{ subscription, rules: [] }, "rules"],
      [{ subscription, rules: Array.from({ length: MAX_ALERT_RULES + 1 }, () => RULES[2]) }, "rules"],
      [{ subscription, rules: [RULES[0], { ...RULES[0], points: 7 }] }, "rules.1.points"],
      [{ subscription, rules: [{ type: "moon", event: "x" }] }, "rules.0.type"],
      [{ subscription, rules: [{ ...RULES[1], minUsd: 49_999 }] }, "rules.0.minUsd"],
      [{ subscription, rules: [{ ...RULES[3], wallet: "0x123" }] }, "rules.0.wallet"],
      [{ subscription, rules: [{ ...RULES[2], event: "Not A Slug" }] }, "rules.0.event"],
      [{ subscription, rules: [{ ...RULES[2], extra: 1 }] }, "rules.0.extra"],
      [{ subscription, rules: RULES, also: 1 }, "also"],
      [
        { subscription: { ...subscription, keys: { ...subscription.keys, p256dh: "AAAA" } }, rules: RULES },
        "subscription.keys.p256dh",
      ],
      [
        { subscription: { ...subscription, keys: { ...subscription.keys, auth: "" } }, rules: RULES },
        "subscription.keys.auth",
      ],
      [{ subscription: { ...subscription, endpoint: "not a url" }, rules: RULES }, "subscription.endpoint"],
      // Only https on a known push service: not plain http, not any other host.
      [
        { subscription: { ...subscription, endpoint: "http://fcm.googleapis.com/fcm/send/x" }, rules: RULES },
        "subscription.endpoint",
      ],
      [
        { subscription: { ...subscription, endpoint: "https://evil.example/push" }, rules: RULES },
        "subscription.endpoint",
      ],
      [
        {
          subscription: { ...subscription, endpoint: "https://push.apple.com.evil.example/x" },
          rules: RULES,
        },
        "subscription.endpoint",
      ],
      [
        { subscription: { ...subscription, endpoint: "http://127.0.0.1:9/push/x" }, rules: RULES },
        "subscription.endpoint",
      ],
    ];
    for (const [body, parameter] of cases) {
      const { res, body: answer } = await post(body);
      expect({ parameter, status: res.status }).toEqual({ parameter, status: 400 });
      expect(answer.error?.parameter).toBe(parameter);
      expect(answer.error?.message.length).toBeGreaterThan(5);
    }
    // Subdomains of a listed ".host", and loopback http once listed (the tests' push service).
    expect(
      (
        await post({
          subscription: { ...subscription, endpoint: "https://web.push.apple.com/abc" },
          rules: RULES,
        })
      ).res.status,
    ).toBe(201);
    const loopback = testWorker({ ...keys, PUSH_SERVICE_HOSTS: "127.0.0.1" });
    const local = await post(
      { subscription: { ...subscription, endpoint: "http://127.0.0.1:9/push/x" }, rules: RULES },
      client(),
      loopback,
    );
    expect(local.res.status).toBe(201);
    await loopback.settle();
    // Too big: 413 before anything is parsed.
    const { res } = await post({ subscription, rules: RULES, padding: "x".repeat(20_000) });
    expect(res.status).toBe(413);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM alert_subscriptions").first("n")).toBe(2);
  });

  it("is unavailable (503) without the VAPID keys, and writes nothing", async () => {
    const off = testWorker({ VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "" });
    const { res, body } = await post(
      { subscription: await browserSubscription(), rules: RULES },
      client(),
      off,
    );
    expect(res.status).toBe(503);
    expect(body.error).toMatchObject({ code: "alerts_unavailable" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM alert_subscriptions").first("n")).toBe(0);
    await off.settle();
  });

  it(`allows a client ${ALERTS_LIMIT} changes a minute: the next is a 429 and writes nothing; pages' lookups are untouched`, async () => {
    const headers = client();
    const statuses: number[] = [];
    for (let i = 0; i <= ALERTS_LIMIT; i++)
      statuses.push(
        (await post({ subscription: await browserSubscription(), rules: RULES }, headers)).res.status,
      );
    expect(statuses.slice(0, ALERTS_LIMIT).every((s) => s === 201)).toBe(true);
    expect(statuses[ALERTS_LIMIT]).toBe(429);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM alert_subscriptions").first("n")).toBe(
      ALERTS_LIMIT,
    );
    // Another client is not affected, and this one's reads (and pages) still answer.
    expect((await post({ subscription: await browserSubscription(), rules: RULES })).res.status).toBe(201);
    expect((await t.worker.fetch("/api/v1/status", { headers })).status).not.toBe(429);
  });

  it("holds at most ALERTS_MAX_SUBSCRIPTIONS: then 503 alerts_full, and a known endpoint can still change its rules", async () => {
    const MAX = 1_000;
    const known = await browserSubscription();
    expect((await post({ subscription: known, rules: RULES })).res.status).toBe(201);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO alert_subscriptions (id, secret_hash, endpoint, p256dh, auth, rules, created_ms)
       SELECT 'filler' || i, 'x', 'https://fcm.googleapis.com/fcm/send/filler' || i, 'k', 'a', '[]', 0 FROM n`,
    )
      .bind(MAX - 1)
      .run();
    const full = await post({ subscription: await browserSubscription(), rules: RULES });
    expect(full.res.status).toBe(503);
    expect(full.body.error).toMatchObject({ code: "alerts_full" });
    expect((await post({ subscription: known, rules: [RULES[2]] })).res.status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM alert_subscriptions").first("n")).toBe(MAX);
  });

  it("is in the OpenAPI document, and its answers validate against it; CORS lets a page post and delete", async () => {
    const doc = await openApi(t.worker);
    expect(Object.keys(doc.paths["/alerts"] ?? {})).toEqual(["post"]);
    expect(Object.keys(doc.paths["/alerts/{id}"] ?? {}).sort()).toEqual(["delete", "get"]);
    const subscription = await browserSubscription();
    const created = await post({ subscription, rules: RULES });
    expect(validatorFor(doc, "/alerts", 201, "post").validate(created.body).errors).toEqual([]);
    const bad = await post({ subscription, rules: [] });
    expect(validatorFor(doc, "/alerts", 400, "post").validate(bad.body).errors).toEqual([]);
    const { id, secret } = created.body as { id: string; secret: string };
    const read = await t.worker.fetch(`/api/v1/alerts/${id}`, { headers: auth(secret) });
    expect(validatorFor(doc, "/alerts/{id}", 200).validate(await read.json()).errors).toEqual([]);
    const unknown = await t.worker.fetch(`/api/v1/alerts/${"B".repeat(22)}`, { headers: auth(secret) });
    expect(validatorFor(doc, "/alerts/{id}", 404).validate(await unknown.json()).errors).toEqual([]);
    const refused = await t.worker.fetch(`/api/v1/alerts/${id}`, { method: "DELETE", headers: auth("x") });
    expect(validatorFor(doc, "/alerts/{id}", 401, "delete").validate(await refused.json()).errors).toEqual(
      [],
    );

    const preflight = await t.worker.fetch("/api/v1/alerts", {
      method: "OPTIONS",
      headers: {
        origin: "https://elsewhere.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    // Everything else stays read-only.
    const elsewhere = await t.worker.fetch("/api/v1/markets", { method: "POST", headers: client() });
    expect(elsewhere.status).toBe(405);
  });
});
