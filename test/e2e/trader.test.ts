/**
 * `/trader/:wallet` in Chromium against the built Worker and the fixture server: the rank-1 wallet of
 * the recorded monthly board with its recorded positions and one $30K trade of its own, at 390 and
 * 1280 px with axe, its Record block (win rate, PnL by category) alone at both widths, and the whole page
 * with JavaScript off.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import recorded from "../fixtures/polymarket/data-trades-large-a.json" with { type: "json" };
import { POSITIONS_WALLET } from "../support/upstream-answers";
import { expectNoAxeViolations, screenshotWidths } from "./axe";
import { browserPerFile, launchBrowser } from "./browser";
import { wrapping } from "./layout";

const baseUrl = inject("baseUrl");
const fixtureUrl = inject("fixtureUrl");
const { open } = browserPerFile(baseUrl);
const PATH = `/trader/${POSITIONS_WALLET}`;

beforeAll(async () => {
  await fetch(`${fixtureUrl}/__reset`, { method: "POST" });
  // Under the $50K whale line, so no other page's feed changes.
  await fetch(`${fixtureUrl}/__trades`, {
    method: "POST",
    body: JSON.stringify({
      ...recorded[0],
      proxyWallet: POSITIONS_WALLET,
      size: 60_000,
      price: 0.5,
      slug: "fifwc-nor-eng-2026-07-11-eng",
      title: "Will England win on 2026-07-11?",
      outcome: "Yes",
      side: "BUY",
      transactionHash: "0xtradere2e",
      timestamp: Math.floor(Date.now() / 1000) - 600,
    }),
  });
});

afterAll(async () => {
  await fetch(`${fixtureUrl}/__reset`, { method: "POST" });
});

describe("trader page in Chromium", () => {
  it("shows the name, ranks, positions and trades; no axe violations at 390 and 1280 px", async () => {
    const { page, problems } = await open(PATH);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("DEEDDIT");
    expect(await page.title()).toContain("DEEDDIT — Polymarket Trader");
    expect(await page.getByTestId("rank-month").textContent()).toContain("#1");
    expect(await page.getByTestId("rank-month").textContent()).toContain("+$8.1M PnL");
    // Every recorded trader is on the fixtures' all-time board (decision 0021); the day board lists nobody.
    expect(await page.getByTestId("rank-all").textContent()).toContain("#1");
    expect(await page.getByTestId("rank-day").textContent()).toContain("Not ranked");
    await expect.poll(() => page.getByTestId("trader-positions").count()).toBe(1);
    expect(await page.getByTestId("trader-positions").locator("li").count()).toBe(2);
    expect(await page.getByRole("link", { name: "Lionel Messi: 1+ goals" }).getAttribute("href")).toBe(
      "/market/fifwc-arg-che-2026-07-11-goals-lionel-messi-gte1",
    );
    await expect.poll(() => page.getByTestId("trader-trades").count()).toBe(1);
    expect(await page.getByTestId("trader-trades").textContent()).toContain("$30K");
    expect(
      await page
        .getByRole("link", { name: "Profile on Polymarket (opens in a new tab)" })
        .getAttribute("href"),
    ).toBe(`https://polymarket.com/profile/${POSITIONS_WALLET}`);

    await expectNoAxeViolations(page);
    await screenshotWidths(page, "trader");
    // The wallet (monospace, no slash to break at) stays whole on one line on phones, never break-all.
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 900 });
      const wallet = await wrapping(page.getByTestId("trader-wallet"));
      expect(wallet.wordBreak, `${width} px`).not.toBe("break-all");
      expect(wallet.fits, `${width} px`).toBe(true);
      expect(wallet.lines, `${width} px`).toBe(1);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the Record block: win rate, PnL by category and their source; fits and passes axe at 390 and 1280 px", async () => {
    const { page, problems } = await open(PATH);
    const record = page.getByTestId("section-record");
    await expect.poll(() => page.getByTestId("trader-record").count()).toBe(1);
    expect(await record.getByRole("heading", { level: 2 }).textContent()).toBe("Record");
    // The recorded lists: two held and paid, two held and paid nothing, one closed each way.
    expect(await page.getByTestId("record-win-rate").textContent()).toBe("50% (3 won, 3 lost)");
    expect(await page.getByTestId("record-pnl").textContent()).toBe("-$1.4M");
    const table = page.getByTestId("record-categories");
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      "Category",
      "Positions",
      "Won / lost",
      "PnL",
    ]);
    expect(await table.getByRole("rowheader").count()).toBeGreaterThan(0);
    expect(await record.textContent()).toContain("Source: Polymarket Data API (positions), as of ");
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const fits = await record.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits, `${width} px`).toBe(true);
      await expectNoAxeViolations(page);
      await record.screenshot({ path: `test-results/trader-record-${width}.png` });
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("is readable without JavaScript: every section is in the server's HTML", async () => {
    // Warm the 5-minute caches first, as any earlier visitor would: then nothing streams.
    await fetch(`${baseUrl}${PATH}`);
    const noJs = await launchBrowser({ javaScriptEnabled: false });
    const page = await noJs.context.newPage();
    const response = await page.goto(`${baseUrl}${PATH}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("DEEDDIT");
    expect(await page.getByTestId("rank-month").textContent()).toContain("#1");
    expect(await page.getByTestId("trader-positions").isVisible()).toBe(true);
    expect(await page.getByTestId("trader-trades").isVisible()).toBe(true);
    expect(await page.getByTestId("record-win-rate").textContent()).toBe("50% (3 won, 3 lost)");
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: "test-results/trader-nojs-390.png", fullPage: true });
    await noJs.close();
  });

  it("a path that is not a wallet is the 404 page", async () => {
    for (const path of ["/trader/abc", "/trader/0x123", `/trader/0x${"a".repeat(41)}`]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("Oops! Page not found");
    }
  });
});
