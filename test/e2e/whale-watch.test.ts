/**
 * /whale-watch in Chromium against the built Worker. The shared harness (inject) covers the recorded
 * trade; each state that needs its own cache or upstream behaviour gets its own Worker + fixture server.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { WHALES_CRON, WHALES_REFRESH_NOTE } from "../../app/lib/refresh-cadence";
import { type FixtureServer, startFixtureServer } from "../support/fixture-server";
import { V2_ACTIVITY_WALLET } from "../support/upstream-answers";
import { runCron } from "../support/worker";
import { expectNoAxeViolations, screenshotWidths } from "./axe";
import { browserPerFile, watchProblems } from "./browser";
import { startWorker } from "./global-setup";

const baseUrl = inject("baseUrl");

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

const RECORDED = {
  title: "Pozoblanco: Akira Santillan vs Izan Almazan Valiente",
  event: "https://polymarket.com/event/atp-santill-valient-2026-07-17",
  traderPage: "/trader/0x6d20c35f65d9899b6d6b74f8466e824580f9a165",
};

const ERROR_TEXT = "Failed to load whale trades. Please try refreshing.";
const EMPTY_TEXT = "No large trades found at the moment.";

interface Stack {
  url: string;
  fixtures: FixtureServer;
  stop: () => Promise<void>;
}

/** A Worker with its own empty KV, pointed at its own fixture server. */
async function startStack(
  prepare: (fixtureUrl: string) => Promise<void> = async () => {},
  vars: Record<string, string> = {},
): Promise<Stack> {
  const fixtures = await startFixtureServer(0);
  await prepare(fixtures.url);
  const worker = await startWorker({
    POLYMARKET_GAMMA_URL: `${fixtures.url}/gamma`,
    POLYMARKET_DATA_URL: `${fixtures.url}/data`,
    X_API_URL: `${fixtures.url}/x`,
    LLM_API_URL: `${fixtures.url}/llm`,
    UPSTREAM_RETRY_BASE_MS: "10",
    ...vars,
  });
  return {
    url: worker.url,
    fixtures,
    stop: async () => {
      try {
        worker.stop();
      } catch (error) {
        // The Worker exited on its own: show why.
        console.error(worker.log());
        throw error;
      }
      await fixtures.close();
    },
  };
}

async function post(url: string, body?: unknown): Promise<void> {
  const res = await fetch(url, {
    method: "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, url).toBe(true);
}

/** A trade row as the Data API sends it. */
function rawTrade(fields: {
  id: string;
  title: string;
  outcome: string;
  side: "BUY" | "SELL";
  size: number;
  price: number;
  at: number;
  wallet: string;
  eventSlug: string;
  pseudonym: string;
}) {
  return {
    proxyWallet: fields.wallet,
    side: fields.side,
    asset: "1",
    conditionId: `0xcondition-${fields.id}`,
    size: fields.size,
    price: fields.price,
    timestamp: Math.floor(fields.at / 1000),
    title: fields.title,
    slug: fields.eventSlug,
    eventSlug: fields.eventSlug,
    outcome: fields.outcome,
    outcomeIndex: 0,
    name: "",
    pseudonym: fields.pseudonym,
    transactionHash: `0xtx-${fields.id}`,
  };
}

// Around the recorded trade (Jul 17 2026 22:17 UTC, $64.8K): one newer and smaller YES buy, one older
// and smaller NO buy whose title is markup and which has no event slug and no pseudonym.
const YES_TRADE = rawTrade({
  id: "yes",
  title: "Will the Fed cut rates in September?",
  outcome: "Yes",
  side: "BUY",
  size: 100_000,
  price: 0.62,
  at: Date.UTC(2026, 6, 18, 9, 5),
  wallet: "0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1234",
  eventSlug: "fed-september",
  pseudonym: "Big-Fish",
});
const NO_TITLE = 'Will <script>alert("x")</script> & <b>markup</b> stay text?';
const NO_TRADE = rawTrade({
  id: "no",
  title: NO_TITLE,
  outcome: "No",
  side: "BUY",
  size: 80_000,
  price: 0.7,
  at: Date.UTC(2026, 6, 16, 12, 0),
  wallet: "0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb5678",
  eventSlug: "",
  pseudonym: "",
});

const cardTitles = (page: Page) => page.getByTestId("whale-trade").locator("h3").allTextContents();
const card = (page: Page, title: string) => page.getByTestId("whale-trade").filter({ hasText: title });
/** Titles include a screen-reader note after the linked ones; compare on the visible start. */
const visible = (text: string) =>
  text.replace(/\s+/g, " ").replace(" (opens Polymarket in a new tab)", "").trim();
const short = (titles: string[]) => titles.map(visible);

const { context } = browserPerFile(baseUrl);

describe("whale watch on the shared harness (recorded trades)", () => {
  it("server-renders the recorded whale with SPEC's figures and hydrates cleanly", async () => {
    const page = await context().newPage();
    const problems = watchProblems(page);
    const response = await page.goto(`${baseUrl}/whale-watch`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe("Whale Watch: Live Large Trades | OddsPulse");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Whale Watch");

    const whale = card(page, RECORDED.title);
    await expect.poll(() => whale.count()).toBe(1);
    expect(await whale.getByTestId("trade-amount").textContent()).toBe("$64.8K");
    expect(await whale.getByTestId("trade-payout").textContent()).toBe("$64.8K");
    expect(await whale.getByTestId("trade-odds").textContent()).toBe(">99%");
    // A sale is labelled as one, and the seller's payout is not called a win.
    expect(await whale.locator("dt").allTextContents()).toEqual(["Sold", "Payout given up", "Odds"]);
    expect(await whale.getByTestId("trade-time").textContent()).toBe("Jul 17, 22:17 UTC");
    expect(await whale.getByTestId("trade-time").getAttribute("datetime")).toBe("2026-07-17T22:17:31.000Z");
    expect(await whale.getByTestId("trade-age").textContent()).toMatch(/^\d+ days ago$/);
    expect(await whale.getByText("Akira Santillan", { exact: true }).count()).toBe(1);

    // The title leads to the market's page here; Polymarket's event page is the secondary link.
    const title = whale.getByRole("link", { name: RECORDED.title, exact: true });
    expect(await title.getAttribute("href")).toBe("/market/atp-santill-valient-2026-07-17");
    const event = whale.getByRole("link", { name: "Polymarket (opens in a new tab)" });
    expect(await event.getAttribute("href")).toBe(RECORDED.event);
    expect(await event.getAttribute("target")).toBe("_blank");
    expect(await event.getAttribute("rel")).toBe("noopener noreferrer");
    // The trader leads to their page here (which links on to Polymarket), with their monthly rank.
    const trader = whale.getByTestId("trader");
    expect(await trader.getAttribute("href")).toBe(RECORDED.traderPage);
    expect(visible(await trader.innerText())).toBe("Webbed-Myth 0x6d20…a165");
    expect(await whale.getByTestId("trader-rank").textContent()).toBe("#44 this month · +$485.1K");

    expect(await page.getByTestId("whale-footnote").textContent()).toContain(WHALES_REFRESH_NOTE);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("gives the page its metadata: description, canonical and structured data", async () => {
    const page = await context().newPage();
    await page.goto(`${baseUrl}/whale-watch?outcome=yes&sort=largest`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/over \$50K/);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseUrl}/whale-watch`);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld).toMatchObject({ "@type": "CollectionPage", url: `${baseUrl}/whale-watch` });
    await page.close();
  });
});

describe("whale watch with several whales", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack(async (fixtureUrl) => {
      await post(`${fixtureUrl}/__trades`, NO_TRADE);
      await post(`${fixtureUrl}/__trades`, YES_TRADE);
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("renders the list in the first HTML, and the filter and sort without JavaScript", async () => {
    const get = async (query: string) => {
      const res = await fetch(`${stack.url}/whale-watch${query}`, { headers: { "user-agent": BROWSER_UA } });
      expect(res.status).toBe(200);
      const html = await res.text();
      // The rendered page only: the serialized loader data after it holds every trade anyway.
      return html.slice(0, html.indexOf("</main>"));
    };
    // The first visit on the cold cache streams; the next one is warm and has the cards at once.
    await get("");
    const warm = await get("");
    expect(warm).not.toContain('data-testid="whale-skeleton"');
    // Not outlined into a hidden segment that only a script reveals: readable without JavaScript.
    expect(warm).not.toContain("<!--$?-->");
    const order = (html: string) =>
      ["Will the Fed cut rates", "Pozoblanco", "Will &lt;script&gt;"].map((t) => html.indexOf(t));
    const [fed, pozo, markup] = order(warm);
    expect(fed).toBeGreaterThan(0);
    expect(fed).toBeLessThan(pozo ?? 0);
    expect(pozo).toBeLessThan(markup ?? 0);
    // Untrusted titles are text, never markup.
    expect(warm).not.toContain('<script>alert("x")');

    const yesOnly = await get("?outcome=yes");
    expect(yesOnly).toContain("Will the Fed cut rates");
    expect(yesOnly).not.toContain("Pozoblanco");
    expect(yesOnly).toMatch(
      /href="\/whale-watch\?outcome=yes"[^>]*aria-current="true"|aria-current="true"[^>]*href="\/whale-watch\?outcome=yes"/,
    );

    const largest = await get("?sort=largest");
    const [lFed, lPozo, lMarkup] = order(largest);
    expect(lPozo).toBeLessThan(lFed ?? 0);
    expect(lFed).toBeLessThan(lMarkup ?? 0);
  });

  it("shows each card's figures, badges and only https links that open safely", async () => {
    const page = await context().newPage();
    await page.goto(`${stack.url}/whale-watch`, { waitUntil: "networkidle" });
    expect(short(await cardTitles(page))).toEqual([
      "Will the Fed cut rates in September?",
      RECORDED.title,
      NO_TITLE,
    ]);

    const yes = card(page, "Will the Fed cut rates");
    expect(await yes.getByTestId("trade-amount").textContent()).toBe("$62K");
    expect(await yes.getByTestId("trade-payout").textContent()).toBe("$100K");
    expect(await yes.getByTestId("trade-odds").textContent()).toBe("62%");
    expect(await yes.locator("dt").allTextContents()).toEqual(["Bought", "Potential win", "Odds"]);
    expect(await yes.getByTestId("trade-time").textContent()).toBe("Jul 18, 09:05 UTC");
    // YES gets the default (blue) badge, the others the destructive one; the text says which.
    expect(
      await yes.getByText("Yes", { exact: true }).evaluate((el) => el.parentElement?.className),
    ).toContain("badge-default");
    const no = card(page, "stay text?");
    expect(await no.getByText("No", { exact: true }).evaluate((el) => el.parentElement?.className)).toContain(
      "badge-destructive",
    );
    expect(
      await card(page, "Pozoblanco")
        .getByText("Akira Santillan", { exact: true })
        .evaluate((el) => el.parentElement?.className),
    ).toContain("badge-destructive");

    // No event slug: the title is plain text, not a guessed link. No pseudonym: the short wallet alone.
    expect(await no.locator("h3").textContent()).toBe(NO_TITLE);
    expect(await no.locator("h3 a").count()).toBe(0);
    expect(visible(await no.getByTestId("trader").innerText())).toBe("0xbbbb…5678");
    expect(await yes.getByTestId("trader").getAttribute("href")).toBe(
      "/trader/0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1234",
    );
    // Not on the recorded board: said so, not guessed.
    expect(await yes.getByTestId("trader-rank").textContent()).toBe("Unranked this month");

    const external = await page.locator("main a[href^='http']").evaluateAll((links) =>
      links.map((a) => ({
        href: a.getAttribute("href"),
        target: a.getAttribute("target"),
        rel: a.getAttribute("rel"),
      })),
    );
    expect(external).toHaveLength(2); // the 2 event links (traders lead to their pages here)
    for (const link of external) {
      expect(link.href).toMatch(/^https:\/\/polymarket\.com\/event\//);
      expect(link.target).toBe("_blank");
      expect(link.rel).toBe("noopener noreferrer");
    }
    expect(await page.getByTestId("whale-updated").textContent()).toMatch(/^Updated (just now|\d+ min ago)$/);
    expect(await page.getByTestId("whale-summary").textContent()).toContain("Showing 3 of 3 trades");
    await page.close();
  });

  it("filters and sorts through links kept in the URL, without asking the server again", async () => {
    const page = await context().newPage();
    const dataRequests: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes(".data")) dataRequests.push(req.url());
    });
    await page.goto(`${stack.url}/whale-watch`, { waitUntil: "networkidle" });
    const outcome = page.getByRole("group", { name: "Outcome" });
    const sort = page.getByRole("group", { name: "Sort" });
    expect(await outcome.getByRole("link", { name: "All" }).getAttribute("aria-current")).toBe("true");
    expect(await sort.getByRole("link", { name: "Newest" }).getAttribute("aria-current")).toBe("true");

    await outcome.getByRole("link", { name: "Yes" }).click();
    await expect.poll(() => page.url()).toBe(`${stack.url}/whale-watch?outcome=yes`);
    await expect
      .poll(async () => short(await cardTitles(page)))
      .toEqual(["Will the Fed cut rates in September?"]);
    expect(await outcome.getByRole("link", { name: "Yes" }).getAttribute("aria-current")).toBe("true");
    expect(await outcome.getByRole("link", { name: "All" }).getAttribute("aria-current")).toBeNull();

    await sort.getByRole("link", { name: "Largest" }).click();
    await expect.poll(() => page.url()).toBe(`${stack.url}/whale-watch?outcome=yes&sort=largest`);

    await outcome.getByRole("link", { name: "No" }).click();
    await expect.poll(() => page.url()).toBe(`${stack.url}/whale-watch?outcome=no&sort=largest`);
    await expect.poll(async () => short(await cardTitles(page))).toEqual([NO_TITLE]);

    await outcome.getByRole("link", { name: "All" }).click();
    await expect.poll(() => page.url()).toBe(`${stack.url}/whale-watch?sort=largest`);
    await expect
      .poll(async () => short(await cardTitles(page)))
      .toEqual([RECORDED.title, "Will the Fed cut rates in September?", NO_TITLE]);
    expect(await page.getByTestId("whale-summary").textContent()).toContain("Showing 3 of 3 trades");

    await sort.getByRole("link", { name: "Newest" }).click();
    await expect.poll(() => page.url()).toBe(`${stack.url}/whale-watch`);
    expect(dataRequests).toEqual([]);
    await page.close();
  });

  it("passes axe and looks right at 390 px and 1280 px", async () => {
    const page = await context().newPage();
    await page.goto(`${stack.url}/whale-watch`, { waitUntil: "networkidle" });
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "whale-watch");
    // Nothing wider than the phone screen.
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every filter row (Amount is the widest) wraps or fits inside the filters' box, on a smaller phone too.
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.getByTestId("whale-filters").evaluate((box) => {
        const right = box.getBoundingClientRect().right;
        return [...box.querySelectorAll("fieldset")]
          .filter((row) =>
            [...row.querySelectorAll("a")].some((a) => a.getBoundingClientRect().right > right),
          )
          .map((row) => row.querySelector("legend")?.textContent);
      });
      expect(overflow, `${width} px`).toEqual([]);
    }
    await page.close();
  });

  it("pauses polling while the tab is hidden and refetches when it is visible again", async () => {
    const page = await context().newPage();
    await page.clock.install({ time: Date.now() });
    // Count the page's own calls to /api/whales as they are made (fetch is called synchronously by the
    // poll timer, which the fake clock runs inside fastForward): the count is exact when read.
    await page.addInitScript(() => {
      const counted = window as unknown as { whalePolls: number };
      counted.whalePolls = 0;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).endsWith("/api/whales"))
          counted.whalePolls += 1;
        return original(input, init);
      };
    });
    const polls = () => page.evaluate(() => (window as unknown as { whalePolls: number }).whalePolls);
    await page.goto(`${stack.url}/whale-watch`, { waitUntil: "networkidle" });
    // Wait for the hook to be mounted: a 60 s jump makes it poll once.
    await expect
      .poll(async () => {
        await page.clock.fastForward(60_000);
        return polls();
      })
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("whale-updated").textContent()).toMatch(/^Updated/);
    const before = await polls();

    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    // Three intervals pass while hidden: the timers ran, and made no call.
    await page.clock.fastForward(180_000);
    expect(await polls()).toBe(before);

    await page.evaluate(() => {
      // Drop the override: the real (visible) value comes back from the prototype.
      Reflect.deleteProperty(document, "visibilityState");
      document.dispatchEvent(new Event("visibilitychange"));
    });
    // The data is 3 minutes old: stale, so it refetches at once, without waiting for the interval.
    expect(await polls()).toBe(before + 1);
    await page.close();
  });

  it("keeps the list and says so when a refetch fails after its two retries", async () => {
    const page = await context().newPage();
    await page.clock.install({ time: Date.now() });
    await page.goto(`${stack.url}/whale-watch`, { waitUntil: "networkidle" });
    const shown = await page.getByTestId("whale-trade").count();
    expect(shown).toBeGreaterThan(0);

    const attempts: number[] = [];
    await page.route("**/api/whales", (route) => {
      attempts.push(Date.now());
      return route.abort("failed");
    });
    await expect
      .poll(async () => {
        await page.clock.fastForward(60_000);
        return attempts.length;
      })
      .toBeGreaterThan(0);
    // Retries after 1 s and 2 s (of the page's clock): step it until the third attempt has failed.
    await expect
      .poll(async () => {
        await page.clock.fastForward(1_000);
        return page.getByTestId("whale-refresh-notice").count();
      })
      .toBe(1);
    expect(attempts).toHaveLength(3);
    expect(await page.getByTestId("whale-refresh-notice").textContent()).toMatch(
      /^Couldn't refresh the trades; showing trades from (\w{3} \d{1,2}, )?\d\d:\d\d UTC\.$/,
    );
    expect(await page.getByRole("status").filter({ hasText: "Couldn't refresh" }).count()).toBe(1);
    expect(await page.getByTestId("whale-trade").count()).toBe(shown);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: "test-results/whale-watch-refresh-failed-390.png" });

    // The API answers again: the next poll clears the notice.
    await page.unroute("**/api/whales");
    await expect
      .poll(async () => {
        await page.clock.fastForward(20_000);
        return page.getByTestId("whale-refresh-notice").count();
      })
      .toBe(0);
    expect(await page.getByTestId("whale-trade").count()).toBe(shown);
    await page.close();
  });
});

describe("whale watch picking up a new trade", () => {
  let stack: Stack;

  // Its own Worker: the server refreshes a stale list at most once a minute (a KV lock), so a Worker
  // that other tests have already made refresh could hold the new trade back for up to 60 s.
  beforeAll(async () => {
    // Stale after 10 s (the minimum), so the new upstream trade reaches /api/whales within the test.
    // And written to KV at once (the Free plan's write interval lifted, as on the Paid plan).
    stack = await startStack(async () => {}, { WHALES_FRESH_SECONDS: "10", WHALES_WRITE_SECONDS: "0" });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("brings a new trade in on the next 60 s refetch", async () => {
    const page = await context().newPage();
    await page.clock.install({ time: Date.now() });
    await page.goto(`${stack.url}/whale-watch`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("whale-trade").count()).toBe(1);

    const title = "Will a whale splash in before the next poll?";
    await post(
      `${stack.fixtures.url}/__trades`,
      rawTrade({
        id: "new",
        title,
        outcome: "Yes",
        side: "BUY",
        size: 150_000,
        price: 0.5,
        at: Date.now(),
        wallet: "0xcccccccccccccccccccccccccccccccccccc9012",
        eventSlug: "whale-splash",
        pseudonym: "New-Whale",
      }),
    );
    // The Worker's copy is fresh for 10 s; once stale, a read refreshes it in the background.
    await expect
      .poll(
        async () => {
          const body = await (await fetch(`${stack.url}/api/whales`)).text();
          return body.includes(title);
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);

    await expect
      .poll(async () => {
        await page.clock.fastForward(60_000);
        return short(await cardTitles(page))[0];
      })
      .toBe(title);
    const splash = card(page, title);
    expect(await splash.getByTestId("trade-amount").textContent()).toBe("$75K");
    expect(await splash.getByTestId("trade-time").textContent()).toMatch(/^\d\d:\d\d UTC$/);
    expect(await page.getByTestId("whale-trade").count()).toBe(2);
    expect(await page.getByTestId("whale-summary").textContent()).toContain("Showing 2 of 2 trades");
    expect(await page.getByTestId("whale-refresh-notice").count()).toBe(0);
    await page.close();
  });
});

describe("whale watch states on a cold cache", () => {
  it("streams six skeleton cards first when the upstream is slow, then the trades", async () => {
    const stack = await startStack((fixtureUrl) =>
      post(`${fixtureUrl}/__mode?upstream=data&mode=slow&ms=3000`),
    );
    try {
      // A browser user agent: crawlers (and HeadlessChrome) get the whole page at once instead. And no
      // compression: wrangler dev's gzip/brotli holds a streamed response back until it ends.
      const loading = await context().newPage();
      const problems = watchProblems(loading);
      const cdp = await context().newCDPSession(loading);
      await cdp.send("Network.setUserAgentOverride", { userAgent: BROWSER_UA });
      await loading.setExtraHTTPHeaders({ "accept-encoding": "identity" });
      await loading.setViewportSize({ width: 390, height: 900 });
      await loading.goto(`${stack.url}/whale-watch`, { waitUntil: "commit" });
      const skeletons = loading.getByTestId("whale-skeleton");
      await expect.poll(() => skeletons.count(), { timeout: 2_500 }).toBe(6);
      expect(await loading.getByTestId("whale-trade").count()).toBe(0);
      expect(await loading.getByRole("heading", { level: 1 }).textContent()).toBe("Whale Watch");
      expect(await loading.getByTestId("whale-footnote").textContent()).toContain(WHALES_REFRESH_NOTE);
      await loading.screenshot({ path: "test-results/whale-watch-loading-390.png", fullPage: true });
      // The upstream answers after 3 s; the streamed list replaces the skeletons.
      await expect.poll(() => loading.getByTestId("whale-trade").count(), { timeout: 15_000 }).toBe(1);
      expect(await skeletons.count()).toBe(0);
      // The streamed list hydrates like a cached one.
      await loading.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
      await loading.close();

      // Only the recorded (non Yes/No) whale is cached now: the Yes filter leaves nothing.
      const page = await context().newPage();
      await page.goto(`${stack.url}/whale-watch?outcome=yes`, { waitUntil: "networkidle" });
      expect(await page.getByTestId("whale-filtered-empty").textContent()).toContain(
        "No large trades match this filter.",
      );
      await page.getByRole("link", { name: "Clear the filters" }).click();
      await expect.poll(() => page.url()).toBe(`${stack.url}/whale-watch`);
      await expect.poll(() => page.getByTestId("whale-trade").count()).toBe(1);
      await page.close();
    } finally {
      await stack.stop();
    }
  });

  it("shows SPEC's error card when the trades cannot be fetched and nothing is cached", async () => {
    const stack = await startStack((fixtureUrl) => post(`${fixtureUrl}/__mode?upstream=data&mode=http-500`));
    try {
      const page = await context().newPage();
      const response = await page.goto(`${stack.url}/whale-watch`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      expect(await page.getByTestId("whale-error").textContent()).toContain(ERROR_TEXT);
      await page.setViewportSize({ width: 390, height: 900 });
      await page.screenshot({ path: "test-results/whale-watch-error-390.png", fullPage: true });
      expect(await page.getByTestId("whale-trade").count()).toBe(0);
      expect(await page.getByTestId("whale-footnote").textContent()).toContain(WHALES_REFRESH_NOTE);
      await expectNoAxeViolations(page);
      await page.close();
    } finally {
      await stack.stop();
    }
  });

  it("shows SPEC's empty state when there are no large trades", async () => {
    const stack = await startStack((fixtureUrl) => post(`${fixtureUrl}/__mode?upstream=data&mode=empty`));
    try {
      const page = await context().newPage();
      await page.goto(`${stack.url}/whale-watch`, { waitUntil: "networkidle" });
      const empty = page.getByTestId("whale-empty");
      expect(await empty.textContent()).toContain(EMPTY_TEXT);
      expect(await empty.textContent()).toContain(
        "Trades over $50K will appear here as soon as they are detected.",
      );
      expect(await page.getByTestId("whale-error").count()).toBe(0);
      await page.setViewportSize({ width: 390, height: 900 });
      await page.screenshot({ path: "test-results/whale-watch-empty-390.png", fullPage: true });
      await expectNoAxeViolations(page);
      await page.close();
    } finally {
      await stack.stop();
    }
  });
});

describe("whale watch's fresh-wallet radar and its filter", () => {
  let stack: Stack;
  const LONG_SHOT = "Will the long shot come in?";
  // The wallet of the recorded v2 activity (two trades on two markets, $27 in all) buys $80K at 8¢:
  // 2 markets (15) + all of its volume (20) + a long shot (15) = 50, a fresh wallet.
  const FRESH_TRADE = rawTrade({
    id: "fresh",
    title: LONG_SHOT,
    outcome: "Yes",
    side: "BUY",
    size: 1_000_000,
    price: 0.08,
    at: Date.now() - 5 * 60_000,
    wallet: V2_ACTIVITY_WALLET,
    eventSlug: "long-shot",
    pseudonym: "",
  });
  const FRESH_LINE = "Radar 50/100: 2 markets · 100% of its volume · bought at 8¢";

  beforeAll(async () => {
    stack = await startStack(async (fixtureUrl) => {
      await post(`${fixtureUrl}/__trades`, YES_TRADE);
      await post(`${fixtureUrl}/__trades`, FRESH_TRADE);
    });
    // One minute run: the list, then the radar's lookups of the two newest trades' wallets.
    await runCron(stack.url, WHALES_CRON);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("without JavaScript: fresh=1 lists only the fresh wallet's trade, and a bad value is a 400", async () => {
    const res = await fetch(`${stack.url}/whale-watch?fresh=1`, { headers: { "user-agent": BROWSER_UA } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const main = html.slice(0, html.indexOf("</main>"));
    expect(main).toContain(LONG_SHOT);
    expect(main).toContain(FRESH_LINE);
    expect(main).not.toContain("Will the Fed cut rates");
    const bad = await fetch(`${stack.url}/whale-watch?fresh=maybe`, {
      headers: { "user-agent": BROWSER_UA },
    });
    expect(bad.status).toBe(400);
  });

  it("each card says its radar, and the filter link narrows the list in the browser", async () => {
    const page = await context().newPage();
    const problems = watchProblems(page);
    await page.goto(`${stack.url}/whale-watch`, { waitUntil: "networkidle" });
    const fresh = card(page, LONG_SHOT);
    expect(await fresh.getByTestId("trade-radar").textContent()).toBe(FRESH_LINE);
    expect(await fresh.getByTestId("fresh-badge").textContent()).toBe("Fresh wallet");
    // Looked up: its history is empty (nothing known), so only its price could add points, and 62¢ adds none.
    const yes = card(page, "Will the Fed cut rates");
    expect(await yes.getByTestId("trade-radar").textContent()).toBe("Radar 0/100: nothing flagged");
    expect(await yes.getByTestId("fresh-badge").count()).toBe(0);
    // The third newest: not looked up by this run.
    expect(await card(page, RECORDED.title).getByTestId("trade-radar").textContent()).toBe(
      "Radar: not checked yet",
    );

    const wallets = page.getByRole("group", { name: "Wallets" });
    await wallets.getByRole("link", { name: "Fresh wallets only" }).click();
    await expect.poll(() => page.url()).toBe(`${stack.url}/whale-watch?fresh=1`);
    await expect.poll(async () => short(await cardTitles(page))).toEqual([LONG_SHOT]);
    expect(await page.getByTestId("whale-summary").textContent()).toContain("Showing 1 of 3 trades");
    expect(await wallets.getByRole("link", { name: "Fresh wallets only" }).getAttribute("aria-current")).toBe(
      "true",
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("passes axe at 390 px and 1280 px with the filter on", async () => {
    const page = await context().newPage();
    await page.goto(`${stack.url}/whale-watch?fresh=1`, { waitUntil: "networkidle" });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }
    await screenshotWidths(page, "whale-watch-fresh");
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });
});
