import { Hono } from "hono";
import { ok, type Section } from "~/lib/section";
import type { TraderView } from "~/lib/trader-page";
import type { Deps } from "../deps";
import { HistoryReads } from "../history/reads";
import { lookupsFor } from "../lookups";
import {
  standings,
  traderPositions,
  traderProbe,
  traderTrades,
  traderViewOf,
  traderWallet,
} from "../market/trader";
import type { WorkerEnv } from "../worker-env";
import { rateLimit } from "./http";

/** What the trader page shows with every section resolved, or null for a wallet without activity. */
async function traderView(deps: Deps, wallet: string): Promise<Section<TraderView | null>> {
  const lookups = lookupsFor(deps);
  const found = await traderProbe(lookups, new HistoryReads(deps.history, deps.cache), wallet);
  if (!found.ok || found.value === null) return found as Section<null>;
  const { probe, stored, others } = found.value;
  const [otherRanks, positions, trades] = await Promise.all([
    others,
    traderPositions(lookups, wallet),
    traderTrades(lookups, stored, wallet),
  ]);
  return ok(traderViewOf(wallet, standings(probe, otherRanks), positions, trades));
}

const NOT_A_WALLET = { error: "Not a wallet address: use 0x and 40 hex digits" };

/**
 * `GET /api/traders/:wallet`: what `/trader/:wallet` shows, as JSON, each section as
 * `{ ok: true, value }` or `{ ok: false, message }`. A path that is not a wallet (0x + 40 hex digits)
 * is a 404 like the page, answered without any upstream call; a wallet without activity a 404 after one.
 * It shares the JSON budget and, for its lookups, the lookup limit (decision 0021).
 */
export const tradersApi = new Hono<WorkerEnv>()
  .use(rateLimit())
  .get("/:wallet", async (c) => {
    const wallet = traderWallet(c.req.param("wallet"));
    if (wallet === null) return c.json(NOT_A_WALLET, 404);
    const view = await traderView(c.get("deps"), wallet);
    if (!view.ok) {
      return c.json({ error: view.message }, view.reason === "limited" ? 429 : 503, {
        "Cache-Control": "no-store",
        "Retry-After": String(view.retryAfterSeconds ?? 60),
      });
    }
    if (view.value === null) {
      return c.json({ error: "No Polymarket activity for this wallet" }, 404, {
        "Cache-Control": "public, max-age=600",
      });
    }
    return c.json(view.value, 200, { "Cache-Control": "public, max-age=300" });
  })
  .all("/:wallet", (c) => c.json({ error: "Method Not Allowed" }, 405, { Allow: "GET, HEAD" }));
