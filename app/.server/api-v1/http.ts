/** The API's error shape and its per-IP rate limit. */
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { WorkerEnv } from "../../../workers/types";
import type { ErrorBody, ErrorCode } from "./responses";

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

/** Requests per client IP per window: the binding's `simple` limit in wrangler.toml. */
export const RATE_LIMIT = 120;
export const RATE_PERIOD_SECONDS = 60;

/**
 * The binding decides (it counts across the location); the headers are this isolate's count in the
 * current fixed window, as the binding exposes no count (decision 0018). Entries of past windows are
 * dropped as the map is touched.
 */
const windows = new Map<string, { start: number; used: number }>();

function countRequest(key: string, now: number): { used: number; resetSeconds: number } {
  const start = Math.floor(now / (RATE_PERIOD_SECONDS * 1000)) * RATE_PERIOD_SECONDS * 1000;
  const current = windows.get(key);
  const used = current && current.start === start ? current.used + 1 : 1;
  if (windows.size > 10_000) for (const [k, w] of windows) if (w.start !== start) windows.delete(k);
  windows.set(key, { start, used });
  return { used, resetSeconds: Math.max(1, Math.ceil((start + RATE_PERIOD_SECONDS * 1000 - now) / 1000)) };
}

/** The client's IP as Cloudflare reports it; local and test requests without one share a key. */
export function clientKey(c: Context): string {
  return c.req.header("cf-connecting-ip") ?? "local";
}

export function rateLimit(now: () => number = Date.now): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const key = clientKey(c);
    let allowed = true;
    try {
      allowed = (await c.env.API_RATE_LIMITER.limit({ key })).success;
    } catch (error) {
      // A failing limiter must not take the API down: serve, and say so once per failure.
      console.error(`[api] rate limiter unavailable: ${error instanceof Error ? error.message : error}`);
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
        `Too many requests: at most ${RATE_LIMIT} a minute per IP. Try again in ${resetSeconds} s.`,
        undefined,
        { ...headers, "Retry-After": String(resetSeconds) },
      );
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
