/** Shared outbound HTTP: timeout, bounded retries for idempotent failures, typed errors. */
import { errorMessage } from "~/lib/errors";

export type UpstreamName = "gamma" | "data" | "clob" | "x" | "llm" | "kalshi";

export type UpstreamFailure = "network" | "timeout" | "status" | "html" | "invalid-json" | "shape" | "empty";

/** Every upstream problem becomes this; callers fall back on it, never on raw exceptions. */
export class UpstreamError extends Error {
  override readonly name = "UpstreamError";
  constructor(
    readonly upstream: UpstreamName,
    readonly kind: UpstreamFailure,
    message: string,
    readonly status?: number,
    /** What the upstream asked for with `Retry-After` (on 429/503), in milliseconds. */
    readonly retryAfterMs?: number,
    /** The runtime's own words for a network failure: for the log line, never for visitors. */
    readonly detail?: string,
  ) {
    super(message);
  }

  /** The message with the runtime's detail, for one log line. */
  describe(): string {
    const status = this.status === undefined ? "" : `, status ${this.status}`;
    return `${this.message}${status}${this.detail ? ` (${this.detail})` : ""}`;
  }
}

/** Any failure in words for one log line (an UpstreamError with its status and detail). */
export function describeFailure(error: unknown): string {
  if (error instanceof UpstreamError) return error.describe();
  return errorMessage(error);
}

export interface HttpOptions {
  upstream: UpstreamName;
  fetch: typeof fetch;
  timeoutMs: number;
  /** Extra attempts after the first; only for GETs and retryable failures. */
  retries: number;
  retryBaseMs: number;
  /** Injected so tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Message for a non-ok status (SPEC §7 texts), e.g. (s) => `Twitter API error: ${s}`. */
  statusMessage?: (status: number) => string;
  /** Sees every response's headers (e.g. to report deprecation notices). */
  onResponse?: (response: Response) => void;
}

const RETRY_CAP_MS = 30_000;
/**
 * Longest `Retry-After` waited for inside one request: a longer one ends the attempts at once (the
 * caller's failure back-off then honours it), since the Worker's background work is cut after 30 s.
 */
export const RETRY_AFTER_CAP_MS = 10_000;

/** `Retry-After` as milliseconds (delta-seconds or an HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

const UPSTREAM_LABELS: Record<UpstreamName, string> = {
  gamma: "the Polymarket market feed",
  data: "the Polymarket trade feed",
  clob: "the Polymarket price history",
  x: "the X API",
  llm: "the language model API",
  kalshi: "Kalshi's market data",
};

/**
 * A network failure in words a visitor can read. The runtime's own text (first line only: workerd adds
 * stack-like references) rides along as `detail` for the one log line the caller writes.
 */
function networkError(upstream: UpstreamName, url: string, cause: unknown): UpstreamError {
  const detail = `${new URL(url).host}: ${errorMessage(cause).split("\n")[0]?.slice(0, 200)}`;
  return new UpstreamError(
    upstream,
    "network",
    `Could not reach ${UPSTREAM_LABELS[upstream]}`,
    undefined,
    undefined,
    detail,
  );
}
const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function isRetryable(error: UpstreamError): boolean {
  if (error.kind === "network" || error.kind === "timeout") return true;
  if (error.kind === "status" || error.kind === "html") {
    return error.status === 429 || (error.status !== undefined && error.status >= 500);
  }
  return false;
}

async function attempt(url: string, init: RequestInit, opts: HttpOptions): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  try {
    let response: Response;
    try {
      response = await opts.fetch(url, { ...init, signal: controller.signal });
    } catch (cause) {
      if (controller.signal.aborted) {
        throw new UpstreamError(opts.upstream, "timeout", `Request timed out after ${opts.timeoutMs} ms`);
      }
      throw networkError(opts.upstream, url, cause);
    }
    opts.onResponse?.(response);
    const type = response.headers.get("content-type") ?? "";
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      if (controller.signal.aborted) {
        throw new UpstreamError(opts.upstream, "timeout", `Request timed out after ${opts.timeoutMs} ms`);
      }
      throw networkError(opts.upstream, url, cause);
    }
    const looksHtml = type.includes("html") || /^\s*</.test(text);
    if (!response.ok) {
      const message = opts.statusMessage?.(response.status) ?? `API error: ${response.status}`;
      const retryAfterMs =
        response.status === 429 || response.status === 503
          ? parseRetryAfter(response.headers.get("retry-after"))
          : undefined;
      throw new UpstreamError(
        opts.upstream,
        looksHtml ? "html" : "status",
        message,
        response.status,
        retryAfterMs,
      );
    }
    if (looksHtml) {
      throw new UpstreamError(opts.upstream, "html", "JSON parsing failed", response.status);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new UpstreamError(opts.upstream, "invalid-json", "JSON parsing failed", response.status);
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Fetches JSON. GET requests are retried `retries` times with a delay doubling from
 * `retryBaseMs` (capped at 30 s) on network errors, timeouts, 429 and 5xx; other methods
 * and other failures are not retried. A `Retry-After` is honoured: the next attempt waits at least
 * that long, and one beyond RETRY_AFTER_CAP_MS ends the attempts. Throws UpstreamError.
 */
export async function fetchJson(url: string, init: RequestInit, opts: HttpOptions): Promise<unknown> {
  const method = (init.method ?? "GET").toUpperCase();
  const maxAttempts = method === "GET" || method === "HEAD" ? opts.retries + 1 : 1;
  const sleep = opts.sleep ?? defaultSleep;
  let lastError: UpstreamError | undefined;
  for (let i = 0; i < maxAttempts; i++) {
    if (i > 0) {
      const backoff = Math.min(opts.retryBaseMs * 2 ** (i - 1), RETRY_CAP_MS);
      await sleep(Math.max(backoff, lastError?.retryAfterMs ?? 0));
    }
    try {
      return await attempt(url, init, opts);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      lastError = error;
      if (!isRetryable(error)) break;
      if ((error.retryAfterMs ?? 0) > RETRY_AFTER_CAP_MS) break;
    }
  }
  throw lastError ?? new UpstreamError(opts.upstream, "network", "No attempt made");
}

/** Joins a configured base URL and a path without doubling or dropping slashes. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
