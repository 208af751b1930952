/**
 * A market's price history per outcome (or an event's leading outcomes') over a chart range: our own
 * 10-minute points from D1, extended back with Polymarket's CLOB history (kept on demand, never KV) where ours do not reach the start of the range.
 * Either source can fail on its own; what could not be read is said in `notes`.
 */
import type { ChartRange } from "~/lib/chart";
import type { HistoryPoint, MarketView } from "~/lib/market-page";
import type { Unavailable } from "~/lib/section";
import { MAX_LINES, mergeHistory, RANGE_SECONDS, type Series } from "../charts/price-chart";
import type { HistoryReads } from "../history/reads";
import { SLOT_SECONDS } from "../history/store";
import { type Lookups, sayUnavailable } from "../lookups";
import { type HistoryInterval, isTokenId, type TokenPrice } from "../polymarket/clob";

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
export function outcomeHistory(
  sources: HistorySources,
  market: Pick<MarketView, "id" | "outcomes" | "clobTokenIds">,
  range: ChartRange,
  nowSec: number,
): Promise<OutcomeHistory> {
  return linesHistory(
    sources,
    market.outcomes.map((outcome, i) => ({
      label: outcome.label,
      marketId: market.id,
      side: i,
      tokenId: market.clobTokenIds[i] ?? null,
    })),
    range,
    nowSec,
  );
}

/** Where a chart's lines are read: our points (D1) and the CLOB's history on demand. */
export interface HistorySources {
  reads: HistoryReads;
  lookups: Lookups;
}

/** One line of a chart: an outcome's price, read as side `side` of market `marketId`'s points. */
export interface LineSource {
  label: string;
  marketId: string;
  side: number;
  /** The outcome's CLOB token (its history where ours fall short). */
  tokenId: string | null;
}

/**
 * Up to MAX_LINES lines over `range` (a market's outcomes, or an event's leading outcomes, each its own
 * market): our points, one D1 read per market; the CLOB's history, one kept lookup per line, only for a
 * line whose market our points do not cover from the start of the range.
 */
export async function linesHistory(
  { reads, lookups }: HistorySources,
  sources: readonly LineSource[],
  range: ChartRange,
  nowSec: number,
): Promise<OutcomeHistory> {
  const since = range === "all" ? 0 : nowSec - RANGE_SECONDS[range];
  const notes: string[] = [];
  const lines = sources.slice(0, MAX_LINES);

  const marketIds = [...new Set(lines.map((l) => l.marketId))];
  const stored = await Promise.all(marketIds.map((id) => reads.points(id, since)));
  if (stored.some((s) => !s.ok)) notes.push(OURS_UNAVAILABLE);
  const ours = new Map(marketIds.map((id, i) => [id, stored[i]?.ok ? stored[i].value : []]));

  // Ours cover the range when they start within two slots of its beginning; else the CLOB fills in.
  const request = CLOB_REQUESTS[range];
  const clob = await Promise.all(
    lines.map(async (line): Promise<TokenPrice[] | Unavailable> => {
      const firstOurs = ours.get(line.marketId)?.[0]?.t ?? Number.POSITIVE_INFINITY;
      if (firstOurs <= since + 2 * SLOT_SECONDS || line.tokenId === null || !isTokenId(line.tokenId))
        return [];
      const kept = await lookups.prices({ token: line.tokenId, ...request });
      return kept.ok ? kept.value.value : sayUnavailable(kept, CLOB_UNAVAILABLE);
    }),
  );
  const failed = clob.find((c) => !Array.isArray(c));
  if (failed && !Array.isArray(failed)) notes.push(failed.message);

  const series = lines.map((line, i) => {
    const theirs = clob[i];
    return {
      label: line.label,
      points: mergeHistory(
        (ours.get(line.marketId) ?? []).flatMap((p) => {
          const price = p.prices[line.side];
          return price === undefined ? [] : [{ t: p.t, p: price }];
        }),
        (Array.isArray(theirs) ? theirs : []).filter((p) => p.t >= since),
      ),
    };
  });
  return { series, notes };
}

/** The series as `/api/markets/:slug/history` answers them: one row per time, every outcome's price then. */
export function historyPoints(series: readonly Series[]): HistoryPoint[] {
  const times = new Map<number, HistoryPoint["source"]>();
  for (const s of series)
    for (const p of s.points) {
      if (p.source !== "now" && (!times.has(p.t) || p.source === "ours")) times.set(p.t, p.source);
    }
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
