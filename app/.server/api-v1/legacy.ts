import { type Context, Hono } from "hono";
import { CHART_RANGES, parseChartRange } from "~/lib/chart";
import { isAllReal, modelOf, type SnapshotProvenance } from "~/lib/provenance";
import { badFreshFilter, parseWhaleView, selectTrades } from "~/lib/whales";
import { isSlug } from "../polymarket/gamma";
import { marketSnapshot } from "../snapshots/markets";
import { readHealth } from "../snapshots/status";
import { withWalletRadar } from "../snapshots/wallet-facts";
import { whaleSnapshot } from "../snapshots/whales";
import { sourcesOf, statusSourcesOf } from "../sources";
import type { WorkerEnv } from "../worker-env";
import { type Answer, historyAnswer, marketAnswer, trackRecordAnswer } from "./bodies";
import { rateLimit } from "./http";

/**
 * The `sources` field /api/markets has always had (a stable alias; `provenance` says the same in full):
 * markets "live" | "sample"; mentions "live" | "partial" | "estimated"; sentiment the model id,
 * "partial:<model id>" or "estimated".
 */
function legacySources(p: SnapshotProvenance) {
  const mentions = p.mentions.kind === "partial" ? "partial" : isAllReal(p.mentions) ? "live" : "estimated";
  const model = modelOf(p.sentiment);
  return {
    markets: p.markets.kind === "sample" ? "sample" : "live",
    mentions,
    sentiment: model === null ? "estimated" : p.sentiment.kind === "partial" ? `partial:${model}` : model,
  };
}

// Browsers poll these; a short shared cache keeps bursts off the Worker without hiding fresh data for long.
const CACHE = { "Cache-Control": "public, max-age=15" };

const METHOD_NOT_ALLOWED = { error: "Method Not Allowed" };
const RANGES = CHART_RANGES.map((r) => r.value).join(", ");

const INVALID_SLUG = {
  error: "Invalid slug: lowercase letters, digits and single hyphens, at most 200 characters",
};

/** A v1 answer (app/.server/api-v1/bodies.ts) in this API's shape: the body, or `{ error }` with its status. */
function legacy<T>(c: Context<WorkerEnv>, answer: Answer<T>, errorMessage = answer.ok ? "" : answer.message) {
  if (answer.ok) return c.json(answer.body as object, 200, CACHE);
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (answer.retryAfter !== undefined) headers["Retry-After"] = String(answer.retryAfter);
  return c.json({ error: errorMessage }, answer.status, headers);
}

/**
 * JSON API used by the browser for refresh and polling, and the market page's data. It shares the
 * per-client budget of /api/v1 (decision 0021): the aliases are no way around the limit.
 */
export const api = new Hono<WorkerEnv>()
  .use(rateLimit())
  .get("/markets", async (c) => {
    const snapshot = await marketSnapshot.get(c.get("deps"));
    const { markets, totalMentions, provenance, fetchedAt, error, failingSince } = snapshot;
    return c.json(
      {
        markets,
        totalMentions,
        sources: legacySources(provenance),
        provenance,
        fetchedAt,
        stale: snapshot.stale ?? false,
        ...(error ? { error } : {}),
        ...(failingSince ? { failingSince } : {}),
      },
      200,
      CACHE,
    );
  })
  .get("/whales", async (c) => {
    // The page's filters, same names (`min`, `hideCertain=1`, `ranked=1`, `outcome`, `sort`); bad values
    // are the defaults, but for the radar's `fresh=1`, a 400 like the page's.
    const params = new URL(c.req.url).searchParams;
    const bad = badFreshFilter(params);
    if (bad !== null) return c.json({ error: bad }, 400);
    const deps = c.get("deps");
    const { trades, fetchedAt, error, failingSince } = await withWalletRadar(
      sourcesOf(deps).reads,
      await whaleSnapshot.get(deps),
    );
    const view = parseWhaleView(params);
    return c.json(
      {
        trades: selectTrades(trades, view),
        fetchedAt,
        ...(error ? { error } : {}),
        ...(failingSince ? { failingSince } : {}),
      },
      200,
      CACHE,
    );
  })
  .get("/markets/:slug", async (c) => {
    const slug = c.req.param("slug");
    if (!isSlug(slug)) return c.json(INVALID_SLUG, 400);
    return legacy(c, await marketAnswer(c.get("deps"), slug));
  })
  .get("/markets/:slug/history", async (c) => {
    const range = parseChartRange(c.req.query("range") ?? null);
    if (range === null) return c.json({ error: `Invalid range: use one of ${RANGES}` }, 400);
    const slug = c.req.param("slug");
    if (!isSlug(slug)) return c.json(INVALID_SLUG, 400);
    return legacy(c, await historyAnswer(c.get("deps"), slug, range));
  })
  .get("/track-record", async (c) => {
    const answer = await trackRecordAnswer(c.get("deps"), c.req.query("cursor"));
    const badCursor = !answer.ok && answer.status === 400;
    return legacy(c, answer, badCursor ? "Invalid cursor: use the nextCursor of a previous page" : undefined);
  })
  .get("/health", async (c) => {
    const health = await readHealth(statusSourcesOf(c.get("deps")));
    if (health.ok) return c.json(health, 200, { "Cache-Control": "no-store" });
    return c.json(health, 503, { "Cache-Control": "no-store", "Retry-After": "60" });
  })
  .all("/markets", (c) => c.json(METHOD_NOT_ALLOWED, 405, { Allow: "GET, HEAD" }))
  .all("/markets/:slug", (c) => c.json(METHOD_NOT_ALLOWED, 405, { Allow: "GET, HEAD" }))
  .all("/markets/:slug/history", (c) => c.json(METHOD_NOT_ALLOWED, 405, { Allow: "GET, HEAD" }))
  .all("/whales", (c) => c.json(METHOD_NOT_ALLOWED, 405, { Allow: "GET, HEAD" }))
  .all("/health", (c) => c.json(METHOD_NOT_ALLOWED, 405, { Allow: "GET, HEAD" }))
  .all("/track-record", (c) => c.json(METHOD_NOT_ALLOWED, 405, { Allow: "GET, HEAD" }))
  .all("*", (c) => c.json({ error: "Not Found" }, 404));
