/**
 * Live prices and whale trades in Chromium (decision 0041), against the built Worker, its live hub and the
 * fixture server's mock CLOB market channel (test/support/clob-ws.ts): a card's price changes on screen
 * after the mock upstream sends a `price_change` (at 390 and 1280 px, highlighted, said by the live region,
 * nothing moving, axe clean); one socket per tab; the Live indicator on while live and "Reconnecting…" when
 * the upstream drops; the event page's table and the market page's prices; a resolution in place; a whale
 * trade pushed before any poll; and without JavaScript no socket and no indicator.
 * (test/e2e/live.test.ts is the other "live": X counts and the model answering.)
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LIVE_FLASH_MS } from "../../app/components/live/hooks";
import { PAGE_SIZE } from "../../app/lib/dashboard";
import { eventTopic } from "../../app/lib/live";
import type { MarketEvent } from "../../app/lib/types";
import { type FixtureServer, polymarketVars, startFixtureServer } from "../support/fixture-server";
import { expectNoAxeViolations } from "./axe";
import { browserPerFile, launchBrowser } from "./browser";
import {
  clob as clobControl,
  priceChange as priceChangeTo,
  untilFollowed as untilTokenFollowed,
} from "./clob-ticks";
import { startWorker } from "./global-setup";
import { listedEvents, recordedMarketEvents } from "./recorded-events";

const baseUrl = inject("baseUrl");
const fixtureUrl = inject("fixtureUrl");
// Live sockets reach the Worker here (the other files silence them: browser.ts).
const { open } = browserPerFile(baseUrl, { live: true });

// ——— the mock upstream ———

const clob = (fixtures: string, action: string, body?: unknown) => clobControl(fixtures, action, body);
const untilFollowed = (token: string, fixtures = fixtureUrl) => untilTokenFollowed(token, fixtures);
const priceChange = (token: string, cents: number, fixtures = fixtureUrl) =>
  priceChangeTo(token, cents, fixtures);

// ——— the recorded events the home page lists ———

function marketEventOf(id: string): MarketEvent {
  const event = recordedMarketEvents.find((e) => e.id === id);
  if (!event) throw new Error(`no recorded event ${id}`);
  return event;
}

const onHome = listedEvents(undefined).slice(0, PAGE_SIZE);
/** The first one-market events on the home page: a price to move, and a market to resolve. */
const [single, toResolve] = onHome.filter((e) => !e.multi).map((e) => marketEventOf(e.id));
/** The first multi-outcome event: its page's outcome table. */
const multi = marketEventOf(onHome.find((e) => e.multi)?.id ?? "");

function tokensOf(event: MarketEvent | undefined, market = 0): { yes: string; no: string; id: string } {
  const m = event?.markets[market];
  const [yes, no] = m?.outcomes ?? [];
  if (!m || !yes?.tokenId || !no?.tokenId) throw new Error("the recorded market has no tokens");
  return { yes: yes.tokenId, no: no.tokenId, id: m.id };
}

// ——— the page ———

const card = (page: Page, event: MarketEvent) =>
  page.locator(`[data-testid=event-card][data-event-id="${event.id}"]`);
const indicator = (page: Page) => page.getByTestId("live-indicator");

/** Records layout shifts (not caused by input) from the first paint, as CLS counts them. */
async function recordShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { shifts: { t: number; value: number; nodes: string[] }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        startTime: number;
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName),
        );
        w.shifts.push({ t: entry.startTime, value: entry.value, nodes });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function shiftsSince(page: Page, since: number) {
  return page.evaluate(
    (t) =>
      (window as unknown as { shifts: { t: number; value: number; nodes: string[] }[] }).shifts.filter(
        (s) => s.t > t,
      ),
    since,
  );
}

describe("live prices on the home page", () => {
  const { yes } = tokensOf(single);

  for (const [width, cents] of [
    [1280, 43],
    [390, 71],
  ] as const) {
    it(`a card's price changes on screen after the upstream's price_change, at ${width} px`, async () => {
      if (!single) throw new Error("no one-market event on the home page");
      const { page: live, problems } = await open("/", baseUrl, { width });
      await recordShifts(live);
      const hydratedAt = await live.evaluate(() => performance.now());

      // The indicator lights up once the socket is open and the hub's upstream is connected.
      await expect.poll(() => indicator(live).getAttribute("data-state"), { timeout: 20_000 }).toBe("live");
      expect(await indicator(live).textContent()).toBe("Live prices");
      await untilFollowed(yes);

      await priceChange(yes, cents);
      const links = card(live, single).getByTestId("trade-link");
      await expect
        .poll(() => links.allTextContents(), { timeout: 10_000 })
        .toEqual([`Yes ${cents}¢`, `No ${100 - cents}¢`]);
      // Highlighted briefly, then not.
      expect(await links.first().getAttribute("class")).toContain("live-flash");
      expect(await links.first().getAttribute("aria-label")).toBe(
        `Trade Yes ${cents}¢ on Polymarket (opens in a new tab)`,
      );
      await live
        .getByTestId("live-indicator")
        .locator("xpath=../..")
        .screenshot({
          path: `test-results/live-strip-${width}.png`,
        });
      await card(live, single).scrollIntoViewIfNeeded();
      await live.screenshot({ path: `test-results/live-card-${width}.png` });
      await expectNoAxeViolations(live);
      await expect
        .poll(() => links.first().getAttribute("class"), { timeout: LIVE_FLASH_MS + 2_000 })
        .not.toContain("live-flash");

      // The live region says it (a summary, at most one every 10 s: the first prices at connect came first).
      await expect
        .poll(() => live.getByTestId("live-announcer").textContent(), { timeout: 15_000 })
        .toContain(`${single.title} Yes ${cents}¢`);
      expect(await live.getByTestId("live-announcer").textContent()).toMatch(/^Prices updated live: /);

      // Nothing moved when the indicator lit up and the prices changed.
      expect(await shiftsSince(live, hydratedAt)).toEqual([]);
      expect(problems).toEqual([]);
      await live.close();
    });
  }

  it("one socket per tab, asking for every card's event in one message; Reconnecting… when the upstream drops", async () => {
    const { page, problems } = await open("/?tab=one-socket");
    const urls: string[] = [];
    const sent: string[] = [];
    page.on("websocket", (ws) => {
      urls.push(ws.url());
      ws.on("framesent", (frame) => sent.push(String(frame.payload)));
    });
    // Watched from the start: the same page loaded again.
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => indicator(page).getAttribute("data-state"), { timeout: 20_000 }).toBe("live");
    expect(urls).toEqual([`${baseUrl.replace(/^http/, "ws")}/api/v1/live`]);
    const topics = onHome.map((e) => eventTopic(e.slug));
    expect(sent.map((text) => JSON.parse(text))).toEqual([{ subscribe: topics }]);

    // The upstream goes away and refuses to come back for now: the hub says it is reconnecting.
    await clob(fixtureUrl, "refuse?on=1");
    await clob(fixtureUrl, "drop");
    try {
      await expect
        .poll(() => indicator(page).textContent(), { timeout: 10_000 })
        .toBe("Live prices: Reconnecting…");
      expect(await indicator(page).getByText("Reconnecting…", { exact: true }).isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: "test-results/live-reconnecting-1280.png" });
    } finally {
      await clob(fixtureUrl, "refuse?on=0");
    }
    // Back: the same socket hears the upstream is connected again.
    await expect.poll(() => indicator(page).getAttribute("data-state"), { timeout: 40_000 }).toBe("live");
    expect(urls).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a resolution pushed live marks the card in place and is said", async () => {
    if (!toResolve) throw new Error("no second one-market event on the home page");
    const { yes: winner, no: loser, id } = tokensOf(toResolve);
    const { page, problems } = await open("/?tab=resolved");
    await expect.poll(() => indicator(page).getAttribute("data-state"), { timeout: 20_000 }).toBe("live");
    await untilFollowed(winner);
    await clob(fixtureUrl, "send", {
      event_type: "market_resolved",
      id,
      market: toResolve.markets[0]?.conditionId ?? `0x${"2".repeat(64)}`,
      assets_ids: [winner, loser],
      outcomes: ["Yes", "No"],
      winning_asset_id: winner,
      winning_outcome: "Yes",
      timestamp: String(Date.now()),
    });
    const mark = card(page, toResolve).getByTestId("live-resolved");
    await expect.poll(() => mark.textContent(), { timeout: 10_000 }).toBe("Resolved: Yes");
    // A resolved market is no longer called live.
    expect(await card(page, toResolve).getByText("LIVE", { exact: true }).count()).toBe(0);
    await expect
      .poll(() => page.getByTestId("live-announcer").textContent(), { timeout: 15_000 })
      .toContain(`Resolved: ${toResolve.title} (Yes).`);
    await expectNoAxeViolations(page);
    await card(page, toResolve).screenshot({ path: "test-results/live-resolved-card-1280.png" });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("live prices on the event and market pages", () => {
  it("the event page's outcome table follows the book: price, bid, ask and spread", async () => {
    const { yes, id } = tokensOf(multi);
    const { page, problems } = await open(`/event/${multi.slug}`);
    await expect.poll(() => indicator(page).getAttribute("data-state"), { timeout: 20_000 }).toBe("live");
    // Beside where the prices came from.
    expect(await page.locator("[data-testid=event-source] + [data-testid=live-indicator]").count()).toBe(1);
    await untilFollowed(yes);
    await priceChange(yes, 64);
    const market = multi.markets.find((m) => m.id === id);
    const row = page
      .getByTestId("outcome-row")
      .filter({ hasText: market?.groupTitle ?? "" })
      .first();
    await expect.poll(() => row.locator("td").first().textContent(), { timeout: 10_000 }).toBe("64¢");
    expect(await row.getByTestId("best-bid").textContent()).toBe("63¢");
    expect(await row.getByTestId("best-ask").textContent()).toBe("65¢");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "test-results/live-event-1280.png" });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: "test-results/live-event-390.png" });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the market page's prices follow too", async () => {
    if (!single) throw new Error("no one-market event on the home page");
    const { yes } = tokensOf(single);
    const slug = single.markets[0]?.slug;
    const { page, problems } = await open(`/market/${slug}`);
    await expect.poll(() => indicator(page).getAttribute("data-state"), { timeout: 20_000 }).toBe("live");
    expect(await page.locator("[data-testid=market-source] + [data-testid=live-indicator]").count()).toBe(1);
    await untilFollowed(yes);
    await priceChange(yes, 22);
    const tiles = page.getByTestId("outcomes").getByRole("listitem");
    await expect.poll(() => tiles.allTextContents(), { timeout: 10_000 }).toEqual(["Yes22¢", "No78¢"]);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("whale trades pushed live", () => {
  let fixtures: FixtureServer;
  let worker: Awaited<ReturnType<typeof startWorker>>;

  // Its own Worker and fixture server: the new trade must not reach the other files' whale lists.
  beforeAll(async () => {
    fixtures = await startFixtureServer(0);
    worker = await startWorker({
      ...polymarketVars(fixtures.url),
      X_API_URL: `${fixtures.url}/no-x`,
      LLM_API_URL: `${fixtures.url}/no-llm`,
      UPSTREAM_RETRY_BASE_MS: "10",
    });
  });
  afterAll(async () => {
    worker?.stop();
    await fixtures?.close();
  });

  it("a new trade joins the list before the page's next poll, once, highlighted and said", async () => {
    // The markets snapshot first: the hub follows its tokens (and only then says it is connected).
    await fetch(`${worker.url}/`);
    const { page, problems } = await open("/whale-watch", worker.url);
    await expect.poll(() => indicator(page).getAttribute("data-state"), { timeout: 20_000 }).toBe("live");
    expect(await indicator(page).textContent()).toBe("Live trades");
    const before = await page.getByTestId("whale-trade").count();
    const title = "Will a whale be pushed before the next poll?";
    const res = await fetch(`${fixtures.url}/__trades`, {
      method: "POST",
      body: JSON.stringify({
        proxyWallet: "0xdddddddddddddddddddddddddddddddddddd3456",
        side: "BUY",
        asset: "1",
        conditionId: "0xcondition-pushed",
        size: 150_000,
        price: 0.5,
        timestamp: Math.floor(Date.now() / 1000),
        title,
        slug: "whale-pushed",
        eventSlug: "whale-pushed",
        outcome: "Yes",
        outcomeIndex: 0,
        name: "",
        pseudonym: "Pushed-Whale",
        transactionHash: "0xtx-pushed",
      }),
    });
    expect(res.ok).toBe(true);
    // The hub asks for trades every 15 s; the page's own poll is 60 s away.
    const pushed = page.getByTestId("whale-trade").filter({ hasText: title });
    await expect.poll(() => pushed.count(), { timeout: 25_000 }).toBe(1);
    expect(await page.getByTestId("whale-trade").count()).toBe(before + 1);
    expect(await page.locator("[data-testid=whale-list] > li").first().getAttribute("class")).toContain(
      "live-flash",
    );
    await expect
      .poll(() => page.getByTestId("live-announcer").textContent(), { timeout: 5_000 })
      .toBe(`New large trades: Bought $75K of Yes on ${title}.`);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "test-results/live-whale-1280.png" });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("without JavaScript", () => {
  it("opens no socket and shows no indicator; the page is its snapshot", async () => {
    const noJs = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await noJs.context.newPage();
      let sockets = 0;
      page.on("websocket", () => {
        sockets += 1;
      });
      await page.setViewportSize({ width: 390, height: 900 });
      const response = await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      expect(await page.getByTestId("event-card").count()).toBe(onHome.length);
      expect(await indicator(page).count()).toBe(1);
      expect(await indicator(page).isVisible()).toBe(false);
      expect(await indicator(page).evaluate((el) => getComputedStyle(el).display)).toBe("none");
      expect(await page.getByText("Live prices", { exact: true }).count()).toBe(0);
      expect(await page.getByTestId("live-announcer").textContent()).toBe("");
      expect(sockets).toBe(0);
      await page.screenshot({ path: "test-results/live-nojs-390.png", fullPage: true });
      await indicator(page)
        .locator("xpath=../..")
        .screenshot({ path: "test-results/live-nojs-strip-390.png" });
    } finally {
      await noJs.close();
    }
  });
});
