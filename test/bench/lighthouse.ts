/**
 * `npm run lighthouse`: Lighthouse (mobile preset) on the built Worker served by workerd against the
 * fixture upstreams, warm caches, for /, /politics, /whale-watch, /help-center and a market page. Prints the four
 * category scores. Chromium's host resolver sends every non-loopback host to a local image server,
 * so nothing leaves the machine (market images come from the provider's CDN).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM, CHROMIUM_ARGS } from "../e2e/browser.ts";
import { polymarketVars, startFixtureServer } from "../support/fixture-server.ts";
import { startImageServer } from "../support/image-server.ts";
import { startWorker } from "../support/worker.ts";

const PAGES =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : [
        "/",
        "/politics",
        "/whale-watch",
        "/help-center",
        "/market/microstrategy-sells-any-bitcoin-by-december-31-2026",
      ];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const fixtures = await startFixtureServer(0);
const images = await startImageServer();
const worker = await startWorker(polymarketVars(fixtures.url));
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    ...CHROMIUM_ARGS,
    `--host-resolver-rules=MAP * 127.0.0.1:${images.port}, EXCLUDE 127.0.0.1`,
    "--ignore-certificate-errors",
  ],
});

try {
  await fetch(`${worker.url}/api/markets`); // warm the caches: visitors never wait on a cold one
  await fetch(`${worker.url}/api/whales`);
  const rows: string[][] = [];
  for (const path of PAGES) {
    const result = await lighthouse(`${worker.url}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    const categories = result?.lhr.categories ?? {};
    const scores = CATEGORIES.map((c) => String(Math.round((categories[c]?.score ?? 0) * 100)));
    rows.push([path, ...scores]);
    const failing = Object.values(result?.lhr.audits ?? {}).filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== "informative" &&
        a.scoreDisplayMode !== "notApplicable",
    );
    for (const audit of failing)
      console.error(`  ${path}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ""}`);
  }
  const header = ["page", "performance", "accessibility", "best-practices", "seo"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(`\nLighthouse ${"mobile"} (warm cache, fixture upstreams)\n${line(header)}`);
  for (const row of rows) console.log(line(row));
} finally {
  chrome.kill();
  worker.stop();
  await images.close();
  await fixtures.close();
}
