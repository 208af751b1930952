/** The API's error shape and the per-client rate limit every JSON route shares. */
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { API_LIMIT, LIMIT_PERIOD_SECONDS, windowResetSeconds } from "../client-limits";
import { createLog } from "../log";
import type { WorkerEnv } from "../worker-env";
import type { ErrorBody, ErrorCode } from "./responses";

const log = createLog("api");

/** `{ "error": { "code", "message" } }` with the status; `parameter` names what was wrong on a 400. */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  parameter?: string,
  headers?: Record<string, string>,
) {
  const body: ErrorBody = { error: { code, message, ...(parameter ? { parameter } : {}) } };
  return c.json(body, status, { "Cache-Control": "no-store", ...headers });
}

/** Requests per client per window: the `API_RATE_LIMITER` binding's `simple` limit in wrangler.toml. */
export const RATE_LIMIT = API_LIMIT;
export const RATE_PERIOD_SECONDS = LIMIT_PERIOD_SECONDS;

/** Clients whose counts one isolate keeps for the headers, at most (the oldest are forgotten first). */
const MAX_COUNTED_CLIENTS = 10_000;

/**
 * The binding decides (it counts across the location); the headers are this isolate's count in the
 * current fixed window, as the binding exposes no count (decision 0018). Entries of past windows are
 * dropped as the map is touched, and the map never holds more than MAX_COUNTED_CLIENTS keys.
 */
const windows = new Map<string, { start: number; used: number }>();

function countRequest(key: string, now: number): { used: number; resetSeconds: number } {
  const period = RATE_PERIOD_SECONDS * 1000;
  const start = Math.floor(now / period) * period;
  const current = windows.get(key);
  const used = current && current.start === start ? current.used + 1 : 1;
  windows.delete(key);
  if (windows.size >= MAX_COUNTED_CLIENTS) {
    for (const [k, w] of windows) if (w.start !== start) windows.delete(k);
    while (windows.size >= MAX_COUNTED_CLIENTS) {
      const oldest = windows.keys().next().value;
      if (oldest === undefined) break;
      windows.delete(oldest);
    }
  }
  windows.set(key, { start, used });
  return { used, resetSeconds: windowResetSeconds(now, RATE_PERIOD_SECONDS) };
}

/** How many clients the header counter holds (tests: it stays bounded). */
export function countedClients(): number {
  return windows.size;
}

/**
 * The shared JSON budget (`API_RATE_LIMITER`): every `/api` route counts against the same key, the
 * client's IPv4 address or IPv6 /64 (`client`, set by the Worker). Over it: 429 with Retry-After.
 */
export function rateLimit(now: () => number = Date.now): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const key = c.get("client");
    let allowed = true;
    try {
      allowed = (await c.env.API_RATE_LIMITER.limit({ key })).success;
    } catch (error) {
      // A failing limiter must not take the API down: serve, and say so once per failure.
      log.error("rate limiter unavailable", error);
    }
    const { used, resetSeconds } = countRequest(key, now());
    const headers = {
      "RateLimit-Limit": String(RATE_LIMIT),
      "RateLimit-Remaining": String(allowed ? Math.max(0, RATE_LIMIT - used) : 0),
      "RateLimit-Reset": String(resetSeconds),
    };
    if (!allowed) {
      return apiError(
        c,
        429,
        "rate_limited",
        `Too many requests: at most ${RATE_LIMIT} a minute per client. Try again in ${resetSeconds} s.`,
        undefined,
        { ...headers, "Retry-After": String(resetSeconds) },
      );
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}

/** `"<hex SHA-1 of text>"`: a strong ETag. */
export async function etagOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return `"${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

function etagMatches(etag: string, ifNoneMatch: string | null): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => strip(tag) === strip(etag));
}

/**
 * ETags and 304s for GET and HEAD. A route may set its own ETag (one over what changes, not over the
 * clock); otherwise it is the SHA-1 of the body. The 304 keeps every header the 200 would have had (CORS,
 * Cache-Control, RateLimit-*), less the body's own: a browser's conditional fetch from another origin
 * must be readable like the first one (Hono's `etag()` keeps only the ETag).
 */
export function conditional(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || c.res.status !== 200) return;
    const etag = c.res.headers.get("ETag") ?? (await etagOf(await c.res.clone().text()));
    if (etagMatches(etag, c.req.header("If-None-Match") ?? null)) {
      const headers = new Headers(c.res.headers);
      for (const name of ["content-type", "content-length", "content-encoding"]) headers.delete(name);
      headers.set("ETag", etag);
      await c.res.body?.cancel();
      c.res = new Response(null, { status: 304, headers });
    } else {
      c.res.headers.set("ETag", etag);
    }
  };
}
