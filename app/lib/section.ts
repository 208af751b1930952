/**
 * The one result type below the routes: a value, or why there is none. Pages render the message in the
 * section's place; the API sends it as is; routes map `limited` to 429 and `unavailable` to 503.
 */
export type Section<T> = { ok: true; value: T } | Unavailable;

export interface Unavailable {
  ok: false;
  /** `unavailable`: the upstream or database failed; `empty`: it answered with nothing; `limited`: the client is over its lookup limit. */
  reason: "unavailable" | "empty" | "limited";
  message: string;
  /** For `limited`: seconds until the client may look up again. */
  retryAfterSeconds?: number;
  /** For `unavailable`: when the current run of failures began (ISO time), where it is recorded. */
  since?: string;
}

export function ok<T>(value: T): Section<T> {
  return { ok: true, value };
}

export function unavailable(message: string, reason: Unavailable["reason"] = "unavailable"): Unavailable {
  return { ok: false, reason, message };
}

/** A section's value now (its kept copy was fresh), or a promise the page streams (React Router's Await). */
export type NowOrLater<T> = T | Promise<T>;
