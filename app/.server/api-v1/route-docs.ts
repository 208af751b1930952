/**
 * How the API's routes describe themselves to the generated OpenAPI document (hono-openapi): response and
 * header shapes shared by every route, and the one answer to a parameter or body that does not parse.
 */
import type { Context } from "hono";
import { resolver } from "hono-openapi";
import { apiError, RATE_LIMIT } from "./http";
import { ErrorSchema } from "./responses";

/** Parameters are documented as what they parse to (an integer with its bounds, not a string). */
export const PARAMS = { options: { typeMode: "output" } };

export const json = (schema: Parameters<typeof resolver>[0]) => ({
  "application/json": { schema: resolver(schema) },
});

/** The response headers the API sends, as the document declares them. */
export const header = (description: string, type: "string" | "integer" = "string") => ({
  description,
  schema: { type },
});
export const RATE_HEADERS = {
  "RateLimit-Limit": header(`Requests a client may make a minute (${RATE_LIMIT})`, "integer"),
  "RateLimit-Remaining": header("Requests left in the current minute", "integer"),
  "RateLimit-Reset": header("Seconds until the current minute ends", "integer"),
};
export const CACHE_HEADERS = {
  ETag: header("The answer's version: send it as If-None-Match for a 304"),
  "Cache-Control": header("public, max-age=<seconds until the data turns stale>, stale-while-revalidate=60"),
};
export const RETRY_AFTER = { "Retry-After": header("Seconds to wait before asking again", "integer") };

export const ok = (description: string, schema: Parameters<typeof resolver>[0]) => ({
  description,
  headers: { ...CACHE_HEADERS, ...RATE_HEADERS },
  content: json(schema),
});
export const error = (description: string, headers: Record<string, ReturnType<typeof header>> = {}) => ({
  description,
  headers: { ...RATE_HEADERS, ...headers },
  content: json(ErrorSchema),
});
export const unavailable = (description: string) => error(description, RETRY_AFTER);
export const COMMON = {
  405: {
    description:
      "A method the path does not take: the API is read-only (GET, HEAD, OPTIONS) but for POST /alerts and DELETE /alerts/{id}",
    headers: { Allow: header("GET, HEAD, OPTIONS") },
    content: json(ErrorSchema),
  },
  429: error(
    "Too many requests from this client (its IPv4 address or IPv6 /64), or too many lookups of data outside the snapshot: wait Retry-After seconds",
    RETRY_AFTER,
  ),
};
export const NOT_MODIFIED = {
  description: "Not modified: the ETag in If-None-Match still matches",
  headers: { ...CACHE_HEADERS, ...RATE_HEADERS },
};

/** A failed parse answers 400 with the parameter's name and why. */
interface Issue {
  message: string;
  path?: readonly (PropertyKey | { key: PropertyKey })[] | undefined;
}

export function badParameter(result: { success: boolean; error?: readonly Issue[] }, c: Context) {
  if (result.success) return;
  const issue = result.error?.[0];
  // "limit", or for a body "rules.2.points": every segment of the path, joined.
  const segments = (issue?.path ?? []).map((segment) =>
    String(typeof segment === "object" ? segment.key : segment),
  );
  const parameter = segments.length > 0 ? segments.join(".") : "query";
  const message = issue?.message ?? "invalid value";
  return apiError(
    c,
    400,
    "invalid_parameter",
    message.startsWith(parameter) ? message : `${parameter}: ${message}`,
    parameter,
  );
}
