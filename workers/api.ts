import { type Context, Hono } from "hono";
import { historyPoints, outcomeHistory } from "../app/.server/market/price-history";
import { MarketUnavailableError, type ResolvedMarket, resolveMarket } from "../app/.server/market/resolve";
import { isSlug } from "../app/.server/polymarket/gamma";
import { getMarketSnapshot } from "../app/.server/snapshots/markets";
import { readHealth } from "../app/.server/snapshots/status";
import { getWhaleSnapshot } from "../app/.server/snapshots/whales";
import { exportPage, exportSummary } from "../app/.server/track-record/export";
import { readTrackRecord, TrackRecordUnavailableError } from "../app/.server/track-record/view";
import { CHART_RANGES, parseChartRange } from "../app/lib/chart";
import { isAllReal, modelOf, type SnapshotProvenance } from "../app/lib/provenance";
import { parseWhaleView, selectTrades } from "../app/lib/whales";
import type { WorkerEnv } from "./types";

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

/** The market a slug names, or the JSON answer that says why there is none (400, 404 or 503). */
async function marketOr(c: Context<WorkerEnv>, slug: string): Promise<ResolvedMarket | Response> {
  if (!isSlug(slug)) {
    return c.json(
      { error: "Invalid slug: lowercase letters, digits and single hyphens, at most 200 characters" },
      400,
    );
  }
  try {
    const resolved = await resolveMarket(c.get("deps"), slug);
    return resolved ?? c.json({ error: `No market with slug ${slug}` }, 404);
  } catch (error) {
    if (error instanceof MarketUnavailableError)
      return c.json({ error: error.message }, 503, { "Retry-After": "60" });
    throw error;
  }
}

/** JSON API used by the browser for refresh and polling, and the market page's data. */
export const api = new Hono<WorkerEnv>()
  .get("/markets", async (c) => {
    const snapshot = await getMarketSnapshot(c.get("deps"));
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
    const { trades, fetchedAt, error, failingSince } = await getWhaleSnapshot(c.get("deps"));
    // The page's filters, same names (`min`, `hideCertain=1`, `ranked=1`, `outcome`, `sort`); bad values are the defaults.
    const view = parseWhaleView(new URL(c.req.url).searchParams);
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
    const resolved = await marketOr(c, c.req.param("slug"));
    if (resolved instanceof Response) return resolved;
    return c.json({ market: resolved.view, analysis: resolved.analysis }, 200, CACHE);
  })
  .get("/markets/:slug/history", async (c) => {
    const range = parseChartRange(c.req.query("range") ?? null);
    if (range === null) return c.json({ error: `Invalid range: use one of ${RANGES}` }, 400);
    const resolved = await marketOr(c, c.req.param("slug"));
    if (resolved instanceof Response) return resolved;
    const deps = c.get("deps");
    const { series, notes } = await outcomeHistory(deps, resolved.view, range, Math.floor(deps.now() / 1000));
    return c.json(
      {
        slug: resolved.view.slug,
        range,
        outcomes: series.map((s) => s.label),
        points: historyPoints(series),
        ...(notes.length > 0 ? { notes } : {}),
      },
      200,
      CACHE,
    );
  })
  .get("/track-record", async (c) => {
    let record: Awaited<ReturnType<typeof readTrackRecord>>;
    try {
      record = await readTrackRecord(c.get("deps"));
    } catch (error) {
      if (error instanceof TrackRecordUnavailableError)
        return c.json({ error: error.message }, 503, { "Retry-After": "60" });
      throw error;
    }
    const page = exportPage(record.calls, c.req.query("cursor") ?? null);
    if (page === null) return c.json({ error: "Invalid cursor: use the nextCursor of a previous page" }, 400);
    return c.json({ summary: exportSummary(record.summary), ...page }, 200, CACHE);
  })
  .get("/health", async (c) => {
    const health = await readHealth(c.get("deps"));
    return c.json(health, health.ok ? 200 : 503, { "Cache-Control": "no-store" });
  })
  .all("/markets", (c) => c.json(METHOD_NOT_ALLOWED, 405, { Allow: "GET, HEAD" }))
  .all("/markets/:slug", (c) => c.json(METHOD_NOT_ALLOWED, 405, { Allow: "GET, HEAD" }))
  .all("/markets/:slug/history", (c) => c.json(METHOD_NOT_ALLOWED, 405, { Allow: "GET, HEAD" }))
  .all("/whales", (c) => c.json(METHOD_NOT_ALLOWED, 405, { Allow: "GET, HEAD" }))
  .all("/health", (c) => c.json(METHOD_NOT_ALLOWED, 405, { Allow: "GET, HEAD" }))
  .all("/track-record", (c) => c.json(METHOD_NOT_ALLOWED, 405, { Allow: "GET, HEAD" }))
  .all("*", (c) => c.json({ error: "Not Found" }, 404));
