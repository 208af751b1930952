/**
 * A Web Push service on loopback for the alerts' tests (decision 0042). It checks each push
 * as a real one would, with real cryptography: the VAPID JWT (RFC 8292: ES256 signature against `k`, `aud`
 * the service's origin under https, `exp` within 24 h, `sub` mailto: or https:), the RFC 8030 headers, and
 * the body decrypted (RFC 8291 aes128gcm, by `http_ece`, not the sender's library) with the subscription's
 * private key and auth secret, as the browser would.
 *
 *   POST {base}/__push/subscriptions   a browser-like subscription: {endpoint: "{base}/push/<id>", expirationTime, keys: {p256dh, auth}}
 *   POST {base}/push/<id>              a push: 201 and recorded in deliveries, 400/401/413 (recorded in rejected), 404 unknown id
 *   POST {base}/__push/answers         body {id?, statuses: [{status, retryAfter?}, ...]}: the next answers (for that
 *                                      subscription, or any), each used once by a push that passed the checks, then 201
 *   GET  {base}/__push/state           {deliveries, rejected, attempts: pushes per subscription id}
 *   POST {base}/__push/reset           everything above back to the start, subscriptions too
 */
import { createECDH, type ECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import ece from "http_ece";

export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface Delivery {
  /** The subscription's id (the endpoint's last segment). */
  id: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The decrypted text, parsed when it is JSON. */
  payload: unknown;
  at: number;
}

export interface Rejection {
  id: string;
  status: number;
  reason: string;
  at: number;
}

export interface Answer {
  status: number;
  /** Seconds, sent as `Retry-After`. */
  retryAfter?: number;
}

export interface PushState {
  deliveries: Delivery[];
  rejected: Rejection[];
  /** Every push posted to a known subscription, whatever its answer. */
  attempts: Record<string, number>;
}

export interface PushService {
  /** Answers `…/push/<id>` and `…/__push/…`; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** A new subscription whose endpoint is `{base}/push/<id>`. */
  subscribe(base: string): PushSubscriptionJson;
  /** Queues the next answers, for one subscription id or (without one) for any. */
  answers(statuses: Answer[], id?: string): void;
  state(): PushState;
  reset(): void;
}

interface Subscription {
  ecdh: ECDH;
  auth: Buffer;
  /** The origin a VAPID JWT must name: the endpoint's, under https (decision 0042). */
  audience: string;
}

const URGENCIES = ["very-low", "low", "normal", "high"];
const MAX_BODY = 4096; // RFC 8030 §7.2: a push service need not accept more
const DAY = 24 * 60 * 60;

/** A failed check: answered with its status and recorded. */
class Refusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const unb64 = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));

function jsonPart(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {}
  throw new Refusal(401, `JWT ${what} is not a JSON object`);
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<key>`, the JWT signed by `k` with the claims a push service requires. */
async function checkVapid(header: string | undefined, audience: string): Promise<void> {
  const match = /^vapid\s+(.+)$/i.exec(header ?? "");
  if (!match?.[1]) throw new Refusal(401, "Authorization: vapid t=…, k=… is missing");
  const params = new Map<string, string>();
  for (const part of match[1].split(",")) {
    const at = part.indexOf("=");
    if (at > 0) params.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  const token = params.get("t");
  const key = params.get("k");
  if (!token || !key) throw new Refusal(401, "Authorization: vapid needs t and k");

  const raw = unb64(key);
  if (raw.length !== 65 || raw[0] !== 4) throw new Refusal(401, "k is not an uncompressed P-256 point");
  let publicKey: CryptoKey;
  try {
    publicKey = await crypto.subtle.importKey("raw", raw, { name: "ECDSA", namedCurve: "P-256" }, false, [
      "verify",
    ]);
  } catch {
    throw new Refusal(401, "k is not a P-256 public key");
  }

  const parts = token.split(".");
  if (parts.length !== 3) throw new Refusal(401, "JWT is not header.claims.signature");
  const [head = "", body = "", signature = ""] = parts;
  const header_ = jsonPart(head, "header");
  if (header_.alg !== "ES256") throw new Refusal(401, `JWT alg is ${String(header_.alg)}, not ES256`);
  if (header_.typ !== undefined && header_.typ !== "JWT") throw new Refusal(401, "JWT typ is not JWT");
  const good = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    publicKey,
    unb64(signature),
    new TextEncoder().encode(`${head}.${body}`),
  );
  if (!good) throw new Refusal(401, "JWT signature does not verify against k");

  const claims = jsonPart(body, "claims");
  if (claims.aud !== audience) throw new Refusal(401, `JWT aud is ${String(claims.aud)}, not ${audience}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== "number" || !Number.isInteger(claims.exp))
    throw new Refusal(401, "JWT exp missing");
  if (claims.exp <= now) throw new Refusal(401, "JWT has expired");
  if (claims.exp > now + DAY) throw new Refusal(401, "JWT exp is more than 24 hours ahead");
  const sub = typeof claims.sub === "string" ? claims.sub : "";
  if (!/^mailto:.+/.test(sub) && !(URL.canParse(sub) && new URL(sub).protocol === "https:"))
    throw new Refusal(401, "JWT sub is not a mailto: or https: URL");
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function createPushService(): PushService {
  const subscriptions = new Map<string, Subscription>();
  /** Queued answers per subscription id; "" holds those for any subscription. */
  const queued = new Map<string, Answer[]>();
  let deliveries: Delivery[] = [];
  let rejected: Rejection[] = [];
  let attempts: Record<string, number> = {};

  function nextAnswer(id: string): Answer | undefined {
    return queued.get(id)?.shift() ?? queued.get("")?.shift();
  }

  /** Checks and decrypts one push; throws a Refusal for a failed check. */
  async function receive(id: string, sub: Subscription, req: IncomingMessage): Promise<Delivery> {
    await checkVapid(req.headers.authorization, sub.audience);
    const encoding = req.headers["content-encoding"];
    if (encoding !== "aes128gcm") throw new Refusal(400, `Content-Encoding is ${encoding}, not aes128gcm`);
    const ttlHeader = req.headers.ttl;
    if (typeof ttlHeader !== "string" || !/^\d+$/.test(ttlHeader))
      throw new Refusal(400, "TTL header missing");
    const urgency = typeof req.headers.urgency === "string" ? req.headers.urgency : null;
    if (typeof urgency === "string" && !URGENCIES.includes(urgency))
      throw new Refusal(400, `Urgency ${urgency} is not one of ${URGENCIES.join("|")}`);
    const topic = typeof req.headers.topic === "string" ? req.headers.topic : null;
    if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic))
      throw new Refusal(400, "Topic is not at most 32 base64url characters");

    const body = await readBody(req);
    if (body.length > MAX_BODY) throw new Refusal(413, `body is ${body.length} bytes, more than ${MAX_BODY}`);
    // RFC 8291 §4: salt (16), rs (4), idlen (1) = 65, keyid = the sender's uncompressed public key.
    if (body.length < 21 || body[20] !== 65) throw new Refusal(400, "aes128gcm header has no 65-byte keyid");
    let text: string;
    try {
      const plain = ece.decrypt(body, { version: "aes128gcm", privateKey: sub.ecdh, authSecret: sub.auth });
      text = new TextDecoder("utf-8", { fatal: true }).decode(plain);
    } catch (error) {
      throw new Refusal(400, `cannot decrypt: ${error instanceof Error ? error.message : String(error)}`);
    }
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {}
    return { id, ttl: Number(ttlHeader), urgency, topic, payload, at: Date.now() };
  }

  async function push(id: string, req: IncomingMessage, res: ServerResponse, base: string): Promise<void> {
    const sub = subscriptions.get(id);
    if (!sub) {
      await readBody(req);
      return reply(res, 404, { error: "no such subscription" });
    }
    attempts[id] = (attempts[id] ?? 0) + 1;
    let delivery: Delivery;
    try {
      delivery = await receive(id, sub, req);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      rejected.push({ id, status: error.status, reason: error.message, at: Date.now() });
      return reply(res, error.status, { error: error.message });
    }
    const answer = nextAnswer(id) ?? { status: 201 };
    const headers: Record<string, string> = {};
    if (answer.retryAfter !== undefined) headers["retry-after"] = String(answer.retryAfter);
    if (answer.status >= 200 && answer.status < 300) {
      deliveries.push(delivery);
      headers.location = `${base}/__push/messages/${deliveries.length}`; // RFC 8030 §5 (not served)
      headers.ttl = String(delivery.ttl);
    }
    res.writeHead(answer.status, headers);
    res.end();
  }

  async function control(action: string, req: IncomingMessage, res: ServerResponse, base: string) {
    if (req.method === "GET" && action === "state") return reply(res, 200, api.state());
    if (req.method !== "POST") return reply(res, 405, { error: "POST" });
    if (action === "subscriptions") {
      await readBody(req);
      return reply(res, 201, api.subscribe(base));
    }
    if (action === "reset") {
      await readBody(req);
      api.reset();
      return reply(res, 200, {});
    }
    if (action === "answers") {
      let body: { id?: unknown; statuses?: unknown };
      try {
        body = JSON.parse((await readBody(req)).toString("utf8"));
      } catch {
        body = {};
      }
      const statuses = Array.isArray(body.statuses) ? (body.statuses as Answer[]) : [];
      const valid = statuses.every(
        (a) =>
          Number.isInteger(a?.status) &&
          a.status >= 200 &&
          a.status <= 599 &&
          (a.retryAfter === undefined || (Number.isInteger(a.retryAfter) && a.retryAfter >= 0)),
      );
      if (statuses.length === 0 || !valid || (body.id !== undefined && typeof body.id !== "string"))
        return reply(res, 400, {
          error: 'body: {"id"?: string, "statuses": [{"status": 429, "retryAfter"?: 1}]}',
        });
      api.answers(statuses, body.id as string | undefined);
      return reply(res, 200, { queued: statuses.length });
    }
    return reply(res, 404, { error: "subscriptions | answers | state | reset" });
  }

  const api: PushService = {
    async handle(req, res, url) {
      const pushPath = /^(.*)\/push\/([^/]+)$/.exec(url.pathname);
      const controlPath = /^(.*)\/__push\/([^/]+)$/.exec(url.pathname);
      if (controlPath) await control(controlPath[2] ?? "", req, res, url.origin + controlPath[1]);
      else if (!pushPath) return false;
      else if (req.method !== "POST") reply(res, 405, { error: "POST" });
      else await push(pushPath[2] ?? "", req, res, url.origin + pushPath[1]);
      return true;
    },
    subscribe(base) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString("base64url");
      const endpoint = `${base.replace(/\/$/, "")}/push/${id}`;
      const url = new URL(endpoint);
      subscriptions.set(id, { ecdh, auth, audience: `https://${url.host}` });
      return { endpoint, expirationTime: null, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } };
    },
    answers(statuses, id) {
      const key = id ?? "";
      queued.set(key, [...(queued.get(key) ?? []), ...statuses.map((a) => ({ ...a }))]);
    },
    state() {
      return { deliveries: [...deliveries], rejected: [...rejected], attempts: { ...attempts } };
    },
    reset() {
      subscriptions.clear();
      queued.clear();
      deliveries = [];
      rejected = [];
      attempts = {};
    },
  };
  return api;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

/** The service alone on a loopback port (the workerd tests' push service); port 0 picks a free one. */
export async function startPushService(
  port = 0,
): Promise<{ url: string; service: PushService; close: () => Promise<void> }> {
  const service = createPushService();
  const server = createServer(async (req, res) => {
    try {
      if (!(await service.handle(req, res, new URL(req.url ?? "/", url))))
        reply(res, 404, { error: "not found" });
    } catch (error) {
      reply(res, 500, { error: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  server.unref();
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return {
    url,
    service,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
