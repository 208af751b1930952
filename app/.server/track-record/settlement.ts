/**
 * When a call's market counts as settled, from Gamma's own resolution fields. Only a final answer is
 * graded: `closed`, `umaResolutionStatus: "resolved"` and prices of exactly 1 and 0. A 50/50 resolution
 * is void; anything proposed, disputed or still open stays pending.
 */
import * as v from "valibot";

export type Settlement =
  | { kind: "graded"; outcome: "yes" | "no"; settledAt: number }
  | { kind: "void"; settledAt: number }
  | { kind: "pending"; reason: PendingReason };

export type PendingReason = "open" | "proposed" | "disputed" | "unresolved" | "unclear-prices" | "unknown";

const Prices = v.union([
  v.array(v.union([v.string(), v.number()])),
  v.pipe(v.string(), v.parseJson(), v.array(v.union([v.string(), v.number()]))),
]);

const ResolutionSchema = v.object({
  closed: v.optional(v.boolean(), false),
  umaResolutionStatus: v.optional(v.nullable(v.string()), null),
  outcomePrices: v.optional(Prices, []),
  closedTime: v.optional(v.nullable(v.string()), null),
  endDate: v.optional(v.nullable(v.string()), null),
});

/** Gamma writes times as ISO or as "2024-07-18 00:10:37.491895+00"; both become epoch ms. */
export function parseGammaTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const iso = value
    .trim()
    .replace(" ", "T")
    .replace(/([+-]\d{2})$/, "$1:00");
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

function exactly(prices: readonly (string | number)[]): number[] | null {
  const numbers = prices.map((p) => (typeof p === "number" ? p : Number(p.trim())));
  return numbers.every(Number.isFinite) ? numbers : null;
}

/** The settlement of one Gamma market object (raw, as the API sends it); `now` stands in for a missing close time. */
export function settlementOf(raw: unknown, now: number): Settlement {
  const parsed = v.safeParse(ResolutionSchema, raw);
  if (!parsed.success) return { kind: "pending", reason: "unclear-prices" };
  const market = parsed.output;
  if (!market.closed) return { kind: "pending", reason: "open" };
  const status = market.umaResolutionStatus?.toLowerCase() ?? null;
  if (status === "proposed") return { kind: "pending", reason: "proposed" };
  if (status === "disputed") return { kind: "pending", reason: "disputed" };
  if (status !== "resolved") return { kind: "pending", reason: "unresolved" };
  const prices = exactly(market.outcomePrices);
  const settledAt = parseGammaTime(market.closedTime) ?? now;
  if (prices === null || prices.length < 2) return { kind: "pending", reason: "unclear-prices" };
  const [first, second] = prices;
  if (first === 1 && second === 0) return { kind: "graded", outcome: "yes", settledAt };
  if (first === 0 && second === 1) return { kind: "graded", outcome: "no", settledAt };
  if (first === 0.5 && second === 0.5) return { kind: "void", settledAt };
  return { kind: "pending", reason: "unclear-prices" };
}
