/**
 * The search index's test harness: an empty index, Gamma's open-events list served from any set of raw events
 * (keyset pages of any size, each request recorded), and the crawl run the way the cron runs it, through the
 * real Gamma client and msw, on a clock the test moves.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http, type JsonBodyType } from "msw";
import { afterEach, beforeEach, vi } from "vitest";
import { getConfig } from "~/.server/config";
import { type CrawlDeps, type CrawlRun, crawlSearchIndex } from "~/.server/search/crawl";
import { createGamma } from "~/.server/upstreams";
import type { Section } from "~/lib/section";
import { recordedOpenEvents } from "../../support/index-events";
import { keysetAnswer } from "../../support/upstream-answers";
import { GAMMA, upstreams } from "./upstreams";
import type { TestWorker } from "./worker";

/** Empties the index and puts the crawl back before its first pass. */
export async function clearIndex(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM search_events"),
    env.DB.prepare("DELETE FROM search_fts"),
    env.DB.prepare(
      `UPDATE search_crawl SET pass = 0, pass_started_ms = NULL, complete = 1, cursor = NULL, pages = 0, seen = '[]',
         last_full_pass_ms = NULL, events = 0, pruned_ms = NULL, version = 0 WHERE id = 1`,
    ),
  ]);
}

/** Gamma's open-events list as the test sets it: `events` (read at each request), `pageSize` a page. */
export interface OpenEventsList {
  events: unknown[];
  pageSize: number;
  /** Every request, in order. */
  requests: URL[];
  /** Make the next requests answer this status instead (null: answer normally). */
  failWith: number | null;
}

/** Serves `/events/keyset` (the crawl's list) from `list.events`, paged by `after_cursor` like the real route. */
export function serveOpenEvents(events: unknown[], pageSize = 100): OpenEventsList {
  const list: OpenEventsList = { events, pageSize, requests: [], failWith: null };
  upstreams.use(
    http.get(`${GAMMA}/events/keyset`, ({ request }) => {
      const url = new URL(request.url);
      list.requests.push(url);
      if (list.failWith !== null) return HttpResponse.json({ error: "boom" }, { status: list.failWith });
      const answer = keysetAnswer(list.events, url.searchParams, list.pageSize, "events");
      return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
    }),
  );
  return list;
}

/** A clock the test moves (epoch ms). */
export interface Clock {
  now: () => number;
  advance: (ms: number) => void;
}

export function clock(startMs = Date.parse("2026-11-24T12:00:00Z")): Clock {
  let ms = startMs;
  return { now: () => ms, advance: (by) => (ms += by) };
}

/** The crawl's dependencies as the cron builds them (one attempt per page, so a failure is one request). */
export function crawlDeps(overrides: Partial<CrawlDeps> = {}): CrawlDeps {
  const config = getConfig(env);
  return {
    db: env.DB,
    gamma: createGamma(config, (input, init) => fetch(input, init), { retries: 0 }),
    now: () => Date.now(),
    pagesPerRun: 2,
    passMinutes: 0,
    ...overrides,
  };
}

/** One crawl run that must succeed. */
export async function crawlOk(deps: CrawlDeps): Promise<CrawlRun> {
  const run: Section<CrawlRun> = await crawlSearchIndex(deps);
  if (!run.ok) throw new Error(`crawl failed: ${run.message}`);
  return run.value;
}

/** Runs until a pass completes (at most `most` runs); returns the runs. */
export async function crawlPass(deps: CrawlDeps, most = 100): Promise<CrawlRun[]> {
  const runs: CrawlRun[] = [];
  for (let i = 0; i < most; i++) {
    const run = await crawlOk(deps);
    runs.push(run);
    if (run.passComplete) return runs;
  }
  throw new Error(`no pass completed in ${most} runs`);
}

interface IndexRow {
  id: number;
  slug: string;
  title: string;
  volume24h: number;
  markets: string;
  updated_ms: number;
  closed: number;
}

/** Every row of the index by slug. */
export async function indexRows(): Promise<Map<string, IndexRow>> {
  const { results } = await env.DB.prepare(
    "SELECT id, slug, title, volume24h, markets, updated_ms, closed FROM search_events",
  ).all<IndexRow>();
  return new Map(results.map((row) => [row.slug, row]));
}

/** How many full-text rows the index holds. */
export async function fullTextRows(): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM search_fts").first<{ n: number }>();
  return row?.n ?? -1;
}

/**
 * One full pass of the crawl over the recorded open events (249 by default), at `at`, the way the cron
 * runs it: what the search, list-page and event-page tests start from.
 */
export async function indexRecorded(
  at = Date.now(),
  events: unknown[] = recordedOpenEvents(),
): Promise<void> {
  serveOpenEvents(events);
  await crawlPass(crawlDeps({ pagesPerRun: 3, now: () => at }));
}

/** Every open event the index lists, by 24 h volume, through `/api/v1/search`'s pages. */
export async function allSearchPages<T>(worker: TestWorker, headers: Record<string, string>): Promise<T[]> {
  const events: T[] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const res = await worker.fetch(`/api/v1/search?limit=100${cursor ? `&cursor=${cursor}` : ""}`, {
      headers,
    });
    const body = await res.json<{ events: T[]; nextCursor: string | null }>();
    events.push(...body.events);
    cursor = body.nextCursor;
  }
  return events;
}

/** Each test starts with an empty index, the crawl's and the fallback's log lines kept quiet. */
export function emptyIndexEachTest(): void {
  beforeEach(async () => {
    await clearIndex();
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
