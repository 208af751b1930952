import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseMarketsPayload } from "../../app/.server/polymarket/gamma-markets";
import { CATEGORIES, filterMarkets } from "../../app/lib/categories";
import { PAGE_SIZE } from "../../app/lib/dashboard";
import { type FixtureServer, startFixtureServer } from "../support/fixture-server";
import { readFixture } from "../support/fixtures";
import { expectNoAxeViolations, screenshotWidths } from "./axe";
import { browserPerFile } from "./browser";
import { startWorker } from "./global-setup";

const baseUrl = inject("baseUrl");
const fixtureUrl = inject("fixtureUrl");
/** Requests the shared fixture server has answered, per upstream. */
const upstreamCalls = async () => (await fetch(`${fixtureUrl}/__stats`)).json();
const recorded = parseMarketsPayload(readFixture("polymarket/gamma-markets-active-100.json"));

const { open, context } = browserPerFile(baseUrl);

const cards = (page: Page) => page.getByTestId("market");
/** Cards rendered before "Show more markets". */
const PAGE = PAGE_SIZE;
const shown = (n: number) => Math.min(n, PAGE);

describe("dashboard routes", () => {
  it.each([
    { path: "/", category: undefined },
    ...CATEGORIES.map((c) => ({ path: `/${c.slug}`, category: c })),
  ])("$path renders the recorded markets of its category", async ({ path, category }) => {
    const expected = filterMarkets(recorded, category, "");
    const { page, problems } = await open(path);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Market Sentiment Intelligence");
    expect(await cards(page).count()).toBe(shown(expected.length));
    if (expected.length === 0) {
      expect(await page.getByText("No markets found matching your criteria.").count()).toBe(1);
    } else {
      expect(await cards(page).first().getByRole("link").first().textContent()).toContain(expected[0]?.title);
    }
    const current = page.getByRole("navigation", { name: "Categories" }).locator('[aria-current="page"]');
    expect(await current.textContent()).toBe(category?.label ?? "Trending");
    expect(await page.title()).toContain(
      category ? `${category.label} Prediction Markets` : "Trending Prediction Markets",
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the card figures of a recorded market", async () => {
    const { page } = await open("/");
    const card = cards(page).filter({ hasText: "Will Trump deport less than 250,000?" });
    // The title leads to the market's page here; Polymarket's event page is the secondary link.
    const link = card.getByRole("link", { name: "Will Trump deport less than 250,000?", exact: true });
    expect(await link.getAttribute("href")).toBe("/market/will-trump-deport-less-than-250000");
    const polymarket = card.getByRole("link", { name: "Polymarket (opens in a new tab)", exact: true });
    expect(await polymarket.getAttribute("href")).toBe(
      "https://polymarket.com/event/how-many-people-will-trump-deport-in-2025",
    );
    expect(await polymarket.getAttribute("target")).toBe("_blank");
    expect(await polymarket.getAttribute("rel")).toBe("noopener noreferrer");
    const text = await card.textContent();
    expect(text).toContain("$1.1M vol");
    // Yes and No open the market inside its event on Polymarket, in a new tab (decision 0025).
    const trades = [
      { name: "Trade Yes 6¢ on Polymarket (opens in a new tab)", text: "Yes 6¢" },
      { name: "Trade No 94¢ on Polymarket (opens in a new tab)", text: "No 94¢" },
    ];
    for (const trade of trades) {
      const link = card.getByRole("link", { name: trade.name, exact: true });
      expect(await link.textContent()).toBe(trade.text);
      expect(await link.getAttribute("href")).toBe(
        "https://polymarket.com/event/how-many-people-will-trump-deport-in-2025/will-trump-deport-less-than-250000",
      );
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    expect(text).toContain("Sentiment: estimated from 24h price moves");
    expect(text).toContain("X mentions (estimated)");
    await page.close();
  });

  it("on a 390 px phone the figures are compact tiles and the first market card starts within 1,700 px", async () => {
    const page = await context().newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    const top = await cards(page)
      .first()
      .evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(1700);
    // Compact figures: the four headline tiles two to a row, Bullish / Bearish / Neutral on one row.
    const tops = async (ids: string[]) =>
      Promise.all(
        ids.map((id) =>
          page
            .getByTestId(id)
            .evaluate((el) => Math.round((el.closest(".card") ?? el).getBoundingClientRect().top)),
        ),
      );
    const [live, volume, mentions, analyses] = await tops([
      "figure-live",
      "figure-volume",
      "figure-mentions",
      "figure-analyses",
    ]);
    expect(volume).toBe(live);
    expect(analyses).toBe(mentions);
    expect(mentions).toBeGreaterThan(live ?? 0);
    expect(new Set(await tops(["count-bullish", "count-bearish", "count-neutral"])).size).toBe(1);
    await page.close();
  });

  it("is accessible (axe) and looks right at phone and desktop widths", async () => {
    const { page } = await open("/");
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "dashboard");
    await page.goto(`${baseUrl}/politics`, { waitUntil: "networkidle" });
    await expectNoAxeViolations(page);
    await page.close();
  });
});

describe("search", () => {
  it("filters as you type from the cached snapshot: the URL follows, no upstream is asked", async () => {
    const { page, problems } = await open("/");
    const before = await upstreamCalls();
    const requests: string[] = [];
    page.on("request", (req) => {
      if (req.url().startsWith(baseUrl)) requests.push(new URL(req.url()).pathname);
    });
    const box = page.getByRole("searchbox", { name: "Search markets" });
    expect(await box.getAttribute("placeholder")).toBe("Search markets...");
    await box.pressSequentially("deport", { delay: 20 });
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe("deport");
    const expected = filterMarkets(recorded, undefined, "deport").length;
    await expect.poll(() => cards(page).count()).toBe(shown(expected));
    // One data request for the burst of keystrokes (the box waits for typing to pause), no page load.
    expect(requests).toEqual(["/_.data"]);
    expect(await page.title()).toContain('Search Results for "deport"');

    // The figures follow: they count the markets that match, and say so.
    await expect
      .poll(() => page.getByTestId("dashboard-scope").textContent())
      .toBe(`Figures below count the ${expected} markets matching “deport” listed here.`);

    await box.fill("zzzz-no-such-market");
    await expect.poll(() => page.getByText("No markets found matching your criteria.").count()).toBe(1);
    await box.fill("");
    await expect.poll(() => new URL(page.url()).searchParams.has("search")).toBe(false);
    await expect.poll(() => cards(page).count()).toBe(PAGE);
    expect(await upstreamCalls()).toEqual(before);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("follows the URL on back and forward", async () => {
    const { page } = await open("/");
    const box = page.getByRole("searchbox", { name: "Search markets" });
    await box.pressSequentially("trump", { delay: 20 });
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe("trump");
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await expect.poll(() => box.inputValue()).toBe("");
    await expect.poll(() => cards(page).count()).toBe(PAGE);
    await page.goForward();
    await expect.poll(() => box.inputValue()).toBe("trump");
    await expect
      .poll(() => cards(page).count())
      .toBe(shown(filterMarkets(recorded, undefined, "trump").length));
    await page.close();
  });

  it("keeps the search when switching category", async () => {
    const { page } = await open("/?search=trump");
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: "Politics" })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/politics");
    expect(new URL(page.url()).searchParams.get("search")).toBe("trump");
    const politics = CATEGORIES.find((c) => c.slug === "politics");
    await expect
      .poll(() => cards(page).count())
      .toBe(shown(filterMarkets(recorded, politics, "trump").length));
    await page.close();
  });

  it("shows more cards on request with one data request, no upstream call", async () => {
    const { page } = await open("/");
    expect(await page.getByText(`Showing ${PAGE} of ${recorded.length} markets`).count()).toBe(1);
    const before = await upstreamCalls();
    const requests: string[] = [];
    page.on("request", (req) => {
      if (req.url().startsWith(baseUrl)) requests.push(new URL(req.url()).pathname); // images: the CDN
    });
    await page.getByRole("link", { name: "Show more markets" }).click();
    await expect.poll(() => cards(page).count()).toBe(2 * PAGE);
    expect(new URL(page.url()).searchParams.get("show")).toBe(String(2 * PAGE));
    expect(requests).toEqual(["/_.data"]);
    expect(await upstreamCalls()).toEqual(before);
    const all = await (await fetch(`${baseUrl}/?show=100`)).text();
    expect(all.match(/data-testid="market"/g)?.length).toBe(recorded.length);
    await page.close();
  });

  it("works without JavaScript as a GET form", async () => {
    const html = await (await fetch(`${baseUrl}/?search=deport`)).text();
    expect(html).toMatch(/<form[^>]*action="\/"[^>]*method="get"/);
    expect(html.match(/data-testid="market"/g)?.length).toBe(
      filterMarkets(recorded, undefined, "deport").length,
    );
    expect(html).toContain("<noscript>");
  });
});

describe("tooltips", () => {
  it("load on first hover and explain where a figure comes from", async () => {
    const { page, problems } = await open("/");
    const trigger = page.getByRole("button", { name: "About X Sentiment Tracking" });
    await trigger.hover();
    const tooltip = page.getByRole("tooltip");
    await tooltip.waitFor({ timeout: 5_000 });
    expect(await tooltip.textContent()).toContain("X mentions: estimated");
    await page.mouse.move(0, 0);
    await trigger.focus();
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("Refresh Data", () => {
  it("disables and spins while loading, then confirms with a toast", async () => {
    const { page, problems } = await open("/");
    const button = page.getByRole("button", { name: "Refresh Data" });
    // Hold the data request until the loading state has been seen, then let it through.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/*.data*", async (route) => {
      await held;
      await route.continue();
    });
    await button.click();
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await button.locator("svg").getAttribute("class")).toContain("animate-spin");
    expect(await page.getByText(/Market data refreshed/).count()).toBe(0);
    release();
    await expect.poll(() => page.getByText(/Market data refreshed/).count()).toBe(1);
    expect(await button.isDisabled()).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("grid states with a misbehaving feed", () => {
  let fixtures: FixtureServer;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  const mode = (m: string, extra = "") =>
    fetch(`${fixtures.url}/__mode?upstream=gamma&mode=${m}${extra}`, { method: "POST" });

  beforeAll(async () => {
    fixtures = await startFixtureServer(0);
    worker = await startWorker({
      POLYMARKET_GAMMA_URL: `${fixtures.url}/gamma`,
      POLYMARKET_DATA_URL: `${fixtures.url}/data`,
      UPSTREAM_RETRY_BASE_MS: "10",
      FAILURE_BACKOFF_SECONDS: "0",
    });
  }, 120_000);
  afterAll(async () => {
    worker?.stop();
    await fixtures?.close();
  });

  it("empty feed: 'No markets available', and Retry Loading Markets refetches", async () => {
    await mode("empty");
    const { page } = await open("/", worker.url);
    expect(await page.getByText("No markets available").count()).toBe(1);
    await mode("ok");
    await page.getByRole("button", { name: "Retry Loading Markets" }).click();
    await expect.poll(() => cards(page).count()).toBe(PAGE);
    await page.close();
  });

  it("cold cache with a slow feed: the skeleton streams first, then the cards", async () => {
    await fetch(`${worker.url}/api/health`); // the cache holds data from the previous test
    const fresh = await startFixtureServer(0);
    await fetch(`${fresh.url}/__mode?upstream=gamma&mode=slow&ms=2500`, { method: "POST" });
    const slow = await startWorker({
      POLYMARKET_GAMMA_URL: `${fresh.url}/gamma`,
      POLYMARKET_DATA_URL: `${fresh.url}/data`,
    });
    try {
      const page = await context().newPage();
      await page.goto(`${slow.url}/`, { waitUntil: "commit" });
      // The shell and the 9-card skeleton are in the document before the feed has answered.
      await page.getByRole("status", { name: "Loading markets" }).waitFor({ state: "attached" });
      expect(await cards(page).count()).toBe(0);
      expect(await page.locator("h1").textContent()).toBe("Market Sentiment Intelligence");
      await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(PAGE);
      await page.close();
    } finally {
      slow.stop();
      await fresh.close();
    }
  });

  it("failing feed with nothing cached: the three sample markets, labelled", async () => {
    const fresh = await startFixtureServer(0);
    await fetch(`${fresh.url}/__mode?upstream=gamma&mode=http-500`, { method: "POST" });
    const failing = await startWorker({
      POLYMARKET_GAMMA_URL: `${fresh.url}/gamma`,
      POLYMARKET_DATA_URL: `${fresh.url}/data`,
      UPSTREAM_RETRY_BASE_MS: "10",
    });
    try {
      const { page } = await open("/", failing.url);
      expect(await cards(page).count()).toBe(3);
      expect(await page.getByText(/Sample data: the live market feed is unavailable/).count()).toBe(1);
      expect(await page.getByText("Sample Markets", { exact: true }).count()).toBe(1);
      expect(await page.getByText("Real Volume").count()).toBe(0);
      await page.close();
    } finally {
      failing.stop();
      await fresh.close();
    }
  });
});
