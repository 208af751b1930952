import { Hono } from "hono";
import { getMarketSnapshot } from "../app/.server/snapshots/markets";
import { readHealth } from "../app/.server/snapshots/status";
import { getWhaleSnapshot } from "../app/.server/snapshots/whales";
import type { WorkerEnv } from "./types";

// Browsers poll these; a short shared cache keeps bursts off the Worker without hiding fresh data for long.
const CACHE = { "Cache-Control": "public, max-age=15" };

/** JSON API used by the browser for refresh and polling. */
export const api = new Hono<WorkerEnv>()
  .get("/markets", async (c) => {
    const snapshot = await getMarketSnapshot(c.get("deps"));
    const { markets, totalMentions, sources, fetchedAt, error, failingSince } = snapshot;
    return c.json(
      {
        markets,
        totalMentions,
        sources,
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
