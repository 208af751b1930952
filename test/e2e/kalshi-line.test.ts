/**
 * The event page's Kalshi line in Chromium at 390 and 1280 px with axe (decision 0057), on a Worker of its
 * own with a real pair: its fixture server lists the recorded World Cup event as Gamma's busiest markets and
 * Kalshi's recorded events; the market cron shows the event, the Kalshi cron crawls Kalshi and its pairing job
 * pairs Spain with KXMENWORLDCUP-26-ES, as the runtime would. The page shows Kalshi's recorded figures beside
 * its own Polymarket price for Spain (the branches a real pair cannot reach are rendered in
 * test/worker/kalshi-pages.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KALSHI_CRON, MARKETS_CRON } from "~/lib/refresh-cadence";
import { type FixtureServer, polymarketVars, startFixtureServer } from "../support/fixture-server";
import { runCron } from "../support/worker";
import { WORLD_CUP, WORLD_CUP_SLUG } from "../support/world-cup";
import { expectNoAxeViolations } from "./axe";
import { browserPerFile } from "./browser";
import { startWorker } from "./global-setup";

const { open } = browserPerFile("");
let fixtures: FixtureServer;
let worker: Awaited<ReturnType<typeof startWorker>>;
let baseUrl = "";

beforeAll(async () => {
  fixtures = await startFixtureServer(0);
  worker = await startWorker({
    ...polymarketVars(fixtures.url),
    UPSTREAM_RETRY_BASE_MS: "10",
    X_API_URL: `${fixtures.url}/no-x`,
    LLM_API_URL: `${fixtures.url}/no-llm`,
  });
  baseUrl = worker.url;
  const listed = await fetch(`${fixtures.url}/__markets`, {
    method: "POST",
    body: JSON.stringify(WORLD_CUP),
  });
  expect(listed.status).toBe(200);
  await runCron(baseUrl, MARKETS_CRON);
  await runCron(baseUrl, KALSHI_CRON);
}, 120_000);

afterAll(async () => {
  worker?.stop();
  await fixtures?.close();
});

describe("the event page's Kalshi line in Chromium, a pair the pairing job made", () => {
  it("Spain: Kalshi's recorded price, quote, gap to the page's 10.7¢, volume, the matcher's score, read times, both rules, the Kalshi link; no axe violations or overflow at 390 and 1280 px", async () => {
    const { page, problems } = await open(`/event/${WORLD_CUP_SLUG}`, baseUrl, { width: 390 });
    const section = page.getByTestId("section-kalshi");
    await expect.poll(() => section.count()).toBe(1);
    // The outcome table's Spain row: 0.1065 recorded, shown to the tenth.
    const row = page
      .getByTestId("outcome-row")
      .filter({ has: page.getByRole("link", { name: "Spain", exact: true }) });
    expect(await row.locator("td").first().textContent()).toBe("10.7¢");
    const spain = section.getByTestId("kalshi-pair").filter({ hasText: /^Spain: / });
    expect(await spain.count()).toBe(1);
    // Kalshi's recorded KXMENWORLDCUP-26-ES: last 19¢, bid 18¢, ask 19¢, 4,705 contracts in 24 h; 19 − 10.65 = +8¢.
    const line = spain.getByTestId("kalshi-line");
    expect(await line.textContent()).toMatch(/^Kalshi: Yes 19¢ \(bid 18¢ \/ ask 19¢\) · gap \+8¢/);
    expect(await line.getAttribute("href")).toBe("https://kalshi.com/markets/kxmenworldcup-26");
    const text = (await spain.textContent()) ?? "";
    expect(text).toContain("24 h volume 4,705 contracts");
    expect(text).toContain("Kalshi's question: Will the Spain win the 2026 Men's World Cup?");
    expect(text).toMatch(/Paired by our matcher, score 0\.\d\d \(.*Spain.*\)/);
    expect(text).toMatch(/Polymarket's 10\.7¢ read [^;]+; Kalshi's read [^.]+\./);
    expect(text).toContain("Resolution rules can differ: read both.");
    // Kalshi's expected expiration (Jul 19, 2026 14:00 UTC) is within a day of Polymarket's end (Jul 20).
    expect(text).not.toContain("End dates differ");
    expect(text).not.toMatch(/arbitrage/i);
    expect(await spain.getByRole("link", { name: /Kalshi's rules/ }).getAttribute("href")).toBe(
      "https://kalshi.com/markets/kxmenworldcup",
    );
    expect(await spain.getByRole("link", { name: /Polymarket's rules/ }).getAttribute("href")).toBe(
      `https://polymarket.com/event/${WORLD_CUP_SLUG}`,
    );
    await spain.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await spain.screenshot({ path: "test-results/kalshi-line-390.png" });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await expectNoAxeViolations(page);
    await spain.screenshot({ path: "test-results/kalshi-line-1280.png" });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the same figures on /compare's Spain row", async () => {
    const { page, problems } = await open("/compare", baseUrl, { width: 1280 });
    const row = page
      .getByTestId("compare-row")
      .filter({ hasText: "Will Spain win the 2026 FIFA World Cup?" });
    expect(await row.count()).toBe(1);
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("Kalshi − Polymarket: +8.4¢");
    expect(text).toContain("Yes 10.7¢");
    expect(text).toContain("Yes 19¢");
    expect(text).toContain("bid 18¢ / ask 19¢, 4,705 contracts in 24 h");
    expect(problems).toEqual([]);
    await page.close();
  });
});
