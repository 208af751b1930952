/**
 * What every cache here answers, the SWR cache of shared snapshots (swr-cache.ts) and the on-demand cache
 * of lookups (on-demand.ts) alike: a value, when it was fetched, whether that is past its freshness, and
 * the failure that keeps it in place. Neither cache stores this shape: KV holds a dataset's value as it
 * was built, the Cache API an on-demand entry (`{ fetchedAt, value, empty }`).
 */
import type { Unavailable } from "~/lib/section";

export interface Cached<T> {
  value: T;
  /** When the value was fetched from its upstream (ISO time). */
  fetchedAt: string;
  /**
   * When the value was last known current: its fetch, or a later rebuild that found the same content.
   * Only the SWR cache confirms values; where it is absent, read `fetchedAt`.
   */
  checkedAt?: string;
  /** Older than its freshness window (counted from `checkedAt`, else `fetchedAt`). */
  stale: boolean;
  /** The failure that kept this value in place; absent while refreshes succeed. */
  failure?: CacheFailure;
}

/** Why a kept value was not refreshed, in the failure shape's words (`message`, and `since` where known). */
export type CacheFailure = Pick<Unavailable, "message" | "since">;
