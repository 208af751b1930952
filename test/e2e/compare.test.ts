/**
 * `/compare` in Chromium against the built Worker (decision 0057). Its own fixture server lists the recorded
 * World Cup event (gamma-event-negrisk-60.json) as Gamma's busiest markets and Kalshi's recorded events; the
 * market cron shows the event, the Kalshi cron crawls Kalshi and pairs them, as the runtime would. Then the
 * page at 390 and 1280 px with axe: the pairs, the filters (a plain GET form), none above a filter, and the
 * page without JavaScript. The shared Workers of global-setup are left alone (they list other markets).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KALSHI_CRON, MARKETS_CRON } from "../../app/lib/refresh-cadence";
import { polymarketVars, startFixtureServer } from "../support/fixture-server";
import { startWorker } from "../support/worker";
import { WORLD_CUP } from "../support/world-cup";
import { expectNoAxeViolations, screenshotWidths } from "./axe";
import { browserPerFile, launchBrowser } from "./browser";

let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
let worker: Awaited<ReturnType<typeof startWorker>>;
let base = "";
const { open } = browserPerFile("");

async function cron(expression: string): Promise<void> {
  const res = await fetch(`${base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(expression)}`);
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  fixtures = await startFixtureServer(0);
  worker = await startWorker({
    UPSTREAM_RETRY_BASE_MS: "10",
    ...polymarketVars(fixtures.url),
    X_API_URL: `${fixtures.url}/no-x`,
    LLM_API_URL: `${fixtures.url}/no-llm`,
  });
  base = worker.url;
  const listed = await fetch(`${fixtures.url}/__markets`, {
    method: "POST",
    body: JSON.stringify(WORLD_CUP),
  });
  expect(listed.status).toBe(200);
  await cron(MARKETS_CRON);
  await cron(KALSHI_CRON);
}, 120_000);

afterAll(async () => {
  worker?.stop();
  await fixtures?.close();
});

describe("/compare in Chromium", () => {
  it("lists the World Cup pairs by gap after fees with both prices, links and how each was matched; no axe violations at 390 and 1280 px", async () => {
    for (const width of [390, 1280]) {
      const { page, problems } = await open("/compare", base, { width });
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Polymarket vs Kalshi");
      expect(await page.getByText("Not an arbitrage: resolution rules can differ.").count()).toBe(1);
      const rows = page.getByTestId("compare-row");
      expect(await rows.count()).toBeGreaterThan(5);
      const first = rows.first();
      expect(await first.getByText(/^Gap after fees/).count()).toBe(1);
      expect(await first.getByRole("link", { name: /Market on Kalshi/ }).count()).toBe(1);
      expect(await first.getByRole("link", { name: /Polymarket's rules/ }).count()).toBe(1);
      expect(await first.getByText(/^Matched with score/).count()).toBe(1);
      expect(
        await page.getByRole("link", { name: "Compare", exact: true }).first().getAttribute("aria-current"),
      ).toBe("page");
      await expectNoAxeViolations(page);
      if (width === 1280) await screenshotWidths(page, "compare");
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it("the filters are a GET form: a category with no pair says so", async () => {
    const { page, problems } = await open("/compare", base, { width: 390 });
    await page.getByLabel("Category").selectOption("politics");
    await Promise.all([
      page.waitForURL(/category=politics/),
      page.getByRole("button", { name: "Show" }).click(),
    ]);
    await expect.poll(() => page.getByTestId("compare-none-above").count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("without JavaScript the pairs and the form are all there", async () => {
    const plain = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await plain.context.newPage();
      const res = await page.goto(`${base}/compare?min_gap=1`);
      expect(res?.status()).toBe(200);
      expect(await page.getByTestId("compare-row").count()).toBeGreaterThan(0);
      expect(await page.getByLabel("Minimum gap after fees (¢)").inputValue()).toBe("1");
    } finally {
      await plain.close();
    }
  });
});
