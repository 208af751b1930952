/**
 * A live tick moves every copy of a price on the page, at 390 and 1280 px, with the model answering (so the
 * pages carry calls and forecasts): on the home page a card's trade links, its 24 h change and its call
 * ("called at … · now …"); on the event page the outcome table's price and 24 h change, the forecast's
 * market figure and its gap, and the chart's legend; on the market page the outcome tiles, the legend and
 * the other markets of its event. The freshness line says "live" while the socket delivers; a rise and a
 * fall flash with an arrow, not only a colour. Against the built Worker whose model and X answer (liveUrl)
 * and its fixture server's mock CLOB market channel.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { edgePoints } from "../../app/lib/edge";
import type { MarketEvent } from "../../app/lib/types";
import { browserPerFile } from "./browser";
import { priceChange, untilFollowed as untilTokenFollowed } from "./clob-ticks";
import { recordedMarketEvents } from "./recorded-events";

const liveUrl = inject("liveUrl");
const liveFixtureUrl = inject("liveFixtureUrl");
const { open } = browserPerFile(liveUrl, { live: true });

const untilFollowed = (token: string) => untilTokenFollowed(token, liveFixtureUrl);
const tick = (token: string, cents: number) => priceChange(token, cents, liveFixtureUrl);

const eventOf = (id: string): MarketEvent => {
  const event = recordedMarketEvents.find((e) => e.id === id);
  if (!event) throw new Error(`no recorded event ${id}`);
  return event;
};
const yesToken = (event: MarketEvent, marketId: string): string => {
  const token = event.markets.find((m) => m.id === marketId)?.outcomes[0]?.tokenId;
  if (!token) throw new Error(`market ${marketId} has no Yes token`);
  return token;
};

/** "12.5¢" → 12.5. */
const number = (text: string | null): number => Number.parseFloat((text ?? "").replace(/[^\d.-]/g, ""));
/** "+3.0 pts 24h" → 3. */
const points = (text: string | null): number => Number(/([+-]?\d+(?:\.\d+)?) pts/.exec(text ?? "")?.[1]);

async function untilLive(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId("live-indicator").getAttribute("data-state"), { timeout: 20_000 })
    .toBe("live");
}

/** The price to move to: 9 to 15 cents away from `cents`, inside 5–95¢, and a whole cent. */
const target = (cents: number, up: boolean): number => {
  const moved = up ? Math.round(cents) + 12 : Math.round(cents) - 12;
  return Math.min(94, Math.max(6, moved));
};

/** Its class while a flash is on: the flash and which way the figure went. */
async function flashOf(locator: Locator): Promise<string> {
  return (await locator.getAttribute("class")) ?? "";
}

for (const width of [1280, 390] as const) {
  describe(`a live tick moves every copy of a price, at ${width} px`, () => {
    it("home page: a card's prices, its 24 h change and its call (called at … · now …)", async () => {
      const { page, problems } = await open(`/?copies=${width}`, liveUrl, { width });
      await untilLive(page);
      // A one-market card with a call: its trade links and its badge price the same market.
      const card = page
        .getByTestId("event-card")
        .filter({ has: page.getByTestId("trade-link") })
        .filter({ has: page.getByTestId("call-text") })
        .first();
      const event = eventOf((await card.getAttribute("data-event-id")) ?? "");
      const market = event.markets[0];
      if (!market) throw new Error("a one-market card without its market");
      const links = card.getByTestId("trade-link");
      const [yesBefore] = (await links.allTextContents()).map(number);
      const changeBefore = points(await card.getByTestId("change-24h").textContent());
      // The socket's first prices may already have moved it: "… at 86¢" or "… called at 86¢ · now 50¢".
      const callBefore = (await card.getByTestId("call-text").textContent()) ?? "";
      const [, head, at] = /^(.*?) (?:called )?at (\S+¢)/.exec(callBefore) ?? [];
      expect(at, callBefore).toBeDefined();
      const buysYes = callBefore.startsWith("BUY YES") || callBefore.startsWith(`BUY ${market.yesLabel} `);

      const up = (yesBefore ?? 50) < 50;
      const cents = target(yesBefore ?? 50, up);
      await untilFollowed(yesToken(event, market.id));
      await tick(yesToken(event, market.id), cents);

      await expect
        .poll(() => links.allTextContents(), { timeout: 10_000 })
        .toEqual([`${market.yesLabel} ${cents}¢`, `${market.noLabel} ${100 - cents}¢`]);
      // A rise and a fall differ by more than colour: the flash says which way, with an arrow.
      expect(await flashOf(links.first())).toContain(up ? "live-up" : "live-down");
      expect(await links.first().evaluate((el) => getComputedStyle(el, "::after").content)).toContain(
        up ? "▲" : "▼",
      );
      // The 24 h change moves by as much as the price did, from the stored reference (the price read
      // before was shown to the tenth: within a tenth of a point).
      const moved = cents - (yesBefore ?? 0);
      expect(
        Math.abs(points(await card.getByTestId("change-24h").textContent()) - (changeBefore + moved)),
      ).toBeLessThanOrEqual(0.15);
      // The call keeps its price and says the price now.
      const now = buysYes ? cents : 100 - cents;
      await expect
        .poll(() => card.getByTestId("call-text").textContent())
        .toBe(`${head} called at ${at} · now ${now}¢`);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `test-results/live-copies-card-${width}.png` });
      expect(problems).toEqual([]);
      await page.close();
    });

    it("event page: the table's price and 24 h, the forecast's market figure and gap, the legend", async () => {
      const { page: home } = await open(`/?copies-event=${width}`, liveUrl, { width });
      // A multi-outcome event with a forecast (the model's bars).
      const href = await home
        .getByTestId("event-card")
        .filter({ has: home.getByTestId("outcome") })
        .first()
        .locator('h3 a[href^="/event/"]')
        .getAttribute("href");
      await home.close();
      const { page, problems } = await open(`${href}`, liveUrl, { width });
      await untilLive(page);
      // While the socket delivers, the freshness line is "live"; the fetch time steps aside.
      expect(await page.getByTestId("event-source").isHidden()).toBe(true);
      expect(await page.getByTestId("live-indicator").textContent()).toBe("Live prices");

      const bar = page.getByTestId("forecast-bar").first();
      const label = (await bar.locator("span").first().textContent()) ?? "";
      const row = page
        .getByTestId("outcome-row")
        .filter({ has: page.getByRole("link", { name: label, exact: true }) })
        .first();
      const slug = ((await row.locator("th a").getAttribute("href")) ?? "").replace("/market/", "");
      const event = recordedMarketEvents.find((e) => e.markets.some((m) => m.slug === slug));
      const market = event?.markets.find((m) => m.slug === slug);
      if (!event || !market) throw new Error(`no recorded market ${slug}`);
      const priceBefore = number(await row.locator("td").first().textContent());
      const changeBefore = points(await row.getByTestId("change-24h").textContent());
      const model = number(await bar.locator("span.tabular-nums").first().textContent());

      const up = priceBefore < 50;
      const cents = target(priceBefore, up);
      await untilFollowed(yesToken(event, market.id));
      await tick(yesToken(event, market.id), cents);

      await expect.poll(() => row.locator("td").first().textContent(), { timeout: 10_000 }).toBe(`${cents}¢`);
      expect(await flashOf(row.locator("td").first())).toContain(up ? "live-up" : "live-down");
      const moved = cents - priceBefore;
      expect(
        Math.abs(points(await row.getByTestId("change-24h").textContent()) - (changeBefore + moved)),
      ).toBeLessThanOrEqual(0.15);
      // The forecast's market figure is the price now, and its gap follows (the model's figure was read
      // to the tenth: the gap within a point of the one worked out from it).
      expect(await bar.getByTestId("forecast-market").textContent()).toBe(`${cents}%`);
      const gap = edgePoints(model / 100, cents / 100);
      const verdict = (await bar.getByTestId("forecast-verdict").textContent()) ?? "";
      const said = /Model (\d+) points? (above|below)/.exec(verdict);
      const saidGap = said ? Number(said[1]) * (said[2] === "above" ? 1 : -1) : 0;
      expect(Math.abs(saidGap - gap), verdict).toBeLessThanOrEqual(1);
      // The call says the prices it was worked out at are not the bars' any more.
      expect(await page.getByTestId("forecast-priced").textContent()).toMatch(
        /at the prices of \d\d:\d\d UTC; the bars show the prices now\.$/,
      );
      // The chart's legend says the same price.
      expect(
        await page.getByTestId("chart-legend-item").filter({ hasText: label }).first().textContent(),
      ).toBe(`${label} ${cents}¢`);
      await page.screenshot({ path: `test-results/live-copies-event-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    });

    it("market page: the outcome tiles, the legend and the event's other markets", async () => {
      // A market of a multi-outcome event, seen from its own page and from a sibling's.
      const event = recordedMarketEvents.find((e) => e.markets.length > 2 && e.markets.every((m) => m.slug));
      const [market, sibling] = event?.markets ?? [];
      if (!event || !market?.slug || !sibling?.slug) throw new Error("no multi-outcome recorded event");
      const { page, problems } = await open(`/market/${market.slug}`, liveUrl, { width });
      const { page: other } = await open(`/market/${sibling.slug}`, liveUrl, { width });
      await untilLive(page);
      await untilLive(other);
      const siblingRow = other
        .getByTestId("event-markets")
        .locator("li")
        .filter({ has: other.locator(`a[href="/market/${market.slug}"]`) });
      await expect.poll(() => siblingRow.count(), { timeout: 15_000 }).toBe(1);

      const tiles = page.getByTestId("outcomes").getByRole("listitem");
      const yesBefore = number((await tiles.first().textContent())?.replace(/^\D+/, "") ?? "");
      const up = yesBefore < 50;
      const cents = target(yesBefore, up);
      await untilFollowed(yesToken(event, market.id));
      await tick(yesToken(event, market.id), cents);

      await expect
        .poll(() => tiles.allTextContents(), { timeout: 10_000 })
        .toEqual([`Yes${cents}¢`, `No${100 - cents}¢`]);
      expect(await page.getByTestId("chart-legend-item").first().textContent()).toBe(`Yes ${cents}¢`);
      await expect
        .poll(() => siblingRow.getByTestId("event-market-price").textContent(), { timeout: 10_000 })
        .toBe(`Yes ${cents}¢`);
      await page.screenshot({ path: `test-results/live-copies-market-${width}.png` });
      expect(problems).toEqual([]);
      await page.close();
      await other.close();
    });
  });
}
