/** The OpenAPI 3.1 document, generated from the routes' descriptions and schemas (once per isolate and origin). */
import { generateSpecs } from "hono-openapi";
import { LOOKUP_LIMIT } from "../client-limits";
import { RATE_LIMIT } from "./http";
import { v1Routes } from "./router";

export const API_BASE = "/api/v1";

export type OpenApiDocument = Awaited<ReturnType<typeof generateSpecs>>;

const documents = new Map<string, Promise<OpenApiDocument>>();

export function openApiDocument(origin: string): Promise<OpenApiDocument> {
  let document = documents.get(origin);
  if (!document) {
    document = generateSpecs(v1Routes, {
      documentation: {
        openapi: "3.1.0",
        info: {
          title: "OddsPulse API",
          version: "1.0.0",
          description: `Free, no key. Read-only but for /alerts (a browser's own Web Push subscription and its rules, read and deleted with the secret its POST answered). Polymarket events and markets with our forecasts and sentiment analysis, whale trades, our graded track record and the data pipeline's status. At most ${RATE_LIMIT} requests a minute per client (an IPv4 address or IPv6 /64, over every /api route; RateLimit-* headers; 429 with Retry-After beyond), and at most ${LOOKUP_LIMIT} lookups a minute of markets and events outside the snapshot. Every response has an ETag (send If-None-Match for a 304) and a Cache-Control that matches the data's age. Units: every price and probability is a fraction 0–1 (0.335 is 33.5¢ or 33.5%); 24 h changes and edges are percentage points; confidence is percent 0–100; money is USD. Every answer that carries figures says where they came from in \`provenance\` (live, cached at a time, partly or wholly estimated, or sample). Errors: { "error": { "code", "message" } }.`,
        },
        servers: [{ url: `${origin}${API_BASE}` }],
      },
      // Every validated route answers a wrong parameter with the API's own error shape.
      defaultValidationErrorResponse: {
        description: "A parameter is wrong: error.parameter names it and error.message says why",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    });
    documents.set(origin, document);
    // A failed generation is not kept.
    document.catch(() => documents.delete(origin));
  }
  return document;
}
