/**
 * `/track-record` in Chromium against the built Worker and the fixture server: the calls the first
 * market build recorded (the estimate's, as X and the model are unreachable here; none graded, as no
 * cron runs), at 390 and 1280 px with axe, its plain-link pages, and the whole page with JavaScript
 * off. Also a market page's own calls.
 */
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { CALLS_PER_PAGE } from "../../app/lib/track-record-page";
import { expectNoAxeViolations, screenshotWidths } from "./axe";
import { browserPerFile, launchBrowser } from "./browser";

const baseUrl = inject("baseUrl");
const { open } = browserPerFile(baseUrl);
/**
 * A market the first build records a call on: the estimate calls an event only on a 24 h move of 2 points
 * or more, and not once it has ended. Of the 20 recorded events, two qualify: BitBoy's (BUY NO after its
 * 20-point drop) and the World Cup qualifiers' (BUY YES on Sweden).
 */
const TOP_SLUG = "bitboy-convicted";
/** The open calls those two events make (none is graded: no cron runs here). */
const ESTIMATE_CALLS = [
  { title: "BitBoy convicted?", call: "BUY NO" },
  { title: "2026 FIFA World Cup: Which countries qualify?", call: "BUY YES" },
];

async function html(path: string): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { "user-agent": "Googlebot/2.1" } });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The number in the "Calls recorded" figure of the server's HTML. */
async function callsRecorded(): Promise<number> {
  const match = /data-testid="figure-calls"[\s\S]*?<dd[^>]*>([\d,]+)<\/dd>/.exec(await html("/track-record"));
  return Number((match?.[1] ?? "0").replaceAll(",", ""));
}

beforeAll(async () => {
  // Any visit to / builds the market snapshot, which records its calls in the background.
  await fetch(`${baseUrl}/`);
  await vi.waitFor(
    async () => {
      if ((await callsRecorded()) < ESTIMATE_CALLS.length) {
        throw new Error("the first market build has not recorded its calls yet");
      }
    },
    { timeout: 30_000, interval: 200 },
  );
});

describe("/track-record in Chromium", () => {
  it("shows the figures, the reliability diagram, the tables and the open calls; no axe violations at 390 and 1280 px", async () => {
    const { page, problems } = await open("/track-record");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Track Record");
    expect(await page.title()).toBe("Track Record: Every Call, Graded | OddsPulse");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseUrl}/track-record`);
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    );
    expect(ld).toMatchObject({ "@type": "WebPage", mainEntity: { "@type": "Dataset" } });

    // In the header's navigation, marked as the current page.
    const nav = page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: "Track Record" });
    expect(await nav.getAttribute("aria-current")).toBe("page");

    // Nothing graded yet (no cron runs here): dashes, counts and "too few to judge".
    expect(
      Number(await page.getByTestId("figure-calls").locator("dd").first().textContent()),
    ).toBeGreaterThan(0);
    expect(await page.getByTestId("figure-graded").locator("dd").first().textContent()).toBe("0");
    expect(await page.getByTestId("value-hit-rate").textContent()).toBe("—");
    expect(await page.getByTestId("figure-hit-rate").getByText("too few to judge").count()).toBe(1);
    expect(await page.getByTestId("reliability-svg").isVisible()).toBe(true);
    expect(await page.getByTestId("reliability-table").locator("tr").count()).toBe(10);
    expect(
      await page.getByTestId("by-source").getByText("Rule-based estimate", { exact: true }).count(),
    ).toBe(1);
    expect(await page.getByText("No call has been settled yet.").count()).toBe(1);

    // Open calls: up to 20 a page, newest first, each linking to its market page with why it is pending.
    // Every call recorded is open (none graded): the two the estimate makes, on one page without a pager.
    const recordedCalls = Number(
      (await page.getByTestId("figure-calls").locator("dd").first().textContent())?.replaceAll(",", ""),
    );
    expect(recordedCalls).toBe(ESTIMATE_CALLS.length);
    expect(recordedCalls).toBeLessThanOrEqual(CALLS_PER_PAGE);
    const open20 = page.getByTestId("open-calls").locator("tr");
    expect(await open20.count()).toBe(recordedCalls);
    for (const { title, call } of ESTIMATE_CALLS) {
      const row = open20.filter({ has: page.getByRole("link", { name: title, exact: true }) });
      expect(await row.count(), title).toBe(1);
      expect(await row.locator("td").nth(1).textContent(), title).toMatch(new RegExp(`^${call}`));
    }
    expect(await page.getByTestId("open-pages").count()).toBe(0);
    expect(await open20.first().locator("a").first().getAttribute("href")).toMatch(/^\/market\/[a-z0-9-]+$/);
    expect(await open20.first().locator("td").last().textContent()).toMatch(
      /^Market open|^Ended|^Not closed/,
    );
    // Each price is named by the outcome it is of: a BUY NO's is the market's second outcome's.
    const calls = await open20.evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].map((td) => td.textContent ?? "")),
    );
    for (const [, call, , price] of calls) {
      expect(price).toMatch(/^.+ (\d+(\.\d)?¢|<0\.1¢)$/);
      if (call?.startsWith("BUY YES") || call?.startsWith("NEUTRAL")) expect(price).not.toMatch(/^No /);
    }

    // The horizon table adds up: its rows and the line under it make the calls recorded.
    const recorded = Number(
      (await page.getByTestId("figure-calls").locator("dd").first().textContent())?.replaceAll(",", ""),
    );
    const inRows = await page
      .getByTestId("by-horizon")
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => Number(row.querySelector("td")?.textContent?.replaceAll(",", ""))),
      );
    const note = (await page.getByTestId("by-horizon-note").textContent()) ?? "";
    const noHorizon = note.startsWith("Every call has a horizon")
      ? 0
      : Number(/^([\d,]+) calls? ha(?:s|ve) no horizon/.exec(note)?.[1]?.replaceAll(",", ""));
    expect(inRows.reduce((sum, n) => sum + n, 0) + noHorizon).toBe(recorded);

    // The method and the export links.
    expect(await page.getByRole("heading", { name: "How the record is kept" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "/track-record.csv" }).getAttribute("href")).toBe(
      "/track-record.csv",
    );
    expect(await page.getByRole("link", { name: "/api/track-record" }).getAttribute("href")).toBe(
      "/api/track-record",
    );

    // At 1280 px every header link fits without scrolling the row.
    const row = page.getByRole("navigation", { name: "Categories" });
    expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    await expectNoAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotWidths(page, "track-record");
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    // A call's market is a plain link to its page.
    await open20.first().locator("a").first().click();
    await page.waitForURL(/\/market\/[a-z0-9-]+$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("is complete without JavaScript: figures, the SVG, the tables and the method are in the server's HTML", async () => {
    const noJs = await launchBrowser({ javaScriptEnabled: false });
    const page = await noJs.context.newPage();
    const response = await page.goto(`${baseUrl}/track-record`);
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("figure-calls").isVisible()).toBe(true);
    expect(
      Number(await page.getByTestId("figure-calls").locator("dd").first().textContent()),
    ).toBeGreaterThan(0);
    expect(await page.getByTestId("value-hit-rate").isVisible()).toBe(true);
    expect(await page.getByTestId("value-return").isVisible()).toBe(true);
    expect(await page.getByTestId("reliability-svg").isVisible()).toBe(true);
    expect(await page.locator("[data-testid=reliability-svg] line").count()).toBeGreaterThan(10);
    expect(await page.getByTestId("reliability-diagonal").count()).toBe(1);
    expect(await page.getByTestId("open-calls").locator("tr").count()).toBe(ESTIMATE_CALLS.length);
    expect(await page.getByTestId("method").isVisible()).toBe(true);
    // A page past the last is the last (one page here): the same calls, no pager.
    await page.goto(`${baseUrl}/track-record?open=2`);
    expect(await page.getByTestId("open-calls").locator("tr").count()).toBe(ESTIMATE_CALLS.length);
    expect(await page.getByTestId("open-pages").count()).toBe(0);
    // The calls' market links are plain links: they work without scripts.
    await page.getByTestId("open-calls").locator("tr").first().locator("a").first().click();
    await page.waitForURL(/\/market\/[a-z0-9-]+$/);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    await page.goto(`${baseUrl}/track-record`);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: "test-results/track-record-nojs-390.png", fullPage: true });
    await noJs.close();
  });

  it("a page number that is not a whole number from 1 is a 400 that says so", async () => {
    const response = await fetch(`${baseUrl}/track-record?graded=zero`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Bad page number: ?graded= takes a whole number from 1.");
  });
});

describe("a market page's own calls", () => {
  it("lists the call the first build recorded, accessibly", async () => {
    const { page, problems } = await open(`/market/${TOP_SLUG}`);
    const section = page.getByTestId("section-our-calls");
    expect(await section.getByRole("heading", { name: "Our calls on this market" }).count()).toBe(1);
    const rows = section.getByTestId("market-calls").locator("tr");
    expect(await rows.count()).toBeGreaterThan(0);
    const cells = await rows.first().locator("td").allTextContents();
    expect(cells.slice(1)).toEqual([
      expect.stringMatching(/^(BUY YES|BUY NO|NEUTRAL)$/),
      "Rule-based estimate",
      expect.stringMatching(/^.+ (\d+(\.\d)?¢|<0\.1¢)$/),
      "Pending",
      "—",
    ]);
    await expectNoAxeViolations(page);
    await section.scrollIntoViewIfNeeded();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await section.screenshot({ path: `test-results/market-calls-${width}.png` });
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
