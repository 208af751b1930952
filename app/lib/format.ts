/** Display formats of SPEC §9. Pure; the locale is fixed so server and browser render the same text. */

const LOCALE = "en-US";

/** SPEC §9 volume: ≥ 1,000,000 as $x.xM, ≥ 1,000 as $xk, else whole dollars. */
export function formatVolume(dollars: number): string {
  if (!Number.isFinite(dollars) || dollars <= 0) return "$0";
  if (dollars >= 1_000_000) return `$${(dollars / 1_000_000).toFixed(1)}M`;
  if (dollars >= 1_000) return `$${Math.round(dollars / 1_000)}k`;
  return `$${Math.round(dollars)}`;
}

/** Dashboard "Real Volume": total in millions of dollars, one decimal. */
export function formatMillions(dollars: number): string {
  return `$${(Math.max(0, dollars) / 1_000_000).toFixed(1)}M`;
}

/** A percent price (0..100) in cents: 5.8 → "6¢". Below 1 but above 0 shows "<1¢" rather than "0¢". */
export function formatCents(percent: number): string {
  if (percent > 0 && percent < 0.5) return "<1¢";
  return `${Math.round(percent)}¢`;
}

/** Locale-formatted whole number: 12345 → "12,345". */
export function formatNumber(value: number): string {
  return Math.round(value).toLocaleString(LOCALE);
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

/** UTC clock time "14:05 UTC": the same on the server and in every browser, so hydration agrees. */
export function formatClockUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "unknown";
  const hh = String(date.getUTCHours()).padStart(2, "0");
  const mm = String(date.getUTCMinutes()).padStart(2, "0");
  return `${hh}:${mm} UTC`;
}
