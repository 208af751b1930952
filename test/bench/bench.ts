/**
 * `npm run bench`: the built Worker in workerd against the fixture upstreams, caches warmed, then wrk on
 * loopback measures request rate and latency of the main pages, the JSON API and a hashed static asset (the
 * physical limit here). Also: gzip JS/CSS per page, upstream requests during the load, the CPU time of one
 * market and one whale cron run, and how fast the shell of a cold page arrives while the feed takes 3 s; and
 * the search index (./search.ts): search latency with 10,000 events indexed, the CPU and D1 rows of its
 * crawl. `BENCH_SEARCH=only` runs only that part. And the live hub (./live.ts): delivery latency and workerd
 * CPU per 1,000 pushed messages for 10 and 1,000 sockets. `BENCH_LIVE=only` runs only that. And CPU per page
 * render (./page-cpu.ts, decision 0044): every page uncached and warm, above the `/robots.txt` floor.
 * `BENCH_CPU=only` runs only that. And the Kalshi pairing at full scale (./pairing.ts): the matcher's CPU and
 * heap over 10,000 events × 20,000 Kalshi markets, and the job's run in workerd. `BENCH_PAIRING=only` runs only that.
 */

import { MARKETS_CRON, WHALES_CRON } from "../../app/lib/refresh-cadence.ts";
import { polymarketVars, startFixtureServer } from "../support/fixture-server.ts";
import { runCron, startWorker } from "../support/worker.ts";
import { cronCpu, workerdPids } from "./cron-cpu.ts";
import { LIVE_TICK_MS, liveBench } from "./live.ts";
import { CPU_REQUESTS, CPU_ROUNDS, pageCpu, workerUrl } from "./page-cpu.ts";
import { pageWeight } from "./page-weight.ts";
import { jobBench, matcherBench } from "./pairing.ts";
import { ensureWrk, runWrk, type WrkResult } from "./run-wrk.ts";
import { searchBench } from "./search.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Cron runs measured for their CPU (the clock ticks are 10 ms: many runs, divided). */
const CRON_RUNS = Number(process.env.BENCH_CRON_RUNS ?? 10);
/** A market of the recorded top 100: its page reads D1 and the kept CLOB history on every render. */
const MARKET = "/market/will-trump-deport-less-than-250000";
/** A shown multi-outcome event of the recorded top 100: Gamma's event, its books and its D1 calls, kept. */
const EVENT = "/event/how-many-people-will-trump-deport-in-2025";
/** The recorded board's rank 1: the page reads its kept sections (memory, Cache API) and D1. */
const TRADER = "/trader/0x09b428f7c2b469786286214aa5c90dd9015f7320";
const ALL_PAGES = [
  "/",
  "/politics?search=trump",
  "/whale-watch",
  MARKET,
  EVENT,
  TRADER,
  "/api-access",
  "/api/markets",
];
/** Pages also measured with a new URL per request: the render itself, the snapshot warm. */
const ALL_UNCACHED = ["/", "/politics", "/whale-watch", MARKET, EVENT];
/**
 * `BENCH_PAGES=/,/politics` measures only those pages (warm and, where listed above, uncached) against
 * the static asset and skips the page weights, cron runs and cold shell: a quick A/B of one change.
 */
const ONLY = process.env.BENCH_PAGES?.split(",").filter(Boolean);
const PAGES = ONLY ?? ALL_PAGES;
const UNCACHED = ONLY ? ALL_UNCACHED.filter((p) => ONLY.includes(p)) : ALL_UNCACHED;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

async function stats(fixtureUrl: string): Promise<{ gamma: number; data: number }> {
  return (await fetch(`${fixtureUrl}/__stats`)).json() as Promise<{ gamma: number; data: number }>;
}

/** Time until the shell (the dashboard heading) has arrived, on a cold cache with a 3 s feed. */
async function coldShellMs(): Promise<{ shellMs: number; completeMs: number }> {
  const fixtures = await startFixtureServer(0);
  await fetch(`${fixtures.url}/__mode?upstream=gamma&mode=slow&ms=3000`, { method: "POST" });
  const worker = await startWorker(polymarketVars(fixtures.url));
  try {
    const start = performance.now();
    const res = await fetch(`${worker.url}/`, { headers: { "user-agent": "Mozilla/5.0 Chrome/150" } });
    const reader = res.body?.getReader();
    if (!reader) throw new Error("no body");
    const decoder = new TextDecoder();
    let text = "";
    let shellMs = Number.NaN;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (Number.isNaN(shellMs) && text.includes("Market Sentiment Intelligence"))
        shellMs = performance.now() - start;
    }
    return { shellMs, completeMs: performance.now() - start };
  } finally {
    worker.stop();
    await fixtures.close();
  }
}

/**
 * CPU of one market cron run and one whale cron run, X and the model answering (the costly path): the
 * first (cold: every keyword and analysis asked) apart from the steady state that follows.
 */
async function cronRuns(): Promise<string> {
  const upstreams = await startFixtureServer(0);
  const worker = await startWorker(
    {
      ...polymarketVars(upstreams.url),
      X_API_URL: `${upstreams.url}/x`,
      LLM_API_URL: `${upstreams.url}/llm`,
      X_BEARER_TOKEN: "bench-x-token",
      LLM_API_KEY: "bench-llm-key",
      LLM_MODEL: "fixture-model",
    },
    { unlimited: true },
  );
  try {
    const group = worker.pid;
    if (group === undefined) throw new Error("no wrangler process");
    const runs = [
      await cronCpu(worker.url, group, MARKETS_CRON, 1),
      await cronCpu(worker.url, group, MARKETS_CRON, CRON_RUNS),
      await cronCpu(worker.url, group, WHALES_CRON, 1),
      await cronCpu(worker.url, group, WHALES_CRON, CRON_RUNS * 2),
    ];
    const labels = ["market run, cold", "market run", "whale run, cold", "whale run"];
    return table(
      ["cron run", "runs", "CPU ms / run", "Free plan (10 ms)"],
      runs.map((r, i) => [
        labels[i] ?? r.cron,
        String(r.runs),
        r.msPerRun.toFixed(1),
        r.msPerRun <= 10 ? "fits" : "Paid plan",
      ]),
    );
  } finally {
    worker.stop();
    await upstreams.close();
  }
}

/** The search index's part: its tables. */
async function searchPart(): Promise<void> {
  const r = await searchBench();
  console.log(`\nSearch: ${r.events} open events indexed (search answered from: ${r.source})\n`);
  console.log(
    table(
      ["cron run", "runs", "CPU ms / run", "Free plan (10 ms)"],
      r.cron.map((c) => [
        c.label,
        String(c.runs),
        c.msPerRun.toFixed(1),
        c.msPerRun <= 10 ? "fits" : "Paid plan",
      ]),
    ),
  );
  console.log("\nD1 rows per pass of the crawl (D1's own counts, from its log lines)\n");
  console.log(
    table(
      ["pass", "runs", "rows read", "rows written"],
      r.rows.map((p) => [String(p.pass), String(p.runs), String(p.read), String(p.written)]),
    ),
  );
  console.log(
    `\nSearch load: wrk 16 connections, every request a new URL (no page memory), searches cycled\n`,
  );
  const statics = r.load.filter(({ label }) => label.startsWith("static asset"));
  const staticRate = statics.reduce((sum, { result }) => sum + result.rate, 0) / statics.length;
  console.log(
    table(
      ["target", "req/s", "× static", "p50 ms", "p95 ms", "p99 ms", "errors"],
      r.load.map(({ label, result: w }) => [
        label,
        w.rate.toFixed(0),
        (w.rate / staticRate).toFixed(2),
        w.p50Ms.toFixed(1),
        w.p95Ms.toFixed(1),
        w.p99Ms.toFixed(1),
        String(w.non2xx + w.socketErrors),
      ]),
    ),
  );
}

/**
 * Every page's CPU (decision 0044): search results, the list pages, the detail pages, the reference pages.
 */
const CPU_PAGES = [
  "/",
  "/politics",
  "/?search=trump",
  EVENT,
  MARKET,
  TRADER,
  "/whale-watch",
  "/track-record",
  "/status",
  "/api-access",
];

/** CPU per page render above the floor (decision 0044): one table. */
/** The Kalshi pairing's part: the matcher alone, then the job in workerd. */
async function pairingPart(): Promise<void> {
  const m = matcherBench();
  console.log(
    `\nKalshi pairing at full scale: ${m.polymarketEvents} Polymarket events (${m.polymarketMarkets} markets) × ${m.kalshiMarkets} Kalshi markets\n`,
  );
  console.log(
    table(
      ["the matcher (node)", "pairs", "CPU ms", "inputs MB", "matcher MB"],
      [
        [
          "2,000 events a page",
          String(m.pairs),
          m.cpuMs.toFixed(0),
          m.inputMb.toFixed(1),
          m.matcherMb.toFixed(1),
        ],
      ],
    ),
  );
  const j = await jobBench();
  console.log(
    `\nThe job in workerd: Kalshi's ${j.kalshiEvents} events crawled, then the pass's last run pairs\n`,
  );
  console.log(
    table(
      ["Kalshi run", "CPU ms", "Free plan (10 ms)"],
      j.runs.map((r) => [
        `${r.run}${r.paired ? " (completes the pass, pairs)" : ""}`,
        r.cpuMs.toFixed(0),
        r.cpuMs <= 10 ? "fits" : "Paid plan",
      ]),
    ),
  );
  if (j.pairing === null) console.log("\nno pairing line in the Worker's log: the pass did not complete");
  else
    console.log(
      `\npairs: ${j.pairing.proposed} proposed over ${j.pairing.polymarket} Polymarket and ${j.pairing.kalshi} Kalshi markets, ${j.pairing.written} written, ${j.pairing.deleted} deleted; D1 rows read ${j.pairing.rowsRead}\nworkerd resident memory around the pairing run: ${j.memory.before.toFixed(0)} → ${j.memory.after.toFixed(0)} MB (peak ${j.memory.peak.toFixed(0)} MB)`,
    );
}

async function cpuPart(): Promise<void> {
  const fixtures = await startFixtureServer(0);
  const worker = await startWorker(polymarketVars(fixtures.url), { unlimited: true });
  try {
    for (const cron of [MARKETS_CRON, WHALES_CRON]) await runCron(worker.url, cron);
    const pids = workerdPids(worker.pid ?? 0);
    const direct = await workerUrl(worker.url, pids);
    const { floorMs, pages } = await pageCpu(direct, pids, ONLY ?? CPU_PAGES);
    console.log(
      `\nCPU per request (workerd, /proc; the Worker asked directly, not through wrangler's proxy; ${CPU_REQUESTS} requests, 4 in flight, idle subtracted), above the /robots.txt floor (median ${floorMs.toFixed(2)} ms) measured just before; medians of ${CPU_ROUNDS} rounds. Targets (decision 0044): uncached ≤ 4 ms, warm ≤ 1 ms\n`,
    );
    console.log(
      table(
        ["page", "uncached ms", "warm ms", "uncached", "warm"],
        pages.map((p) => [
          p.path,
          p.uncachedMs.toFixed(2),
          p.warmMs.toFixed(2),
          p.uncachedMs <= 4 ? "ok" : "over",
          p.warmMs <= 1 ? "ok" : "over",
        ]),
      ),
    );
  } finally {
    worker.stop();
    await fixtures.close();
  }
}

/** The live hub's part: one table. */
async function livePart(): Promise<void> {
  const runs = await liveBench();
  console.log(
    `\nLive hub: sockets following every event of the snapshot, the mock CLOB channel sending a price_change every ${LIVE_TICK_MS} ms; latency from the mock's send to each socket's arrival\n`,
  );
  console.log(
    table(
      ["sockets", "delivered", "p50 ms", "p99 ms", "max ms", "CPU ms / 1,000 messages", "connect s"],
      runs.map((r) => [
        String(r.sockets),
        `${r.delivered} of ${r.expected}`,
        r.p50Ms.toFixed(1),
        r.p99Ms.toFixed(1),
        r.maxMs.toFixed(1),
        r.cpuMsPer1000.toFixed(1),
        (r.connectMs / 1000).toFixed(1),
      ]),
    ),
  );
}

await ensureWrk();
if (process.env.BENCH_CPU === "only") {
  await cpuPart();
  process.exit(0);
}
if (process.env.BENCH_LIVE === "only") {
  await livePart();
  process.exit(0);
}
if (process.env.BENCH_PAIRING === "only") {
  await pairingPart();
  process.exit(0);
}
if (process.env.BENCH_SEARCH === "only") {
  await searchPart();
  process.exit(0);
}
const fixtures = await startFixtureServer(0);
// All load comes from one address: the per-client rate limits are lifted for it (decision 0021).
const worker = await startWorker(polymarketVars(fixtures.url), { unlimited: true });
try {
  // Warm: one visit fills KV; a second run settles the isolate.
  for (const path of [...PAGES, "/"]) await fetch(`${worker.url}${path}`);
  const html = await (await fetch(`${worker.url}/`)).text();
  const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  if (!asset) throw new Error("no stylesheet found on /");

  const before = await stats(fixtures.url);
  const staticResult = await runWrk(`${worker.url}${asset}`, { seconds: SECONDS, connections: CONNECTIONS });
  const results: WrkResult[] = [];
  for (const path of PAGES)
    results.push(await runWrk(`${worker.url}${path}`, { seconds: SECONDS, connections: CONNECTIONS }));
  const uncached: WrkResult[] = [];
  for (const path of UNCACHED)
    uncached.push(
      await runWrk(`${worker.url}${path}`, { seconds: SECONDS, connections: CONNECTIONS, unique: true }),
    );
  // The static asset again at the end: the machine's pace drifts during a run, so each ratio is
  // taken against the mean of the two.
  const staticAgain = await runWrk(`${worker.url}${asset}`, { seconds: SECONDS, connections: CONNECTIONS });
  const staticRate = (staticResult.rate + staticAgain.rate) / 2;
  const after = await stats(fixtures.url);
  const totalRequests = [staticResult, staticAgain, ...results, ...uncached].reduce(
    (n, r) => n + r.requests,
    0,
  );

  const label = (r: WrkResult) =>
    r === staticResult
      ? "static asset (first)"
      : r === staticAgain
        ? "static asset (last)"
        : `${r.url.slice(worker.url.length)}${uncached.includes(r) ? " (uncached)" : ""}`;
  const rows = [...results, ...uncached, staticResult, staticAgain].map((r) => [
    label(r),
    r.rate.toFixed(0),
    (r.rate / staticRate).toFixed(2),
    r.p50Ms.toFixed(1),
    r.p99Ms.toFixed(1),
    String(r.non2xx + r.socketErrors),
  ]);
  console.log(`\nLoad: wrk ${CONNECTIONS} connections, ${SECONDS} s each, loopback, warm cache\n`);
  console.log(table(["target", "req/s", "× static", "p50 ms", "p99 ms", "errors"], rows));

  console.log(
    `\nUpstream requests during the load: markets ${after.gamma - before.gamma}, trades ${after.data - before.data} (for ${totalRequests} requests served)`,
  );
  if (!ONLY) {
    const weights = [];
    for (const path of ["/", "/politics", "/whale-watch", MARKET, EVENT, TRADER, "/api-access", "/watchlist"])
      weights.push(await pageWeight(worker.url, path));
    console.log("\nWhat a first visit downloads (HTML before compression; JS and CSS gzip)\n");
    console.log(
      table(
        ["page", "HTML KB", "JS files", "JS KB", "CSS KB"],
        weights.map((w) => [
          w.path,
          (w.htmlBytes / 1024).toFixed(1),
          String(w.jsFiles),
          (w.jsGzipBytes / 1024).toFixed(1),
          (w.cssGzipBytes / 1024).toFixed(1),
        ]),
      ),
    );
  }
} finally {
  worker.stop();
  await fixtures.close();
}

if (!ONLY) {
  console.log("\nCron runs: workerd CPU time (/proc/<pid>/stat) per run, idle subtracted\n");
  console.log(await cronRuns());

  await searchPart();
  await pairingPart();
  await livePart();
  await cpuPart();

  const cold = await coldShellMs();
  console.log(
    `Cold cache, feed takes 3 s: shell after ${cold.shellMs.toFixed(0)} ms, complete page after ${cold.completeMs.toFixed(0)} ms`,
  );
}
