/** The GET (and the CLOB's one POST) every Polymarket client makes: its base URL, timeout and retry policy, JSON back. */
import { fetchJson, joinUrl, type UpstreamName } from "../http";

export interface PolymarketOptions {
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** Sees every response's headers (deprecation notices). */
  onResponse?: (response: Response) => void;
}

/** fetchJson's options for a Polymarket request: the client's base settings and the route's status message. */
function fetchOptions(
  upstream: Extract<UpstreamName, "gamma" | "data" | "clob">,
  statusMessage: (status: number) => string,
  opts: PolymarketOptions,
) {
  return {
    upstream,
    fetch: opts.fetch,
    timeoutMs: opts.timeoutMs,
    retries: opts.retries,
    retryBaseMs: opts.retryBaseMs,
    sleep: opts.sleep,
    statusMessage,
    onResponse: opts.onResponse,
  };
}

/** GETs `path` below the base URL as JSON. Throws UpstreamError with `statusMessage` for a non-ok status. */
export function getPolymarketJson(
  upstream: Extract<UpstreamName, "gamma" | "data" | "clob">,
  path: string,
  statusMessage: (status: number) => string,
  opts: PolymarketOptions,
): Promise<unknown> {
  return fetchJson(
    joinUrl(opts.baseUrl, path),
    { method: "GET", headers: { accept: "application/json" } },
    fetchOptions(upstream, statusMessage, opts),
  );
}

/**
 * POSTs a JSON body to `path` below the base URL and reads JSON back (the CLOB's batch routes, which
 * only read). Never retried (fetchJson retries GET only). Throws UpstreamError.
 */
export function postPolymarketJson(
  upstream: Extract<UpstreamName, "clob">,
  path: string,
  body: unknown,
  statusMessage: (status: number) => string,
  opts: PolymarketOptions,
): Promise<unknown> {
  return fetchJson(
    joinUrl(opts.baseUrl, path),
    {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
    },
    fetchOptions(upstream, statusMessage, opts),
  );
}
