/**
 * Settlement, in every market cron run: the markets with ungraded calls that are past their end date
 * or gone from the active list are looked up in one or two batched Gamma requests
 * (`/markets/keyset?closed=true&id=…`), and each is graded by `settlementOf` (resolved 1/0 → yes/no,
 * 50/50 → void; proposed, disputed, still open or unknown → pending, with why). Idempotent: a run that
 * dies half-way leaves the calls ungraded, and the next run finishes the job.
 */
import type { CallOutcome } from "~/lib/track-record";
import { type Deps, polymarketOptions } from "../deps";
import type { OpenMarket } from "../history/calls";
import { getPolymarketJson } from "../polymarket/request";
import { settlementOf } from "./settlement";

/** Markets looked up per request (ids in the query) and requests per run (the subrequest budget). */
export const IDS_PER_REQUEST = 50;
export const REQUESTS_PER_RUN = 2;
/** Gamma market ids are decimal numbers; anything else is never sent upstream. */
const MARKET_ID = /^\d{1,20}$/;

export interface SettlementRun {
  looked: number;
  graded: number;
  pending: number;
}

/** Which open markets are due a look: past their end date, or no longer among the active markets. */
export function dueForSettlement(
  open: readonly OpenMarket[],
  active: ReadonlySet<string> | null,
  now: number,
): OpenMarket[] {
  return open.filter((m) => {
    if (!MARKET_ID.test(m.marketId)) return false;
    const end = m.endDate === null ? Number.NaN : Date.parse(m.endDate);
    if (Number.isFinite(end) && end <= now) return true;
    return active !== null && !active.has(m.marketId);
  });
}

function itemsOf(json: unknown): unknown[] {
  if (Array.isArray(json)) return json;
  const markets = (json as { markets?: unknown } | null)?.markets;
  return Array.isArray(markets) ? markets : [];
}

/**
 * Looks up and grades what is due. `active` is the current feed's market ids (null when the feed
 * failed: then only markets past their end date are due). Throws on an upstream or D1 failure.
 */
export async function settleOpenCalls(
  deps: Deps,
  active: ReadonlySet<string> | null,
): Promise<SettlementRun> {
  const store = deps.history?.calls;
  if (!store) return { looked: 0, graded: 0, pending: 0 };
  const now = deps.now();
  const open = await store.openMarkets(IDS_PER_REQUEST * REQUESTS_PER_RUN * 4);
  const due = dueForSettlement(open, active, now).slice(0, IDS_PER_REQUEST * REQUESTS_PER_RUN);
  if (due.length === 0) return { looked: 0, graded: 0, pending: 0 };

  const found = new Map<string, unknown>();
  for (let i = 0; i < due.length; i += IDS_PER_REQUEST) {
    const ids = due.slice(i, i + IDS_PER_REQUEST).map((m) => `id=${m.marketId}`);
    const json = await getPolymarketJson(
      "gamma",
      `/markets/keyset?closed=true&limit=${IDS_PER_REQUEST}&${ids.join("&")}`,
      (status) => `API error: ${status}`,
      polymarketOptions(deps, deps.config.gammaUrl),
    );
    for (const item of itemsOf(json)) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === "string" || typeof id === "number") found.set(String(id), item);
    }
  }

  const settled: { marketId: string; outcome: CallOutcome; settledMs: number }[] = [];
  const pending: { marketId: string; state: string }[] = [];
  for (const market of due) {
    const raw = found.get(market.marketId);
    // Not among the closed markets: still open, or unknown to the upstream. Pending either way.
    if (raw === undefined) {
      pending.push({ marketId: market.marketId, state: "not closed or unknown" });
      continue;
    }
    const settlement = settlementOf(raw, now);
    if (settlement.kind === "graded") {
      settled.push({
        marketId: market.marketId,
        outcome: settlement.outcome,
        settledMs: settlement.settledAt,
      });
    } else if (settlement.kind === "void") {
      settled.push({ marketId: market.marketId, outcome: "void", settledMs: settlement.settledAt });
    } else pending.push({ marketId: market.marketId, state: settlement.reason });
  }
  const graded = await store.settle(settled, pending, now);
  return { looked: due.length, graded, pending: pending.length };
}
