/**
 * The live hub in the bench (decision 0040): N browser-side WebSockets on the built Worker's `/api/v1/live`,
 * each following every event of the snapshot, while the fixture server's mock CLOB channel (driven in this
 * process) sends `price_change` ticks. Reported per N: the delivery latency from the moment the mock sends
 * a tick to the moment each socket has it (p50, p99, max, on loopback, one Node process sending and
 * receiving), whether every socket got every tick, and the workerd processes' CPU time per 1,000 delivered
 * messages (their `/proc` CPU during the ticks, less what they spend idle with the same sockets open).
 *
 * Ticks go round every token the hub follows, one `price_change` each with a bid no other tick has (so a
 * message names its tick), at most one per token per round: a market's second change never waits on the
 * hub's 500 ms coalescing, so what is measured is the fan-out. Each socket stands for a different client
 * (its own `cf-connecting-ip`), as the hub allows 5 sockets per client.
 */
import { WebSocket } from "ws";

/** Where browsers connect (app/lib/live.ts, whose imports node cannot resolve without a bundler). */
const LIVE_PATH = "/api/v1/live";

import { MARKETS_CRON } from "../../app/lib/refresh-cadence.ts";
import { polymarketVars, startFixtureServer } from "../support/fixture-server.ts";
import { runCron, startWorker } from "../support/worker.ts";
import { cpuMs, workerdPids } from "./cron-cpu.ts";
import { percentile } from "./stats.ts";

/** Socket counts measured (the 10 and 1,000). */
export const LIVE_SOCKETS = (process.env.BENCH_LIVE_SOCKETS ?? "10,1000").split(",").map(Number);
/** Ticks sent per measurement. */
const TICKS = Math.min(400, Number(process.env.BENCH_LIVE_TICKS ?? 100));
/** Milliseconds between ticks. */
export const LIVE_TICK_MS = Number(process.env.BENCH_LIVE_TICK_MS ?? 200);
/** Sockets opened at once while connecting. */
const CONNECT_BATCH = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LiveRun {
  sockets: number;
  ticks: number;
  tickMs: number;
  /** Messages that reached a socket, and how many should have (ticks × sockets). */
  delivered: number;
  expected: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** workerd CPU per 1,000 delivered messages, idle subtracted. */
  cpuMsPer1000: number;
  /** Wall time to open every socket and have its subscription confirmed. */
  connectMs: number;
}

/** A tick's bid, unique per tick (0.500, 0.501, …; the mock's books bid 0.48): the hub passes it on as `bestBid`. */
const bidOf = (tick: number) => (500 + (tick % 400)) / 1000;
const tickOf = (bid: number) => Math.round(bid * 1000) - 500;

/** When each tick was sent (performance.now), by tick number: only these are counted on arrival. */
const sentAt = new Map<number, number>();

interface Listener {
  socket: WebSocket;
  /** Arrival time (performance.now) of each tick seen, by tick number. */
  arrivals: Map<number, number>;
}

/** Opens one socket as client `n`, follows `topics`, resolves once the hub confirms. */
function listen(workerUrl: string, n: number, topics: readonly string[]): Promise<Listener> {
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const socket = new WebSocket(`${workerUrl.replace(/^http/, "ws")}${LIVE_PATH}`, {
    headers: { "cf-connecting-ip": address },
  });
  const listener: Listener = { socket, arrivals: new Map() };
  let measuring = false;
  return new Promise((resolve, reject) => {
    socket.on("open", () => socket.send(JSON.stringify({ subscribe: topics })));
    socket.on("unexpected-response", (_req, res) => reject(new Error(`socket ${n}: HTTP ${res.statusCode}`)));
    socket.on("error", reject);
    socket.on("message", (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data)) as { type: string; bestBid?: number | null };
      if (message.type === "subscribed") {
        measuring = true;
        resolve(listener);
      } else if (measuring && message.type === "price" && typeof message.bestBid === "number") {
        const tick = tickOf(message.bestBid);
        const sent = sentAt.get(tick);
        if (sent !== undefined && at >= sent && !listener.arrivals.has(tick)) listener.arrivals.set(tick, at);
      }
    });
  });
}

async function openListeners(
  workerUrl: string,
  count: number,
  topics: readonly string[],
): Promise<Listener[]> {
  const out: Listener[] = [];
  for (let first = 0; first < count; first += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - first) }, (_, i) =>
      listen(workerUrl, first + i + 1, topics),
    );
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/** Waits until `check` holds, polling (the hub and the mock talk over real sockets). */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
}

export async function liveBench(): Promise<LiveRun[]> {
  const fixtures = await startFixtureServer(0);
  // One address per socket, but the upgrades all come from here: the per-client request limit is lifted.
  const worker = await startWorker(polymarketVars(fixtures.url), { unlimited: true });
  try {
    await runCron(worker.url, MARKETS_CRON);
    const listed = (await (await fetch(`${worker.url}/api/v1/events?limit=100`)).json()) as {
      events: { slug: string }[];
    };
    const topics = listed.events.map((e) => `event:${e.slug}`);
    if (topics.length === 0) throw new Error("the snapshot lists no events");
    const pids = workerdPids(worker.pid ?? 0);
    const runs: LiveRun[] = [];
    for (const [run, count] of LIVE_SOCKETS.entries()) {
      // Each run's ticks have bids of their own, so a price the hub still holds from the last run is not one.
      const base = (run * TICKS) % 400;
      const connectStart = performance.now();
      const listeners = await openListeners(worker.url, count, topics);
      const connectMs = performance.now() - connectStart;
      // The hub follows the snapshot's tokens upstream (the mock answers with their books).
      await until(() => fixtures.clobWs.state().assets.length > 0, 10_000, "the hub subscribing upstream");
      const assets = fixtures.clobWs.state().assets;
      await sleep(1_000);
      const idleStart = cpuMs(pids);
      const idleWall = performance.now();
      await sleep(3_000);
      const idlePerMs = (cpuMs(pids) - idleStart) / (performance.now() - idleWall);

      const cpuStart = cpuMs(pids);
      const wallStart = performance.now();
      for (let i = 0; i < TICKS; i++) {
        const tick = (base + i) % 400;
        const asset = assets[i % assets.length] as string;
        const bid = bidOf(tick);
        const frame = {
          event_type: "price_change",
          market: `0x${"1".repeat(64)}`,
          timestamp: String(Date.now()),
          price_changes: [
            {
              asset_id: asset,
              price: bid.toFixed(3),
              size: "10",
              side: "BUY",
              hash: "ab",
              best_bid: bid.toFixed(3),
              best_ask: (bid + 0.02).toFixed(3),
            },
          ],
        };
        sentAt.set(tick, performance.now());
        fixtures.clobWs.send(frame);
        await sleep(LIVE_TICK_MS);
      }
      const last = (base + TICKS - 1) % 400;
      await until(
        () => listeners.every((l) => l.arrivals.has(last)),
        10_000,
        "every socket receiving the last tick",
      ).catch(() => {});
      await sleep(500);
      const wallMs = performance.now() - wallStart;
      const cpu = cpuMs(pids) - cpuStart - idlePerMs * wallMs;

      const latencies: number[] = [];
      for (const l of listeners)
        for (const [t, at] of l.arrivals) {
          const sent = sentAt.get(t);
          if (sent !== undefined) latencies.push(at - sent);
        }
      latencies.sort((a, b) => a - b);
      runs.push({
        sockets: count,
        ticks: TICKS,
        tickMs: LIVE_TICK_MS,
        delivered: latencies.length,
        expected: TICKS * count,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: latencies.at(-1) ?? Number.NaN,
        cpuMsPer1000: (Math.max(0, cpu) / Math.max(1, latencies.length)) * 1000,
        connectMs,
      });
      sentAt.clear();
      for (const l of listeners) l.socket.close(1000);
      await sleep(1_000);
    }
    return runs;
  } finally {
    worker.stop();
    await fixtures.close();
  }
}
