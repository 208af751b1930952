/**
 * A shared snapshot declared once: where it lives, how long it is fresh, how it is built, what pages see
 * of it and what they see when there is none. The SWR cache (swr-cache.ts) runs every declared dataset
 * the same way: single flight, the cross-isolate lock, failure back-off (an upstream's Retry-After
 * honoured), an empty answer recorded as the upstream working, and writes only of changed content.
 */
import type { Section, Unavailable } from "~/lib/section";
import type { Config } from "../config";
import type { Deps } from "../deps";
import { UpstreamError } from "../http";
import type { Cached, CacheFailure } from "./cached";
import type { Dataset, RefreshRecord } from "./swr-cache";

export interface DatasetSpec<Stored, View> {
  /** KV key of the value. */
  key: string;
  /** Key of its refresh record and lock (D1 `refresh_state`). */
  recordKey: string;
  /** How long a value stays fresh after it was fetched or last confirmed current. */
  freshSeconds: (config: Config) => number;
  /** When a stored value was fetched (ISO time). */
  fetchedAt: (stored: Stored) => string;
  /** Builds a new value; throws when the upstream fails (the stored value is kept then). */
  build: (deps: Deps, previous: Stored | null) => Promise<Stored>;
  /** What a page sees of a cached value (staleness and failure already worked out). */
  present: (cached: Cached<Stored>) => View;
  /**
   * What a page sees when nothing is cached and a refresh now failed: `empty` when the upstream answered
   * with nothing (SPEC §5: not cached; say so, do not call it an error), with `since` when the record
   * knows when the current run of failed refreshes began.
   */
  fallback: (now: number, failure: Unavailable) => View | Promise<View>;
  /** True when a rebuilt value says nothing new: the stored copy is confirmed instead of rewritten. */
  sameContent?: (stored: Stored, rebuilt: Stored) => boolean;
  /** A changed value is written at most this often (keeps KV writes inside the Free plan). */
  minWriteSeconds?: (config: Config) => number;
}

export interface DeclaredDataset<Stored, View> {
  /** Rebuilds it now (single flight); a failure leaves the stored value as it was. */
  refresh(deps: Deps): Promise<Section<Stored>>;
  /** The cached value as pages see it, without waiting on an upstream (a stale one schedules a refresh). */
  read(deps: Deps): Promise<View | null>;
  /** The cached value, else built now, else the fallback. */
  get(deps: Deps): Promise<View>;
  /** `read` through `view` at once, else `get` as a promise a loader streams (cold cache). */
  view<T>(deps: Deps, view: (value: View) => T): Promise<{ value: T | Promise<T> }>;
  /** The cached value with its check time and staleness, or null (no upstream call). */
  cached(deps: Deps): Promise<Cached<Stored> | null>;
  /** What the cache holds and its refresh record, without scheduling anything (the status page). */
  inspect(
    deps: Deps,
  ): Promise<{ value: Stored | null; checkedAt: string | null; record: RefreshRecord | null }>;
}

/**
 * Cached data renders with the first byte; on a cold cache a loader hands React Router the pending
 * fetch instead, and the page streams its shell at once and the data when it arrives. The result is
 * wrapped (`{ value }`) because an async function cannot return a promise without waiting for it.
 */
async function cachedOrPending<TData, TView>({
  read,
  fetchNow,
  view,
  waitUntil,
}: {
  read: () => Promise<TData | null>;
  fetchNow: () => Promise<TData>;
  view: (data: TData) => TView;
  waitUntil: (promise: Promise<unknown>) => void;
}): Promise<{ value: TView | Promise<TView> }> {
  const cached = await read();
  if (cached !== null) return { value: view(cached) };
  const pending = fetchNow().then(view);
  // The fetch fills the cache for everyone: it runs to its end even if this visitor goes away.
  waitUntil(pending.catch(() => undefined));
  return { value: pending };
}

const isEmptyAnswer = (error: Error) => error instanceof UpstreamError && error.kind === "empty";

/** Declares a dataset; its methods take the run's deps. */
export function defineDataset<Stored, View>(spec: DatasetSpec<Stored, View>): DeclaredDataset<Stored, View> {
  const dataset = (deps: Deps): Dataset<Stored> => ({
    key: spec.key,
    recordKey: spec.recordKey,
    freshMs: spec.freshSeconds(deps.config) * 1000,
    backoffMs: deps.config.failureBackoffSeconds * 1000,
    fetchedAt: spec.fetchedAt,
    build: (previous) => spec.build(deps, previous),
    ...(spec.sameContent ? { sameContent: spec.sameContent } : {}),
    ...(spec.minWriteSeconds ? { minWriteMs: spec.minWriteSeconds(deps.config) * 1000 } : {}),
    isEmptyAnswer,
    retryAfterMs: (error) => (error instanceof UpstreamError ? error.retryAfterMs : undefined),
  });

  const cached = (deps: Deps) => deps.cache.read(dataset(deps), deps.waitUntil);

  const read = async (deps: Deps) => {
    const value = await cached(deps);
    return value ? spec.present(value) : null;
  };

  const get = async (deps: Deps): Promise<View> => {
    const result = await deps.cache.readOrRefresh(dataset(deps), deps.waitUntil);
    return result.ok ? spec.present(result.value) : spec.fallback(deps.now(), result);
  };

  return {
    refresh: (deps) => deps.cache.refresh(dataset(deps)),
    read,
    get,
    view: (deps, view) =>
      cachedOrPending({ read: () => read(deps), fetchNow: () => get(deps), view, waitUntil: deps.waitUntil }),
    cached,
    inspect: (deps) => deps.cache.inspect(dataset(deps)),
  };
}

/** A served value's refresh failure in the snapshot bodies' words: `error`, and `failingSince` where known. */
export function failureFields(failure: CacheFailure | undefined): { error?: string; failingSince?: string } {
  if (!failure) return {};
  return { error: failure.message, ...(failure.since ? { failingSince: failure.since } : {}) };
}
