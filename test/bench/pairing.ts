/**
 * The Kalshi pairing at full scale (decision 0057): 10,000 open Polymarket events (~36,000 markets) against
 * ~20,000 open Kalshi markets, both built from the recorded catalogues (test/support/cross-venue-scale.ts).
 *
 * 1. The matcher alone, in this process: CPU time (`process.cpuUsage`) of `PairMatcher` over the whole catalogue
 *    fed a page of 2,000 events at a time as the job feeds it, and the heap it holds (after a full GC).
 * 2. The job in workerd, as the Kalshi cron runs it: the index filled by its crawl, the market snapshot by the
 *    market cron, then Kalshi cron runs until a pass completes; the run that completes it also pairs. Reported:
 *    each Kalshi run's CPU (workerd CPU time, ./cron-cpu.ts), the pairing's own log line (pairs, markets, D1 rows
 *    read, D1's counts) and the workerd processes' resident memory around the pairing run.
 *
 * `BENCH_PAIRING=only npm run bench` runs only this part.
 */
import { readFileSync } from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";
import {
  type KalshiSide,
  PairMatcher,
  type PolymarketSide,
  polymarketSides,
} from "../../app/lib/kalshi-match.ts";
import { KALSHI_CRON, MARKETS_CRON, WHALES_CRON } from "../../app/lib/refresh-cadence.ts";
import {
  type KalshiEventJson,
  scaleKalshiEvents,
  scalePolymarketEvents,
} from "../support/cross-venue-scale.ts";
import { polymarketVars, startFixtureServer } from "../support/fixture-server.ts";
import type { GammaEventJson } from "../support/index-events.ts";
import { runCron, startWorker } from "../support/worker.ts";
import { cronCpu, workerdPids } from "./cron-cpu.ts";

const PAIRING_EVENTS = Number(process.env.BENCH_PAIRING_EVENTS ?? 10_000);
const PAIRING_KALSHI_MARKETS = Number(process.env.BENCH_PAIRING_KALSHI ?? 20_000);
/** The job's page of index events (INDEX_PAGE_EVENTS in app/.server/kalshi/pair-job.ts: node cannot load that module's `~/` imports). */
const PAGE = 2_000;
/** Index pages a whale run: the bench fills the index in few runs (the crawl's own CPU is measured by ./search.ts). */
const INDEX_PAGES_PER_RUN = 20;

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

const text = (value: unknown) => (typeof value === "string" ? value : "");
const isoOrNull = (value: unknown) => {
  const ms = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : null;
};

/** A Gamma event's open priced markets as the job's sides (the fields `polymarketSides` reads). */
function sidesOfGamma(event: GammaEventJson): PolymarketSide[] {
  const markets = event.markets
    .filter((m) => m.active === true && m.closed !== true && typeof m.outcomePrices === "string")
    .map((m) => ({
      id: m.id,
      title: text(m.question),
      groupTitle: text(m.groupItemTitle) || null,
      endDate: isoOrNull(m.endDate),
    }));
  return polymarketSides({ title: event.title, endDate: isoOrNull(event.endDate), markets });
}

/** A Kalshi event's markets as the crawl stores them for the matcher (the client's choice of date). */
function sidesOfKalshi(event: KalshiEventJson): KalshiSide[] {
  return event.markets.map((m) => ({
    ticker: text(m.ticker),
    title: text(m.title),
    eventTitle: text(event.title),
    eventSubtitle: text(event.sub_title),
    label: text(m.yes_sub_title),
    closeTime: isoOrNull(m.expected_expiration_time) ?? isoOrNull(m.close_time),
  }));
}

const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

export interface MatcherBench {
  polymarketEvents: number;
  polymarketMarkets: number;
  kalshiMarkets: number;
  pairs: number;
  cpuMs: number;
  /** Heap the inputs hold (what D1's answers would be), and what the matcher holds beside them. */
  inputMb: number;
  matcherMb: number;
}

/** Part 1: the matcher over the whole catalogue in this process. */
export function matcherBench(): MatcherBench {
  const base = heapMb();
  const gamma = scalePolymarketEvents(PAIRING_EVENTS);
  const kalshi = scaleKalshiEvents(PAIRING_KALSHI_MARKETS).flatMap(sidesOfKalshi);
  const pages: PolymarketSide[][] = [];
  for (let i = 0; i < gamma.length; i += PAGE) pages.push(gamma.slice(i, i + PAGE).flatMap(sidesOfGamma));
  const inputs = heapMb();
  const start = process.cpuUsage();
  const matcher = new PairMatcher(kalshi);
  for (const page of pages) matcher.add(page);
  const pairs = matcher.pairs();
  const used = process.cpuUsage(start);
  const held = heapMb();
  return {
    polymarketEvents: gamma.length,
    polymarketMarkets: pages.reduce((n, p) => n + p.length, 0),
    kalshiMarkets: kalshi.length,
    pairs: pairs.length,
    cpuMs: (used.user + used.system) / 1000,
    inputMb: inputs - base,
    matcherMb: held - inputs,
  };
}

const PAIRS_LINE =
  /\[kalshi\] pairs: (\d+) proposed over (\d+) Polymarket and (\d+) Kalshi markets, (\d+) written, (\d+) deleted, D1 rows read (\d+)/;

/** Resident memory of the processes, and their peaks, in MB (`/proc/<pid>/status`). */
function residentMb(pids: readonly number[]): { rss: number; peak: number } {
  let rss = 0;
  let peak = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      peak += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      // Gone.
    }
  }
  return { rss, peak };
}

export interface JobBench {
  kalshiEvents: number;
  runs: { run: number; cpuMs: number; paired: boolean }[];
  pairing: {
    proposed: number;
    polymarket: number;
    kalshi: number;
    written: number;
    deleted: number;
    rowsRead: number;
  } | null;
  memory: { before: number; after: number; peak: number };
}

/** Part 2: the pairing job in workerd, at the end of a Kalshi pass over the full catalogue. */
export async function jobBench(): Promise<JobBench> {
  const fixtures = await startFixtureServer(0);
  await fetch(`${fixtures.url}/__open-events?count=${PAIRING_EVENTS}&catalogue=cross-venue`, {
    method: "POST",
  });
  const listed = (await (
    await fetch(`${fixtures.url}/__kalshi-events?markets=${PAIRING_KALSHI_MARKETS}`, { method: "POST" })
  ).json()) as { events: number };
  const worker = await startWorker({
    ...polymarketVars(fixtures.url),
    SEARCH_INDEX_PASS_MINUTES: "0",
    SEARCH_INDEX_PAGES_PER_RUN: String(INDEX_PAGES_PER_RUN),
    // Every market stored in the one pass (the default 5,000 rows a day fills the table over four days).
    KALSHI_ROWS_PER_DAY: "50000",
  });
  try {
    const group = worker.pid;
    if (group === undefined) throw new Error("no wrangler process");
    for (let i = 0; i <= Math.ceil(PAIRING_EVENTS / (100 * INDEX_PAGES_PER_RUN)); i++)
      await runCron(worker.url, WHALES_CRON);
    await runCron(worker.url, MARKETS_CRON);
    const runs: JobBench["runs"] = [];
    let memory = { before: 0, after: 0, peak: 0 };
    for (let run = 1; run <= 40; run++) {
      const pids = workerdPids(group);
      const before = residentMb(pids);
      const paired = () => PAIRS_LINE.test(worker.log());
      const cpu = await cronCpu(worker.url, group, KALSHI_CRON, 1);
      runs.push({ run, cpuMs: cpu.msPerRun, paired: paired() });
      if (paired()) {
        const after = residentMb(pids);
        memory = { before: before.rss, after: after.rss, peak: after.peak };
        break;
      }
    }
    const m = PAIRS_LINE.exec(worker.log());
    return {
      kalshiEvents: listed.events,
      runs,
      pairing: m
        ? {
            proposed: Number(m[1]),
            polymarket: Number(m[2]),
            kalshi: Number(m[3]),
            written: Number(m[4]),
            deleted: Number(m[5]),
            rowsRead: Number(m[6]),
          }
        : null,
      memory,
    };
  } finally {
    worker.stop();
    await fixtures.close();
  }
}
