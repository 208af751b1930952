import { Hono } from "hono";
import { traderView, traderWallet } from "../app/.server/trader/page";
import type { WorkerEnv } from "./types";

/**
 * `GET /api/traders/:wallet`: what `/trader/:wallet` shows, as JSON, each section as
 * `{ ok: true, value }` or `{ ok: false, message }`. A path that is not a wallet (0x + 40 hex digits)
 * is a 404 like the page, answered without any upstream call.
 */
export const tradersApi = new Hono<WorkerEnv>()
  .get("/:wallet", async (c) => {
    const wallet = traderWallet(c.req.param("wallet"));
    if (wallet === null) return c.json({ error: "Not a wallet address: use 0x and 40 hex digits" }, 404);
    return c.json(await traderView(c.get("deps"), wallet), 200, { "Cache-Control": "public, max-age=300" });
  })
  .all("/:wallet", (c) => c.json({ error: "Method Not Allowed" }, 405, { Allow: "GET, HEAD" }));
