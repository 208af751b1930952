/**
 * The tests' push service (test/support/push-service.ts) against pushes built by the app's library,
 * `@block65/webcrypto-web-push`, the way the Worker sends them (decision 0042): the library is given the
 * endpoint under https (it refuses http), and the request goes to the http one.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type PushState, type PushSubscriptionJson, startPushService } from "../support/push-service.ts";

type Vapid = { subject: string; publicKey: string; privateKey: string };

async function vapidKeys(): Promise<Vapid> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const publicKey = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
  const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { subject: "mailto:alerts@oddspulse.example", publicKey, privateKey: d ?? "" };
}

let service: Awaited<ReturnType<typeof startPushService>>;
let vapid: Vapid;
let subscription: PushSubscriptionJson;

beforeAll(async () => {
  service = await startPushService(0);
  vapid = await vapidKeys();
});
afterAll(() => service.close());

beforeEach(async () => {
  await fetch(`${service.url}/__push/reset`, { method: "POST" });
  const answer = await fetch(`${service.url}/__push/subscriptions`, { method: "POST" });
  expect(answer.status).toBe(201);
  subscription = (await answer.json()) as PushSubscriptionJson;
});

const message = { title: "Whale on Fed cut", body: "$250,000 on Yes", url: "/event/fed", tag: "whale:1" };

/** The request the Worker would send: built for the https form of the endpoint (or `audience`), for the http one. */
async function build(options: { audience?: string; keys?: Vapid; urgency?: "high" | "normal" } = {}) {
  const endpoint = new URL(subscription.endpoint);
  const https = new URL(endpoint.pathname, options.audience ?? `https://${endpoint.host}`).href;
  return buildPushPayload(
    { data: message, options: { ttl: 3600, urgency: options.urgency ?? "high" } },
    { ...subscription, endpoint: https },
    options.keys ?? vapid,
  );
}

type Built = { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> };

async function post(request: Built, body = request.body): Promise<Response> {
  return fetch(subscription.endpoint, { method: "POST", headers: request.headers, body });
}

async function state(): Promise<PushState> {
  return (await (await fetch(`${service.url}/__push/state`)).json()) as PushState;
}

const id = () => subscription.endpoint.slice(subscription.endpoint.lastIndexOf("/") + 1);

describe("tests' push service", () => {
  it("hands out a browser-like subscription", () => {
    expect(subscription.endpoint).toMatch(new RegExp(`^${service.url}/push/[A-Za-z0-9_-]+$`));
    expect(Buffer.from(subscription.keys.p256dh, "base64url")).toHaveLength(65);
    expect(Buffer.from(subscription.keys.p256dh, "base64url")[0]).toBe(4);
    expect(Buffer.from(subscription.keys.auth, "base64url")).toHaveLength(16);
  });

  it("decrypts a good push to the exact JSON sent and records its TTL and Urgency", async () => {
    const answer = await post(await build());
    expect(answer.status).toBe(201);
    const { deliveries, rejected, attempts } = await state();
    expect(rejected).toEqual([]);
    expect(deliveries).toEqual([
      { id: id(), ttl: 3600, urgency: "high", topic: null, payload: message, at: expect.any(Number) },
    ]);
    expect(attempts).toEqual({ [id()]: 1 });
  });

  it("rejects a JWT signed by another key than k", async () => {
    const request = await build({ keys: await vapidKeys() });
    const authorization = request.headers.authorization.replace(/k=.*$/, `k=${vapid.publicKey}`);
    const answer = await post({ ...request, headers: { ...request.headers, authorization } });
    expect(answer.status).toBe(401);
    const { deliveries, rejected } = await state();
    expect(deliveries).toEqual([]);
    expect(rejected).toEqual([expect.objectContaining({ id: id(), status: 401 })]);
    expect(rejected[0]?.reason).toMatch(/signature/);
  });

  it("rejects a JWT for another audience", async () => {
    // Another port, and the same port under another host name: the audience is exactly this origin.
    const port = new URL(service.url).port;
    for (const audience of ["https://127.0.0.1:1", `https://localhost:${port}`]) {
      const answer = await post(await build({ audience }));
      expect(answer.status).toBe(401);
    }
    const { deliveries, rejected } = await state();
    expect(deliveries).toEqual([]);
    expect(rejected.map((r) => r.reason)).toEqual([
      expect.stringMatching(/aud is https:\/\/127\.0\.0\.1:1,/),
      expect.stringMatching(/aud is https:\/\/localhost:/),
    ]);
  });

  it("rejects a JWT that expires more than 24 hours ahead, or has expired", async () => {
    // The library signs exp = now + 12 h: built 13 h ahead it is 25 h away, built 13 h ago it is past.
    const now = Date.now();
    for (const shift of [13, -13]) {
      const clock = vi.spyOn(Date, "now").mockReturnValue(now + shift * 3_600_000);
      const request = await build();
      clock.mockRestore();
      expect((await post(request)).status).toBe(401);
    }
    const { deliveries, rejected } = await state();
    expect(deliveries).toEqual([]);
    expect(rejected.map((r) => r.reason)).toEqual(["JWT exp is more than 24 hours ahead", "JWT has expired"]);
  });

  it("rejects a tampered body", async () => {
    const request = await build();
    const body = new Uint8Array(request.body);
    body[200] = (body[200] ?? 0) ^ 1;
    const answer = await post(request, body);
    expect(answer.status).toBe(400);
    const { deliveries, rejected } = await state();
    expect(deliveries).toEqual([]);
    expect(rejected[0]?.reason).toMatch(/^cannot decrypt/);
  });

  it("rejects a push without TTL or with another content coding", async () => {
    const request = await build();
    const { ttl: _, ...noTtl } = request.headers;
    expect((await post({ ...request, headers: noTtl })).status).toBe(400);
    const aesgcm = { ...request.headers, "content-encoding": "aesgcm" };
    expect((await post({ ...request, headers: aesgcm })).status).toBe(400);
    expect((await state()).rejected.map((r) => r.reason)).toEqual([
      "TTL header missing",
      "Content-Encoding is aesgcm, not aes128gcm",
    ]);
  });

  it("answers 404 for an unknown subscription", async () => {
    const request = await build();
    const answer = await fetch(`${service.url}/push/unknown`, {
      method: "POST",
      headers: request.headers,
      body: request.body,
    });
    expect(answer.status).toBe(404);
    expect(await state()).toEqual({ deliveries: [], rejected: [], attempts: {} });
  });

  it("gives queued answers in order, then 201", async () => {
    const queue = await fetch(`${service.url}/__push/answers`, {
      method: "POST",
      body: JSON.stringify({
        id: id(),
        statuses: [{ status: 429, retryAfter: 1 }, { status: 500 }, { status: 410 }],
      }),
    });
    expect(queue.status).toBe(200);
    const answers: [number, string | null][] = [];
    for (let i = 0; i < 4; i += 1) {
      const answer = await post(await build({ urgency: "normal" }));
      answers.push([answer.status, answer.headers.get("retry-after")]);
    }
    expect(answers).toEqual([
      [429, "1"],
      [500, null],
      [410, null],
      [201, null],
    ]);
    const { deliveries, rejected, attempts } = await state();
    expect(rejected).toEqual([]);
    expect(deliveries.map((d) => [d.id, d.urgency])).toEqual([[id(), "normal"]]);
    expect(attempts).toEqual({ [id()]: 4 });
  });

  it("keeps queued answers for any subscription until used", async () => {
    service.service.answers([{ status: 503 }]);
    expect((await post(await build())).status).toBe(503);
    expect((await post(await build())).status).toBe(201);
  });
});
