/**
 * When a call's market counts as settled, from Gamma's own resolution fields (read by
 * `fetchClosedMarkets` in polymarket/gamma.ts). Only a final answer is graded: `closed`,
 * `umaResolutionStatus: "resolved"` and prices of exactly 1 and 0. A 50/50 resolution is void;
 * anything proposed, disputed or still open stays pending.
 */
import type { MarketResolution } from "../polymarket/gamma";

export type Settlement =
  | { kind: "graded"; outcome: "yes" | "no"; settledAt: number }
  | { kind: "void"; settledAt: number }
  | { kind: "pending"; reason: PendingReason };

export type PendingReason = "open" | "proposed" | "disputed" | "unresolved" | "unclear-prices" | "unknown";

/**
 * The settlement of one market from its resolution (null: Gamma's fields were unreadable); `now`
 * stands in for a missing close time.
 */
export function settlementOf(market: MarketResolution | null, now: number): Settlement {
  if (market === null) return { kind: "pending", reason: "unclear-prices" };
  if (!market.closed) return { kind: "pending", reason: "open" };
  const status = market.umaResolutionStatus?.toLowerCase() ?? null;
  if (status === "proposed") return { kind: "pending", reason: "proposed" };
  if (status === "disputed") return { kind: "pending", reason: "disputed" };
  if (status !== "resolved") return { kind: "pending", reason: "unresolved" };
  const prices = market.outcomePrices;
  const settledAt = market.closedAt ?? now;
  if (prices === null || prices.length < 2) return { kind: "pending", reason: "unclear-prices" };
  const [first, second] = prices;
  if (first === 1 && second === 0) return { kind: "graded", outcome: "yes", settledAt };
  if (first === 0 && second === 1) return { kind: "graded", outcome: "no", settledAt };
  if (first === 0.5 && second === 0.5) return { kind: "void", settledAt };
  return { kind: "pending", reason: "unclear-prices" };
}
