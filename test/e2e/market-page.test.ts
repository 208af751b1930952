/**
 * `/market/:slug` in Chromium against the built Worker and the fixture server: a market fetched on
 * demand (the recorded prices-history event), at 390 and 1280 px with axe, the chart's keyboard
 * readout with JavaScript, and the whole page — chart included — with JavaScript off.
 */
import { describe, expect, inject, it } from "vitest";
import { formatMoney } from "../../app/lib/format";
import { HISTORY_MARKET_SLUG } from "../support/market-answers";
import { expectNoAxeViolations, screenshotWidths } from "./axe";
import { browserPerFile, launchBrowser } from "./browser";

const baseUrl = inject("baseUrl");
const { open } = browserPerFile(baseUrl);
const PATH = `/market/${HISTORY_MARKET_SLUG}`;

describe("market page in Chromium", () => {
  it("shows the market, its chart, calls, event and holders; no axe violations at 390 and 1280 px", async () => {
    const { page, problems } = await open(PATH);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "MicroStrategy sells any Bitcoin by December 31, 2026?",
    );
    expect(await page.title()).toContain("MicroStrategy sells any Bitcoin by December 31, 2026?");
    expect(await page.getByTestId("outcomes").locator("li").count()).toBe(2);
    await expect.poll(() => page.getByTestId("price-chart").count()).toBe(1);
    expect(await page.getByTestId("chart-summary").textContent()).toMatch(/^Yes (rose|fell|held)/);
    expect(await page.getByTestId("event-markets").locator("li").count()).toBe(4);
    await expect.poll(() => page.getByTestId("holders").count()).toBe(1);
    // Each holder's position in dollars beside the shares: shares × that outcome's current price.
    const { market } = (await (await fetch(`${baseUrl}/api/markets/${HISTORY_MARKET_SLUG}`)).json()) as {
      market: { outcomes: { label: string; price: number }[] };
    };
    for (const { label, price } of market.outcomes) {
      const rows = page
        .getByTestId("holders")
        .locator(".card")
        .filter({ has: page.getByRole("heading", { name: label, exact: true }) })
        .getByTestId("holder");
      expect(await rows.count(), label).toBeGreaterThan(0);
      for (const row of await rows.all()) {
        const shares = Number((await row.getByText(/ shares$/).textContent())?.replace(/[^\d]/g, ""));
        expect(await row.getByTestId("holder-value").textContent(), label).toBe(formatMoney(shares * price));
      }
    }
    expect(
      await page.getByRole("link", { name: "Trade on Polymarket (opens in a new tab)" }).getAttribute("href"),
    ).toBe("https://polymarket.com/event/microstrategy-sell-any-bitcoin-in-2025");

    // The readout: focus the chart, arrow keys move through time and say the prices there.
    const slider = page.getByRole("slider", { name: /Chart readout/ });
    await slider.focus();
    await page.keyboard.press("ArrowLeft");
    // Only the Yes token has a recorded history, so the chart has one line.
    await expect
      .poll(() => page.getByTestId("chart-readout").textContent())
      .toMatch(/^\w{3} \d+, \d{4}: Yes \d+(\.\d)?¢$/);

    // Range links are plain links with their own URL.
    await page.getByTestId("range-1d").click();
    await page.waitForURL(/range=1d/);
    expect(await page.getByTestId("chart-summary").textContent()).toContain("over the last day");

    await expectNoAxeViolations(page);
    await screenshotWidths(page, "market");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("fits the chart on a 390 px phone: whole range, latest point and price on screen, labels ≥ 11 px as drawn", async () => {
    for (const query of ["", "?range=1d"]) {
      const { page } = await open(`${PATH}${query}`);
      await page.setViewportSize({ width: 390, height: 900 });
      await expect.poll(() => page.getByTestId("price-chart").count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), query).toBeLessThanOrEqual(390);

      // The chart's box neither scrolls nor is wider than the section it sits in: the whole range shows.
      const box = page.getByRole("slider", { name: /Chart readout/ });
      const fit = await box.evaluate((el) => ({
        scroll: el.scrollWidth - el.clientWidth,
        overhang: el.getBoundingClientRect().width - (el.parentElement?.clientWidth ?? 0),
      }));
      expect(fit.scroll, query).toBeLessThanOrEqual(0);
      expect(fit.overhang, query).toBeLessThanOrEqual(0);

      // Every label as drawn: an SVG's text shrinks with the drawing (its screen matrix), HTML does not.
      const labels = await box.evaluate((el) =>
        [...el.querySelectorAll("*")].flatMap((node) => {
          const ownText = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent?.trim());
          const rect = node.getBoundingClientRect();
          if (!ownText || node.tagName === "title" || rect.width === 0) return [];
          const scale =
            node instanceof SVGGraphicsElement
              ? (node.getScreenCTM()?.a ?? 1)
              : rect.width / (node as HTMLElement).offsetWidth;
          const size = Number.parseFloat(getComputedStyle(node).fontSize) * scale;
          return [{ text: node.textContent ?? "", size, left: rect.left, right: rect.right }];
        }),
      );
      // Prices (at least three) and times (at least two) are labelled.
      expect(labels.filter((l) => /¢$/.test(l.text)).length, query).toBeGreaterThanOrEqual(3);
      expect(labels.filter((l) => !/¢$/.test(l.text)).length, query).toBeGreaterThanOrEqual(2);
      for (const label of labels) {
        expect(label.size, `${query} ${label.text}`).toBeGreaterThanOrEqual(11);
        expect(label.left, `${query} ${label.text}`).toBeGreaterThanOrEqual(0);
        expect(label.right, `${query} ${label.text}`).toBeLessThanOrEqual(390);
      }
      // Time labels do not run into each other.
      const times = labels.filter((l) => !/¢$/.test(l.text)).sort((a, b) => a.left - b.left);
      for (let i = 1; i < times.length; i++) {
        expect(times[i]?.left ?? 0, query).toBeGreaterThan(times[i - 1]?.right ?? 0);
      }

      // The latest point is on screen inside the chart, and the current price is written beside the legend.
      const chartBox = await box.boundingBox();
      const last = await page.getByTestId("chart-last").first().boundingBox();
      if (!chartBox || !last) throw new Error("expected the chart and its latest point to be drawn");
      expect(last.x + last.width, query).toBeLessThanOrEqual(Math.min(390, chartBox.x + chartBox.width));
      expect(last.x, query).toBeGreaterThan(chartBox.x + chartBox.width / 2);
      const legend = page.getByTestId("chart-legend-item").first();
      expect(await legend.textContent(), query).toMatch(/^Yes \d+(\.\d)?¢$/);
      const price = await legend.boundingBox();
      expect((price?.x ?? 0) + (price?.width ?? 0), query).toBeLessThanOrEqual(390);
      await page.close();
    }
  });

  it("is complete without JavaScript: figures, chart and summary are in the server's HTML", async () => {
    // Warm the on-demand caches first, as any earlier visitor would: then nothing streams.
    await fetch(`${baseUrl}${PATH}?range=1m`);
    const noJs = await launchBrowser({ javaScriptEnabled: false });
    const page = await noJs.context.newPage();
    const response = await page.goto(`${baseUrl}${PATH}?range=1m`);
    expect(response?.status()).toBe(200);
    expect(await page.locator("[data-testid=price-chart] path").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("chart-summary").textContent()).toContain("this month");
    expect(await page.getByTestId("range-1m").getAttribute("aria-current")).toBe("page");
    expect(await page.getByTestId("holders").isVisible()).toBe(true);
    expect(await page.getByTestId("event-markets").isVisible()).toBe(true);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: "test-results/market-nojs-390.png", fullPage: true });
    await noJs.close();
  });

  it("an impossible slug is a 404 page; an unknown one too", async () => {
    for (const path of ["/market/NOT_A_SLUG", "/market/no-such-market-anywhere"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("Oops! Page not found");
    }
  });
});
