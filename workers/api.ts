import { Hono } from "hono";
import { getMarketSnapshot, getWhaleSnapshot, readPipelineStatus } from "../app/.server/snapshot";
import type { WorkerEnv } from "./types";

// Browsers poll these; a short shared cache keeps bursts off the Worker without hiding fresh data for long.
const CACHE = { "Cache-Control": "public, max-age=15" };

/** JSON API used by the browser for refresh and polling. */
export const api = new Hono<WorkerEnv>()
  .get("/markets", async (c) => {
    const { markets, totalMentions, sources, fetchedAt, error } = await getMarketSnapshot(c.get("deps"));
    return c.json({ markets, totalMentions, sources, fetchedAt, ...(error ? { error } : {}) }, 200, CACHE);
  })
  .get("/whales", async (c) => {
    const { trades, fetchedAt, error } = await getWhaleSnapshot(c.get("deps"));
    return c.json({ trades, fetchedAt, ...(error ? { error } : {}) }, 200, CACHE);
  })
  .get("/health", async (c) => {
    const snapshots = await readPipelineStatus(c.get("deps"));
    return c.json({ ok: true, snapshots }, 200, { "Cache-Control": "no-store" });
  })
  .all("/markets", (c) => c.json({ error: "Method Not Allowed" }, 405, { Allow: "GET, HEAD" }))
  .all("/whales", (c) => c.json({ error: "Method Not Allowed" }, 405, { Allow: "GET, HEAD" }))
  .all("/health", (c) => c.json({ error: "Method Not Allowed" }, 405, { Allow: "GET, HEAD" }))
  .all("*", (c) => c.json({ error: "Not Found" }, 404));
