/**
 * The Kalshi crawl (decision 0057), run by its own cron trigger every 5 minutes: each run reads at most
 * `pagesPerRun` pages of Kalshi's open events from where the last run stopped and writes, in one batch with
 * the crawl's new state, the markets whose figures changed, within the day's row budget. A pass ends at the
 * page without a cursor: the stored markets of events it did not list are closed then (once a day). The next
 * pass starts `passMinutes` after this one started. A failing page is asked again next run (the pages before it are
 * kept); Kalshi or D1 failing leaves the stored rows as they are, so the last prices stay with their times.
 */
import { ok, type Section, unavailable } from "~/lib/section";
import { describeFailure } from "../http";
import { createLog } from "../log";
import type { Kalshi } from "../upstreams";
import type { KalshiMarket } from "./client";
import {
  type KalshiCrawlState,
  planKalshiWrites,
  prepareKalshiClose,
  prepareKalshiCloseUnseen,
  prepareKalshiCrawl,
  prepareKalshiPruneClosed,
  prepareKalshiUpserts,
  readKalshiCrawl,
  readStoredKalshi,
} from "./store";

const log = createLog("kalshi");

export interface KalshiCrawlDeps {
  db: D1Database;
  kalshi: Pick<Kalshi, "openEventsPage">;
  /** Epoch milliseconds. */
  now: () => number;
  /** Pages read at most by one run (KALSHI_PAGES_PER_RUN, ≤ 10). */
  pagesPerRun: number;
  /** A pass starts at most this often, start to start (KALSHI_PASS_MINUTES). */
  passMinutes: number;
  /** Rows written at most a UTC day (KALSHI_ROWS_PER_DAY). */
  rowsPerDay: number;
}

/** What one run did. */
export interface KalshiCrawlRun {
  idle: boolean;
  pass: number;
  pages: number;
  /** Markets the pages listed (every status). */
  markets: number;
  /** Markets upserted (new, changed or reopened) and marked closed. */
  written: number;
  closed: number;
  /** Closed markets deleted (the daily scan: closed and not read for CLOSED_KEPT_MS). */
  pruned: number;
  /** Changed markets not written: the day's row budget was spent. */
  deferred: number;
  passComplete: boolean;
  superseded: boolean;
  /** D1's own count of the rows the run's queries read and wrote. */
  rows: { read: number; written: number };
}

/** A pass listing fewer than this share of the last one's events closes nothing (a truncated listing). */
const LEAST_SHARE_TO_CLOSE = 0.5;

/** How often a pass's end closes the markets of events it did not list. */
export const CLOSE_UNSEEN_EVERY_MS = 24 * 3_600_000;
/** A closed market is deleted by the first daily scan at least this long after it was last read. */
export const CLOSED_KEPT_MS = 24 * 3_600_000;

function idleRun(state: KalshiCrawlState): KalshiCrawlRun {
  return {
    idle: true,
    pass: state.pass,
    pages: 0,
    markets: 0,
    written: 0,
    closed: 0,
    pruned: 0,
    deferred: 0,
    passComplete: false,
    superseded: false,
    rows: { read: 1, written: 0 },
  };
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface PagesRead {
  markets: KalshiMarket[];
  events: string[];
  pages: number;
  cursor: string | null;
  ended: boolean;
  failure: string | null;
}

async function readPages(deps: KalshiCrawlDeps, state: KalshiCrawlState): Promise<PagesRead> {
  const markets = new Map<string, KalshiMarket>();
  const events = new Set<string>();
  let cursor = state.cursor;
  let pages = 0;
  const read = (ended: boolean, failure: string | null): PagesRead => ({
    markets: [...markets.values()],
    events: [...events],
    pages,
    cursor,
    ended,
    failure,
  });
  while (pages < deps.pagesPerRun) {
    try {
      const page = await deps.kalshi.openEventsPage(cursor);
      pages += 1;
      for (const m of page.markets) {
        markets.set(m.ticker, m);
        events.add(m.eventTicker);
      }
      cursor = page.cursor;
      if (cursor === null) return read(true, null);
    } catch (error) {
      const which = `page ${state.pages + pages + 1} of pass ${state.pass}`;
      return read(false, `${which} failed (asked again next run): ${describeFailure(error)}`);
    }
  }
  return read(false, null);
}

/**
 * One run. At most 3 D1 queries (the state, the stored hashes of the listed markets, one batch of writes)
 * and `pagesPerRun` Kalshi requests; an idle run is one query.
 */
export async function crawlKalshi(deps: KalshiCrawlDeps): Promise<Section<KalshiCrawlRun>> {
  const { db } = deps;
  let state: KalshiCrawlState;
  try {
    state = await readKalshiCrawl(db);
  } catch (error) {
    return unavailable(`the Kalshi markets could not be read: ${describeFailure(error)}`);
  }
  const nowMs = deps.now();
  const due =
    !state.complete ||
    state.passStartedMs === null ||
    nowMs - state.passStartedMs >= deps.passMinutes * 60_000;
  const today = utcDay(nowMs);
  const rowsToday = state.day === today ? state.rowsToday : 0;
  // The state's own row counts too: with no row left for it, the run waits for the next UTC day.
  if (deps.pagesPerRun <= 0 || !due || rowsToday + 1 >= deps.rowsPerDay) return ok(idleRun(state));
  const start: KalshiCrawlState = state.complete
    ? {
        ...state,
        pass: state.pass + 1,
        passStartedMs: nowMs,
        complete: false,
        cursor: null,
        pages: 0,
        seen: [],
      }
    : state;

  const read = await readPages(deps, start);
  if (read.pages === 0) return unavailable(read.failure ?? "no page read");

  const seen = [...new Set([...start.seen, ...read.events])];
  let next: KalshiCrawlState = {
    ...start,
    cursor: read.cursor,
    pages: start.pages + read.pages,
    seen,
    day: today,
    rowsToday,
  };
  const run: KalshiCrawlRun = {
    ...idleRun(start),
    idle: false,
    pages: read.pages,
    markets: read.markets.length,
  };
  try {
    const { stored, rowsRead } = await readStoredKalshi(
      db,
      read.markets.map((m) => m.ticker),
    );
    // One row is kept for the state's own write.
    const plan = planKalshiWrites(read.markets, stored, deps.rowsPerDay - rowsToday - 1);
    run.written = plan.write.length;
    run.deferred = plan.deferred;
    const statements: D1PreparedStatement[] = [];
    if (plan.write.length > 0) statements.push(prepareKalshiUpserts(db, plan.write, nowMs));
    if (plan.close.length > 0) statements.push(prepareKalshiClose(db, plan.close));
    let unseen = -1;
    let pruned = -1;
    if (read.ended) {
      // Closing what a pass did not list reads every stored market: once a day is enough, since a market
      // that stops trading inside a listed event is closed by the run that lists it.
      const closeDue = nowMs - (state.unseenClosedMs ?? 0) >= CLOSE_UNSEEN_EVERY_MS;
      // The same daily scan deletes the markets closed a day or more (before this run closes any more).
      if (closeDue) {
        pruned = statements.length;
        statements.push(prepareKalshiPruneClosed(db, nowMs - CLOSED_KEPT_MS));
      }
      if (closeDue && seen.length > 0 && seen.length >= state.events * LEAST_SHARE_TO_CLOSE) {
        unseen = statements.length;
        statements.push(prepareKalshiCloseUnseen(db, seen));
        next = { ...next, unseenClosedMs: nowMs };
      } else if (closeDue) {
        log.warn(
          `pass ${start.pass} listed ${seen.length} open events, under half of the last pass's ${state.events}: none closed`,
        );
      }
      // An empty listing is no measure of the catalogue: the last pass's count stays the yardstick.
      const events = seen.length > 0 ? seen.length : state.events;
      next = { ...next, complete: true, cursor: null, seen: [], lastFullPassMs: nowMs, events };
    }
    // What this batch writes, the state's row included (a pass's closing of unseen events and the deletion of
    // closed markets are not counted: each market closes once and is deleted once).
    next.rowsToday = rowsToday + plan.write.length + plan.close.length + 1;
    statements.push(prepareKalshiCrawl(db, next, state.version));
    const results = await db.batch(statements);
    run.rows = {
      read: run.rows.read + rowsRead + results.reduce((n, r) => n + (r.meta.rows_read ?? 0), 0),
      written: results.reduce((n, r) => n + (r.meta.rows_written ?? 0), 0),
    };
    run.closed = plan.close.length + (unseen >= 0 ? (results[unseen]?.meta.changes ?? 0) : 0);
    run.pruned = pruned >= 0 ? (results[pruned]?.meta.changes ?? 0) : 0;
    run.superseded = results.at(-1)?.results.length !== 1;
  } catch (error) {
    return unavailable(
      `the Kalshi markets could not be written (asked again next run): ${describeFailure(error)}`,
    );
  }
  run.passComplete = read.ended && !run.superseded;
  log.info(
    `pass ${start.pass}: ${read.pages} page(s), ${run.markets} markets, ${run.written} written, ${run.deferred} deferred, D1 rows read ${run.rows.read}, written ${run.rows.written}`,
  );
  if (run.superseded)
    log.warn(`another run moved the crawl on first: pass ${start.pass}'s progress not kept`);
  if (read.failure !== null) return unavailable(`${read.failure} (${read.pages} page(s) before it written)`);
  return ok(run);
}
