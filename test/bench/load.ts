/**
 * `npm run loadtest`: 50 connections for 30 s over every public page (loopback only), against the
 * built Worker and the fixture upstreams. Passes only with zero socket errors and zero non-2xx.
 */
import { PUBLIC_PATHS } from "../../app/lib/site.ts";
import { polymarketVars, startFixtureServer } from "../support/fixture-server.ts";
import { startWorker } from "../support/worker.ts";
import { ensureWrk, runWrk } from "./run-wrk.ts";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);

await ensureWrk();
const fixtures = await startFixtureServer(0);
// All load comes from one address: the per-client rate limits are lifted for it (decision 0021).
const worker = await startWorker(polymarketVars(fixtures.url), { unlimited: true });
let failed = true;
try {
  for (const path of PUBLIC_PATHS) await fetch(`${worker.url}${path}`); // warm
  // A market page, its JSON and the track record's exports too (on-demand data kept in memory and the Cache API).
  const market = "/market/will-trump-deport-less-than-250000";
  const extra = [
    market,
    `/api/markets/will-trump-deport-less-than-250000/history?range=1w`,
    "/api/track-record",
    "/track-record.csv",
  ];
  for (const path of extra) await fetch(`${worker.url}${path}`); // warm
  const paths = [...PUBLIC_PATHS, ...extra, "/robots.txt", "/sitemap.xml", "/api/markets", "/api/whales"];
  process.env.WRK_PATHS = paths.join(",");
  const result = await runWrk(`${worker.url}/`, { connections: CONNECTIONS, seconds: SECONDS });
  const stats = (await (await fetch(`${fixtures.url}/__stats`)).json()) as { gamma: number; data: number };
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s, ${paths.length} paths in rotation`);
  console.log(
    `requests ${result.requests}, ${result.rate.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms`,
  );
  console.log(`non-2xx ${result.non2xx}, socket errors ${result.socketErrors}`);
  console.log(`upstream requests: markets ${stats.gamma}, trades ${stats.data}`);
  failed = result.non2xx > 0 || result.socketErrors > 0;
  console.log(failed ? "FAIL" : "PASS: zero errors, zero non-2xx");
} finally {
  worker.stop();
  await fixtures.close();
}
process.exitCode = failed ? 1 : 0;
