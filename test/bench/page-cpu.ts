/**
 * CPU per page render (decision 0044): the workerd processes' CPU time (`/proc/<pid>/stat`) over a
 * fixed number of requests, 4 in flight, less what the same processes spend idle over the same wall time,
 * divided by the requests. Each page is measured uncached (a new `u` parameter per request: a full render
 * with the snapshots warm) and warm (one URL: the page memory), and `/robots.txt` (a constant Hono route,
 * the floor of anything the Worker runs) is measured the same way, so "above the floor" is the page's own
 * cost. The Worker is asked directly, not through wrangler's proxy (`workerUrl`). The clock ticks are 10 ms: 300 requests make ±0.03 ms.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { cpuMs, settle } from "./cron-cpu.ts";
import { percentile } from "./stats.ts";

export const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 300);
/** Rounds over every page; each figure is the median of its rounds. */
export const CPU_ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
const IN_FLIGHT = 4;

/**
 * A browser's user agent, and no compression: wrangler's entry worker gzips a page the way Cloudflare's
 * front line does in production, where it is not the Worker's CPU time (decision 0044).
 */
const HEADERS = { "user-agent": "Mozilla/5.0 Chrome/150 bench", "accept-encoding": "identity" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `count` GETs of `urlFor(i)`, `IN_FLIGHT` at a time, reading every body; throws on a non-2xx. */
async function drive(urlFor: (i: number) => string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await fetch(urlFor(i), { headers: HEADERS });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${urlFor(i)}: HTTP ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

/** The processes' idle CPU, ms per wall ms (the alarm of a Durable Object, timers). */
async function idleRate(pids: readonly number[]): Promise<number> {
  await settle(pids);
  const start = cpuMs(pids);
  const wall = performance.now();
  await sleep(2_000);
  return (cpuMs(pids) - start) / (performance.now() - wall);
}

/** CPU ms per request of `count` requests. */
async function cpuPerRequest(
  pids: readonly number[],
  idle: number,
  urlFor: (i: number) => string,
  count: number,
): Promise<number> {
  await drive(urlFor, 8); // the isolate warm, the snapshot read, the page memory filled
  await settle(pids);
  const start = cpuMs(pids);
  const wall = performance.now();
  await drive(urlFor, count);
  const used = cpuMs(pids) - start - idle * (performance.now() - wall);
  return Math.max(0, used) / count;
}

/** TCP ports a process listens on: its sockets' inodes among the listening ones of `/proc/<pid>/net/tcp`. */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // Closed meanwhile.
    }
  }
  return readFileSync(`/proc/${pid}/net/tcp`, "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[3] === "0A" && inodes.has(cols[9] ?? ""))
    .map((cols) => Number.parseInt(cols[1]?.split(":")[1] ?? "", 16));
}

/**
 * The Worker's own address. `wrangler dev` answers at `publicUrl` through its ProxyWorker, which runs every
 * HTML response through HTMLRewriter (to append its live-reload script) in the measured processes: per
 * page, work that grows with the page and that production does not have (decision 0044). Miniflare's entry
 * socket, in the other workerd process, serves the Worker without it: found among the processes' listening
 * ports as the one that answers `/robots.txt` as `publicUrl` does (its sitemap URL on its own origin).
 */
export async function workerUrl(publicUrl: string, pids: readonly number[]): Promise<string> {
  const robots = await (await fetch(`${publicUrl}/robots.txt`)).text();
  const publicPort = Number(new URL(publicUrl).port);
  for (const port of pids.flatMap(listeningPorts)) {
    if (port === publicPort) continue;
    const url = `http://127.0.0.1:${port}`;
    try {
      const res = await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(2_000) });
      // The same file, but for the sitemap's absolute URL on this origin.
      if (res.ok && (await res.text()).replaceAll(url, publicUrl) === robots) return url;
    } catch {
      // Not an HTTP server (the inspector), or not this one.
    }
  }
  throw new Error(`no workerd socket of ${pids.join(", ")} serves the Worker directly`);
}

export interface PageCpu {
  path: string;
  /** CPU ms per uncached request above the floor: the median over the rounds. */
  uncachedMs: number;
  /** CPU ms per warm request above the floor: the median over the rounds. */
  warmMs: number;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * Each page's uncached and warm CPU per request above the floor (`/robots.txt`), and the floor. A round
 * measures every page, each right after a measurement of the floor, and a page's figure is the median
 * over `rounds` of its difference from that floor: the machine's pace drifts over a run, and one
 * measurement of a page moved by up to 1.5 ms between runs (other processes, garbage collection).
 */
export async function pageCpu(
  base: string,
  pids: readonly number[],
  paths: readonly string[],
  count = CPU_REQUESTS,
  rounds = CPU_ROUNDS,
): Promise<{ floorMs: number; pages: PageCpu[] }> {
  const idle = await idleRate(pids);
  const unique = (path: string) => (i: number) =>
    `${base}${path}${path.includes("?") ? "&" : "?"}u=${Date.now()}-${i}`;
  const floors: number[] = [];
  const above = new Map(paths.map((path) => [path, { uncached: [] as number[], warm: [] as number[] }]));
  for (let round = 0; round < rounds; round++) {
    for (const [path, runs] of above) {
      const floor = await cpuPerRequest(pids, idle, () => `${base}/robots.txt`, count);
      floors.push(floor);
      runs.uncached.push((await cpuPerRequest(pids, idle, unique(path), count)) - floor);
      runs.warm.push((await cpuPerRequest(pids, idle, () => `${base}${path}`, count)) - floor);
    }
  }
  return {
    floorMs: median(floors),
    pages: [...above].map(([path, runs]) => ({
      path,
      uncachedMs: median(runs.uncached),
      warmMs: median(runs.warm),
    })),
  };
}
