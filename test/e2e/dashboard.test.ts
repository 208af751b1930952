import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CATEGORIES } from "../../app/lib/categories";
import { PAGE_SIZE } from "../../app/lib/dashboard";
import { type FixtureServer, startFixtureServer } from "../support/fixture-server";
import { expectNoAxeViolations, screenshotWidths } from "./axe";
import { browserPerFile, launchBrowser } from "./browser";
import { startWorker } from "./global-setup";
import { hasEnded, listedEvents, recordedEvent, recordedEvents } from "./recorded-events";

const baseUrl = inject("baseUrl");
const fixtureUrl = inject("fixtureUrl");
/** Requests the shared fixture server has answered, per upstream. */
const upstreamCalls = async () => (await fetch(`${fixtureUrl}/__stats`)).json();

const { open, context } = browserPerFile(baseUrl);

const cards = (page: Page) => page.getByTestId("event-card");
/** Cards rendered before "Show more events". */
const PAGE = PAGE_SIZE;
const shown = (n: number) => Math.min(n, PAGE);
/** Cards the home page (Trending: ended events hidden) shows at first. */
const HOME = shown(listedEvents(undefined).length);
/** An event that had ended before the recording day: hidden on Trending unless "Show ended". */
const DEPORT = "How many people will Trump deport in 2025?";

describe("dashboard routes", () => {
  it.each([
    { path: "/", category: undefined },
    ...CATEGORIES.map((c) => ({ path: `/${c.slug}`, category: c })),
  ])("$path renders the recorded events of its category", async ({ path, category }) => {
    const expected = listedEvents(category);
    const { page, problems } = await open(path);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Market Sentiment Intelligence");
    expect(await cards(page).count()).toBe(shown(expected.length));
    if (expected.length === 0) {
      expect(await page.getByText("No markets found matching your criteria.").count()).toBe(1);
    } else {
      // Busiest first, one card per event, in the order of the recorded events' 24 h volume.
      expect(await cards(page).evaluateAll((els) => els.map((el) => el.dataset.eventId))).toEqual(
        expected.slice(0, PAGE).map((e) => e.id),
      );
      expect(await cards(page).first().getByRole("link").first().textContent()).toContain(expected[0]?.title);
      expect(
        await page.getByText(`Showing ${shown(expected.length)} of ${expected.length} events`).count(),
      ).toBe(1);
    }
    const current = page.getByRole("navigation", { name: "Categories" }).locator('[aria-current="page"]');
    expect(await current.textContent()).toBe(category?.label ?? "Trending");
    expect(await page.title()).toContain(
      category ? `${category.label} Prediction Markets` : "Trending Prediction Markets",
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the card figures of a recorded one-market event", async () => {
    const { page } = await open("/");
    const title = "GTA VI released before June 2026?";
    const card = cards(page).filter({ hasText: title });
    expect(await card.count()).toBe(1);
    // The title leads to the market's page here; Polymarket's event page is the secondary link.
    const link = card.getByRole("link", { name: title, exact: true });
    expect(await link.getAttribute("href")).toBe("/market/gta-vi-released-before-june-2026");
    const polymarket = card.getByRole("link", { name: "Polymarket (opens in a new tab)", exact: true });
    expect(await polymarket.getAttribute("href")).toBe(
      "https://polymarket.com/event/gta-vi-released-before-june-2026",
    );
    expect(await polymarket.getAttribute("target")).toBe("_blank");
    expect(await polymarket.getAttribute("rel")).toBe("noopener noreferrer");
    const text = await card.textContent();
    expect(text).toContain("$3.3M vol");
    // Yes and No open the market on Polymarket, in a new tab (decision 0025); the market's slug is the
    // event's, so the event's page is the market's.
    const trades = [
      // Gamma's 0.0265 to the tenth of a cent; the two sides add up to 100¢.
      { name: "Trade Yes 2.7¢ on Polymarket (opens in a new tab)", text: "Yes 2.7¢" },
      { name: "Trade No 97.3¢ on Polymarket (opens in a new tab)", text: "No 97.3¢" },
    ];
    for (const trade of trades) {
      const link = card.getByRole("link", { name: trade.name, exact: true });
      expect(await link.textContent()).toBe(trade.text);
      expect(await link.getAttribute("href")).toBe(
        "https://polymarket.com/event/gta-vi-released-before-june-2026",
      );
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    // A one-market card lists no outcome rows and no "+N more".
    expect(await card.getByTestId("outcome").count()).toBe(0);
    expect(text).toContain("Sentiment: estimated from 24h price moves");
    // The count names the query it is of: the title's first three words.
    expect(text).toMatch(/[\d,]+ X mentions of “GTA VI released” \(estimated\)/);
    await page.close();
  });

  it("a multi-outcome card lists its leading three outcomes, each linking to its market, and +N more", async () => {
    const { page } = await open("/");
    const event = recordedEvent("2026 NBA Champion");
    expect(event.multi).toBe(true);
    const card = cards(page).filter({ has: page.getByRole("link", { name: event.title, exact: true }) });
    expect(await card.count()).toBe(1);
    // The title leads to the event's page; no Yes/No trade links on a card of many outcomes.
    expect(await card.getByRole("link", { name: event.title, exact: true }).getAttribute("href")).toBe(
      "/event/2026-nba-champion",
    );
    expect(await card.getByTestId("trade-link").count()).toBe(0);
    const rows = card.getByTestId("outcome");
    expect(await rows.count()).toBe(3);
    expect(event.outcomes).toHaveLength(3);
    for (const [i, outcome] of event.outcomes.entries()) {
      const link = rows.nth(i).getByRole("link", { name: outcome.label, exact: true });
      expect(await link.getAttribute("href")).toBe(`/market/${outcome.marketSlug}`);
    }
    // Dearest first.
    expect(await rows.first().textContent()).toContain("Oklahoma City Thunder");
    const more = card.getByRole("link", { name: `+${event.moreOutcomes} more outcomes of ${event.title}` });
    expect(event.moreOutcomes).toBe(6);
    expect(await more.textContent()).toBe("+6 more outcomes of 2026 NBA Champion");
    expect(await more.getAttribute("href")).toBe("/event/2026-nba-champion");
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

describe("sort and filter links", () => {
  /** The event ids of the cards, in order. */
  const ids = (page: Page) => cards(page).evaluateAll((els) => els.map((el) => el.dataset.eventId));
  const controls = (page: Page) => page.getByRole("navigation", { name: "Sort and filter" });
  /** axe needs scripts: the same URL at the same width in the browser with JavaScript on. */
  const axeAt = async (path: string, width: number) => {
    const { page } = await open(path);
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await page.close();
  };

  it.each([390, 1280])(
    "work without JavaScript at %i px: Biggest move reorders the cards, Show ended reveals ended events; axe clean",
    async (width) => {
      const byVolume = listedEvents(undefined);
      const byChange = listedEvents(undefined, "sort=change");
      const withEnded = listedEvents(undefined, "sort=change&ended=show");
      // What the clicks must change: the first card, and an ended event appearing.
      expect(byVolume[0]?.title).toBe("2026 NBA Champion");
      expect(byChange[0]?.id).not.toBe(byVolume[0]?.id);
      expect(byVolume.some((e) => e.title === DEPORT)).toBe(false);
      expect(hasEnded(recordedEvent(DEPORT))).toBe(true);
      expect(withEnded.slice(0, PAGE).some((e) => e.title === DEPORT)).toBe(true);

      const noJs = await launchBrowser({ javaScriptEnabled: false });
      try {
        const page = await noJs.context.newPage();
        await page.setViewportSize({ width, height: 900 });
        expect((await page.goto(`${baseUrl}/`))?.status()).toBe(200);
        expect(await ids(page)).toEqual(byVolume.slice(0, PAGE).map((e) => e.id));
        expect(await cards(page).filter({ hasText: DEPORT }).count()).toBe(0);
        const volume = controls(page).getByRole("link", { name: "24h volume", exact: true });
        expect(await volume.getAttribute("aria-current")).toBe("true");
        expect(
          await controls(page).getByRole("link", { name: "Hide ended" }).getAttribute("aria-current"),
        ).toBe("true");
        await axeAt("/", width);

        // A plain link: the server renders the new order.
        await controls(page).getByRole("link", { name: "Biggest move", exact: true }).click();
        await page.waitForURL(`${baseUrl}/?sort=change`);
        expect(await ids(page)).toEqual(byChange.slice(0, PAGE).map((e) => e.id));
        expect(await cards(page).first().getByRole("heading", { level: 3 }).textContent()).toBe(
          byChange[0]?.title,
        );
        expect(
          await controls(page)
            .getByRole("link", { name: "Biggest move", exact: true })
            .getAttribute("aria-current"),
        ).toBe("true");
        expect(await volume.getAttribute("aria-current")).toBeNull();

        // Show ended keeps the sort and brings back the events past their end date.
        await controls(page).getByRole("link", { name: "Show ended", exact: true }).click();
        await page.waitForURL(`${baseUrl}/?sort=change&ended=show`);
        expect(await ids(page)).toEqual(withEnded.slice(0, PAGE).map((e) => e.id));
        const deport = cards(page).filter({ has: page.getByRole("link", { name: DEPORT, exact: true }) });
        expect(await deport.count()).toBe(1);
        expect(await deport.first().textContent()).toMatch(/Ended [A-Z][a-z]{2} \d{1,2}, \d{4}/);
        expect(
          await page.getByText(`Showing ${shown(withEnded.length)} of ${withEnded.length} events`).count(),
        ).toBe(1);
        await axeAt("/?sort=change&ended=show", width);
        await page.screenshot({ path: `test-results/dashboard-sort-nojs-${width}.png`, fullPage: false });
        // The page never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await noJs.close();
      }
    },
  );

  it("with JavaScript the same links load in place, on a category page too, keeping the search", async () => {
    const { page, problems } = await open("/?search=gta");
    await controls(page).getByRole("link", { name: "Biggest move", exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?search=gta&sort=change");
    await expect
      .poll(() => ids(page))
      .toEqual(listedEvents(undefined, "search=gta&sort=change").map((e) => e.id));
    expect(problems).toEqual([]);
    await page.close();

    // A category's own cards in the new order: its data request (/politics.data) names the category.
    const politics = CATEGORIES.find((c) => c.slug === "politics");
    const expected = listedEvents(politics, "sort=ending");
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.map((e) => e.id)).not.toEqual(listedEvents(politics).map((e) => e.id));
    const category = await open("/politics");
    const requests: string[] = [];
    category.page.on("request", (req) => {
      if (req.url().startsWith(baseUrl)) requests.push(new URL(req.url()).pathname);
    });
    await controls(category.page).getByRole("link", { name: "Ending soon", exact: true }).click();
    await expect.poll(() => new URL(category.page.url()).search).toBe("?sort=ending");
    await expect.poll(() => ids(category.page)).toEqual(expected.slice(0, PAGE).map((e) => e.id));
    expect(requests).toEqual(["/politics.data"]);
    expect(category.problems).toEqual([]);
    await category.page.close();
  });

  it.each([390, 1280])(
    "a multi-outcome card's +N more leads to the event page at %i px; axe clean on both",
    async (width) => {
      const event = recordedEvent("2026 NBA Champion");
      const { page, problems } = await open("/");
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      const card = cards(page).filter({ has: page.getByRole("link", { name: event.title, exact: true }) });
      expect(problems).toEqual([]);
      await card
        .getByRole("link", { name: `+${event.moreOutcomes} more outcomes of ${event.title}` })
        .click();
      await page.waitForURL(`${baseUrl}/event/2026-nba-champion`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(event.title);
      // Every open outcome is listed there, not only the card's three.
      await expect
        .poll(() => page.getByTestId("outcome-row").count())
        .toBe(event.outcomes.length + event.moreOutcomes);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `test-results/event-from-card-${width}.png`, fullPage: false });
      // Card images still loading when the link was followed are cancelled by the navigation (and are
      // answered by the test's CDN stand-in anyway): anything else is a problem of the event page.
      const cancelledImage = /^requestfailed: https:\/\/\S+\.(jpe?g|png|webp) net::ERR_ABORTED$/;
      expect(problems.filter((p) => !cancelledImage.test(p))).toEqual([]);
      await page.close();
    },
  );
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
    await box.pressSequentially("gta", { delay: 20 });
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe("gta");
    const expected = listedEvents(undefined, "search=gta").length;
    expect(expected).toBeGreaterThan(1);
    expect(expected).toBeLessThan(HOME);
    await expect.poll(() => cards(page).count()).toBe(shown(expected));
    // One data request for the burst of keystrokes (the box waits for typing to pause), no page load.
    expect(requests).toEqual(["/_.data"]);
    expect(await page.title()).toContain('Search Results for "gta"');

    // The figures follow: they count the events that match, and say so.
    await expect
      .poll(() => page.getByTestId("dashboard-scope").textContent())
      .toBe(`Figures below count the ${expected} events matching “gta” listed here.`);

    await box.fill("zzzz-no-such-market");
    await expect.poll(() => page.getByText("No markets found matching your criteria.").count()).toBe(1);
    await box.fill("");
    await expect.poll(() => new URL(page.url()).searchParams.has("search")).toBe(false);
    await expect.poll(() => cards(page).count()).toBe(HOME);
    expect(await upstreamCalls()).toEqual(before);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("follows the URL on back and forward", async () => {
    const { page } = await open("/");
    const box = page.getByRole("searchbox", { name: "Search markets" });
    await box.pressSequentially("elon", { delay: 20 });
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe("elon");
    const matching = listedEvents(undefined, "search=elon").length;
    expect(matching).toBeGreaterThan(0);
    expect(matching).toBeLessThan(HOME);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await expect.poll(() => box.inputValue()).toBe("");
    await expect.poll(() => cards(page).count()).toBe(HOME);
    await page.goForward();
    await expect.poll(() => box.inputValue()).toBe("elon");
    await expect.poll(() => cards(page).count()).toBe(shown(matching));
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
    const expected = listedEvents(politics, "search=trump");
    // Politics lists ended events: both deportation events match there, though Trending hides them.
    expect(expected.map((e) => e.title)).toContain(DEPORT);
    await expect.poll(() => cards(page).count()).toBe(shown(expected.length));
    await page.close();
  });

  it("shows more cards on request with one data request, no upstream call", async () => {
    // Every recorded event (20) is more than a page: the ended ones are shown here.
    const { page } = await open("/?ended=show");
    const all = recordedEvents.length;
    expect(all).toBeGreaterThan(PAGE);
    expect(await page.getByText(`Showing ${PAGE} of ${all} events`).count()).toBe(1);
    const before = await upstreamCalls();
    const requests: string[] = [];
    page.on("request", (req) => {
      if (req.url().startsWith(baseUrl)) requests.push(new URL(req.url()).pathname); // images: the CDN
    });
    await page.getByRole("link", { name: "Show more events" }).click();
    await expect.poll(() => cards(page).count()).toBe(Math.min(all, 2 * PAGE));
    expect(new URL(page.url()).searchParams.get("show")).toBe(String(2 * PAGE));
    expect(new URL(page.url()).searchParams.get("ended")).toBe("show");
    expect(await page.getByText(`Showing ${all} of ${all} events`).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Show more events" }).count()).toBe(0);
    expect(requests).toEqual(["/_.data"]);
    expect(await upstreamCalls()).toEqual(before);
    const html = await (await fetch(`${baseUrl}/?ended=show&show=100`)).text();
    expect(html.match(/data-testid="event-card"/g)?.length).toBe(all);
    await page.close();
  });

  it("works without JavaScript as a GET form", async () => {
    const html = await (await fetch(`${baseUrl}/?search=gta`)).text();
    expect(html).toMatch(/<form[^>]*action="\/"[^>]*method="get"/);
    expect(html.match(/data-testid="event-card"/g)?.length).toBe(
      listedEvents(undefined, "search=gta").length,
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
    await expect.poll(() => cards(page).count()).toBe(HOME);
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
      await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(HOME);
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
