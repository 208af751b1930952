import { type Context, Hono } from "hono";
import { createRequestHandler, type RequestHandler, RouterContextProvider } from "react-router";
import type { AlertMessage } from "../app/.server/alerts/dispatch";
import { apiV1 } from "../app/.server/api-v1/app";
import { api } from "../app/.server/api-v1/legacy";
import { tradersApi } from "../app/.server/api-v1/traders";
import { isCrawler } from "../app/.server/bots";
import { clientKey, lookupGate, windowResetSeconds } from "../app/.server/client-limits";
import { ConfigError, getConfig } from "../app/.server/config";
import { type RequestContext, requestContext } from "../app/.server/context";
import { createDeps } from "../app/.server/deps";
import { createLog } from "../app/.server/log";
import type { WorkerEnv } from "../app/.server/worker-env";
import { isLoopback } from "../app/lib/seo";
import { deliverAlerts } from "./alerts-queue";
import { runScheduled } from "./cron";
import { feeds } from "./feeds";
import { isolateFor } from "./isolate";
import { live } from "./live";
import { securityHeaders } from "./security";
import { seo } from "./seo";
import { trackRecordCsv } from "./track-record-csv";

const log = createLog("worker");

const loadBuild = () => import("virtual:react-router/server-build");
let built: RequestHandler | undefined;
/**
 * Given the build as a function, React Router derives its route tables (flattened, ranked, the static
 * handler) again on every request, so that dev picks up edits: about 0.8 ms of CPU per page. A deployed
 * build never changes: it is loaded on the first page request and derived once per isolate.
 */
const handleRequest: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : async (request, context) => {
      built ??= createRequestHandler(await loadBuild(), import.meta.env.MODE);
      return built(request, context);
    };

const app = new Hono<WorkerEnv>();

app.use(securityHeaders(import.meta.env.DEV));

// Config is parsed once per env; a bad value answers with one clear line instead of a stack trace.
app.use(async (c, next) => {
  try {
    const config = getConfig(c.env);
    if (!config.siteUrl && !isLoopback(c.req.url)) {
      throw new ConfigError(
        "Invalid configuration: SITE_URL must be set to the site's public origin (e.g. https://oddspulse.app); without it only localhost is served",
      );
    }
    c.set("config", config);
    const client = clientKey(c.req.header("cf-connecting-ip"));
    c.set("client", client);
    c.set(
      "deps",
      createDeps({
        caches: isolateFor(c.env, config),
        ctx: c.executionCtx as ExecutionContext,
        config,
        db: c.env.DB,
        lookups: lookupGate(c.env.LOOKUP_RATE_LIMITER, client, () => Date.now()),
      }),
    );
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return c.text(`Service misconfigured. ${error.message}`, 503);
  }
  await next();
});

app.route("/", seo);
app.route("/", trackRecordCsv);
app.route("/", feeds);
app.route("/api/v1/live", live);
app.route("/api/v1", apiV1);
app.route("/api/traders", tradersApi);
app.route("/api", api);

const PAGE_CACHE_CONTROL = "private, no-cache";

/** Methods a page answers; anything else gets the 405 page. */
const PAGE_METHODS = new Set(["GET", "HEAD"]);

/** What React Router's loaders and the document entry get for one page request. */
function pageContext(c: Context<WorkerEnv>, bot: boolean, refusedMethod?: string) {
  const context = new RouterContextProvider();
  const fields: RequestContext = {
    config: c.get("config"),
    deps: c.get("deps"),
    nonce: c.get("nonce"),
    bot,
    rendered: { html: null },
    serverHtml: new Map(),
    refusedMethod,
  };
  context.set(requestContext, fields);
  return { context, rendered: fields.rendered };
}

app.all("*", async (c) => {
  const nonce = c.get("nonce");
  if (!PAGE_METHODS.has(c.req.method)) {
    // Pages take no actions: answer the site's own 405 page (rendered as a GET of the not-found route).
    createLog("405").info(`${c.req.method} ${new URL(c.req.url).pathname}`);
    const { context } = pageContext(c, isCrawler(c.req.header("user-agent")), c.req.method);
    const page = await handleRequest(
      new Request(new URL("/__method-not-allowed", c.req.url), { headers: c.req.raw.headers }),
      context,
    );
    const headers = new Headers(page.headers);
    headers.set("Allow", "GET, HEAD");
    headers.set("Cache-Control", PAGE_CACHE_CONTROL);
    return new Response(page.body, { status: 405, headers });
  }
  const bot = isCrawler(c.req.header("user-agent"));
  const { pages } = isolateFor(c.env, c.get("config"));
  const key = pages.key(c.req.raw, bot);
  const now = Date.now();
  const head = c.req.method === "HEAD";
  const cached = key ? pages.get(key, nonce, now, head) : null;
  if (cached) return cached;
  const { context, rendered } = pageContext(c, bot);
  const response = await handleRequest(c.req.raw, context);
  // Pages carry a per-response nonce, and data requests the same loader data: no shared cache may keep
  // them, and a browser asks again each time (decision 0011).
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", PAGE_CACHE_CONTROL);
  // A page that needed a lookup the client may not make yet (429): say when it may (decision 0021).
  if (response.status === 429) response.headers.set("Retry-After", String(windowResetSeconds(Date.now())));
  // Only a GET's body is kept; a HEAD is answered from it when it is there.
  return key && !head ? pages.store(key, response, rendered.html, nonce, now) : response;
});

app.onError((error, c) => {
  log.error(`${c.req.method} ${new URL(c.req.url).pathname}`, error);
  return c.text("Something went wrong. Please try again.", 500);
});

export { LiveHub } from "./live-hub";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    await runScheduled(controller.cron, env, ctx);
  },
  async queue(batch, env) {
    await deliverAlerts(batch as MessageBatch<AlertMessage>, env);
  },
} satisfies ExportedHandler<Env>;
