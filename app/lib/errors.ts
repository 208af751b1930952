/** SPEC §8: what a failure without a message says. */
export const UNKNOWN_ERROR = "Unknown error occurred";

/**
 * The one way a caught value becomes words: an Error's message, a non-empty string as given, anything
 * else the SPEC's unknown-error text. Upstream errors already carry the SPEC's texts for visitors.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string" && error !== "") return error;
  return UNKNOWN_ERROR;
}

/** A caught value as an Error: itself when it is one, else an Error whose message is its `errorMessage`. */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(errorMessage(error));
}
