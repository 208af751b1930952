/**
 * On-demand data: what a visitor's request asks for by id (a market outside the snapshot, an event, a
 * trader's sections, a token's CLOB history). Any anonymous visitor can name a new id, so none of it is
 * ever written to KV (whose Free-plan quota is 1,000 writes a day): answers live in this isolate's memory
 * (bounded by size) and in the data centre's Cache API (no write quota; a no-op on `*.workers.dev`,
 * decision 0021). The rules that make a random id cost an attacker more than it costs us:
 *
 * - an answer of nothing (an unknown slug, a wallet with no activity) is kept like any other, for at least
 *   MISSING_FRESH_MS, so an id costs at most one upstream call per data centre per 10 minutes;
 * - a failing upstream route (the key without its id: `market:slug`, `trader:positions`…) is left alone for
 *   the back-off (or its Retry-After): reads fail at once with `UpstreamUnavailableError`, without calling
 *   it, and serve a stale copy where one is kept;
 * - the first upstream call of a request passes the request's lookup gate (a per-client rate limit), which
 *   throws `LookupLimitedError` when the client has used its lookups; kept answers never reach the gate,
 *   and a stale copy is served rather than the refusal.
 */

import { describeFailure, UpstreamError, type UpstreamName } from "../http";
import { createLog } from "../log";
import type { Cached } from "./cached";

const CACHE_LOG = createLog("on-demand");

/** An unknown id is not asked for again within this long. */
export const MISSING_FRESH_MS = 10 * 60_000;
/** A copy is kept this long to serve, marked stale, while its upstream fails. */
const DEFAULT_KEEP_MS = 86_400_000;

/** Entries and bytes kept in one isolate's memory at most (approximated by their JSON length). */
const MAX_MEMORY_ENTRIES = 1_000;
const MAX_MEMORY_BYTES = 8 * 1024 * 1024;

/** Cache API keys are URLs; this host is never resolved (the cache is namespaced by the zone). */
const CACHE_ORIGIN = "https://on-demand.oddspulse.internal";

/** One on-demand read: where its answer is kept, who answers it, how long the answer is fresh. */
export interface OnDemandRead<T> {
  key: string;
  upstream: UpstreamName;
  freshMs: number;
  /** How long a copy is kept to serve (stale) while the upstream fails; a day unless said. */
  keepMs?: number;
  load: () => Promise<T>;
  /** An answer of nothing (an unknown id): fresh for at least MISSING_FRESH_MS. */
  isEmpty?: (value: T) => boolean;
}

/** Asked once per request before its first upstream call: throws LookupLimitedError when over the limit. */
export type LookupGate = () => Promise<void>;

/** The client has used its on-demand lookups for this window. */
export class LookupLimitedError extends Error {
  override readonly name = "LookupLimitedError";
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many lookups from your network: try again in ${retryAfterSeconds} s.`);
  }
}

/** The upstream route failed recently and is left alone until `until` (epoch ms). */
export class UpstreamUnavailableError extends Error {
  override readonly name = "UpstreamUnavailableError";
  constructor(
    readonly route: string,
    readonly until: number,
    cause: string,
  ) {
    super(`${route} is failing (${cause}); not asked again until ${new Date(until).toISOString()}`);
  }
}

/** The route of a key: the key without its last segment (the id). */
export function routeOf(read: Pick<OnDemandRead<unknown>, "key" | "upstream">): string {
  const cut = read.key.lastIndexOf(":");
  return `${read.upstream} ${cut > 0 ? read.key.slice(0, cut) : read.key}`;
}

interface Entry {
  fetchedAt: number;
  value: unknown;
  empty: boolean;
  bytes: number;
}

export interface OnDemandCacheOptions {
  /** Epoch milliseconds. */
  now: () => number;
  /** The data centre's cache (`caches.default`), or null where there is none (memory only). */
  cache: Cache | null;
  /** After a failed load, the upstream is left alone this long (longer if it sent Retry-After). */
  backoffMs: number;
  /** Longest back-off a Retry-After can impose. */
  maxRetryAfterMs?: number;
  log?: (line: string) => void;
}

export class OnDemandCache {
  private readonly memory = new Map<string, Entry>();
  private memoryBytes = 0;
  private readonly inflight = new Map<string, Promise<Cached<unknown>>>();
  /** Back-off per upstream route (`routeOf`). */
  private readonly failures = new Map<string, { until: number; error: string }>();
  private readonly log: (line: string) => void;

  constructor(private readonly options: OnDemandCacheOptions) {
    this.log = options.log ?? CACHE_LOG.error;
  }

  /** The kept value if it is fresh for `freshMs`, else null; never calls an upstream or the gate. */
  async peek<T>(key: string, freshMs: number): Promise<Cached<T> | null> {
    const entry = await this.entry(key);
    const now = this.options.now();
    if (!entry || !this.isFresh(entry, freshMs, now)) return null;
    return this.kept<T>(entry, false);
  }

  /**
   * The value of a read: kept and fresh, else loaded now (one load per key per isolate at a time,
   * through the gate). While its upstream is in back-off, or when the load fails, a kept copy is served
   * stale with the failure (without `since`: only back-off is kept of a route's failures); with nothing
   * kept the failure is thrown.
   */
  async read<T>(read: OnDemandRead<T>, gate: LookupGate): Promise<Cached<T>> {
    const entry = await this.entry(read.key);
    const now = this.options.now();
    if (entry && this.isFresh(entry, read.freshMs, now)) return this.kept<T>(entry, false);
    const failing = this.failing(routeOf(read), now);
    if (failing) {
      if (entry) return { ...this.kept<T>(entry, true), failure: { message: failing.message } };
      throw failing;
    }
    try {
      // Joining a load already under way costs no upstream call, so only a new load asks the gate.
      if (!this.inflight.has(read.key)) await gate();
      return (await this.singleFlight(read.key, () => this.load(read))) as Cached<T>;
    } catch (error) {
      if (!entry) throw error;
      this.log(
        `load of ${read.key} failed, serving the copy from ${new Date(entry.fetchedAt).toISOString()}`,
      );
      return { ...this.kept<T>(entry, true), failure: { message: describeFailure(error) } };
    }
  }

  /** What this isolate keeps in memory (entries, approximate bytes). */
  size(): { entries: number; bytes: number } {
    return { entries: this.memory.size, bytes: this.memoryBytes };
  }

  /** The route's current back-off as an error, or null when it may be asked. */
  private failing(route: string, now: number): UpstreamUnavailableError | null {
    const failure = this.failures.get(route);
    if (!failure || now >= failure.until) return null;
    return new UpstreamUnavailableError(route, failure.until, failure.error);
  }

  private async load<T>(read: OnDemandRead<T>): Promise<Cached<T>> {
    let value: T;
    try {
      value = await read.load();
    } catch (error) {
      this.noteFailure(routeOf(read), error);
      throw error;
    }
    this.failures.delete(routeOf(read));
    const fetchedAt = this.options.now();
    const empty = read.isEmpty?.(value) ?? false;
    const body = JSON.stringify({ fetchedAt, value, empty });
    this.remember(read.key, { fetchedAt, value, empty, bytes: body.length });
    await this.store(read.key, body, Math.max(read.keepMs ?? DEFAULT_KEEP_MS, MISSING_FRESH_MS));
    return { value, fetchedAt: new Date(fetchedAt).toISOString(), stale: false };
  }

  private noteFailure(route: string, error: unknown): void {
    if (!(error instanceof UpstreamError) || error.kind === "empty") return;
    const asked = Math.min(error.retryAfterMs ?? 0, this.options.maxRetryAfterMs ?? 3_600_000);
    const backoff = Math.max(this.options.backoffMs, asked);
    this.failures.set(route, { until: this.options.now() + backoff, error: describeFailure(error) });
    // Bounded: routes are a handful of fixed prefixes, never ids.
    this.log(`${route} failed (${describeFailure(error)}): left alone for ${Math.round(backoff / 1000)} s`);
  }

  private isFresh(entry: Entry, freshMs: number, now: number): boolean {
    const window = entry.empty ? Math.max(freshMs, MISSING_FRESH_MS) : freshMs;
    return now - entry.fetchedAt <= window;
  }

  private kept<T>(entry: Entry, stale: boolean): Cached<T> {
    return { value: entry.value as T, fetchedAt: new Date(entry.fetchedAt).toISOString(), stale };
  }

  /** The entry from memory, else from the data centre's cache (then remembered). */
  private async entry(key: string): Promise<Entry | null> {
    const remembered = this.memory.get(key);
    if (remembered) {
      // Most recently used last: eviction takes the first.
      this.memory.delete(key);
      this.memory.set(key, remembered);
      return remembered;
    }
    const cache = this.options.cache;
    if (!cache) return null;
    try {
      const response = await cache.match(cacheUrl(key));
      if (!response) return null;
      const text = await response.text();
      const stored = JSON.parse(text) as { fetchedAt: number; value: unknown; empty?: boolean };
      if (typeof stored.fetchedAt !== "number") return null;
      const entry = {
        fetchedAt: stored.fetchedAt,
        value: stored.value,
        empty: stored.empty === true,
        bytes: text.length,
      };
      this.remember(key, entry);
      return entry;
    } catch (error) {
      this.log(`cache read of ${key} failed: ${describeFailure(error)}`);
      return null;
    }
  }

  private remember(key: string, entry: Entry): void {
    const previous = this.memory.get(key);
    if (previous) {
      this.memory.delete(key);
      this.memoryBytes -= previous.bytes;
    }
    if (entry.bytes > MAX_MEMORY_BYTES / 4) return;
    while (
      this.memory.size > 0 &&
      (this.memory.size >= MAX_MEMORY_ENTRIES || this.memoryBytes + entry.bytes > MAX_MEMORY_BYTES)
    ) {
      const [oldestKey, oldest] = this.memory.entries().next().value as [string, Entry];
      this.memory.delete(oldestKey);
      this.memoryBytes -= oldest.bytes;
    }
    this.memory.set(key, entry);
    this.memoryBytes += entry.bytes;
  }

  private async store(key: string, body: string, keepMs: number): Promise<void> {
    const cache = this.options.cache;
    if (!cache) return;
    try {
      const headers = {
        "Content-Type": "application/json",
        "Cache-Control": `max-age=${Math.ceil(keepMs / 1000)}`,
      };
      await cache.put(cacheUrl(key), new Response(body, { headers }));
    } catch (error) {
      this.log(`cache write of ${key} failed: ${describeFailure(error)}`);
    }
  }

  private singleFlight(key: string, run: () => Promise<Cached<unknown>>): Promise<Cached<unknown>> {
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = run().finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }
}

function cacheUrl(key: string): string {
  return `${CACHE_ORIGIN}/v1/${encodeURIComponent(key)}`;
}

/** The runtime's per-data-centre cache, or null where the global is missing (Node unit tests). */
export function defaultCache(): Cache | null {
  // Workers' CacheStorage has `default`; the DOM typings the app is checked with do not know it.
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}
