/**
 * Track-record arithmetic: pure functions over recorded calls, so anyone can recompute every figure
 * from the export. Conventions in app/lib/track-record.ts (prices refer to the first outcome).
 */
import {
  type Call,
  type Horizon,
  MIN_GRADED_TO_JUDGE,
  type ReliabilityBin,
  type TrackSummary,
} from "~/lib/track-record";

/** The two-sided 95% normal quantile. */
export const Z95 = 1.959963984540054;
const DAY_MS = 86_400_000;

/** Wilson score interval for `successes` of `trials` (95%); null for no trials. */
export function wilsonInterval(
  successes: number,
  trials: number,
  z = Z95,
): { low: number; high: number } | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Paper return per $1 staked on `side` at first-outcome price `price`: buying the first outcome at p
 * returns (1 − p)/p if it wins and −1 if not; buying the second outcome costs 1 − p and returns
 * p/(1 − p) if the first outcome loses. Null for a hold, a void or pending call, or a price of
 * exactly 0 or 1 (nothing to stake on, or nothing to win).
 */
export function paperReturn(side: Call["side"], price: number, outcome: Call["outcome"]): number | null {
  if (side === "hold" || (outcome !== "yes" && outcome !== "no")) return null;
  if (!(price > 0 && price < 1)) return null;
  if (side === "buy_yes") return outcome === "yes" ? (1 - price) / price : -1;
  return outcome === "no" ? price / (1 - price) : -1;
}

/** The side a "buy the favourite" rule takes at a price (the first outcome at exactly 0.5). */
export function favouriteSide(price: number): "buy_yes" | "buy_no" {
  return price >= 0.5 ? "buy_yes" : "buy_no";
}

/** How far from the call the market resolved. */
export function horizonOf(call: Pick<Call, "calledAt" | "settledAt" | "endDate">): Horizon | null {
  const end = call.settledAt ?? (call.endDate ? Date.parse(call.endDate) : Number.NaN);
  // A pending call on a market already past its end date has no horizon yet (it is not "under a day").
  if (!Number.isFinite(end) || (call.settledAt === null && end < call.calledAt)) return null;
  const days = (end - call.calledAt) / DAY_MS;
  if (days < 1) return "under-1d";
  if (days < 7) return "1-7d";
  if (days < 30) return "7-30d";
  return "over-30d";
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

const isGraded = (call: Call): call is Call & { outcome: "yes" | "no" } =>
  call.outcome === "yes" || call.outcome === "no";

/** The headline figures of a group of calls. */
export function summarise(calls: readonly Call[]): TrackSummary {
  const graded = calls.filter(isGraded);
  const buys = graded.filter((c) => c.side !== "hold");
  const hits = buys.filter((c) => (c.side === "buy_yes") === (c.outcome === "yes")).length;
  const interval = wilsonInterval(hits, buys.length);
  const returns = buys
    .map((c) => paperReturn(c.side, c.priceAtCall, c.outcome))
    .filter((r): r is number => r !== null);
  const favourite = buys
    .map((c) => paperReturn(favouriteSide(c.priceAtCall), c.priceAtCall, c.outcome))
    .filter((r): r is number => r !== null);
  const forecasts = graded.filter(
    (c): c is typeof c & { modelProbability: number } => c.modelProbability !== null,
  );
  const won = (c: Call) => (c.outcome === "yes" ? 1 : 0);
  const brierModel = mean(forecasts.map((c) => (c.modelProbability - won(c)) ** 2));
  const brierMarket = mean(forecasts.map((c) => (c.priceAtCall - won(c)) ** 2));
  return {
    calls: calls.length,
    graded: graded.length,
    pending: calls.filter((c) => c.outcome === null).length,
    void: calls.filter((c) => c.outcome === "void").length,
    holds: calls.filter((c) => c.side === "hold").length,
    buyGraded: buys.length,
    hitRate: buys.length > 0 ? hits / buys.length : null,
    hitRateLow: interval?.low ?? null,
    hitRateHigh: interval?.high ?? null,
    meanReturn: mean(returns),
    favouriteReturn: mean(favourite),
    probabilityGraded: forecasts.length,
    brierModel,
    brierMarket,
    skill:
      brierModel !== null && brierMarket !== null && brierMarket > 0 ? 1 - brierModel / brierMarket : null,
    tooFew: graded.length < MIN_GRADED_TO_JUDGE,
  };
}

/** The reliability diagram: graded calls with a model probability in 10 bins of width 0.1. */
export function reliability(calls: readonly Call[]): ReliabilityBin[] {
  const bins = Array.from({ length: 10 }, (_, i) => ({
    from: i / 10,
    to: (i + 1) / 10,
    forecasts: [] as number[],
    wins: 0,
  }));
  for (const call of calls) {
    if (!isGraded(call) || call.modelProbability === null) continue;
    // 1.0 belongs to the last bin.
    const bin = bins[Math.min(9, Math.floor(call.modelProbability * 10))];
    if (!bin) continue;
    bin.forecasts.push(call.modelProbability);
    if (call.outcome === "yes") bin.wins += 1;
  }
  return bins.map((b) => ({
    from: b.from,
    to: b.to,
    count: b.forecasts.length,
    meanForecast: mean(b.forecasts),
    observed: b.forecasts.length > 0 ? b.wins / b.forecasts.length : null,
  }));
}

/** Calls grouped by a key (in first-seen order), each group summarised. */
export function summariseBy(
  calls: readonly Call[],
  keyOf: (call: Call) => string | null,
): { key: string; summary: TrackSummary }[] {
  const groups = new Map<string, Call[]>();
  for (const call of calls) {
    const key = keyOf(call);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(call);
    else groups.set(key, [call]);
  }
  return [...groups].map(([key, group]) => ({ key, summary: summarise(group) }));
}
