/**
 * A few seconds of per-isolate memory for finished HTML pages. Every visitor of a URL gets the same
 * page while the snapshot is unchanged, so rendering it once per URL per few seconds is enough; the
 * only per-response part, the CSP nonce, is swapped in on the way out. `X-Cache` says which it was.
 */

interface Entry {
  body: string;
  headers: [string, string][];
  status: number;
  nonce: string;
  storedAt: number;
}

export interface HtmlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Longer URLs are rendered every time rather than filling the cache. */
  maxUrlLength: number;
}

export class HtmlCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: HtmlCacheOptions) {}

  /** The cache key of a request, or null when it must not be cached (a HEAD shares its GET's key). */
  key(request: Request, bot: boolean): string | null {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    if (request.url.length > this.options.maxUrlLength) return null;
    return `${bot ? "bot" : "browser"} ${request.url}`;
  }

  /** A cached response for the key with `nonce` in place of the stored one (headers only for HEAD), or null. */
  get(key: string, nonce: string, now: number, head = false): Response | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (now - entry.storedAt > this.options.ttlMs) {
      this.entries.delete(key);
      return null;
    }
    const response = new Response(head ? null : entry.body.replaceAll(entry.nonce, nonce), {
      status: entry.status,
      headers: entry.headers,
    });
    response.headers.set("X-Cache", "HIT");
    return response;
  }

  /**
   * Passes the response through and keeps its page if it is a finished 200 page: `html` is the body the
   * document entry rendered, or null for a page still streaming its data (which is not kept).
   */
  store(key: string, response: Response, html: string | null, nonce: string, now: number): Response {
    const type = response.headers.get("content-type") ?? "";
    if (!type.startsWith("text/html")) return response;
    response.headers.set("X-Cache", "MISS");
    if (response.status !== 200 || html === null) return response;
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body: html, headers: [...response.headers], status: 200, nonce, storedAt: now });
    return response;
  }

  clear(): void {
    this.entries.clear();
  }
}
