import { describe, expect, inject, it } from "vitest";
import { PAGE_SIZE } from "../../app/lib/dashboard";
import { CATEGORY_LINKS } from "../../app/lib/site";
import { browserPerFile, watchProblems } from "./browser";
import { listedEvents } from "./recorded-events";

const baseUrl = inject("baseUrl");
const { context } = browserPerFile(baseUrl);

describe("home page in Chromium", () => {
  it("server-renders the recorded feed, hydrates without console errors or CSP violations", async () => {
    const page = await context().newPage();
    const problems = watchProblems(page);
    const response = await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    // One card per event; Trending hides the events already past their end date.
    const expected = listedEvents(undefined);
    await expect
      .poll(() => page.getByTestId("event-card").count())
      .toBe(Math.min(PAGE_SIZE, expected.length));
    expect(await page.getByTestId("event-card").first().getAttribute("data-event-id")).toBe(expected[0]?.id);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Market Sentiment Intelligence");
    // Hydrated: React Router's client took over (its context is set by the nonce'd inline script).
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    expect(problems).toEqual([]);
    await page.screenshot({ path: "test-results/home-1280.png", fullPage: false });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: "test-results/home-390.png", fullPage: false });
    await page.close();
  });

  it("fits every header link in one row at 1280 px, each a touch target of at least 24 px", async () => {
    const page = await context().newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/`);
    const row = page.getByRole("navigation", { name: "Categories" });
    expect(await row.getByRole("link").count()).toBe(CATEGORY_LINKS.length);
    // The row would scroll sideways if the links did not fit: the last one would sit past its edge.
    expect(await row.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const boxes = await row
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON() as DOMRect));
    const edge = await row.evaluate((el) => el.getBoundingClientRect().right);
    for (const box of boxes) {
      expect(box.right).toBeLessThanOrEqual(edge);
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    }
    await page.close();
  });

  it("shows the 404 page with status 404 for an unknown path", async () => {
    const page = await context().newPage();
    const response = await page.goto(`${baseUrl}/definitely/not/here`);
    expect(response?.status()).toBe(404);
    expect(await page.getByText("Oops! Page not found").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    await page.close();
  });
});
