/**
 * A market's price history per outcome over a chart range: our own 10-minute points from D1, extended
 * back with Polymarket's CLOB history (kept on demand, never KV) where ours do not reach the start of the range.
 * Either source can fail on its own; what could not be read is said in `notes`.
 */
import type { ChartRange } from "~/lib/chart";
import type { HistoryPoint, MarketView } from "~/lib/market-page";
import { MAX_LINES, mergeHistory, RANGE_SECONDS, type Series } from "../charts/price-chart";
import type { Deps } from "../deps";
import { SLOT_SECONDS } from "../history/store";
import { LOOKUPS, sayUnavailable } from "../lookups";
import { type HistoryInterval, isTokenId, type TokenPrice } from "../polymarket/clob";
import { storedPoints } from "./history-reads";

/** What the CLOB is asked for each range, and how long its answer is fresh. */
export const CLOB_REQUESTS: Record<
  ChartRange,
  { interval: HistoryInterval; fidelity: number; freshSeconds: number }
> = {
  "1d": { interval: "1d", fidelity: 10, freshSeconds: 10 * 60 },
  "1w": { interval: "1w", fidelity: 60, freshSeconds: 30 * 60 },
  "1m": { interval: "1m", fidelity: 240, freshSeconds: 2 * 3_600 },
  all: { interval: "max", fidelity: 720, freshSeconds: 6 * 3_600 },
};

export const OURS_UNAVAILABLE = "Our own price history is unavailable right now.";
export const CLOB_UNAVAILABLE = "Polymarket's price history is unavailable right now.";

export interface OutcomeHistory {
  series: Series[];
  notes: string[];
}

/** Each outcome's series over `range` ending now (epoch seconds `nowSec`). */
export async function outcomeHistory(
  deps: Deps,
  market: Pick<MarketView, "id" | "outcomes" | "clobTokenIds">,
  range: ChartRange,
  nowSec: number,
): Promise<OutcomeHistory> {
  const since = range === "all" ? 0 : nowSec - RANGE_SECONDS[range];
  const notes: string[] = [];
  const outcomes = market.outcomes.slice(0, MAX_LINES);

  const stored = await storedPoints(deps, market.id, since);
  if (!stored.ok) notes.push(OURS_UNAVAILABLE);
  const ours = stored.ok ? stored.value : [];

  // Ours cover the range when they start within two slots of its beginning; else the CLOB fills in.
  const firstOurs = ours[0]?.t ?? Number.POSITIVE_INFINITY;
  const needClob = firstOurs > since + 2 * SLOT_SECONDS;
  const tokens = market.clobTokenIds.slice(0, outcomes.length).filter(isTokenId);
  let clob: TokenPrice[][] = [];
  if (needClob && tokens.length > 0) {
    const request = CLOB_REQUESTS[range];
    const results = await Promise.all(tokens.map((token) => LOOKUPS.prices.get(deps, { token, ...request })));
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) notes.push(sayUnavailable(failed, CLOB_UNAVAILABLE).message);
    clob = results.map((r) => (r.ok ? r.value.value : []));
  }

  const series = outcomes.map((outcome, i) => ({
    label: outcome.label,
    points: mergeHistory(
      ours.flatMap((p) => {
        const price = p.prices[i];
        return price === undefined ? [] : [{ t: p.t, p: price }];
      }),
      (clob[i] ?? []).filter((p) => p.t >= since),
    ),
  }));
  return { series, notes };
}

/** The series as `/api/markets/:slug/history` answers them: one row per time, every outcome's price then. */
export function historyPoints(series: readonly Series[]): HistoryPoint[] {
  const times = new Map<number, HistoryPoint["source"]>();
  for (const s of series)
    for (const p of s.points) if (!times.has(p.t) || p.source === "ours") times.set(p.t, p.source);
  const sorted = [...times].sort((a, b) => a[0] - b[0]);
  const cursors = series.map(() => 0);
  const current: (number | null)[] = series.map(() => null);
  return sorted.map(([t, source]) => {
    series.forEach((s, i) => {
      let cursor = cursors[i] ?? 0;
      while (cursor < s.points.length && (s.points[cursor]?.t ?? Number.POSITIVE_INFINITY) <= t) {
        current[i] = s.points[cursor]?.p ?? null;
        cursor += 1;
      }
      cursors[i] = cursor;
    });
    return { t, prices: [...current], source };
  });
}
