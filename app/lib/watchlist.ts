/**
 * The watchlist's data (decision 0017): starred markets kept in the browser's
 * localStorage under one key, as a JSON array. Pure and client-safe: parsing never throws, whatever
 * another version of the site, an extension or a person left under the key.
 */
import type { MarketStatus } from "./market-page";

export const WATCHLIST_KEY = "oddspulse:watchlist:v1";
/** At most this many stars; starring one more is refused (the oldest are never dropped silently). */
export const WATCHLIST_MAX = 100;
/** Current prices are fetched this many at a time. */
export const WATCHLIST_CONCURRENCY = 4;

const MAX_SLUG = 200;
const MAX_TITLE = 300;
const MAX_LABEL = 100;

/** One starred market, as stored. */
export interface WatchEntry {
  slug: string;
  title: string;
  /** The market's first outcome, whose price is followed. */
  outcomeLabel: string;
  /** 0..1, the first outcome's price when starred. */
  priceAtStar: number;
  /** Epoch ms. */
  starredAt: number;
}

/** What a star button knows about its market. */
export interface StarTarget {
  slug: string;
  title: string;
  outcomeLabel: string;
  /** 0..1, the first outcome's price now. */
  price: number;
}

function text(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed.slice(0, max) : null;
}

function readEntry(value: unknown): WatchEntry | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const slug =
    typeof v.slug === "string" && v.slug.length <= MAX_SLUG && /^\S+$/.test(v.slug) ? v.slug : null;
  const title = text(v.title, MAX_TITLE);
  const outcomeLabel = text(v.outcomeLabel, MAX_LABEL);
  const price = v.priceAtStar;
  const at = v.starredAt;
  if (slug === null || title === null || outcomeLabel === null) return null;
  if (typeof price !== "number" || !Number.isFinite(price) || price < 0 || price > 1) return null;
  if (typeof at !== "number" || !Number.isFinite(at) || at <= 0) return null;
  return { slug, title, outcomeLabel, priceAtStar: price, starredAt: at };
}

/**
 * The stored list: entries that are not in the current shape are left out, a slug listed twice
 * counts once (the first), and no more than WATCHLIST_MAX are kept. Garbage is an empty list.
 */
export function parseWatchlist(raw: string | null): WatchEntry[] {
  if (raw === null) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  const seen = new Set<string>();
  const entries: WatchEntry[] = [];
  for (const item of json) {
    const entry = readEntry(item);
    if (entry === null || seen.has(entry.slug)) continue;
    seen.add(entry.slug);
    entries.push(entry);
    if (entries.length === WATCHLIST_MAX) break;
  }
  return entries;
}

export function serializeWatchlist(entries: readonly WatchEntry[]): string {
  return JSON.stringify(
    entries.map(({ slug, title, outcomeLabel, priceAtStar, starredAt }) => ({
      slug,
      title,
      outcomeLabel,
      priceAtStar,
      starredAt,
    })),
  );
}

export function isWatched(entries: readonly WatchEntry[], slug: string): boolean {
  return entries.some((e) => e.slug === slug);
}

export type ToggleChange = "added" | "removed" | "full" | "invalid";

/**
 * Stars or unstars a market. A new star goes first (newest first) with the price of the moment; a
 * full list refuses it ("full", entries unchanged), and so does a target whose fields would not
 * survive parsing ("invalid"), rather than storing it to be dropped silently on the next read.
 */
export function toggleWatch(
  entries: readonly WatchEntry[],
  target: StarTarget,
  now: number,
): { entries: WatchEntry[]; change: ToggleChange } {
  if (isWatched(entries, target.slug)) {
    return { entries: entries.filter((e) => e.slug !== target.slug), change: "removed" };
  }
  const entry = readEntry({
    slug: target.slug,
    title: target.title,
    outcomeLabel: target.outcomeLabel,
    priceAtStar: target.price,
    starredAt: now,
  });
  if (entry === null) return { entries: [...entries], change: "invalid" };
  if (entries.length >= WATCHLIST_MAX) return { entries: [...entries], change: "full" };
  return { entries: [entry, ...entries], change: "added" };
}

/**
 * Change of a 0..1 price since it was starred, in percentage points: 0.58 → 0.63 is +5. Both prices
 * are taken to a tenth of a point first, the precision a card's price has (Gamma's price rounded to a
 * tenth of a percent), so a market starred on a card at 2.3¢ and now at 0.0225 has not moved.
 */
export function changeInPoints(current: number, atStar: number): number {
  return (Math.round(current * 1000) - Math.round(atStar * 1000)) / 10;
}

/** What a watchlist row shows of a market's current state. */
export interface WatchedMarket {
  /** Its market id: the row's price follows the event's live prices. */
  id: string;
  slug: string;
  title: string;
  /** The market's event (what alerts follow), when it has one. */
  eventSlug: string | null;
  outcomeLabel: string;
  /** The second outcome's label of a two-sided market ("" otherwise): live prices may name either side. */
  otherLabel: string;
  /** 0..1. */
  price: number;
  status: MarketStatus;
}

/** Runs `task` over `items` with at most `limit` running at once; resolves when all have settled. */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch {
        // One item's failure is that item's business; the others go on.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(0, Math.min(limit, items.length)) }, worker));
}
