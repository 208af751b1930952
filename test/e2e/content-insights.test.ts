/**
 * /sentiment-analysis, /market-intelligence, /trading-signals, /api-access in Chromium against the
 * recorded feed (20 events holding 100 markets; X and the model are unreachable in this harness, so
 * mentions and forecasts are the labelled estimates, and the track record's calls are the estimate's).
 * The insight pages count events: one row per event, never its sibling markets.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, screenshotWidths } from "./axe";
import { browserPerFile } from "./browser";
import { recordedEvents } from "./recorded-events";

const baseUrl = inject("baseUrl");
const { open, context } = browserPerFile(baseUrl);

interface TabCase {
  /** Accessible name of the tab. */
  name: string;
  /** Texts its panel must show. */
  texts: readonly string[];
}

async function expectPanelTexts(page: Page, tab: TabCase): Promise<void> {
  const panel = page.getByRole("tabpanel", { name: tab.name, exact: true });
  for (const text of tab.texts) {
    await expect
      .poll(() => panel.getByText(text, { exact: true }).count(), { message: `${tab.name}: ${text}` })
      .toBeGreaterThan(0);
  }
}

/**
 * Every tab by mouse (click selects it and shows its panel, axe clean each time), then by keyboard:
 * ArrowRight from the first tab walks focus and selection through all of them and wraps round,
 * ArrowLeft goes back.
 */
async function checkTabs(
  page: Page,
  listLabel: string,
  tabs: readonly TabCase[],
  shot: string,
): Promise<void> {
  const list = page.getByRole("tablist", { name: listLabel });
  const names = await list.getByRole("tab").allTextContents();
  expect(names.map((n) => n.replace(/\s+/g, " ").trim())).toEqual(tabs.map((t) => t.name));

  for (const tab of tabs) {
    const trigger = list.getByRole("tab", { name: tab.name, exact: true });
    await trigger.click();
    await expect.poll(() => trigger.getAttribute("aria-selected")).toBe("true");
    await expectPanelTexts(page, tab);
    await expectNoAxeViolations(page);
    await screenshotAndCheckWidth(page, `${shot}-${tab.name.split(" ")[0]?.toLowerCase()}`);
  }

  const first = tabs[0];
  const last = tabs.at(-1);
  if (!first || !last) throw new Error("no tabs");
  await list.getByRole("tab", { name: first.name, exact: true }).click();
  for (const tab of [...tabs.slice(1), first]) {
    await page.keyboard.press("ArrowRight");
    const trigger = list.getByRole("tab", { name: tab.name, exact: true });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => trigger.getAttribute("aria-selected")).toBe("true");
    await expectPanelTexts(page, tab);
  }
  await page.keyboard.press("ArrowLeft");
  const back = list.getByRole("tab", { name: last.name, exact: true });
  await expect.poll(() => back.evaluate((el) => el === document.activeElement)).toBe(true);
  await expect.poll(() => back.getAttribute("aria-selected")).toBe("true");
  await list.getByRole("tab", { name: first.name, exact: true }).click();
}

/** Title, description, canonical and JSON-LD of the page. */
async function expectMeta(page: Page, path: string, title: string): Promise<void> {
  expect(await page.title()).toBe(`${title} | OddsPulse`);
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseUrl}${path}`);
  expect((await page.locator('meta[name="description"]').getAttribute("content"))?.length).toBeGreaterThan(
    50,
  );
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld ?? "{}")).toMatchObject({ "@type": "WebPage", name: `${title} | OddsPulse` });
}

/** Screenshots at 390 and 1280, and nothing wider than a phone at 390. */
async function screenshotAndCheckWidth(page: Page, name: string): Promise<void> {
  // From the top: scrolled, the sticky header would be drawn over the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotWidths(page, name);
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The events a list's rows are about, by their Polymarket event links: one row per event, so never the
 * same event twice (sibling markets of one event share its event page).
 */
async function expectOneRowPerEvent(page: Page, list: string): Promise<void> {
  const rows = page.getByRole("list", { name: list, exact: true }).getByRole("listitem");
  const events = await rows
    .locator('a[href^="https://polymarket.com/event/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(events.length, list).toBe(await rows.count());
  expect(events.length, list).toBeGreaterThan(1);
  expect(new Set(events).size, list).toBe(events.length);
}

/** The server-rendered HTML of a page as a crawler gets it (whole document, no scripts run). */
async function serverHtml(path: string): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { "user-agent": "Googlebot/2.1" } });
  expect(res.status).toBe(200);
  return res.text();
}

/**
 * An event's title leads to its page here (a one-market event's market page); its Polymarket event page
 * stays one link away, in a new tab.
 */
async function expectEventLink(page: Page, title: string, href: string, eventSlug: string): Promise<void> {
  const link = page.getByRole("link", { name: title, exact: true }).first();
  expect(await link.getAttribute("href")).toBe(href);
  expect(await link.getAttribute("target")).toBeNull();
  const event = page.locator(`a[href="https://polymarket.com/event/${eventSlug}"]`).first();
  expect(await event.getAttribute("target")).toBe("_blank");
  expect(await event.getAttribute("rel")).toBe("noopener noreferrer");
}

describe("/sentiment-analysis", () => {
  it("server-renders the Social Sentiment tab with real aggregates", async () => {
    const html = await serverHtml("/sentiment-analysis");
    expect(html).toContain("Most-mentioned events");
    expect(html).toContain("Will GTA 6 cost $100+?");
    expect(html).toContain("X mentions: estimated from topic baselines");
    // Only the default panel is rendered; the others mount when chosen.
    expect(html).not.toContain("Confidence distribution");
  });

  it("shows BETA, four tabs with real aggregates and their provenance, and is accessible", async () => {
    const { page, problems } = await open("/sentiment-analysis");
    await expectMeta(page, "/sentiment-analysis", "Sentiment Analysis");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Sentiment Analysis");
    expect(await page.getByText("BETA", { exact: true }).count()).toBe(1);
    const bar = page.getByTestId("provenance-bar");
    for (const label of [
      "Markets: live from Polymarket",
      "X mentions: estimated from topic baselines",
      "Sentiment: estimated from 24h price moves",
    ]) {
      expect(await bar.getByText(label, { exact: true }).count()).toBe(1);
    }

    await checkTabs(
      page,
      "Sentiment analysis views",
      [
        {
          name: "Social Sentiment",
          // The GTA 6 price event's estimated count (one count per event) leads; the 20 events make 19 X
          // queries (the two "Will Elon cut …" events share one), and the total counts each once.
          texts: [
            "Most-mentioned events",
            "X mentions: estimated from topic baselines",
            "Events covered",
            "20",
            "1,500",
            "19 distinct queries, each counted once",
          ],
        },
        {
          name: "AI Analysis",
          texts: [
            "Confidence distribution",
            "Most bullish",
            "Most bearish",
            "Sentiment: estimated from 24h price moves",
            // The estimate's two calls, one per event: BitBoy's own market, and Sweden in the World Cup
            // qualifiers event.
            "Bullish events (BUY YES)",
            "0 of 20 events forecast by the model",
            "BitBoy convicted?",
            "BUY NO at 86¢",
            "2026 FIFA World Cup: Which countries qualify?",
            "BUY YES · Sweden at 28.5¢",
            "-71",
            "+61",
          ],
        },
        { name: "Behavioral Coming Soon", texts: ["Behavioral analysis", "Coming Soon"] },
        { name: "Technical Coming Soon", texts: ["Technical analysis", "Coming Soon"] },
      ],
      "sentiment-analysis",
    );
    await expectEventLink(
      page,
      "Will GTA 6 cost $100+?",
      "/market/will-gta-6-cost-100",
      "will-gta-6-cost-100",
    );
    await expectOneRowPerEvent(page, "Most-mentioned events");

    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("/market-intelligence", () => {
  it("shows snapshot figures in three tabs and labels the rest Sample data", async () => {
    const { page, problems } = await open("/market-intelligence");
    await expectMeta(page, "/market-intelligence", "Market Intelligence");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Market Intelligence");

    await checkTabs(
      page,
      "Market intelligence views",
      [
        {
          name: "Market Analytics",
          // Each event's own figures: the 2026 NBA Champion event is one Sports event, not its buckets.
          texts: [
            "Events tracked",
            "20",
            // Live by each event's last market's own end date, as the cards say (lib/market-state.ts).
            `${recordedEvents.filter((e) => e.isLive).length} live`,
            "Volume by category",
            "Sports (3)",
            "Biggest 24h movers",
            "BitBoy convicted?",
            "-20.0 pts",
            // A multi-outcome event's row names the outcome that moved.
            "2026 FIFA World Cup: Which countries qualify? · Sweden",
            "+6.5 pts",
          ],
        },
        {
          name: "Opportunities",
          // Estimates give no probabilities: no gap is made up (the live test has the model's).
          texts: [
            "Widest gap between the model's forecast and the market price",
            "No model forecasts yet: the current forecasts are estimates from 24-hour price moves, which give no probabilities, so there is no gap to show.",
          ],
        },
        {
          name: "Risk Analysis",
          texts: [
            "Events closing soonest",
            "How much revenue will the U.S. raise from tariffs in 2025?",
            "Risk indicators",
            "Sample data",
          ],
        },
        { name: "Forecasts", texts: ["Model forecasts", "Sample data"] },
      ],
      "market-intelligence",
    );
    await expectEventLink(page, "BitBoy convicted?", "/market/bitboy-convicted", "bitboy-convicted");
    await expectEventLink(
      page,
      "2026 FIFA World Cup: Which countries qualify?",
      "/event/2026-fifa-world-cup-which-countries-qualify",
      "2026-fifa-world-cup-which-countries-qualify",
    );
    await expectOneRowPerEvent(page, "Biggest 24h movers");
    await page.getByRole("tab", { name: "Risk Analysis", exact: true }).click();
    await expectOneRowPerEvent(page, "Events closing soonest");

    expect(problems).toEqual([]);
    await page.close();
  });
});

/**
 * The open calls exist once a market build has recorded them (any visit to / builds the snapshot and
 * records its calls in the background): wait until the page's own HTML lists them.
 */
async function waitForOpenCalls(): Promise<void> {
  await fetch(`${baseUrl}/`);
  await expect
    .poll(async () => (await serverHtml("/trading-signals")).includes('data-testid="signals"'), {
      timeout: 30_000,
      interval: 1000,
    })
    .toBe(true);
}

describe("/trading-signals", () => {
  it("shows the open calls of the track record by confidence, real performance, and only the alerts as samples", async () => {
    await waitForOpenCalls();
    const { page, problems } = await open("/trading-signals");
    await expectMeta(page, "/trading-signals", "Trading Signals");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Trading Signals");
    // The page-wide sample notice is gone with the sample signals.
    expect(await page.getByText("trading signals are not live").count()).toBe(0);
    expect(
      await page.getByRole("link", { name: "Track Record", exact: true }).first().getAttribute("href"),
    ).toBe("/track-record");

    await checkTabs(
      page,
      "Trading signal views",
      [
        { name: "Open Calls", texts: ["Open calls", "Confidence", "Entry", "Now"] },
        { name: "Performance", texts: ["Performance", "Calls recorded", "Hit rate of buy calls"] },
        { name: "Alerts", texts: ["Recent alerts", "Price move", "Sample data"] },
      ],
      "trading-signals",
    );

    // Highest confidence first; every row a buy call with its entry price, linking to its market page.
    const rows = page.getByTestId("signals").locator("tr");
    expect(await rows.count()).toBeGreaterThan(0);
    const confidences = (await rows.locator("td:nth-child(3)").allTextContents()).map((t) =>
      t === "—" ? -1 : Number.parseInt(t, 10),
    );
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    expect(await rows.first().locator("td").nth(1).textContent()).toMatch(/^BUY (YES|NO)/);
    // The entry is the price of what the call buys, named by its outcome ("No 99¢").
    expect(await rows.first().locator("td").nth(3).textContent()).toMatch(/^.+ (\d+(\.\d)?¢|<0\.1¢)$/);
    expect(await rows.first().locator("a").first().getAttribute("href")).toMatch(/^\/market\/[a-z0-9-]+$/);
    // Nothing sample is left outside the Alerts tab.
    await page.getByRole("tab", { name: "Open Calls", exact: true }).click();
    expect(await page.getByText("Sample data", { exact: true }).count()).toBe(0);

    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("/api-access", () => {
  it("is the API's reference, generated from its OpenAPI document, with live example responses", async () => {
    const { page, problems } = await open("/api-access");
    await expectMeta(page, "/api-access", "API Access: Free Prediction-Market API");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("API Access");
    // Nothing of the old teaser is left: no prices, no waitlist, no key (a Bearer secret is only the alerts').
    for (const text of ["Coming Soon", "$49", "Join Waitlist", "API key"]) {
      expect(await page.getByText(text).count(), text).toBe(0);
    }

    // Every operation of the document, in its order, each with parameters, responses and an example.
    const doc = (await (await page.request.get(`${baseUrl}/api/v1/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe("3.1.0");
    const headings = await page.locator("#api-reference ~ article h3 code").allTextContents();
    // One article per operation: a path with several methods (the alerts' GET and DELETE) has several.
    expect(headings).toEqual(
      Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item as object).map(() => `/api/v1${p}`)),
    );

    const markets = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: /^GET \/api\/v1\/markets Markets/ }) });
    for (const text of ["limit", "integer 1–100", "one of volume, change, ending, sentiment", "429"]) {
      expect(await markets.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    const request = await markets
      .getByRole("figure")
      .filter({ hasText: "Example request" })
      .locator("code")
      .textContent();
    expect(request).toBe(`curl -s '${baseUrl}/api/v1/markets?limit=2'`);
    // The example is the API's own answer: the same first market as the endpoint gives now.
    const example = JSON.parse(
      (await markets
        .getByRole("figure")
        .filter({ hasText: "Response (live data)" })
        .locator("code")
        .textContent()) ?? "",
    ) as { markets: { id: string }[] };
    const live = (await (await page.request.get(`${baseUrl}/api/v1/markets?limit=2`)).json()) as {
      markets: { id: string }[];
    };
    expect(example.markets.map((m) => m.id)).toEqual(live.markets.map((m) => m.id));
    // Every read has a live example; the alerts' routes (a visitor's own data) show a curl line instead.
    expect(await page.getByText("Response (live data)").count()).toBe(
      Object.keys(doc.paths).filter((p) => !p.startsWith("/alerts")).length,
    );

    // Copy puts the line on the clipboard and says so.
    await context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    const quick = page.getByRole("figure").filter({ hasText: "Terminal" });
    await quick.getByRole("button", { name: "Copy Terminal" }).click();
    await expect.poll(() => quick.getByRole("status").textContent()).toBe("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      `${baseUrl}/api/v1/markets?sort=sentiment`,
    );

    // Feeds and the CSV are linked.
    for (const href of ["/whale-watch/feed.xml", "/track-record/feed.json", "/track-record.csv"]) {
      expect(
        await page.locator(`#api-feeds ~ ul a[href="${href}"], section a[href="${href}"]`).count(),
        href,
      ).toBeGreaterThan(0);
    }

    await expectNoAxeViolations(page);
    await screenshotAndCheckWidth(page, "api-access");
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("client-side navigation", () => {
  it("loads the aggregates through the router when arriving from another page", async () => {
    const { page, problems } = await open("/trading-signals");
    await page
      .getByRole("navigation", { name: "Footer" })
      .getByRole("link", { name: "Market Intelligence" })
      .click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Market Intelligence");
    await expectPanelTexts(page, { name: "Market Analytics", texts: ["Volume by category", "Sports (3)"] });
    await page
      .getByRole("navigation", { name: "Footer" })
      .getByRole("link", { name: "Sentiment Analysis" })
      .click();
    await expectPanelTexts(page, { name: "Social Sentiment", texts: ["Most-mentioned events", "1,500"] });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("renders /api-access from its loader data (a document gets it as HTML), Copy included", async () => {
    const { page, problems } = await open("/status");
    await context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    const data = page.waitForResponse((r) => new URL(r.url()).pathname === "/api-access.data");
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "API Access" }).click();
    expect((await data).status()).toBe(200);
    await expect.poll(() => page.getByText("Response (live data)").count()).toBeGreaterThan(5);
    const quick = page.getByRole("figure").filter({ hasText: "Terminal" });
    await quick.getByRole("button", { name: "Copy Terminal" }).click();
    await expect.poll(() => quick.getByRole("status").textContent()).toBe("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      `${baseUrl}/api/v1/track-record`,
    );
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("without JavaScript", () => {
  it("shows the default tab's real figures from the server render", async () => {
    for (const [path, text] of [
      ["/sentiment-analysis", "Will GTA 6 cost $100+?"],
      ["/market-intelligence", "Sports (3)"],
    ] as const) {
      const page = await context().newPage();
      const cdp = await context().newCDPSession(page);
      await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
      await page.goto(`${baseUrl}${path}`);
      expect(await page.getByText(text, { exact: true }).first().isVisible(), path).toBe(true);
      await page.close();
    }
  });
});
