/**
 * Settlement, in every market cron run: the markets with ungraded calls that are past their end date
 * or gone from the active list are looked up in one or two batched Gamma requests
 * (`/markets/keyset?closed=true&id=…`), and each is graded by `settlementOf` (resolved 1/0 → yes/no,
 * 50/50 → void; proposed, disputed, still open or unknown → pending, with why). Idempotent: a run that
 * dies half-way leaves the calls ungraded, and the next run finishes the job.
 */
import type { Deps } from "../deps";
import type { OpenMarket, PendingMarket, SettledMarket } from "../history/store";
import { CLOSED_IDS_PER_REQUEST, type ClosedMarket, isMarketId } from "../polymarket/gamma";
import { settlementOf } from "./settlement";

/** Requests per run (the subrequest budget), of `CLOSED_IDS_PER_REQUEST` markets each. */
export const REQUESTS_PER_RUN = 2;

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
    if (!isMarketId(m.marketId)) return false;
    const end = m.endDate === null ? Number.NaN : Date.parse(m.endDate);
    if (Number.isFinite(end) && end <= now) return true;
    return active !== null && !active.has(m.marketId);
  });
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
  const open = await store.openMarkets(CLOSED_IDS_PER_REQUEST * REQUESTS_PER_RUN * 4);
  const due = dueForSettlement(open, active, now).slice(0, CLOSED_IDS_PER_REQUEST * REQUESTS_PER_RUN);
  if (due.length === 0) return { looked: 0, graded: 0, pending: 0 };

  const closed = await deps.upstreams.gamma.closedMarkets(due.map((m) => m.marketId));
  // A market listed twice counts as its last listing.
  const found = new Map<string, ClosedMarket>(closed.map((market) => [market.id, market]));

  const settled: SettledMarket[] = [];
  const pending: PendingMarket[] = [];
  for (const market of due) {
    const closedMarket = found.get(market.marketId);
    // Not among the closed markets: still open, or unknown to the upstream. Pending either way.
    if (closedMarket === undefined) {
      pending.push({ marketId: market.marketId, state: "not closed or unknown" });
      continue;
    }
    const settlement = settlementOf(closedMarket.resolution, now);
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
