/**
 * A stale-while-revalidate cache of the few shared snapshots, with no domain knowledge: datasets say where
 * they live, how long they stay fresh and how to rebuild themselves; this class owns freshness, single
 * flight, the cross-isolate lock, failure back-off, the refresh record and a short in-memory memo.
 *
 * KV holds the values only, and is written only when a value's content changed (decision 0022): the Free
 * plan allows 1,000 KV writes a day. The refresh records and locks live in a `RefreshStateStore` (D1),
 * where a rebuild that found the same content confirms the stored copy ("checked at T") without a KV write.
 *
 * One instance per isolate (the Worker entry keeps it); tests construct their own. Nothing here is
 * module state.
 */

import { asError, errorMessage } from "~/lib/errors";
import { ok, type Section, type Unavailable, unavailable } from "~/lib/section";
import { describeFailure } from "../http";
import { createLog } from "../log";
import type { Cached, CacheFailure } from "./cached";

const CACHE_LOG = createLog("cache");

/** One cached dataset. */
export interface Dataset<T> {
  /** KV key of the value. */
  key: string;
  /** Key of the refresh record and lock in the refresh state store. */
  recordKey: string;
  /** How long a value stays fresh after it was fetched (or last confirmed current). */
  freshMs: number;
  /** After a failed refresh, callers get the failure without a new attempt for this long. */
  backoffMs: number;
  /** When the value was fetched (ISO time). */
  fetchedAt: (value: T) => string;
  /** Builds a new value; throws when the upstream fails (the stored value is kept then). */
  build: (previous: T | null) => Promise<T>;
  /** True when a rebuilt value says nothing new: the stored copy is confirmed instead of rewritten. */
  sameContent?: (stored: T, rebuilt: T) => boolean;
  /**
   * A changed value is written at most this often (the stored copy's age): writes the KV budget allows.
   * Keep freshMs ≥ minWriteMs plus the refresh period, so the stored copy never turns stale meanwhile.
   */
  minWriteMs?: number;
  /** A failure that is really the upstream answering with nothing: not recorded as a failing refresh. */
  isEmptyAnswer?: (error: Error) => boolean;
  /** How long the failure asks to be left alone (e.g. an upstream's Retry-After), in ms. */
  retryAfterMs?: (error: Error) => number | undefined;
}

/** The parts of a dataset that do not depend on its value's type. */
type DatasetKeys = Pick<Dataset<unknown>, "key" | "recordKey" | "backoffMs" | "isEmptyAnswer">;

/** The outcome of a dataset's latest refresh attempts, kept where any isolate can read it. */
export interface RefreshRecord {
  /** ISO time of the latest attempt. */
  attemptAt: string;
  /** ISO time of the latest success, null if none since the record began. */
  successAt: string | null;
  /** ISO time of the first failure of the current run of failures; null while refreshes succeed. */
  failingSince: string | null;
  /** The latest failure's message; null after a success. */
  error: string | null;
  /** When the stored value was last found current: written then, or rebuilt with the same content. */
  confirmedAt: string | null;
  /** The `fetchedAt` of the stored value that confirmation is about. */
  confirmedOf: string | null;
}

/** Where refresh records and locks live (D1: history/refresh-state.ts). */
export interface RefreshStateStore {
  /** Every dataset's record, in one read. */
  readAll(): Promise<Map<string, RefreshRecord>>;
  write(recordKey: string, record: RefreshRecord): Promise<void>;
  /** Takes the dataset's refresh lock until `untilMs` unless a live one is held; true when taken. */
  takeLock(recordKey: string, nowMs: number, untilMs: number): Promise<boolean>;
}

export interface SwrCacheOptions {
  kv: KVNamespace;
  /** Refresh records and locks; without one they live in this isolate's memory only. */
  state?: RefreshStateStore;
  /** Epoch milliseconds. */
  now: () => number;
  /** How long an isolate trusts its in-memory copy of a key (and of the records) before reading again. */
  memoMs?: number;
  /** Seconds a refresh lock lives. */
  lockSeconds?: number;
  /** Longest back-off a Retry-After can impose. */
  maxRetryAfterMs?: number;
  log?: (line: string) => void;
}

/** Runs work beyond the response (ctx.waitUntil). */
export type WaitUntil = (promise: Promise<unknown>) => void;

function ageMs(at: string, now: number): number {
  const t = Date.parse(at);
  return Number.isFinite(t) ? now - t : Number.POSITIVE_INFINITY;
}

/** In-memory entries per isolate at most. */
const MAX_MEMO_ENTRIES = 500;

/** When the stored value was last known current: its fetch time, or the record's later confirmation of it. */
export function checkedTime(fetchedAt: string, record: RefreshRecord | null): string {
  if (!record?.confirmedAt || record.confirmedOf !== fetchedAt) return fetchedAt;
  return Date.parse(record.confirmedAt) > Date.parse(fetchedAt) ? record.confirmedAt : fetchedAt;
}

export class SwrCache {
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly memory = new Map<string, { value: unknown; readAt: number }>();
  private readonly failures = new Map<string, { until: number; error: Error }>();
  /** Records as last read from the store, and this isolate's own writes since (the newer wins). */
  private stored: { records: Map<string, RefreshRecord>; readAt: number } | null = null;
  private readonly written = new Map<string, RefreshRecord>();
  private readonly memoMs: number;
  private readonly lockSeconds: number;
  private readonly maxRetryAfterMs: number;
  private readonly log: (line: string) => void;

  constructor(private readonly options: SwrCacheOptions) {
    this.memoMs = options.memoMs ?? 5_000;
    this.lockSeconds = options.lockSeconds ?? 60;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 3_600_000;
    this.log = options.log ?? CACHE_LOG.error;
  }

  /** A key's value (memo, then KV); null when absent. A failing KV reads as empty, never throws. */
  private async get<T>(key: string): Promise<T | null> {
    const now = this.options.now();
    const cached = this.memory.get(key);
    if (cached && now - cached.readAt < this.memoMs) return cached.value as T;
    try {
      const value = await this.options.kv.get<T>(key, "json");
      if (value !== null) this.remember(key, value, now);
      return value;
    } catch (error) {
      this.log(`KV read of ${key} failed: ${describeFailure(error)}`);
      return cached ? (cached.value as T) : null;
    }
  }

  /** Stores a value (memo at once, KV best effort). */
  private async put(key: string, value: unknown): Promise<void> {
    this.remember(key, value, this.options.now());
    try {
      await this.options.kv.put(key, JSON.stringify(value));
    } catch (error) {
      this.log(`KV write of ${key} failed: ${describeFailure(error)}`);
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
   * cost a round trip each time (the market page's history reads). A failure (a throw) is not kept, nor
   * a value `keep` turns down (an empty record, a failed read).
   */
  async remembered<T>({
    key,
    ttlMs,
    load,
    keep,
  }: {
    key: string;
    ttlMs: number;
    load: () => Promise<T>;
    keep?: (value: T) => boolean;
  }): Promise<T> {
    const now = this.options.now();
    const kept = this.memory.get(key);
    if (kept && now - kept.readAt < ttlMs) return kept.value as T;
    return this.singleFlight(`remembered:${key}`, async () => {
      const value = await load();
      if (keep?.(value) ?? true) this.remember(key, value, this.options.now());
      return value;
    });
  }

  /**
   * A dataset's refresh record, or null before its first attempt. Read from the store at most once per
   * memo period per isolate (all records in one read); given `waitUntil`, an older copy is served while
   * the store is read again in the background. A failing store serves what this isolate knows.
   */
  async record(
    dataset: Pick<DatasetKeys, "recordKey">,
    waitUntil?: WaitUntil,
  ): Promise<RefreshRecord | null> {
    const records = await this.records(waitUntil);
    return records.get(dataset.recordKey) ?? null;
  }

  private async records(waitUntil?: WaitUntil): Promise<Map<string, RefreshRecord>> {
    const store = this.options.state;
    if (!store) return this.written;
    const now = this.options.now();
    if (!this.stored || now - this.stored.readAt >= this.memoMs) {
      const reading = this.singleFlight("records", () => this.readRecords(store));
      if (this.stored && waitUntil) waitUntil(reading);
      else await reading;
    }
    const merged = new Map(this.stored?.records);
    for (const [key, mine] of this.written) {
      const theirs = merged.get(key);
      if (!theirs || Date.parse(mine.attemptAt) >= Date.parse(theirs.attemptAt)) merged.set(key, mine);
    }
    return merged;
  }

  private async readRecords(store: RefreshStateStore): Promise<void> {
    try {
      this.stored = { records: await store.readAll(), readAt: this.options.now() };
    } catch (error) {
      this.log(`refresh records unavailable, using this isolate's: ${describeFailure(error)}`);
      // Not asked again until the memo period is over: a failing database is not hammered per request.
      this.stored = { records: this.stored?.records ?? new Map(), readAt: this.options.now() };
    }
  }

  /** The stored value with when it was last checked and its record, without scheduling anything. */
  async inspect<T>(
    dataset: Dataset<T>,
    waitUntil?: WaitUntil,
  ): Promise<{ value: T | null; checkedAt: string | null; record: RefreshRecord | null }> {
    const [value, record] = await Promise.all([this.get<T>(dataset.key), this.record(dataset, waitUntil)]);
    return {
      value,
      record,
      checkedAt: value === null ? null : checkedTime(dataset.fetchedAt(value), record),
    };
  }

  /**
   * The cached value (no waiting on upstreams), or null. A stale value schedules one background
   * refresh per isolate, unless a refresh failed within the back-off or another isolate holds the lock.
   * Its `failure` is the current run of failed refreshes, when it began after the value was last checked.
   */
  async read<T>(dataset: Dataset<T>, waitUntil: WaitUntil): Promise<Cached<T> | null> {
    const { value, record, checkedAt } = await this.inspect(dataset, waitUntil);
    if (value === null || checkedAt === null) return null;
    const stale = ageMs(checkedAt, this.options.now()) > dataset.freshMs;
    const background = `background:${dataset.key}`;
    if (stale && !this.inflight.has(background) && this.recentFailure(dataset) === null) {
      waitUntil(
        this.singleFlight(background, async () => {
          if (await this.takeLock(dataset)) await this.refresh(dataset);
        }),
      );
    }
    const failure = failureSince(record, checkedAt);
    return { value, fetchedAt: dataset.fetchedAt(value), checkedAt, stale, ...(failure ? { failure } : {}) };
  }

  /**
   * The cached value, else a refresh now; a refresh that failed within the back-off is not retried. A
   * failure says since when refreshes fail, where the record knows.
   */
  async readOrRefresh<T>(dataset: Dataset<T>, waitUntil: WaitUntil): Promise<Section<Cached<T>>> {
    const cached = await this.read(dataset, waitUntil);
    if (cached) return ok(cached);
    const recent = this.recentFailure(dataset);
    const result = recent ? this.failed(dataset, recent) : await this.refresh(dataset);
    if (!result.ok) {
      const since = (await this.currentFailure(dataset, null))?.since;
      return since ? { ...result, since } : result;
    }
    const fetchedAt = dataset.fetchedAt(result.value);
    return ok({ value: result.value, fetchedAt, checkedAt: fetchedAt, stale: false });
  }

  /**
   * Rebuilds the dataset once per isolate at a time (concurrent callers share the attempt). A value with
   * new content is written to KV (unless the stored copy is younger than `minWriteMs`); the same content
   * confirms the stored copy instead. On failure the stored value is left as it was. Either way the attempt
   * is recorded. Returns the newest value (the stored one when nothing changed) or the failure (`empty`
   * when the upstream answered with nothing).
   */
  refresh<T>(dataset: Dataset<T>): Promise<Section<T>> {
    return this.singleFlight(dataset.key, async () => {
      const previous = await this.get<T>(dataset.key);
      try {
        const next = await dataset.build(previous);
        const now = this.options.now();
        let confirmed: Pick<RefreshRecord, "confirmedAt" | "confirmedOf"> | null = null;
        let result = next;
        if (previous !== null && dataset.sameContent?.(previous, next)) {
          // The stored copy is as current as the rebuilt value's fetch.
          confirmed = { confirmedAt: dataset.fetchedAt(next), confirmedOf: dataset.fetchedAt(previous) };
          result = previous;
        } else if (
          previous !== null &&
          dataset.minWriteMs !== undefined &&
          ageMs(dataset.fetchedAt(previous), now) < dataset.minWriteMs
        ) {
          CACHE_LOG.info(`${dataset.key} changed; written once the stored copy is older`);
        } else {
          await this.put(dataset.key, next);
          confirmed = { confirmedAt: dataset.fetchedAt(next), confirmedOf: dataset.fetchedAt(next) };
        }
        this.failures.delete(dataset.key);
        await this.recordAttempt(dataset, null, confirmed);
        return ok(result);
      } catch (caught) {
        const error = asError(caught);
        this.log(`refresh of ${dataset.key} failed, keeping previous data: ${describeFailure(error)}`);
        const asked = Math.min(dataset.retryAfterMs?.(error) ?? 0, this.maxRetryAfterMs);
        this.failures.set(dataset.key, {
          until: this.options.now() + Math.max(dataset.backoffMs, asked),
          error,
        });
        await this.recordAttempt(dataset, error, null);
        return this.failed(dataset, error);
      }
    });
  }

  /** A failed refresh as a result: `empty` when the upstream answered with nothing. */
  private failed(dataset: DatasetKeys, error: Error): Unavailable {
    return unavailable(
      errorMessage(error),
      dataset.isEmptyAnswer?.(error) === true ? "empty" : "unavailable",
    );
  }

  /** The last failure if it is within its back-off (callers then skip the upstream). */
  recentFailure(dataset: DatasetKeys): Error | null {
    const failure = this.failures.get(dataset.key);
    return failure && this.options.now() < failure.until ? failure.error : null;
  }

  /** The current run of failed refreshes, if it began at or after `checkedAt` (or there is no value). */
  async currentFailure(dataset: DatasetKeys, checkedAt: string | null): Promise<CacheFailure | null> {
    return failureSince(await this.record(dataset), checkedAt);
  }

  private async recordAttempt(
    dataset: DatasetKeys,
    error: Error | null,
    confirmed: Pick<RefreshRecord, "confirmedAt" | "confirmedOf"> | null,
  ): Promise<void> {
    const previous = await this.record(dataset);
    const at = new Date(this.options.now()).toISOString();
    const answered = error === null || dataset.isEmptyAnswer?.(error) === true;
    const kept = confirmed ?? {
      confirmedAt: previous?.confirmedAt ?? null,
      confirmedOf: previous?.confirmedOf ?? null,
    };
    const record: RefreshRecord = answered
      ? { attemptAt: at, successAt: at, failingSince: null, error: null, ...kept }
      : {
          attemptAt: at,
          successAt: previous?.successAt ?? null,
          failingSince: previous?.failingSince ?? at,
          error: error.message,
          ...kept,
        };
    this.written.set(dataset.recordKey, record);
    const store = this.options.state;
    if (!store) return;
    try {
      await store.write(dataset.recordKey, record);
    } catch (caught) {
      this.log(
        `refresh record of ${dataset.key} not written (kept in this isolate): ${describeFailure(caught)}`,
      );
    }
  }

  /** The cross-isolate refresh lock (a compare-and-set in the store); without a store, the single flight. */
  private async takeLock(dataset: DatasetKeys): Promise<boolean> {
    const store = this.options.state;
    if (!store) return true;
    const now = this.options.now();
    try {
      return await store.takeLock(dataset.recordKey, now, now + this.lockSeconds * 1000);
    } catch (error) {
      this.log(`refresh lock of ${dataset.key} unavailable: ${describeFailure(error)}`);
      return true;
    }
  }

  private singleFlight<T>(key: string, run: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = run().finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }
}

/** The record's current run of failures, if it began at or after `checkedAt` (always without a value). */
function failureSince(record: RefreshRecord | null, checkedAt: string | null): CacheFailure | null {
  if (!record?.failingSince || !record.error) return null;
  if (checkedAt !== null && Date.parse(record.failingSince) < Date.parse(checkedAt)) return null;
  return { message: record.error, since: record.failingSince };
}
