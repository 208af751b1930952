/**
 * `/api/v1` as served: CORS open for GET, the per-client rate limit, ETags with 304s, the generated
 * OpenAPI document, and JSON errors for unknown paths and methods. The routes are in
 * app/.server/api-v1/router.ts.
 */
import { Hono } from "hono";
import { cors } from "hono/cors";
import { siteOrigin } from "~/lib/seo";
import { createLog } from "../log";
import type { WorkerEnv } from "../worker-env";
import { apiError, conditional, rateLimit } from "./http";
import { openApiDocument } from "./openapi";
import { v1Routes } from "./router";

const log = createLog("api");

const ALLOW = "GET, HEAD, OPTIONS";
/** The API's only writes: alert subscriptions (decision 0042). */
const WRITES: Record<string, RegExp> = {
  POST: /^\/api\/v1\/alerts$/,
  DELETE: /^\/api\/v1\/alerts\/[^/]+$/,
};

export const apiV1 = new Hono<WorkerEnv>()
  .use(
    cors({
      origin: "*",
      allowMethods: ["GET", "HEAD", "OPTIONS", "POST", "DELETE"],
      allowHeaders: ["Authorization", "Content-Type", "If-None-Match"],
      exposeHeaders: ["ETag", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After"],
      maxAge: 86_400,
    }),
  )
  .use(async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    if (WRITES[c.req.method]?.test(new URL(c.req.url).pathname)) return next();
    return apiError(
      c,
      405,
      "method_not_allowed",
      `${c.req.method} is not allowed here: the API is read-only but for /api/v1/alerts`,
      undefined,
      {
        Allow: ALLOW,
      },
    );
  })
  .use(rateLimit())
  .use(conditional())
  .get("/openapi.json", async (c) =>
    c.json(await openApiDocument(siteOrigin(c.get("config").siteUrl, c.req.url)), 200, {
      "Cache-Control": "public, max-age=3600",
    }),
  )
  .route("/", v1Routes)
  .all("*", (c) =>
    apiError(c, 404, "not_found", `No endpoint ${new URL(c.req.url).pathname}: see /api/v1/openapi.json`),
  );

apiV1.onError((error, c) => {
  log.error(`${c.req.method} ${new URL(c.req.url).pathname}`, error);
  return apiError(c, 500, "internal", "Something went wrong on our side. Please try again.");
});
