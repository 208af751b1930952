import { Hono } from "hono";
import * as v from "valibot";
import { CATEGORIES } from "~/lib/categories";
import { ProvenanceSchema } from "~/lib/schemas/provenance";
import { ok, type Section } from "~/lib/section";
import type { TraderView } from "~/lib/trader-page";
import { RECORD_METHOD, type TraderRecord } from "~/lib/trader-record";
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
import { traderRecordSection } from "../market/trader-record";
import type { WorkerEnv } from "../worker-env";
import type { Answer } from "./bodies";
import { rateLimit } from "./http";

/** What the trader page shows with every section resolved, or null for a wallet without activity. */
async function traderView(deps: Deps, wallet: string): Promise<Section<TraderView | null>> {
  const lookups = lookupsFor(deps);
  const found = await traderProbe(lookups, new HistoryReads(deps.history, deps.cache), wallet);
  if (!found.ok || found.value === null) return found as Section<null>;
  const { probe, stored, others } = found.value;
  const [otherRanks, positions, trades, record] = await Promise.all([
    others,
    traderPositions(lookups, wallet),
    traderTrades(lookups, stored, wallet),
    traderRecordSection(lookups, { db: deps.db, memo: deps.cache }, wallet),
  ]);
  return ok(traderViewOf(wallet, standings(probe, otherRanks), positions, trades, record));
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

// ---------------------------------------------------------------------------------------------
// /api/v1/traders/{wallet}
// ---------------------------------------------------------------------------------------------

export const WalletParamSchema = v.object({
  wallet: v.pipe(
    v.string(),
    v.regex(/^0x[0-9a-fA-F]{40}$/, "wallet: 0x and 40 hex digits"),
    v.description("A Polymarket wallet (proxy wallet) address, as in /trader/{wallet}."),
  ),
});

const count = (what: string) => v.pipe(v.number(), v.integer(), v.minValue(0), v.description(what));
const usd = (what: string) => v.pipe(v.number(), v.description(`${what}, USD`));

const CategoryRecordSchema = v.object({
  category: v.pipe(
    v.picklist([...CATEGORIES.map((c) => c.slug), "other"]),
    v.description("The event's category (its Gamma tags, else its title's keywords); other when none"),
  ),
  label: v.string(),
  positions: count("Positions counted in this category"),
  won: count("Of them won"),
  lost: count("Of them lost"),
  pnl: usd("Their PnL"),
});

export const TraderRecordSchema = v.pipe(
  v.object({
    positions: count("Resolved and closed positions counted, each once"),
    won: count("Positions won"),
    lost: count("Positions lost"),
    winRate: v.pipe(
      v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
      v.description("won / (won + lost), 0–1; null when nothing was won or lost"),
    ),
    pnl: usd("PnL over the counted positions"),
    byCategory: v.pipe(
      v.array(CategoryRecordSchema),
      v.description("PnL by category, the largest (either sign) first, other last"),
    ),
    source: v.pipe(
      v.object({
        api: v.pipe(
          v.picklist(["v2", "v1"]),
          v.description(
            "Polymarket's Data API: v2 lists resolved and closed positions; v1 (when v2 fails) only the resolved ones still held, of 1,000 shares or more",
          ),
        ),
        asOf: v.pipe(v.string(), v.description("When the Data API answered (ISO 8601 time)")),
        complete: v.pipe(
          v.boolean(),
          v.description(
            "False when the wallet has more positions than were read (the most recent are counted)",
          ),
        ),
      }),
      v.description("Where the figures come from"),
    ),
  }),
  v.description(RECORD_METHOD),
);

export const TraderRecordResponseSchema = v.object({
  wallet: v.pipe(v.string(), v.description("The wallet, lowercase")),
  provenance: v.pipe(
    v.nullable(ProvenanceSchema),
    v.description("Where the record's figures came from; null when there is no record"),
  ),
  record: v.pipe(
    v.variant("ok", [
      v.object({ ok: v.literal(true), value: TraderRecordSchema }),
      v.object({
        ok: v.literal(false),
        reason: v.picklist(["unavailable", "limited"]),
        message: v.string(),
      }),
    ]),
    v.description(
      "The record, or why it is missing (the upstream failed, or the client is over its lookup limit)",
    ),
  ),
});
export type TraderRecordResponse = v.InferOutput<typeof TraderRecordResponseSchema>;

const RECORD_ANSWER_MAX_AGE = 300;

/**
 * `GET /api/v1/traders/{wallet}`: the wallet's record, as the trader page shows it. A wallet without
 * activity (not on the all-time board, never seen by our whale watch) is a 404 after that one call.
 */
export async function traderRecordAnswer(deps: Deps, param: string): Promise<Answer<TraderRecordResponse>> {
  const wallet = param.toLowerCase();
  const lookups = lookupsFor(deps);
  const found = await traderProbe(lookups, new HistoryReads(deps.history, deps.cache), wallet);
  if (!found.ok && found.reason === "limited") {
    return {
      ok: false,
      status: 429,
      code: "rate_limited",
      message: found.message,
      retryAfter: found.retryAfterSeconds ?? 60,
    };
  }
  if (found.ok && found.value === null) {
    return { ok: false, status: 404, code: "not_found", message: "No Polymarket activity for this wallet" };
  }
  const record: Section<TraderRecord> = await traderRecordSection(
    lookups,
    { db: deps.db, memo: deps.cache },
    wallet,
  );
  return {
    ok: true,
    maxAge: record.ok ? RECORD_ANSWER_MAX_AGE : 0,
    body: {
      wallet,
      provenance: record.ok
        ? {
            kind: record.value.source.stale ? "cached" : "live",
            by: "Polymarket Data API",
            at: record.value.source.asOf,
          }
        : null,
      record: record.ok
        ? { ok: true, value: record.value }
        : {
            ok: false,
            reason: record.reason === "limited" ? "limited" : "unavailable",
            message: record.message,
          },
    },
  };
}
