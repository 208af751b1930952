import { describe, expect, inject, it } from "vitest";
import { PAGE_SIZE } from "../../app/lib/dashboard";
import { browserPerFile, watchProblems } from "./browser";

const baseUrl = inject("baseUrl");
const { context } = browserPerFile(baseUrl);

describe("home page in Chromium", () => {
  it("server-renders the recorded feed, hydrates without console errors or CSP violations", async () => {
    const page = await context().newPage();
    const problems = watchProblems(page);
    const response = await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByTestId("market").count()).toBe(PAGE_SIZE);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Market Sentiment Intelligence");
    // Hydrated: React Router's client took over (its context is set by the nonce'd inline script).
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    expect(problems).toEqual([]);
    await page.screenshot({ path: "test-results/home-1280.png", fullPage: false });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: "test-results/home-390.png", fullPage: false });
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
