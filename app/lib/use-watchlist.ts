/**
 * The watchlist as an external store for React (decision 0017). localStorage is the source of truth;
 * every star of a market reads it through `useSyncExternalStore`, told of changes by this tab's own
 * writes and by the `storage` event (other tabs). The server's snapshot is the empty list, so the
 * server renders every star unpressed and hydration matches; the browser's stored list follows at once.
 */
import { useSyncExternalStore } from "react";
import {
  isWatched,
  parseWatchlist,
  type StarTarget,
  serializeWatchlist,
  type ToggleChange,
  toggleWatch,
  WATCHLIST_KEY,
  type WatchEntry,
} from "./watchlist";

const EMPTY: readonly WatchEntry[] = [];
const listeners = new Set<() => void>();
/** Set when localStorage refused a read or write: the list then lives in this tab's memory. */
let fallback: { raw: string | null } | null = null;
let cached: { raw: string | null; entries: readonly WatchEntry[] } = { raw: null, entries: EMPTY };

function readRaw(): string | null {
  if (fallback) return fallback.raw;
  try {
    return window.localStorage.getItem(WATCHLIST_KEY);
  } catch {
    fallback = { raw: null };
    return null;
  }
}

function writeRaw(raw: string): void {
  try {
    if (!fallback) {
      window.localStorage.setItem(WATCHLIST_KEY, raw);
      return;
    }
  } catch {
    // Storage disabled or full: keep the list for this tab.
  }
  fallback = { raw };
}

/** The stored list; the same array while the stored text is unchanged (as useSyncExternalStore needs). */
export function readWatchlist(): readonly WatchEntry[] {
  const raw = readRaw();
  if (raw !== cached.raw) cached = { raw, entries: parseWatchlist(raw) };
  return cached.entries;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage.
    if (event.key === null || event.key === WATCHLIST_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Stars or unstars a market and tells every star in this tab (other tabs hear the storage event). */
export function toggleWatchlist(target: StarTarget): ToggleChange {
  const { entries, change } = toggleWatch(readWatchlist(), target, Date.now());
  if (change === "added" || change === "removed") {
    writeRaw(serializeWatchlist(entries));
    for (const listener of listeners) listener();
  }
  return change;
}

const emptyList = () => EMPTY;
const no = () => false;
const yes = () => true;
const never = () => () => {};

/** Every starred market, newest first; empty on the server and during hydration. */
export function useWatchlist(): readonly WatchEntry[] {
  return useSyncExternalStore(subscribe, readWatchlist, emptyList);
}

/** Whether one market is starred (re-renders only when that answer changes). */
export function useIsWatched(slug: string): boolean {
  return useSyncExternalStore(subscribe, () => isWatched(readWatchlist(), slug), no);
}

/** False on the server and while hydrating, true once the browser's React has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, yes, no);
}
