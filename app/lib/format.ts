/**
 * Every display format of numbers, money and dates, on Intl with a fixed locale and UTC, so the
 * server's HTML and the browser's hydration always say the same thing. Pure.
 */

const LOCALE = "en-US";

const MONEY = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});
const WHOLE = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const DATE = new Intl.DateTimeFormat(LOCALE, {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const DAY = new Intl.DateTimeFormat(LOCALE, { timeZone: "UTC", month: "short", day: "numeric" });
const CLOCK = new Intl.DateTimeFormat(LOCALE, {
  timeZone: "UTC",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * Money, compact, at most one decimal (decision 0011): 350000 → "$350K", 77300 → "$77.3K",
 * 1100780 → "$1.1M", 512 → "$512". Nothing, negative or unreadable → "$0".
 */
export function formatMoney(dollars: number): string {
  return MONEY.format(Number.isFinite(dollars) && dollars > 0 ? dollars : 0);
}

/** The two prices of a two-sided market as shown: they always add up to 100¢. */
export interface PricePair {
  /** The first outcome (Yes, Up, a team…). */
  first: string;
  /** The second outcome (No, Down, "Other"): 100¢ minus the first as shown. */
  second: string;
}

/**
 * A price (0..1) in tenths of a cent, the finest tick Polymarket trades: 0.335 → 335. Six decimals absorb
 * float noise (0.28499999… is 28.5¢) before the rounding, half up. Null when not a number.
 */
function priceTenths(price: number): number | null {
  if (!Number.isFinite(price)) return null;
  const tenths = Math.min(1000, Math.max(0, price * 1000));
  return Math.round(Math.round(tenths * 1e6) / 1e6);
}

/** Tenths of a cent as shown: whole cents without a decimal ("34¢"), else the tenth ("33.5¢"). */
function centsText(tenths: number): string {
  return tenths % 10 === 0 ? `${tenths / 10}¢` : `${(tenths / 10).toFixed(1)}¢`;
}

/**
 * Both sides of a two-sided market from the first side's price (0..1): the one price format of the site.
 * The first side is rounded to the tenth of a cent, shown only when it is not a whole cent (0.335 →
 * "33.5¢", 0.34 → "34¢"), and the second is 100¢ minus it, so the pair always sums to 100¢ (33.5¢ /
 * 66.5¢). A side above 0 that rounds to 0 reads "<0.1¢" and its mirror ">99.9¢": only exactly 0 and 1 (a
 * certainty) read "0¢" and "100¢". Not a number → "–" both.
 */
export function formatPricePair(firstPrice: number): PricePair {
  const tenths = priceTenths(firstPrice);
  if (tenths === null) return { first: "–", second: "–" };
  if (firstPrice <= 0) return { first: "0¢", second: "100¢" };
  if (firstPrice >= 1) return { first: "100¢", second: "0¢" };
  if (tenths === 0) return { first: "<0.1¢", second: ">99.9¢" };
  if (tenths === 1000) return { first: ">99.9¢", second: "<0.1¢" };
  return { first: centsText(tenths), second: centsText(1000 - tenths) };
}

/**
 * One price (0..1) as every page, card, feed and alert shows it: the first side of `formatPricePair`, so a
 * price never reads differently from the same price on a card (0.335 → "33.5¢", 0.0004 → "<0.1¢").
 */
export function formatPrice(price: number): string {
  return formatPricePair(price).first;
}

/**
 * A figure in 0..1 units (a price, or a price's change) in percent, or percentage points, to the hundredth:
 * 0.0265 → 2.65, -0.0145 → -1.45. Exact for every Polymarket price (a tenth-of-a-cent tick's midpoint is a
 * twentieth of a cent). Prices are 0..1 everywhere inside; this is the one way to the percent figures the
 * views publish (SPEC §3's market body, the cards' 24 h change in points, the model's prompt).
 */
export function toPercent(fraction: number): number {
  return Math.round(fraction * 10_000) / 100;
}

/** Locale-formatted whole number: 12345 → "12,345". */
export function formatNumber(value: number): string {
  return WHOLE.format(Math.round(value));
}

/** Signed integer: 45 → "+45", -38 → "-38", 0 → "0". */
export function formatSigned(value: number): string {
  const rounded = Math.round(value);
  return rounded > 0 ? `+${rounded}` : String(rounded);
}

/** Whole percent of a part: 7 of 20 → "35%"; 0 of 0 → "0%". */
export function formatShare(part: number, total: number): string {
  return `${total > 0 ? Math.round((part / total) * 100) : 0}%`;
}

/** How long ago, coarse: "just now", "4 min ago", "3 h ago", "2 days ago". */
export function formatAge(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return "unknown";
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

function validDate(value: string | number): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** UTC clock time "14:05 UTC". */
export function formatClockUtc(iso: string | number): string {
  const date = validDate(iso);
  return date ? `${CLOCK.format(date)} UTC` : "unknown";
}

/** A calendar date in UTC, "Dec 31, 2026" (also for date-only strings such as "2024-12-18"). */
export function formatDate(iso: string | number): string {
  const date = validDate(iso);
  return date ? DATE.format(date) : "unknown";
}

/**
 * A moment, as short as is clear from `now`: "22:17 UTC" today (UTC), "Nov 18, 22:17 UTC" this year,
 * "Nov 18, 2025, 22:17 UTC" before.
 */
export function formatMoment(timestamp: number, now: number): string {
  const date = validDate(timestamp);
  if (!date || !Number.isFinite(timestamp)) return "unknown";
  const clock = formatClockUtc(timestamp);
  const today = new Date(now);
  if (date.getUTCFullYear() !== today.getUTCFullYear()) return `${formatDate(timestamp)}, ${clock}`;
  if (date.getUTCMonth() === today.getUTCMonth() && date.getUTCDate() === today.getUTCDate()) return clock;
  return `${DAY.format(date)}, ${clock}`;
}

/** The year of an instant, in UTC. */
export function yearOf(timestamp: number): number {
  return new Date(timestamp).getUTCFullYear();
}

/** Coarse time left: "in 45 min", "in 5 h", "in 3 days". */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `in ${hours} h`;
  return `in ${Math.floor(hours / 24)} days`;
}

/** Signed percentage points, one decimal: 20 → "+20.0 pts", -0.25 → "-0.3 pts". */
export function formatPoints(points: number): string {
  const rounded = Math.round((Number.isFinite(points) ? points : 0) * 10) / 10;
  const sign = rounded > 0 ? "+" : rounded < 0 ? "-" : "";
  return `${sign}${Math.abs(rounded).toFixed(1)} pts`;
}

/** A duration, coarse: "under 1 min", "25 min", "1 h 10 min", "3 d 4 h". */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, Number.isFinite(ms) ? ms : 0) / 60_000);
  if (minutes < 1) return "under 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** A latency: 410 → "410 ms", 1840 → "1.8 s". */
export function formatLatency(ms: number): string {
  return Math.round(ms) < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A share (0..1) as a whole percent: 2/3 → "67%". */
export function formatRatio(ratio: number): string {
  return `${Math.round((Number.isFinite(ratio) ? ratio : 0) * 100)}%`;
}

/** Dollars won or lost per $1 staked, signed, to the cent: 0.4286 → "+$0.43", -1 → "-$1.00", 0 → "$0.00". */
export function formatPerDollar(value: number): string {
  const cents = Math.round((Number.isFinite(value) ? value : 0) * 100);
  const sign = cents > 0 ? "+" : cents < 0 ? "-" : "";
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** A score to `digits` decimals, signed when asked: 0.18 → "0.180"; (0.1428, 2, true) → "+0.14". */
export function formatScore(value: number, digits = 3, signed = false): string {
  const factor = 10 ** digits;
  const rounded = Math.round((Number.isFinite(value) ? value : 0) * factor) / factor;
  const text = Math.abs(rounded).toFixed(digits);
  if (rounded < 0) return `-${text}`;
  return signed && rounded > 0 ? `+${text}` : text;
}

/** Signed compact money: 8052184 → "+$8.1M", -1145352 → "-$1.1M", 0 → "$0". */
export function formatPnl(dollars: number): string {
  if (!Number.isFinite(dollars) || Math.abs(dollars) < 0.5) return "$0";
  return `${dollars > 0 ? "+" : "-"}${formatMoney(Math.abs(dollars))}`;
}
