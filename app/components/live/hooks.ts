/**
 * How components use the live socket: follow topics while mounted, read a value of the
 * live state, and mark a value that changed live (a brief highlight and a line for the live region).
 * On the server and during hydration every read gives the initial state's answer, so the server's
 * markup is what hydrates.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { eventTopic } from "~/lib/live";
import type { AnnouncementKind } from "~/lib/live-announce";
import { isLiveTopic } from "~/lib/live-socket";
import {
  firstSidePrice,
  indicatorState,
  type LiveIndicatorState,
  type LiveResolution,
  type LiveState,
  resolutionOf,
  resolvedAnnouncement,
  resolvedText,
  type SidePair,
} from "~/lib/live-state";

export type { SidePair };

import { announceLive } from "./announcer";
import { getLiveState, getServerLiveState, subscribeLive, wantTopic } from "./connection";

/** How long a value that changed live stays highlighted. */
export const LIVE_FLASH_MS = 1_500;
/** The highlight's class (app.css; no animation under prefers-reduced-motion). */
export const LIVE_FLASH_CLASS = "live-flash";
/** With the highlight, which way a figure moved: a rise and a fall differ by an arrow, not only a colour. */
export const LIVE_DIRECTION_CLASS = { up: "live-up", down: "live-down" } as const;

/**
 * A market's first-side price now (0..1): the pushed price while the socket has one, else `stored` (the
 * page's). Every copy of a price on a page reads it through here, so one tick moves them all.
 */
export function useFirstSidePrice(
  marketId: string | null | undefined,
  sides: SidePair,
  stored: number,
): { price: number; pushed: boolean } {
  const [first, second] = sides;
  const live = useLive((s) => (marketId ? firstSidePrice(s, marketId, first, second) : null));
  return live === null ? { price: stored, pushed: false } : { price: live, pushed: true };
}

/** Follows these topics while mounted (those the hub would refuse are left out). */
export function useLiveTopics(topics: readonly string[]): void {
  const key = topics.filter(isLiveTopic).join(" ");
  useEffect(() => {
    if (!key) return;
    const releases = key.split(" ").map(wantTopic);
    return () => {
      for (const release of releases) release();
    };
  }, [key]);
}

/** Follows an event's prices while mounted, when `follow` (the event is one the hub watches). */
export function useLiveEvent(slug: string | null | undefined, follow: boolean): void {
  useLiveTopics(follow && slug ? [eventTopic(slug)] : []);
}

/**
 * One value of the live state. `select` must give a primitive or a reference the state keeps (as
 * `useSyncExternalStore` compares with Object.is).
 */
export function useLive<T>(select: (state: LiveState) => T): T {
  return useSyncExternalStore(
    subscribeLive,
    () => select(getLiveState()),
    () => select(getServerLiveState()),
  );
}

/** What the "Live" indicator says now. */
export function useLiveIndicator(): LiveIndicatorState {
  return useLive(indicatorState);
}

export interface LiveChange {
  /** What the live region says of it ("Rain tomorrow? Yes 43¢"); null: nothing. */
  say: string | null;
  kind: AnnouncementKind;
  /** One key per thing shown (an outcome of a market): only its latest text is said. */
  key: string;
}

/**
 * The highlight class while `text` has just changed because of a live message (`live`): set for
 * LIVE_FLASH_MS after each change, and the change reported to the live region. With `value` (the number
 * `text` shows), a rise also carries `live-up` and a fall `live-down`: an arrow beside the colour. A change
 * from new page data (a navigation, a refresh) is not highlighted.
 */
export function useLiveFlash(text: string, live: boolean, change: LiveChange, value?: number): string {
  // Changes counted: each restarts the highlight's timer; 0 is no highlight.
  const [flash, setFlash] = useState<{ n: number; direction: "up" | "down" | null }>({
    n: 0,
    direction: null,
  });
  const shown = useRef({ text, value });
  const latest = useRef({ live, change, value });
  latest.current = { live, change, value };
  useEffect(() => {
    if (shown.current.text === text) return;
    const before = shown.current.value;
    const { live, change, value } = latest.current;
    shown.current = { text, value };
    if (!live) return;
    if (change.say) announceLive(change.key, change.kind, change.say);
    const direction =
      before === undefined || value === undefined || value === before ? null : value > before ? "up" : "down";
    setFlash((f) => ({ n: f.n + 1, direction }));
  }, [text]);
  useEffect(() => {
    if (flash.n === 0) return;
    const timer = setTimeout(() => setFlash({ n: 0, direction: null }), LIVE_FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  if (flash.n === 0) return "";
  return flash.direction ? `${LIVE_FLASH_CLASS} ${LIVE_DIRECTION_CLASS[flash.direction]}` : LIVE_FLASH_CLASS;
}

/**
 * The highlight class for LIVE_FLASH_MS after a thing arrived live (`arrived` when it mounts: a pushed
 * whale trade), and the arrival reported to the live region.
 */
export function useLiveArrival(arrived: boolean, change: LiveChange): string {
  const [flashing, setFlashing] = useState(false);
  const first = useRef({ arrived, change });
  useEffect(() => {
    const { arrived, change } = first.current;
    if (!arrived) return;
    if (change.say) announceLive(change.key, change.kind, change.say);
    setFlashing(true);
    const timer = setTimeout(() => setFlashing(false), LIVE_FLASH_MS);
    return () => clearTimeout(timer);
  }, []);
  return flashing ? LIVE_FLASH_CLASS : "";
}

/**
 * A market's resolution pushed live (null: none), said once by the live region ("Resolved: <title>
 * (Yes)"); `text` is what the page shows in place ("Resolved: Yes" or "Resolved").
 */
export function useLiveResolution(
  marketId: string | null | undefined,
  title: string,
): { resolution: LiveResolution; text: string } | null {
  const resolution = useLive((s) => (marketId ? resolutionOf(s, marketId) : undefined));
  const text = resolution ? resolvedText(resolution) : "";
  useLiveFlash(text, resolution !== undefined, {
    key: `resolved\n${marketId ?? ""}`,
    kind: "resolved",
    say: resolution ? resolvedAnnouncement(title, resolution) : null,
  });
  return resolution ? { resolution, text } : null;
}

/**
 * The flash of a market's other side: the same highlight, the other way (a rise of Yes is a fall of No),
 * so each price's arrow says which way it went.
 */
export function mirrorFlash(flash: string): string {
  if (flash.includes(LIVE_DIRECTION_CLASS.up))
    return flash.replace(LIVE_DIRECTION_CLASS.up, LIVE_DIRECTION_CLASS.down);
  if (flash.includes(LIVE_DIRECTION_CLASS.down))
    return flash.replace(LIVE_DIRECTION_CLASS.down, LIVE_DIRECTION_CLASS.up);
  return flash;
}

/** Joins class names, leaving out empty ones (so a class list without a highlight is unchanged). */
export function classes(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
