/**
 * Per-client limits (decision 0021): who a client is, and the gate in front of on-demand upstream lookups.
 * Both Workers rate-limiting bindings count per key in fixed windows; a key is the client's IPv4 address
 * or its IPv6 /64, since one host is normally given a whole /64 and could otherwise rotate addresses
 * inside it to reset its count.
 */

import { type LookupGate, LookupLimitedError } from "./cache/on-demand";
import { createLog } from "./log";

const log = createLog("limits");

/** Lookups (requests that need an on-demand upstream call) per client per window: `LOOKUP_RATE_LIMITER`. */
export const LOOKUP_LIMIT = 30;
/** Requests to any JSON route per client per window: `API_RATE_LIMITER`. */
export const API_LIMIT = 120;
/** Alert subscriptions a client may create or change per window (`ALERTS_RATE_LIMITER`; each writes D1). */
export const ALERTS_LIMIT = 10;
/** Both bindings' period (seconds). */
export const LIMIT_PERIOD_SECONDS = 60;

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.trim().toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  if (!/^[0-9a-f:.]+$/.test(text) || !text.includes(":")) return null;
  // An embedded IPv4 tail (::ffff:1.2.3.4) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const bytes = v4.slice(1).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0] ?? "");
  const tail = halves.length === 2 ? parse(halves[1] ?? "") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * The rate-limit key of a client address: an IPv4 address as it is, an IPv6 address as its /64
 * (`2001:db8:1:2::/64`), anything else (no address: local and test requests) as "local".
 */
export function clientKey(address: string | null | undefined): string {
  if (!address) return "local";
  const groups = ipv6Groups(address);
  if (groups === null) return address.trim() || "local";
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** Seconds until the current fixed window of `periodSeconds` ends (at least 1). */
export function windowResetSeconds(now: number, periodSeconds = LIMIT_PERIOD_SECONDS): number {
  const period = periodSeconds * 1000;
  return Math.max(1, Math.ceil((period - (now % period)) / 1000));
}

/** The parts of the rate-limiting binding the gate uses. */
export interface Limiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** A gate that never refuses (the cron's lookups, and Workers without the binding). */
export const openGate: LookupGate = async () => {};

/**
 * The lookup gate of one request: the first lookup asks the limiter once for the client's key, and the
 * request's later lookups share that answer. A refusal throws LookupLimitedError with the seconds to the
 * window's end; a failing limiter lets the lookup through (one log line) rather than failing the page.
 */
export function lookupGate(limiter: Limiter | undefined, key: string, now: () => number): LookupGate {
  if (!limiter) return openGate;
  let decision: Promise<void> | null = null;
  return () => {
    decision ??= limiter.limit({ key }).then(
      ({ success }) => {
        if (!success) throw new LookupLimitedError(windowResetSeconds(now()));
      },
      (error: unknown) => {
        log.error("lookup limiter unavailable", error);
      },
    );
    return decision;
  };
}
