/**
 * This browser's alerts as an external store for React (decision 0043), as the watchlist does it
 * (app/lib/use-watchlist.ts): localStorage `oddspulse:alerts:v1` is the source of truth, read through
 * `useSyncExternalStore`, told of this tab's writes and of other tabs' through the `storage` event. The
 * server's snapshot is "no alerts", so the server's markup and hydration agree.
 */
import { useSyncExternalStore } from "react";
import { ALERTS_KEY, parseStoredAlerts, type StoredAlerts, serializeAlerts } from "~/lib/alerts-storage";

const listeners = new Set<() => void>();
/** Set when localStorage refused a read or write: the alerts then live in this tab's memory. */
let fallback: { raw: string | null } | null = null;
let cached: { raw: string | null; alerts: StoredAlerts | null } = { raw: null, alerts: null };

function readRaw(): string | null {
  if (fallback) return fallback.raw;
  try {
    return window.localStorage.getItem(ALERTS_KEY);
  } catch {
    fallback = { raw: null };
    return null;
  }
}

function writeRaw(raw: string | null): void {
  try {
    if (!fallback) {
      if (raw === null) window.localStorage.removeItem(ALERTS_KEY);
      else window.localStorage.setItem(ALERTS_KEY, raw);
      return;
    }
  } catch {
    // Storage disabled or full: keep them for this tab.
  }
  fallback = { raw };
}

/** The stored alerts; the same object while the stored text is unchanged. */
export function readAlerts(): StoredAlerts | null {
  const raw = readRaw();
  if (raw !== cached.raw) cached = { raw, alerts: parseStoredAlerts(raw) };
  return cached.alerts;
}

/** Replaces the stored alerts (null: none) and tells this tab's readers. */
export function writeAlerts(alerts: StoredAlerts | null): void {
  writeRaw(alerts && alerts.rules.length > 0 ? serializeAlerts(alerts) : null);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ALERTS_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const none = () => null;

/** The stored alerts (null: none); null on the server and while hydrating. */
export function useAlerts(): StoredAlerts | null {
  return useSyncExternalStore(subscribe, readAlerts, none);
}
