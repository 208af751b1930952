/**
 * `/api/v1/alerts` (decision 0042): a browser's push subscription and its rules, created or
 * replaced with POST, read and deleted with its secret. The API's only writes: a client makes at most
 * ALERTS_LIMIT a minute (their own limiter, beside the API's 120), the body is at most 16 KB, and the table holds at most
 * ALERTS_MAX_SUBSCRIPTIONS (1,000 by default).
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describeRoute, validator } from "hono-openapi";
import * as v from "valibot";
import {
  AlertCreatedSchema,
  AlertSubscriptionSchema,
  AlertsRequestSchema,
  uniqueRules,
} from "~/lib/schemas/alerts";
import { endpointProblem } from "../alerts/endpoint";
import {
  authorisedSubscription,
  deleteSubscription,
  type StoredSubscription,
  saveSubscription,
} from "../alerts/store";
import { ALERTS_LIMIT, windowResetSeconds } from "../client-limits";
import { createLog } from "../log";
import type { WorkerEnv } from "../worker-env";
import { apiError } from "./http";
import {
  badParameter,
  COMMON,
  error,
  header,
  json,
  NOT_MODIFIED,
  RATE_HEADERS,
  RETRY_AFTER,
} from "./route-docs";

const log = createLog("alerts");

/** The client's own budget of alert changes (each writes D1); a failing limiter lets the change through. */
async function alertChangeAllowed(c: Context<WorkerEnv>): Promise<boolean> {
  try {
    return (await c.env.ALERTS_RATE_LIMITER.limit({ key: c.get("client") })).success;
  } catch (error) {
    log.error("alerts limiter unavailable", error);
    return true;
  }
}

/** The largest body accepted: 50 rules and an endpoint fit in a quarter of it. */
export const ALERTS_BODY_LIMIT = 16 * 1024;

const IdParamSchema = v.object({
  id: v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9_-]{22}$/, "id: the id POST /alerts answered"),
    v.description("The subscription's id"),
  ),
});

const NO_STORE = { "Cache-Control": "no-store" };

const written = (description: string, schema: Parameters<typeof json>[0]) => ({
  description,
  headers: RATE_HEADERS,
  content: json(schema),
});
const AUTH = {
  401: error("No Authorization: Bearer <secret>, or not this subscription's secret", {
    "WWW-Authenticate": header('Bearer realm="alerts"'),
  }),
  404: error("No subscription with this id"),
};
const UNAVAILABLE = error(
  "Alerts are not set up on this deployment, or the database cannot be reached",
  RETRY_AFTER,
);

/** Alerts need the VAPID keys (to send) and the database (to keep the rules). */
function unavailable(c: Context<WorkerEnv>) {
  const config = c.get("config");
  const deps = c.get("deps");
  if (!config.vapidPublicKey || !config.vapidPrivateKey)
    return apiError(c, 503, "alerts_unavailable", "Alerts are not set up on this deployment", undefined, {
      "Retry-After": "3600",
    });
  if (!deps.db)
    return apiError(c, 503, "unavailable", "The alerts database is not available", undefined, {
      "Retry-After": "60",
    });
  return null;
}

function bearer(c: Context): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("Authorization") ?? "");
  return match?.[1] ?? null;
}

function refused(c: Context, reason: "not_found" | "unauthorized") {
  if (reason === "not_found") return apiError(c, 404, "not_found", "No alert subscription with this id");
  return apiError(
    c,
    401,
    "unauthorized",
    "Send the subscription's secret as Authorization: Bearer <secret>",
    undefined,
    { "WWW-Authenticate": 'Bearer realm="alerts"' },
  );
}

/** What a route on one subscription answers besides its own: 401 and 404 (not this request's), 503, the rest. */
const OWN_SUBSCRIPTION_ERRORS = { ...AUTH, 503: UNAVAILABLE, ...COMMON };

interface OwnSubscription {
  db: D1Database;
  subscription: StoredSubscription;
}

/**
 * The subscription the path names, when the request holds its secret; otherwise the answer to send (503
 * while alerts are off, 404 for an unknown id, 401 without the right secret).
 */
async function ownSubscription(
  c: Context<WorkerEnv>,
  id: string,
): Promise<OwnSubscription | { answer: Response }> {
  const off = unavailable(c);
  if (off) return { answer: off };
  const db = c.get("deps").db as D1Database;
  const found = await authorisedSubscription(db, id, bearer(c));
  if (!found.ok) return { answer: refused(c, found.reason) };
  return { db, subscription: found.subscription };
}

/** A route's handler on the subscription its (checked) path id names: `answer` runs only for its owner. */
function forOwner(answer: (c: Context<WorkerEnv>, own: OwnSubscription) => Response | Promise<Response>) {
  return async (c: Context<WorkerEnv, string, { out: { param: { id: string } } }>) => {
    const found = await ownSubscription(c, c.req.valid("param").id);
    return "answer" in found ? found.answer : answer(c, found);
  };
}

export const alertRoutes = new Hono<WorkerEnv>()
  .post(
    "/alerts",
    describeRoute({
      operationId: "saveAlerts",
      summary: "Create or replace alerts",
      description: `Saves a browser's push subscription (PushSubscription.toJSON()) with its rules: price moves, whale trades, call changes and UMA's resolution (an answer proposed, disputed or final) in followed events, trades of followed wallets. Posting the same endpoint again replaces its rules. The answer's secret reads and deletes it. At most ${ALERTS_LIMIT} a minute per client.`,
      tags: ["Alerts"],
      responses: {
        201: written("Created", AlertCreatedSchema),
        200: written("Replaced the rules of this endpoint's subscription (a new secret)", AlertCreatedSchema),
        400: error(
          "A field is wrong (error.parameter names it, e.g. rules.2.points), or the endpoint is not https on a known push service",
        ),
        413: error(`The body is over ${ALERTS_BODY_LIMIT / 1024} KB`),
        503: UNAVAILABLE,
        ...COMMON,
      },
    }),
    bodyLimit({
      maxSize: ALERTS_BODY_LIMIT,
      onError: (c) => apiError(c, 413, "payload_too_large", `The body is at most ${ALERTS_BODY_LIMIT} bytes`),
    }),
    async (c, next) => {
      // Not JSON: a 400 in the API's shape, before the schema.
      try {
        await c.req.json();
      } catch {
        return apiError(c, 400, "invalid_parameter", "body: send a JSON object", "body");
      }
      await next();
    },
    validator("json", AlertsRequestSchema, badParameter),
    async (c) => {
      const off = unavailable(c);
      if (off) return off;
      const body = c.req.valid("json");
      const problem = endpointProblem(body.subscription.endpoint, c.get("config").pushServiceHosts);
      if (problem) return apiError(c, 400, "invalid_parameter", problem, "subscription.endpoint");
      const deps = c.get("deps");
      if (!(await alertChangeAllowed(c))) {
        const wait = windowResetSeconds(deps.now());
        return apiError(
          c,
          429,
          "rate_limited",
          `Too many alert changes from this client: at most ${ALERTS_LIMIT} a minute. Try again in ${wait} s.`,
          undefined,
          { "Retry-After": String(wait) },
        );
      }
      const saved = await saveSubscription(
        deps.db as D1Database,
        { ...body, rules: uniqueRules(body.rules) },
        deps.now(),
        c.get("config").alertsMaxSubscriptions,
      );
      if ("full" in saved)
        return apiError(c, 503, "alerts_full", "Alerts are full right now: try again later", undefined, {
          "Retry-After": "3600",
        });
      return c.json({ id: saved.id, secret: saved.secret }, saved.created ? 201 : 200, NO_STORE);
    },
  )
  .get(
    "/alerts/:id",
    describeRoute({
      operationId: "getAlerts",
      summary: "Read alerts",
      description: "A subscription's rules and times. Needs Authorization: Bearer <secret>.",
      tags: ["Alerts"],
      security: [{ bearer: [] }],
      responses: {
        200: {
          description: "The subscription",
          headers: {
            ETag: header("The answer's version: send it as If-None-Match for a 304"),
            "Cache-Control": header("no-store"),
            ...RATE_HEADERS,
          },
          content: json(AlertSubscriptionSchema),
        },
        304: NOT_MODIFIED,
        ...OWN_SUBSCRIPTION_ERRORS,
      },
    }),
    validator("param", IdParamSchema, badParameter),
    forOwner((c, { subscription: s }) =>
      c.json(
        {
          id: s.id,
          rules: s.rules,
          createdAt: new Date(s.createdMs).toISOString(),
          lastSentAt: s.lastSentMs === null ? null : new Date(s.lastSentMs).toISOString(),
        },
        200,
        NO_STORE,
      ),
    ),
  )
  .delete(
    "/alerts/:id",
    describeRoute({
      operationId: "deleteAlerts",
      summary: "Delete alerts",
      description:
        "Deletes the subscription and everything sent under it. Needs Authorization: Bearer <secret>.",
      tags: ["Alerts"],
      security: [{ bearer: [] }],
      responses: {
        204: { description: "Deleted", headers: RATE_HEADERS },
        ...OWN_SUBSCRIPTION_ERRORS,
      },
    }),
    validator("param", IdParamSchema, badParameter),
    forOwner(async (c, { db, subscription }) => {
      await deleteSubscription(db, subscription.id);
      return c.body(null, 204, NO_STORE);
    }),
  );
