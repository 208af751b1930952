import { Hono } from "hono";
import { getMarketSnapshot } from "../app/.server/snapshots/markets";
import { readHealth } from "../app/.server/snapshots/status";
import { getWhaleSnapshot } from "../app/.server/snapshots/whales";
import { isAllReal, modelOf, type SnapshotProvenance } from "../app/lib/provenance";
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

/** JSON API used by the browser for refresh and polling. */
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
    return c.json(
      { trades, fetchedAt, ...(error ? { error } : {}), ...(failingSince ? { failingSince } : {}) },
      200,
      CACHE,
    );
  })
  .get("/health", async (c) => {
    const health = await readHealth(c.get("deps"));
    return c.json(health, health.ok ? 200 : 503, { "Cache-Control": "no-store" });
  })
  .all("/markets", (c) => c.json({ error: "Method Not Allowed" }, 405, { Allow: "GET, HEAD" }))
  .all("/whales", (c) => c.json({ error: "Method Not Allowed" }, 405, { Allow: "GET, HEAD" }))
  .all("/health", (c) => c.json({ error: "Method Not Allowed" }, 405, { Allow: "GET, HEAD" }))
  .all("*", (c) => c.json({ error: "Not Found" }, 404));
