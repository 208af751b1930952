/**
 * The page's one polite live region for live changes: components report what changed
 * (`announceLive`), and the region says a summary at most once per 10 s (app/lib/live-announce.ts).
 * Mounted once in the shell; empty on the server and until something live changes.
 */
import { useSyncExternalStore } from "react";
import {
  type AnnouncementKind,
  announceDelay,
  announcementText,
  type PendingChange,
} from "~/lib/live-announce";

/**
 * The latest change per key (an outcome, a market's resolution, a trade), oldest first: a price said
 * once, as it is now, in the place of its latest change.
 */
const pending = new Map<string, PendingChange>();
let lastAt: number | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let said = "";
const listeners = new Set<() => void>();

/** Reports a change to be said in the next summary; `key` keeps only the latest text of one thing. */
export function announceLive(key: string, kind: AnnouncementKind, text: string): void {
  pending.delete(key);
  pending.set(key, { kind, text });
  if (timer !== undefined) return;
  timer = setTimeout(speak, announceDelay(Date.now(), lastAt));
}

function speak(): void {
  timer = undefined;
  const text = announcementText(pending.values());
  pending.clear();
  if (!text) return;
  lastAt = Date.now();
  said = text;
  for (const listener of listeners) listener();
}

/** What the region says now (the last announcement). */
export function currentAnnouncement(): string {
  return said;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const nothing = () => "";

/**
 * The region (visually hidden). Not `role="status"`: the pages' own status messages keep that role
 * and their tests find them by it; this one is only a polite region.
 */
export function LiveAnnouncer() {
  const text = useSyncExternalStore(subscribe, currentAnnouncement, nothing);
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="live-announcer">
      {text}
    </div>
  );
}
