/**
 * CPU time of one cron run, measured as the workerd processes' CPU time (`/proc/<pid>/stat`, user + system)
 * around runs triggered through `/cdn-cgi/handler/scheduled`, less what the same processes spend idle over
 * the same wall time. The clock ticks are coarse (10 ms), so many runs are measured and divided.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim() || 100);

/** The ids of the workerd processes in a process group (wrangler's, started detached). */
export function workerdPids(group: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (name === "workerd" && Number(fields[2]) === group) pids.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return pids;
}

/** CPU milliseconds the processes have used so far (user + system). */
export function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone.
    }
  }
  return ticks * TICK_MS;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the processes have been idle (no CPU tick) for `quietMs`. */
export async function settle(pids: readonly number[], quietMs = 500): Promise<void> {
  let last = cpuMs(pids);
  for (let quiet = 0; quiet < quietMs; ) {
    await sleep(100);
    const now = cpuMs(pids);
    quiet = now === last ? quiet + 100 : 0;
    last = now;
  }
}

export interface CronCpu {
  cron: string;
  runs: number;
  msPerRun: number;
  idleMsPerSecond: number;
}

/** CPU per run of `cron` over `runs` runs on the Worker at `url` (wrangler's process group `group`). */
export async function cronCpu(url: string, group: number, cron: string, runs: number): Promise<CronCpu> {
  const pids = workerdPids(group);
  if (pids.length === 0) throw new Error("no workerd process found in the Worker's process group");
  await settle(pids);
  const idleStart = cpuMs(pids);
  await sleep(2_000);
  const idleMsPerSecond = (cpuMs(pids) - idleStart) / 2;
  const start = cpuMs(pids);
  const wallStart = performance.now();
  for (let i = 0; i < runs; i++) {
    const response = await fetch(`${url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`);
    await response.text();
  }
  await settle(pids);
  const wallSeconds = (performance.now() - wallStart) / 1000;
  const used = cpuMs(pids) - start - idleMsPerSecond * wallSeconds;
  return { cron, runs, msPerRun: Math.max(0, used) / runs, idleMsPerSecond };
}
