/**
 * The event page's Kalshi line in Chromium at 390 and 1280 px with axe (decision 0057), on a Worker of its
 * own: its D1 holds a pair as the pairing job writes one (confirmed by hand; a test pair: no recorded Kalshi
 * market asks a recorded event's question that the fixture server serves), Kalshi's recorded markets come
 * from the fixture server through the Kalshi cron's crawl, and the page's own Polymarket price is beside.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KALSHI_CRON } from "~/lib/refresh-cadence";
import { type FixtureServer, polymarketVars, startFixtureServer } from "../support/fixture-server";
import { HISTORY_EVENT_SLUG } from "../support/market-answers";
import { runCron } from "../support/worker";
import { expectNoAxeViolations } from "./axe";
import { browserPerFile } from "./browser";
import { startWorker } from "./global-setup";

/** "June 30, 2026" of the recorded prices-history event (9.5¢) and a recorded Kalshi market (last 64¢). */
const MARKET_ID = "692258";
const TICKER = "KXUSAIRANAGREEMENT-27";
const SEED = `INSERT INTO cross_venue_pairs (polymarket_id, event_slug, kalshi_ticker, score, reasons, decided_by, matched_ms)
  VALUES ('${MARKET_ID}', '${HISTORY_EVENT_SLUG}', '${TICKER}', 1, '[]', 'confirmed', 0);
  INSERT INTO kalshi_pairs (polymarket_id, kalshi_ticker, verdict, note, decided_ms)
  VALUES ('${MARKET_ID}', '${TICKER}', 'confirmed', 'e2e test pair', 0);`;

const { open } = browserPerFile("");
let fixtures: FixtureServer;
let worker: Awaited<ReturnType<typeof startWorker>>;
let baseUrl = "";

beforeAll(async () => {
  fixtures = await startFixtureServer(0);
  worker = await startWorker(
    { ...polymarketVars(fixtures.url), UPSTREAM_RETRY_BASE_MS: "10" },
    { seedSql: SEED },
  );
  baseUrl = worker.url;
  // Kalshi's recorded markets into D1, as the Kalshi cron reads them.
  await runCron(baseUrl, KALSHI_CRON);
}, 120_000);

afterAll(async () => {
  worker?.stop();
  await fixtures?.close();
});

describe("the event page's Kalshi line in Chromium", () => {
  it("shows Kalshi's price, quote, gap, volume, how it was paired, read times and both rules; no axe violations at 390 and 1280 px", async () => {
    const { page, problems } = await open(`/event/${HISTORY_EVENT_SLUG}`, baseUrl);
    const section = page.getByTestId("section-kalshi");
    await expect.poll(() => section.count()).toBe(1);
    const line = section.getByTestId("kalshi-line");
    expect(await line.textContent()).toMatch(/^Kalshi: Yes 64¢ \(bid 60¢ \/ ask 63¢\) · gap \+5[45]¢/);
    expect(await line.getAttribute("href")).toBe("https://kalshi.com/markets/kxusairanagreement-27");
    const text = (await section.textContent()) ?? "";
    expect(text).toContain("June 30, 2026: ");
    expect(text).toContain("24 h volume 9,380 contracts");
    expect(text).toContain("Paired: confirmed by hand");
    expect(text).toMatch(/Kalshi's read \d\d:\d\d UTC/);
    expect(text).toContain("Resolution rules can differ: read both.");
    expect(text).not.toMatch(/arbitrage/i);
    expect(await section.getByRole("link", { name: /Kalshi's rules/ }).getAttribute("href")).toBe(
      "https://kalshi.com/markets/kxusairanagreement",
    );
    await section.scrollIntoViewIfNeeded();
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await section.screenshot({ path: "test-results/kalshi-line-390.png" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page);
    await section.screenshot({ path: "test-results/kalshi-line-1280.png" });
    expect(problems).toEqual([]);
    await page.close();
  });
});
