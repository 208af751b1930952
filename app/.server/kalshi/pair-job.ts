/**
 * The pairing job (decision 0057), run by the Kalshi cron after a run that completed a pass: the matcher over
 * the market snapshot's shown events and the search index's other open events (Polymarket) and the open
 * stored Kalshi markets, with the overrides
 * (checked in, the D1 table over them), into `cross_venue_pairs`. Only pairs that changed are written and
 * pairs no longer proposed are deleted, in one batch. Reading every open Kalshi market costs a D1 row each,
 * so the job runs once a pass (every KALSHI_PASS_MINUTES), not every run. The index is read a page of
 * INDEX_PAGE_EVENTS at a time, each page scored and let go, so memory holds the Kalshi side, one page and the
 * pairs found (measured at full scale in test/bench/pairing.ts). D1 failing leaves the stored pairs as they were.
 */
import { PairMatcher, type PolymarketSide, polymarketSides } from "~/lib/kalshi-match";
import { KALSHI_OVERRIDES, mergeOverrides } from "~/lib/kalshi-overrides";
import { ok, type Section, unavailable } from "~/lib/section";
import type { Market, MarketEvent } from "~/lib/types";
import { describeFailure } from "../http";
import { createLog } from "../log";
import { readOpenIndexedPage } from "../search/query";
import type { StoredMarkets } from "../snapshots/markets";
import {
  type PairRecord,
  preparePairDeletes,
  preparePairedFlags,
  preparePairUpserts,
  readPairRecords,
} from "./pairs";
import { readKalshiPairs, readOpenKalshiSides } from "./store";

const log = createLog("kalshi");

/** Index events read and scored at a time (a D1 query each: 10,000 open events take 5). */
export const INDEX_PAGE_EVENTS = 2_000;

export interface PairJobDeps {
  db: D1Database;
  /** Epoch milliseconds. */
  now: () => number;
  /** The stored market snapshot, read without scheduling a refresh (null: none yet). */
  shown: () => Promise<StoredMarkets | null>;
  /** Index events a page (INDEX_PAGE_EVENTS unless a test pages smaller). */
  indexPageEvents?: number;
}

/** What one run did. */
export interface PairJobRun {
  /** Polymarket markets and Kalshi markets compared. */
  polymarket: number;
  kalshi: number;
  proposed: number;
  written: number;
  deleted: number;
  /** D1 rows read for the open Kalshi markets and the index's pages (the pairs' two small reads aside). */
  rowsRead: number;
}

/** The shown events' open markets as the matcher reads them, with each market's event slug. */
export function shownSides(stored: StoredMarkets): { sides: PolymarketSide[]; slugOf: Map<string, string> } {
  const markets = stored.markets ?? [];
  const slugOf = new Map<string, string>();
  const sides = stored.snapshot.events.flatMap((event) => {
    const listed = new Set(event.outcomes.map((o) => o.marketId));
    const own: Market[] = markets.filter(
      (m) => !m.closed && (m.event?.slug === event.slug || listed.has(m.id)) && !slugOf.has(m.id),
    );
    for (const m of own) slugOf.set(m.id, event.slug);
    return polymarketSides({ title: event.title, endDate: event.endDate, markets: own });
  });
  return { sides, slugOf };
}

/** The search index's open events not already shown, as more sides (each market once, by its first event). */
export function indexSides(
  events: readonly Pick<MarketEvent, "slug" | "title" | "endDate" | "markets">[],
  slugOf: Map<string, string>,
): PolymarketSide[] {
  const shown = new Set(slugOf.values());
  return events.flatMap((event) => {
    if (shown.has(event.slug)) return [];
    const own = event.markets.filter((m) => !m.closed && !slugOf.has(m.id));
    for (const m of own) slugOf.set(m.id, event.slug);
    return polymarketSides({ title: event.title, endDate: event.endDate, markets: own });
  });
}

const sameRecord = (a: PairRecord, b: PairRecord) =>
  a.eventSlug === b.eventSlug &&
  a.kalshiTicker === b.kalshiTicker &&
  a.score === b.score &&
  a.decidedBy === b.decidedBy &&
  JSON.stringify(a.reasons) === JSON.stringify(b.reasons);

/**
 * What to write: the proposed pairs new or changed, the stored ones no longer proposed, and the Kalshi markets
 * a pair names now and no longer (their `paired` flag).
 */
export function planPairWrites(
  proposed: readonly PairRecord[],
  stored: readonly PairRecord[],
): { upsert: PairRecord[]; remove: string[]; flagOn: string[]; flagOff: string[] } {
  const before = new Map(stored.map((p) => [p.polymarketId, p]));
  const now = new Set(proposed.map((p) => p.polymarketId));
  const tickersNow = new Set(proposed.map((p) => p.kalshiTicker));
  const tickersBefore = new Set(stored.map((p) => p.kalshiTicker));
  return {
    flagOn: [...tickersNow].filter((t) => !tickersBefore.has(t)),
    flagOff: [...tickersBefore].filter((t) => !tickersNow.has(t)),
    upsert: proposed.filter((p) => {
      const old = before.get(p.polymarketId);
      return !old || !sameRecord(old, p);
    }),
    remove: stored.filter((p) => !now.has(p.polymarketId)).map((p) => p.polymarketId),
  };
}

/**
 * One run: 3 D1 reads (the open Kalshi markets, the decided pairs, the stored pairs), one more per page of the
 * index's open events, and at most one batch of writes. Without a stored snapshot nothing is compared (and
 * nothing deleted: the shown events are not known).
 */
export async function pairKalshi(deps: PairJobDeps): Promise<Section<PairJobRun>> {
  const stored = await deps.shown();
  if (stored === null) return unavailable("no market snapshot yet: pairs not matched", "empty");
  const { sides, slugOf } = shownSides(stored);
  try {
    const [{ sides: kalshi, rowsRead }, table, before] = await Promise.all([
      readOpenKalshiSides(deps.db),
      readKalshiPairs(deps.db),
      readPairRecords(deps.db),
    ]);
    const matcher = new PairMatcher(kalshi, mergeOverrides(KALSHI_OVERRIDES, table));
    matcher.add(sides);
    let polymarket = sides.length;
    let read = rowsRead;
    // Every open event the index holds is paired too, not only the shown ones (the shown copy first).
    let after: number | null = null;
    do {
      const page = await readOpenIndexedPage(deps.db, after, deps.indexPageEvents ?? INDEX_PAGE_EVENTS);
      const more = indexSides(page.events, slugOf);
      matcher.add(more);
      polymarket += more.length;
      read += page.rowsRead;
      after = page.next;
    } while (after !== null);
    const proposed: PairRecord[] = matcher.pairs().map((p) => ({
      polymarketId: p.polymarketId,
      eventSlug: slugOf.get(p.polymarketId) ?? "",
      kalshiTicker: p.kalshiTicker,
      score: p.score,
      reasons: p.reasons,
      decidedBy: p.decidedBy,
    }));
    const { upsert, remove, flagOn, flagOff } = planPairWrites(proposed, before);
    const statements: D1PreparedStatement[] = [];
    if (upsert.length > 0) statements.push(preparePairUpserts(deps.db, upsert, deps.now()));
    if (remove.length > 0) statements.push(preparePairDeletes(deps.db, remove));
    if (flagOn.length > 0 || flagOff.length > 0)
      statements.push(preparePairedFlags(deps.db, flagOn, flagOff));
    if (statements.length > 0) await deps.db.batch(statements);
    const run: PairJobRun = {
      polymarket,
      kalshi: kalshi.length,
      proposed: proposed.length,
      written: upsert.length,
      deleted: remove.length,
      rowsRead: read,
    };
    log.info(
      `pairs: ${run.proposed} proposed over ${run.polymarket} Polymarket and ${run.kalshi} Kalshi markets, ${run.written} written, ${run.deleted} deleted, D1 rows read ${run.rowsRead}`,
    );
    return ok(run);
  } catch (error) {
    return unavailable(`the pairs could not be matched (next pass): ${describeFailure(error)}`);
  }
}
