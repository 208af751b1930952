/**
 * A stale-while-revalidate cache over Workers KV, with no domain knowledge: datasets say where they
 * live, how long they stay fresh and how to rebuild themselves; this class owns freshness, single
 * flight, the cross-isolate lock, failure back-off, the refresh record and a short in-memory memo.
 *
 * One instance per isolate (the Worker entry keeps it); tests construct their own. Nothing here is
 * module state.
 */

import { describeFailure } from "../http";

/** One cached dataset. */
export interface Dataset<T> {
  /** KV key of the value. */
  key: string;
  /** KV key of the refresh lock (best effort across isolates). */
  lockKey: string;
  /** KV key of the refresh record (the outcome of the latest attempts). */
  recordKey: string;
  /** How long a value stays fresh after it was fetched. */
  freshMs: number;
  /** After a failed refresh, callers get the failure without a new attempt for this long. */
  backoffMs: number;
  /** When the value was fetched (ISO time). */
  fetchedAt: (value: T) => string;
  /** Builds a new value; throws when the upstream fails (the stored value is kept then). */
  build: (previous: T | null) => Promise<T>;
  /** A failure that is really the upstream answering with nothing: not recorded as a failing refresh. */
  isEmptyAnswer?: (error: Error) => boolean;
  /** How long the failure asks to be left alone (e.g. an upstream's Retry-After), in ms. */
  retryAfterMs?: (error: Error) => number | undefined;
}

/** The parts of a dataset that do not depend on its value's type. */
type DatasetKeys = Pick<Dataset<unknown>, "key" | "lockKey" | "recordKey" | "backoffMs" | "isEmptyAnswer">;

/** The outcome of a dataset's latest refresh attempts, kept in KV so any isolate can read it. */
export interface RefreshRecord {
  /** ISO time of the latest attempt. */
  attemptAt: string;
  /** ISO time of the latest success, null if none since the record began. */
  successAt: string | null;
  /** ISO time of the first failure of the current run of failures; null while refreshes succeed. */
  failingSince: string | null;
  /** The latest failure's message; null after a success. */
  error: string | null;
}

/** A cached value with what a page must say about it. */
export interface Cached<T> {
  value: T;
  /** Older than the dataset's freshness window. */
  stale: boolean;
  /** The current run of failed refreshes, when it began after this value was fetched. */
  failure: { error: string; failingSince: string } | null;
}

export interface SwrCacheOptions {
  kv: KVNamespace;
  /** Epoch milliseconds. */
  now: () => number;
  /** How long an isolate trusts its in-memory copy of a key before reading KV again. */
  memoMs?: number;
  /** Seconds a refresh lock lives (KV's minimum TTL is 60). */
  lockSeconds?: number;
  /** Longest back-off a Retry-After can impose. */
  maxRetryAfterMs?: number;
  log?: (line: string) => void;
}

/** Runs work beyond the response (ctx.waitUntil). */
export type WaitUntil = (promise: Promise<unknown>) => void;

function ageMs(fetchedAt: string, now: number): number {
  const t = Date.parse(fetchedAt);
  return Number.isFinite(t) ? now - t : Number.POSITIVE_INFINITY;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An on-demand value as `through` keeps it: when it was loaded, and whether that is past its freshness. */
export interface Kept<T> {
  value: T;
  fetchedAt: string;
  stale: boolean;
  /** The failure that kept a stale value in place. */
  error?: string;
}

interface KeptRecord<T> {
  fetchedAt: string;
  value: T;
}

/** In-memory entries per isolate at most (on-demand keys are per market: keep memory bounded). */
const MAX_MEMO_ENTRIES = 500;

export class SwrCache {
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly memory = new Map<string, { value: unknown; readAt: number }>();
  private readonly failures = new Map<string, { until: number; error: Error }>();
  private readonly memoMs: number;
  private readonly lockSeconds: number;
  private readonly maxRetryAfterMs: number;
  private readonly log: (line: string) => void;

  constructor(private readonly options: SwrCacheOptions) {
    this.memoMs = options.memoMs ?? 5_000;
    this.lockSeconds = options.lockSeconds ?? 60;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 3_600_000;
    this.log = options.log ?? ((line) => console.error(`[cache] ${line}`));
  }

  /** A key's value (memo, then KV); null when absent. A failing KV reads as empty, never throws. */
  async get<T>(key: string): Promise<T | null> {
    const now = this.options.now();
    const cached = this.memory.get(key);
    if (cached && now - cached.readAt < this.memoMs) return cached.value as T;
    try {
      const value = await this.options.kv.get<T>(key, "json");
      if (value !== null) this.remember(key, value, now);
      return value;
    } catch (error) {
      this.log(`KV read of ${key} failed: ${describe(error)}`);
      return cached ? (cached.value as T) : null;
    }
  }

  /** Stores a value (memo at once, KV best effort); `expirationTtl` seconds lets KV drop it later. */
  async put(key: string, value: unknown, expirationTtl?: number): Promise<void> {
    this.remember(key, value, this.options.now());
    try {
      await this.options.kv.put(key, JSON.stringify(value), expirationTtl ? { expirationTtl } : undefined);
    } catch (error) {
      this.log(`KV write of ${key} failed: ${describe(error)}`);
    }
  }

  private remember(key: string, value: unknown, now: number): void {
    this.memory.delete(key);
    if (this.memory.size >= MAX_MEMO_ENTRIES) {
      const oldest = this.memory.keys().next().value;
      if (oldest !== undefined) this.memory.delete(oldest);
    }
    this.memory.set(key, { value, readAt: now });
  }

  /**
   * A value kept in this isolate's memory only (never KV) for `ttlMs`: reads that change slowly and
   * cost a round trip each time (the market page's history reads). Failures are not kept.
   */
  async remembered<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const now = this.options.now();
    const kept = this.memory.get(key);
    if (kept && now - kept.readAt < ttlMs) return kept.value as T;
    return this.singleFlight(`remembered:${key}`, async () => {
      const value = await load();
      this.remember(key, value, this.options.now());
      return value;
    });
  }

  /** An on-demand value if it is stored and younger than `freshMs`, else null (no upstream call). */
  async peek<T>(key: string, freshMs: number): Promise<Kept<T> | null> {
    const kept = await this.get<KeptRecord<T>>(key);
    if (!kept || ageMs(kept.fetchedAt, this.options.now()) > freshMs) return null;
    return { value: kept.value, fetchedAt: kept.fetchedAt, stale: false };
  }

  /**
   * An on-demand value (a market page's sections): the stored one while younger than `freshMs`, else
   * loaded now (one load per key per isolate at a time) and stored for `keepSeconds`. A failed load
   * returns the stored value marked stale with the failure, or throws when nothing is stored.
   */
  async through<T>(
    key: string,
    freshMs: number,
    keepSeconds: number,
    load: () => Promise<T>,
    worthKeeping: (value: T) => boolean = () => true,
  ): Promise<Kept<T>> {
    const kept = await this.get<KeptRecord<T>>(key);
    const now = this.options.now();
    if (kept && ageMs(kept.fetchedAt, now) <= freshMs) {
      return { value: kept.value, fetchedAt: kept.fetchedAt, stale: false };
    }
    try {
      return await this.singleFlight(`through:${key}`, async () => {
        const value = await load();
        const fetchedAt = new Date(this.options.now()).toISOString();
        // An answer of nothing (an unknown slug) is not written: random URLs must not fill KV.
        if (worthKeeping(value))
          await this.put(key, { fetchedAt, value } satisfies KeptRecord<T>, keepSeconds);
        return { value, fetchedAt, stale: false };
      });
    } catch (error) {
      if (!kept) throw error;
      this.log(
        `refresh of ${key} failed, serving the value from ${kept.fetchedAt}: ${describeFailure(error)}`,
      );
      return { value: kept.value, fetchedAt: kept.fetchedAt, stale: true, error: describe(error) };
    }
  }

  /** The dataset's refresh record, or null before its first attempt. */
  record(dataset: DatasetKeys): Promise<RefreshRecord | null> {
    return this.get<RefreshRecord>(dataset.recordKey);
  }

  /**
   * The cached value (no waiting on upstreams), or null. A stale value schedules one background
   * refresh per isolate, unless a refresh failed within the back-off or another isolate holds the lock.
   */
  async read<T>(dataset: Dataset<T>, waitUntil: WaitUntil): Promise<Cached<T> | null> {
    const value = await this.get<T>(dataset.key);
    if (value === null) return null;
    const stale = ageMs(dataset.fetchedAt(value), this.options.now()) > dataset.freshMs;
    const background = `background:${dataset.key}`;
    if (stale && !this.inflight.has(background) && this.recentFailure(dataset) === null) {
      waitUntil(
        this.singleFlight(background, async () => {
          if (await this.takeLock(dataset)) await this.refresh(dataset);
        }),
      );
    }
    return { value, stale, failure: await this.currentFailure(dataset, dataset.fetchedAt(value)) };
  }

  /** The cached value, else a refresh now; a refresh that failed within the back-off is not retried. */
  async readOrRefresh<T>(dataset: Dataset<T>, waitUntil: WaitUntil): Promise<Cached<T> | Error> {
    const cached = await this.read(dataset, waitUntil);
    if (cached) return cached;
    const result = this.recentFailure(dataset) ?? (await this.refresh(dataset));
    if (result instanceof Error) return result;
    return { value: result, stale: false, failure: null };
  }

  /**
   * Rebuilds the dataset once per isolate at a time (concurrent callers share the attempt). On success
   * the value is stored; on failure the stored value is left as it was. Either way the attempt is
   * recorded. Returns the new value or the failure.
   */
  refresh<T>(dataset: Dataset<T>): Promise<T | Error> {
    return this.singleFlight(dataset.key, async () => {
      const previous = await this.get<T>(dataset.key);
      try {
        const next = await dataset.build(previous);
        await this.put(dataset.key, next);
        this.failures.delete(dataset.key);
        await this.recordAttempt(dataset, null);
        return next;
      } catch (caught) {
        const error = caught instanceof Error ? caught : new Error(String(caught));
        this.log(`refresh of ${dataset.key} failed, keeping previous data: ${describeFailure(error)}`);
        const asked = Math.min(dataset.retryAfterMs?.(error) ?? 0, this.maxRetryAfterMs);
        this.failures.set(dataset.key, {
          until: this.options.now() + Math.max(dataset.backoffMs, asked),
          error,
        });
        await this.recordAttempt(dataset, error);
        return error;
      }
    });
  }

  /** The last failure if it is within its back-off (callers then skip the upstream). */
  recentFailure(dataset: DatasetKeys): Error | null {
    const failure = this.failures.get(dataset.key);
    return failure && this.options.now() < failure.until ? failure.error : null;
  }

  /** The current run of failed refreshes, if it began at or after `fetchedAt` (or there is no value). */
  async currentFailure(
    dataset: DatasetKeys,
    fetchedAt: string | null,
  ): Promise<{ error: string; failingSince: string } | null> {
    const record = await this.get<RefreshRecord>(dataset.recordKey);
    if (!record?.failingSince || !record.error) return null;
    if (fetchedAt !== null && ageMs(fetchedAt, Date.parse(record.failingSince)) < 0) return null;
    return { error: record.error, failingSince: record.failingSince };
  }

  private async recordAttempt(dataset: DatasetKeys, error: Error | null): Promise<void> {
    const previous = await this.get<RefreshRecord>(dataset.recordKey);
    const at = new Date(this.options.now()).toISOString();
    const answered = error === null || dataset.isEmptyAnswer?.(error) === true;
    const record: RefreshRecord = answered
      ? { attemptAt: at, successAt: at, failingSince: null, error: null }
      : {
          attemptAt: at,
          successAt: previous?.successAt ?? null,
          failingSince: previous?.failingSince ?? at,
          error: error.message,
        };
    await this.put(dataset.recordKey, record);
  }

  /** Best-effort cross-isolate lock (KV is eventually consistent; the in-isolate single flight is exact). */
  private async takeLock(dataset: DatasetKeys): Promise<boolean> {
    const now = this.options.now();
    try {
      const held = await this.options.kv.get(dataset.lockKey);
      if (held !== null && now - Number(held) < this.lockSeconds * 1000) return false;
      await this.options.kv.put(dataset.lockKey, String(now), { expirationTtl: this.lockSeconds });
    } catch (error) {
      this.log(`KV lock ${dataset.lockKey} unavailable: ${describe(error)}`);
    }
    return true;
  }

  private singleFlight<T>(key: string, run: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = run().finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }
}
