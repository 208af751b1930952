/**
 * The search index in the bench (decisions 0034 and 0039): 10,000 open events served by the fixture Gamma
 * (built from the recorded ones, test/support/index-events.ts), crawled by the minute cron at its defaults (2
 * pages a run) with passes back to back. Reported: the CPU of one cron run (the whale refresh with the crawl
 * step) during the first pass (every event new) and during an identical second pass (nothing to write), the
 * D1 rows each pass read and wrote (the crawl's own log lines, D1's counts), and the search's latency at 16
 * connections, through the API and the page, with the index full.
 */
import { WHALES_CRON } from "../../app/lib/refresh-cadence.ts";
import { polymarketVars, startFixtureServer } from "../support/fixture-server.ts";
import { TITLE_WORDS } from "../support/index-events.ts";
import { startWorker } from "../support/worker.ts";
import { cronCpu } from "./cron-cpu.ts";
import { runWrk, type WrkResult } from "./run-wrk.ts";

export const INDEXED_EVENTS = Number(process.env.BENCH_INDEX_EVENTS ?? 10_000);
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** 2 pages of 100 a run (the default): runs a pass takes, with one spare. */
const RUNS_A_PASS = Math.ceil(INDEXED_EVENTS / 200) + 1;

/** What visitors type: rare and common words, a prefix being typed, two words, a miss, an empty box. */
export const SEARCHES = [
  "trump",
  "fed",
  "bitcoin",
  "election",
  "world cup",
  "nba",
  "will",
  "2026",
  "bitc",
  "amber willow",
  "ukraine ceasefire",
  "super bowl",
  "december",
  "deport",
  "zzqx nothing",
  "",
];

/**
 * Searches no one asked before: two words of the generated titles, in either order, and each word with a word
 * of SEARCHES (so the isolate's minute of kept answers never helps: every request is a query of the index).
 */
export function distinctSearches(): string[] {
  const words = TITLE_WORDS.map((w) => w.toLowerCase());
  const out: string[] = [];
  for (const a of words) for (const b of words) if (a !== b) out.push(`${a} ${b}`);
  for (const a of words) for (const q of SEARCHES.filter(Boolean)) out.push(`${q} ${a}`);
  return out;
}

const PASS_LINE = /\[search\] pass (\d+): (\d+) page\(s\), (\d+) events, D1 rows read (\d+), written (\d+)/g;

/** The crawl's runs as its log lines say them, by pass. */
function rowsByPass(log: string): Map<number, { runs: number; read: number; written: number }> {
  const passes = new Map<number, { runs: number; read: number; written: number }>();
  for (const m of log.matchAll(PASS_LINE)) {
    const pass = Number(m[1]);
    const sum = passes.get(pass) ?? { runs: 0, read: 0, written: 0 };
    sum.runs += 1;
    sum.read += Number(m[4]);
    sum.written += Number(m[5]);
    passes.set(pass, sum);
  }
  return passes;
}

export interface SearchBench {
  events: number;
  cron: { label: string; runs: number; msPerRun: number }[];
  rows: { pass: number; runs: number; read: number; written: number }[];
  load: { label: string; result: WrkResult }[];
  source: string;
}

export async function searchBench(): Promise<SearchBench> {
  const fixtures = await startFixtureServer(0);
  await fetch(`${fixtures.url}/__open-events?count=${INDEXED_EVENTS}`, { method: "POST" });
  const worker = await startWorker(
    {
      ...polymarketVars(fixtures.url),
      SEARCH_INDEX_PASS_MINUTES: "0",
    },
    { unlimited: true },
  );
  try {
    const group = worker.pid;
    if (group === undefined) throw new Error("no wrangler process");
    const html = await (await fetch(`${worker.url}/`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    if (!asset) throw new Error("no stylesheet found on /");
    const first = await cronCpu(worker.url, group, WHALES_CRON, RUNS_A_PASS);
    const second = await cronCpu(worker.url, group, WHALES_CRON, RUNS_A_PASS);
    const probe = (await (await fetch(`${worker.url}/api/v1/search?q=will&limit=1`)).json()) as {
      source: string;
    };
    const paths = SEARCHES.flatMap((q) => [`/api/v1/search?q=${encodeURIComponent(q)}&limit=20`]);
    const pages = SEARCHES.filter(Boolean).map((q) => `/?search=${encodeURIComponent(q)}`);
    for (const path of [...paths, ...pages]) await fetch(`${worker.url}${path}`);
    const distinct = distinctSearches();
    const run = (list: string[]) =>
      runWrk(`${worker.url}/`, { connections: CONNECTIONS, seconds: SECONDS, paths: list, unique: true });
    // The static asset first and last: the floor of this machine's latency at 16 connections, and its drift.
    const staticAsset = () => runWrk(`${worker.url}${asset}`, { connections: CONNECTIONS, seconds: SECONDS });
    const load = [
      { label: "static asset (first)", result: await staticAsset() },
      { label: "/api/v1/search?q=… (16 searches, kept a minute)", result: await run(paths) },
      {
        label: `/api/v1/search?q=… (${distinct.length} distinct: all new)`,
        result: await run(distinct.map((q) => `/api/v1/search?q=${encodeURIComponent(q)}&limit=20`)),
      },
      { label: "/?search=… (15 searches, kept a minute)", result: await run(pages) },
      {
        label: `/?search=… (${distinct.length} distinct: all new)`,
        result: await run(distinct.map((q) => `/?search=${encodeURIComponent(q)}`)),
      },
      { label: "static asset (last)", result: await staticAsset() },
    ];
    const rows = [...rowsByPass(worker.log()).entries()]
      .sort(([a], [b]) => a - b)
      .map(([pass, sum]) => ({ pass, ...sum }));
    return {
      events: INDEXED_EVENTS,
      cron: [
        {
          label: "whale + index run, first pass (every event new)",
          runs: first.runs,
          msPerRun: first.msPerRun,
        },
        { label: "whale + index run, identical pass", runs: second.runs, msPerRun: second.msPerRun },
      ],
      rows,
      load,
      source: probe.source,
    };
  } finally {
    worker.stop();
    await fixtures.close();
  }
}
