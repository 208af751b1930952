/**
 * `/api/v1`: the public, read-only API. Every route is described with the valibot schemas the code
 * uses, and the OpenAPI 3.1 document at /api/v1/openapi.json is generated from those descriptions
 * (hono-openapi), never written by hand. Cross-cutting rules (CORS, rate limit, ETag, errors) are in
 * ./http.ts.
 */
import { type Context, Hono } from "hono";
import { describeRoute, resolver, validator } from "hono-openapi";
import { HealthSchema } from "~/lib/schemas/health";
import type { WorkerEnv } from "../../../workers/types";
import {
  type Answer,
  historyAnswer,
  marketAnswer,
  marketsAnswer,
  statusAnswer,
  trackRecordAnswer,
  whalesAnswer,
} from "./bodies";
import { apiError } from "./http";
import {
  CursorQuerySchema,
  HistoryQuerySchema,
  MarketsQuerySchema,
  SlugParamSchema,
  WhalesQuerySchema,
} from "./params";
import {
  ErrorSchema,
  HistoryResponseSchema,
  MarketListSchema,
  MarketResponseSchema,
  TrackRecordResponseSchema,
  WhaleListSchema,
} from "./responses";

/** Parameters are documented as what they parse to (an integer with its bounds, not a string). */
const PARAMS = { options: { typeMode: "output" } };

const json = (schema: Parameters<typeof resolver>[0]) => ({
  "application/json": { schema: resolver(schema) },
});
const error = (description: string) => ({ description, content: json(ErrorSchema) });
const COMMON = {
  429: error("Too many requests from this IP: wait Retry-After seconds"),
};
const NOT_MODIFIED = { description: "Not modified: the ETag in If-None-Match still matches" };

/** A failed parse answers 400 with the parameter's name and why. */
interface Issue {
  message: string;
  path?: readonly (PropertyKey | { key: PropertyKey })[] | undefined;
}

function badParameter(result: { success: boolean; error?: readonly Issue[] }, c: Context) {
  if (result.success) return;
  const issue = result.error?.[0];
  const segment = issue?.path?.[0];
  const parameter = String(typeof segment === "object" ? segment.key : (segment ?? "query"));
  const message = issue?.message ?? "invalid value";
  return apiError(
    c,
    400,
    "invalid_parameter",
    message.startsWith(parameter) ? message : `${parameter}: ${message}`,
    parameter,
  );
}

function send<T>(c: Context<WorkerEnv>, answer: Answer<T>) {
  if (!answer.ok) {
    const retry = answer.retryAfter === undefined ? undefined : { "Retry-After": String(answer.retryAfter) };
    return apiError(c, answer.status, answer.code, answer.message, answer.parameter, retry);
  }
  return c.json(answer.body as object, 200, {
    "Cache-Control": `public, max-age=${answer.maxAge}, stale-while-revalidate=60`,
  });
}

export const v1Routes = new Hono<WorkerEnv>()
  .get(
    "/markets",
    describeRoute({
      operationId: "listMarkets",
      summary: "Markets",
      description:
        "Polymarket's top 100 markets by volume from the 15-minute snapshot, with our sentiment and X mention figures; filtered, sorted and paged.",
      tags: ["Markets"],
      responses: {
        200: { description: "A page of markets", content: json(MarketListSchema) },
        304: NOT_MODIFIED,
        ...COMMON,
      },
    }),
    validator("query", MarketsQuerySchema, badParameter, PARAMS),
    async (c) => send(c, await marketsAnswer(c.get("deps"), c.req.valid("query"))),
  )
  .get(
    "/markets/:slug",
    describeRoute({
      operationId: "getMarket",
      summary: "One market",
      description:
        "Any Polymarket market by slug: every outcome's price, status and where the figures came from; the current analysis for top-100 markets.",
      tags: ["Markets"],
      responses: {
        200: { description: "The market", content: json(MarketResponseSchema) },
        304: NOT_MODIFIED,
        404: error("No market with this slug"),
        503: error("Polymarket cannot be reached and we have no stored point"),
        ...COMMON,
      },
    }),
    validator("param", SlugParamSchema, badParameter, PARAMS),
    async (c) => send(c, await marketAnswer(c.get("deps"), c.req.valid("param").slug)),
  )
  .get(
    "/markets/:slug/history",
    describeRoute({
      operationId: "getMarketHistory",
      summary: "Price history",
      description:
        "Every outcome's price over the range: our own 10-minute points, filled from Polymarket's CLOB history.",
      tags: ["Markets"],
      responses: {
        200: { description: "The history", content: json(HistoryResponseSchema) },
        304: NOT_MODIFIED,
        404: error("No market with this slug"),
        503: error("Polymarket cannot be reached and we have no stored point"),
        ...COMMON,
      },
    }),
    validator("param", SlugParamSchema, badParameter, PARAMS),
    validator("query", HistoryQuerySchema, badParameter, PARAMS),
    async (c) =>
      send(c, await historyAnswer(c.get("deps"), c.req.valid("param").slug, c.req.valid("query").range)),
  )
  .get(
    "/whales",
    describeRoute({
      operationId: "listWhaleTrades",
      summary: "Whale trades",
      description: "Polymarket trades of $50,000 or more from the one-minute snapshot, newest first.",
      tags: ["Whales"],
      responses: {
        200: { description: "Trades", content: json(WhaleListSchema) },
        304: NOT_MODIFIED,
        ...COMMON,
      },
    }),
    validator("query", WhalesQuerySchema, badParameter, PARAMS),
    async (c) => send(c, await whalesAnswer(c.get("deps"), c.req.valid("query"))),
  )
  .get(
    "/track-record",
    describeRoute({
      operationId: "getTrackRecord",
      summary: "Track record",
      description:
        'Every call we have made with its grading, oldest first, 100 a page, and the summary over all of them. Prices and probabilities are 0–1 of the market\'s first outcome; outcome "yes" means the first outcome won.',
      tags: ["Track record"],
      responses: {
        200: { description: "A page of calls and the summary", content: json(TrackRecordResponseSchema) },
        304: NOT_MODIFIED,
        503: error("The history database cannot be read"),
        ...COMMON,
      },
    }),
    validator("query", CursorQuerySchema, badParameter, PARAMS),
    async (c) => send(c, await trackRecordAnswer(c.get("deps"), c.req.valid("query").cursor)),
  )
  .get(
    "/status",
    describeRoute({
      operationId: "getStatus",
      summary: "Data pipeline status",
      description:
        "Each snapshot's state, age and latest refresh outcome. Answers 200 whatever the state: read `ok`.",
      tags: ["Status"],
      responses: {
        200: { description: "The pipeline's state", content: json(HealthSchema) },
        304: NOT_MODIFIED,
        ...COMMON,
      },
    }),
    async (c) => send(c, await statusAnswer(c.get("deps"))),
  );
