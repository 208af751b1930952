/**
 * `/api/v1`: the public, read-only API. Every route is described with the valibot schemas the code
 * uses, and the OpenAPI 3.1 document at /api/v1/openapi.json is generated from those descriptions
 * (hono-openapi), never written by hand. Cross-cutting rules (CORS, rate limit, ETag, errors) are in
 * ./http.ts.
 */
import { type Context, Hono } from "hono";
import { describeRoute, validator } from "hono-openapi";
import { HealthSchema } from "~/lib/schemas/health";
import type { WorkerEnv } from "../worker-env";
import { alertRoutes } from "./alerts";
import {
  type Answer,
  eventAnswer,
  eventHistoryAnswer,
  eventsAnswer,
  historyAnswer,
  marketAnswer,
  marketsAnswer,
  searchAnswer,
  statusAnswer,
  statusVersion,
  trackRecordAnswer,
  whalesAnswer,
} from "./bodies";
import { CompareQuerySchema, CompareResponseSchema, compareAnswer } from "./compare";
import { apiError, etagOf } from "./http";
import {
  CursorQuerySchema,
  EventSlugParamSchema,
  EventsQuerySchema,
  HistoryQuerySchema,
  MarketsQuerySchema,
  SearchQuerySchema,
  SlugParamSchema,
  WhalesQuerySchema,
} from "./params";
import {
  EventHistoryResponseSchema,
  EventListSchema,
  EventResponseSchema,
  HistoryResponseSchema,
  MarketListSchema,
  MarketResponseSchema,
  SearchResponseSchema,
  TrackRecordResponseSchema,
  WhaleListSchema,
} from "./responses";
import {
  badParameter,
  COMMON,
  error,
  json,
  NOT_MODIFIED,
  ok,
  PARAMS,
  RATE_HEADERS,
  RETRY_AFTER,
  unavailable,
} from "./route-docs";
import { TraderRecordResponseSchema, traderRecordAnswer, WalletParamSchema } from "./traders";

async function send<T>(c: Context<WorkerEnv>, answer: Answer<T>) {
  if (!answer.ok) {
    const retry = answer.retryAfter === undefined ? undefined : { "Retry-After": String(answer.retryAfter) };
    return apiError(c, answer.status, answer.code, answer.message, answer.parameter, retry);
  }
  if (answer.status === 503) {
    return c.json(answer.body as object, 503, {
      "Cache-Control": "no-store",
      "Retry-After": String(answer.retryAfter ?? 60),
    });
  }
  // Serialised once: the ETag is the text's hash, so conditional() need not read the body back.
  const text = JSON.stringify(answer.body);
  return c.body(text, 200, {
    "Content-Type": "application/json",
    "Cache-Control": `public, max-age=${answer.maxAge}, stale-while-revalidate=60`,
    ETag: await etagOf(text),
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
        200: ok("A page of markets", MarketListSchema),
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
        200: ok("The market", MarketResponseSchema),
        304: NOT_MODIFIED,
        404: error("No market with this slug"),
        503: unavailable("Polymarket cannot be reached and we have no stored point"),
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
        200: ok("The history", HistoryResponseSchema),
        304: NOT_MODIFIED,
        404: error("No market with this slug"),
        503: unavailable("Polymarket cannot be reached and we have no stored point"),
        ...COMMON,
      },
    }),
    validator("param", SlugParamSchema, badParameter, PARAMS),
    validator("query", HistoryQuerySchema, badParameter, PARAMS),
    async (c) =>
      send(c, await historyAnswer(c.get("deps"), c.req.valid("param").slug, c.req.valid("query").range)),
  )
  .get(
    "/events",
    describeRoute({
      operationId: "listEvents",
      summary: "Events",
      description:
        "Polymarket's busiest open events from the 15-minute snapshot, as the site's cards show them: the leading outcomes, our forecast and call, X mentions with the query counted; filtered, sorted and paged like the list pages.",
      tags: ["Events"],
      responses: {
        200: ok("A page of events", EventListSchema),
        304: NOT_MODIFIED,
        ...COMMON,
      },
    }),
    validator("query", EventsQuerySchema, badParameter, PARAMS),
    async (c) => send(c, await eventsAnswer(c.get("deps"), c.req.valid("query"))),
  )
  .get(
    "/search",
    describeRoute({
      operationId: "searchEvents",
      summary: "Search every open event",
      description:
        "Every open Polymarket event, not only the busiest: ranked by how well the words match (title above outcomes above tags), then 24 h volume. Our forecast and X mentions come with the busiest events; any other shows its prices and volume. Until our index has listed every open event once, or when it cannot be read, the busiest events answer and `source` says so.",
      tags: ["Events"],
      responses: {
        200: ok("A page of events", SearchResponseSchema),
        304: NOT_MODIFIED,
        400: error(
          "q longer than 200 characters, a limit out of 1–100, or a cursor that is not a nextCursor",
        ),
        ...COMMON,
      },
    }),
    validator("query", SearchQuerySchema, badParameter, PARAMS),
    async (c) => send(c, await searchAnswer(c.get("deps"), c.req.valid("query"))),
  )
  .get(
    "/events/:slug",
    describeRoute({
      operationId: "getEvent",
      summary: "One event",
      description:
        "Any Polymarket event by slug: its card, every open outcome (dearest first), and for the busiest events our forecast and X mentions (null otherwise). Outcomes the snapshot does not keep are read from Polymarket. `kalshi`: its markets Kalshi also lists, with Kalshi's stored prices and the gap (never an arbitrage: the rules can differ).",
      tags: ["Events"],
      responses: {
        200: ok("The event", EventResponseSchema),
        304: NOT_MODIFIED,
        404: error("No event with this slug"),
        503: unavailable("Polymarket cannot be reached and the event is not in our snapshot"),
        ...COMMON,
      },
    }),
    validator("param", EventSlugParamSchema, badParameter, PARAMS),
    async (c) => send(c, await eventAnswer(c.get("deps"), c.req.valid("param").slug)),
  )
  .get(
    "/events/:slug/history",
    describeRoute({
      operationId: "getEventHistory",
      summary: "Event price history",
      description:
        "The prices we recorded every 10 minutes of the event's outcomes (up to 20, dearest first) over the range, at a step that suits it.",
      tags: ["Events"],
      responses: {
        200: ok("The history (empty, with a note, when we have recorded none)", EventHistoryResponseSchema),
        304: NOT_MODIFIED,
        404: error("No event with this slug"),
        503: unavailable(
          "The history database cannot be read, or Polymarket cannot be asked whether the event exists",
        ),
        ...COMMON,
      },
    }),
    validator("param", EventSlugParamSchema, badParameter, PARAMS),
    validator("query", HistoryQuerySchema, badParameter, PARAMS),
    async (c) =>
      send(c, await eventHistoryAnswer(c.get("deps"), c.req.valid("param").slug, c.req.valid("query").range)),
  )
  .get(
    "/whales",
    describeRoute({
      operationId: "listWhaleTrades",
      summary: "Whale trades",
      description: "Polymarket trades of $50,000 or more from the one-minute snapshot, newest first.",
      tags: ["Whales"],
      responses: {
        200: ok("Trades", WhaleListSchema),
        304: NOT_MODIFIED,
        ...COMMON,
      },
    }),
    validator("query", WhalesQuerySchema, badParameter, PARAMS),
    async (c) => send(c, await whalesAnswer(c.get("deps"), c.req.valid("query"))),
  )
  .get(
    "/traders/:wallet",
    describeRoute({
      operationId: "getTraderRecord",
      summary: "A trader's record",
      description:
        "A Polymarket wallet's win rate over its resolved and closed positions (won, lost, with counts) and its PnL in total and by category, from Polymarket's Data API (its most recent 500 such positions at most), as the trader page shows it. Counts as a lookup.",
      tags: ["Traders"],
      responses: {
        200: ok("The record, or why it is missing", TraderRecordResponseSchema),
        304: NOT_MODIFIED,
        400: error("Not a wallet address (0x and 40 hex digits)"),
        404: error("No Polymarket activity for this wallet"),
        ...COMMON,
      },
    }),
    validator("param", WalletParamSchema, badParameter, PARAMS),
    async (c) => send(c, await traderRecordAnswer(c.get("deps"), c.req.valid("param").wallet)),
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
        200: ok("A page of calls and the summary", TrackRecordResponseSchema),
        304: NOT_MODIFIED,
        503: unavailable("The history database cannot be read"),
        ...COMMON,
      },
    }),
    validator("query", CursorQuerySchema, badParameter, PARAMS),
    async (c) => send(c, await trackRecordAnswer(c.get("deps"), c.req.valid("query").cursor)),
  )
  .get(
    "/compare",
    describeRoute({
      operationId: "listComparePairs",
      summary: "Polymarket vs Kalshi",
      description:
        "The Polymarket markets we show that Kalshi also lists (matched by their words, dates, thresholds and outcomes), each with both prices and when they were read, the gap and the gap after both venues' taker fees on a 100-contract trade, largest first, and how the pair was matched. Not an arbitrage: resolution rules can differ.",
      tags: ["Markets"],
      responses: {
        200: ok("The pairs, or why there are none", CompareResponseSchema),
        304: NOT_MODIFIED,
        400: error("An unknown category, or a min_gap that is not a number of cents from 0 to 100"),
        503: unavailable("The pairs cannot be read"),
        ...COMMON,
      },
    }),
    validator("query", CompareQuerySchema, badParameter, PARAMS),
    async (c) => send(c, await compareAnswer(c.get("deps"), c.req.valid("query"))),
  )
  .get(
    "/status",
    describeRoute({
      operationId: "getStatus",
      summary: "Data pipeline status",
      description:
        "The status page's overall status (its state and headline, word for word) over the upstreams' latest checks and each snapshot's state, age and latest refresh outcome, and whether the history database answers. 200 when nothing is known wrong, 503 (with the reasons) when degraded.",
      tags: ["Status"],
      responses: {
        200: ok(
          "Every snapshot is fresh, the history database answers and no upstream's latest check failed (ok: true)",
          HealthSchema,
        ),
        503: {
          description: "Degraded (ok: false): the same body, with the reasons",
          headers: { ...RATE_HEADERS, ...RETRY_AFTER },
          content: json(HealthSchema),
        },
        304: NOT_MODIFIED,
        ...COMMON,
      },
    }),
    async (c) => {
      const answer = await statusAnswer(c.get("deps"));
      const response = await send(c, answer);
      // Versioned by what changes, not by the clock: the ages grow every second (decision 0021).
      if (answer.ok) response.headers.set("ETag", await etagOf(JSON.stringify(statusVersion(answer.body))));
      return response;
    },
  )
  .route("/", alertRoutes);
