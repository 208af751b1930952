/**
 * What the page's one polite live region says about live changes, pure: changes are
 * collected as they happen and said together, at most once per LIVE_ANNOUNCE_EVERY_MS, so a screen
 * reader hears a short summary instead of every tick.
 */

/** At most one announcement per this many milliseconds. */
export const LIVE_ANNOUNCE_EVERY_MS = 10_000;
/** The first change waits this long, so a burst of ticks is said as one. */
export const LIVE_ANNOUNCE_GATHER_MS = 1_000;
/** Items named per kind; the rest are counted ("and 4 more"). */
export const LIVE_ANNOUNCE_ITEMS = 3;

/** What changed: a price ("Will it rain? Yes 43¢"), a resolution, a new large trade. */
export type AnnouncementKind = "price" | "resolved" | "trade";

export interface PendingChange {
  kind: AnnouncementKind;
  text: string;
}

const HEADINGS: Record<AnnouncementKind, string> = {
  price: "Prices updated live",
  resolved: "Resolved",
  trade: "New large trades",
};

/**
 * The announcement for the changes gathered since the last one (`pending` oldest first): per kind, its
 * heading and the latest items, newest first ("Prices updated live: Rain tomorrow? Yes 43¢; Fed cut?
 * No 12¢; and 2 more."). Empty when nothing is pending.
 */
export function announcementText(pending: Iterable<PendingChange>): string {
  const byKind = new Map<AnnouncementKind, string[]>();
  for (const { kind, text } of pending) byKind.set(kind, [text, ...(byKind.get(kind) ?? [])]);
  const parts: string[] = [];
  for (const kind of ["resolved", "price", "trade"] as const) {
    const items = byKind.get(kind);
    if (!items || items.length === 0) continue;
    const named = items.slice(0, LIVE_ANNOUNCE_ITEMS).join("; ");
    const more = items.length - LIVE_ANNOUNCE_ITEMS;
    parts.push(`${HEADINGS[kind]}: ${named}${more > 0 ? `; and ${more} more` : ""}.`);
  }
  return parts.join(" ");
}

/**
 * How long to wait before saying what is pending: a short gathering pause, and never sooner than
 * LIVE_ANNOUNCE_EVERY_MS after the last announcement (`lastAt` null before the first).
 */
export function announceDelay(now: number, lastAt: number | null): number {
  const earliest = lastAt === null ? now : lastAt + LIVE_ANNOUNCE_EVERY_MS;
  return Math.max(LIVE_ANNOUNCE_GATHER_MS, earliest - now);
}
