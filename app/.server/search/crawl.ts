/**
 * The search index's cron step (decision 0034): each run reads at most `pagesPerRun` pages of Gamma's open
 * events from where the last run stopped, and writes what changed in one batch together with the crawl's
 * new state. A pass ends at the page without a `next_cursor`: the events the index holds open that it did
 * not list are closed then (never before). The next pass starts `passMinutes` after this one started.
 * A failing page is asked again next run (the pages before it are kept); a failing database ends the run
 * with nothing written (the batch is one transaction).
 */
import { ok, type Section, unavailable } from "~/lib/section";
import { describeFailure } from "../http";
import { createLog } from "../log";
import type { Gamma } from "../upstreams";
import { type IndexDocument, toIndexDocument } from "./document";
import {
  CLOSED_KEEP_MS,
  type CrawlState,
  PRUNE_EVERY_MS,
  planWrites,
  prepareClosing,
  prepareCrawlState,
  preparePrune,
  prepareWrites,
  readCrawlState,
  readStoredEvents,
} from "./index-store";

const log = createLog("search");

export interface CrawlDeps {
  db: D1Database;
  gamma: Pick<Gamma, "openEventsPage">;
  /** Epoch milliseconds. */
  now: () => number;
  /** Gamma pages read at most by one run (SEARCH_INDEX_PAGES_PER_RUN). */
  pagesPerRun: number;
  /** A pass starts at most this often, start to start (SEARCH_INDEX_PASS_MINUTES). */
  passMinutes: number;
}

/** What one run did. */
export interface CrawlRun {
  /** Nothing was due: the last pass has ended and the next may not start yet. */
  idle: boolean;
  /** The pass the run worked on. */
  pass: number;
  /** Pages it read. */
  pages: number;
  /** Indexable events those pages listed. */
  events: number;
  /** Rows it wrote: whole (new, reopened or retitled; `text` of them with new text), figures only. */
  written: { whole: number; text: number; figures: number };
  /** It read the pass's last page. */
  passComplete: boolean;
  /** Events it closed at the end of the pass. */
  closed: number;
  /** Another run wrote the crawl state after this one read it: this run's progress was not kept. */
  superseded: boolean;
  /** D1's own count of the rows the run's queries read and wrote (the Free plan bills these). */
  rows: { read: number; written: number };
}

/**
 * A pass that lists fewer than this share of the events the last one did closes nothing (a truncated
 * listing must not empty the index); if the next pass agrees, the catalogue really shrank.
 */
const LEAST_SHARE_TO_CLOSE = 0.5;

function idleRun(state: CrawlState): CrawlRun {
  return {
    idle: true,
    pass: state.pass,
    pages: 0,
    events: 0,
    written: { whole: 0, text: 0, figures: 0 },
    passComplete: false,
    closed: 0,
    superseded: false,
    // The crawl's row (`.first()` reports no counts).
    rows: { read: 1, written: 0 },
  };
}

/** Whether a run has a pass to work on: one is under way, or the last started `passMinutes` ago. */
function passDue(state: CrawlState, nowMs: number, passMinutes: number): boolean {
  return (
    !state.complete || state.passStartedMs === null || nowMs - state.passStartedMs >= passMinutes * 60_000
  );
}

interface PagesRead {
  docs: IndexDocument[];
  pages: number;
  /** The cursor after the last page read (null: the pass's last page was read). */
  cursor: string | null;
  ended: boolean;
  /** Why paging stopped early, if a page failed. */
  failure: string | null;
}

/** Reads up to `most` pages after the state's cursor; stops at the pass's last page or a failing one. */
async function readPages(deps: CrawlDeps, state: CrawlState, most: number): Promise<PagesRead> {
  const docs = new Map<number, IndexDocument>();
  let cursor = state.cursor;
  let pages = 0;
  const read = (ended: boolean, failure: string | null): PagesRead => ({
    docs: [...docs.values()],
    pages,
    cursor,
    ended,
    failure,
  });
  while (pages < most) {
    try {
      const page = await deps.gamma.openEventsPage(cursor);
      pages += 1;
      for (const event of page.events) {
        const doc = toIndexDocument(event);
        if (doc !== null && !docs.has(doc.id)) docs.set(doc.id, doc);
      }
      cursor = page.nextCursor;
      if (cursor === null) return read(true, null);
    } catch (error) {
      const which = `page ${state.pages + pages + 1} of pass ${state.pass}`;
      return read(false, `${which} failed (asked again next run): ${describeFailure(error)}`);
    }
  }
  return read(false, null);
}

/** A new pass from the first page, starting now. */
function newPass(state: CrawlState, nowMs: number): CrawlState {
  return {
    ...state,
    pass: state.pass + 1,
    passStartedMs: nowMs,
    complete: false,
    cursor: null,
    pages: 0,
    seen: [],
  };
}

/**
 * The statements that end a pass (closing what it did not list, pruning once a day), and what changes in
 * the crawl state. `last` is the state the run read (its version guards the closing); `closing` is the index
 * among the statements of the one returning the closed ids, or -1.
 */
function passEnd(
  db: D1Database,
  pass: number,
  last: CrawlState,
  seen: number[],
  nowMs: number,
): { statements: D1PreparedStatement[]; closing: number; after: Partial<CrawlState> } {
  const statements: D1PreparedStatement[] = [];
  let closing = -1;
  if (seen.length > 0 && seen.length >= last.events * LEAST_SHARE_TO_CLOSE) {
    closing = 0;
    statements.push(...prepareClosing(db, seen, last.version, nowMs));
  } else {
    log.warn(
      `pass ${pass} listed ${seen.length} open events, under half of the last pass's ${last.events}: none closed`,
    );
  }
  const after: Partial<CrawlState> = {
    complete: true,
    cursor: null,
    seen: [],
    lastFullPassMs: nowMs,
    events: seen.length,
  };
  if (nowMs - (last.prunedMs ?? 0) >= PRUNE_EVERY_MS) {
    statements.push(preparePrune(db, nowMs - CLOSED_KEEP_MS));
    after.prunedMs = nowMs;
  }
  return { statements, closing, after };
}

/**
 * One run of the crawl. At most 3 D1 queries (the state, the stored hashes of the listed events, one
 * batch of writes) and `pagesPerRun` Gamma requests; an idle run is one query. Unavailable when the first
 * page or the database failed (nothing kept changes), or when a later page failed (the earlier pages are
 * written and the crawl resumes at the failed one).
 */
export async function crawlSearchIndex(deps: CrawlDeps): Promise<Section<CrawlRun>> {
  const { db } = deps;
  let state: CrawlState;
  try {
    state = await readCrawlState(db);
  } catch (error) {
    return unavailable(`the index could not be read: ${describeFailure(error)}`);
  }
  const nowMs = deps.now();
  if (deps.pagesPerRun <= 0 || !passDue(state, nowMs, deps.passMinutes)) return ok(idleRun(state));
  const start = state.complete ? newPass(state, nowMs) : state;

  const read = await readPages(deps, start, deps.pagesPerRun);
  if (read.pages === 0) return unavailable(read.failure ?? "no page read");

  const seen = [...new Set([...start.seen, ...read.docs.map((doc) => doc.id)])];
  let next: CrawlState = { ...start, cursor: read.cursor, pages: start.pages + read.pages, seen };
  const run: CrawlRun = { ...idleRun(start), idle: false, pages: read.pages, events: read.docs.length };
  try {
    const { stored, rowsRead } = await readStoredEvents(
      db,
      read.docs.map((doc) => doc.id),
    );
    const plan = planWrites(read.docs, stored);
    run.written = { whole: plan.full.length, text: plan.retext.length, figures: plan.figures.length };
    const statements = prepareWrites(db, plan, nowMs);
    let closing = -1;
    if (read.ended) {
      const end = passEnd(db, start.pass, state, seen, nowMs);
      if (end.closing >= 0) closing = statements.length + end.closing;
      statements.push(...end.statements);
      next = { ...next, ...end.after };
    }
    statements.push(prepareCrawlState(db, next, state.version));
    const results = await db.batch(statements);
    run.rows = {
      read: run.rows.read + rowsRead + results.reduce((n, r) => n + (r.meta.rows_read ?? 0), 0),
      written: results.reduce((n, r) => n + (r.meta.rows_written ?? 0), 0),
    };
    run.closed = closing >= 0 ? (results[closing]?.results.length ?? 0) : 0;
    run.superseded = results.at(-1)?.results.length !== 1;
  } catch (error) {
    return unavailable(`the index could not be written (asked again next run): ${describeFailure(error)}`);
  }
  run.passComplete = read.ended && !run.superseded;
  log.info(
    `pass ${start.pass}: ${read.pages} page(s), ${run.events} events, D1 rows read ${run.rows.read}, written ${run.rows.written}`,
  );
  if (run.superseded)
    log.warn(`another run moved the crawl on first: pass ${start.pass}'s progress not kept`);
  else if (read.ended)
    log.info(
      `pass ${start.pass} complete: ${seen.length} open events in ${next.pages} pages, ${run.closed} closed`,
    );
  if (read.failure !== null) return unavailable(`${read.failure} (${read.pages} page(s) before it written)`);
  return ok(run);
}
