/**
 * The watchlist (decision 0017) in Chromium against the built Worker: stars on cards and the market page
 * kept in localStorage across reloads and tabs, `/watchlist` with current prices from /api/v1 and the
 * change since starring, per-row failures, the empty state, keyboard toggling, axe at 390 and 1280 px,
 * and what a browser without JavaScript is shown. Every wait is on something the page shows.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { formatPoints, formatPrice } from "../../app/lib/format";
import { changeInPoints, parseWatchlist, WATCHLIST_KEY, type WatchEntry } from "../../app/lib/watchlist";
import { HISTORY_MARKET_SLUG } from "../support/market-answers";
import { expectNoAxeViolations, screenshotWidths } from "./axe";
import { browserPerFile, launchBrowser } from "./browser";

const baseUrl = inject("baseUrl");
const { open } = browserPerFile(baseUrl);

/** A market of the recorded feed (an outcome of an event shown on category pages), "Yes 6¢". */
const DEPORT = { slug: "will-trump-deport-less-than-250000", title: "Will Trump deport less than 250,000?" };

const stored = async (page: Page): Promise<WatchEntry[]> =>
  parseWatchlist(await page.evaluate((key) => localStorage.getItem(key), WATCHLIST_KEY));

const store = (page: Page, entries: unknown) =>
  page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: WATCHLIST_KEY,
    value: JSON.stringify(entries),
  });

const clear = (page: Page) => page.evaluate((key) => localStorage.removeItem(key), WATCHLIST_KEY);

const pressed = (star: Locator) => star.getAttribute("aria-pressed");
const rows = (page: Page) => page.getByTestId("watch-row");

/** The first n cards that have a star, with their titles. */
async function starredCards(page: Page, n: number) {
  const cards = page.getByTestId("event-card").filter({ has: page.getByTestId("star") });
  const out: { card: Locator; title: string; star: Locator }[] = [];
  for (let i = 0; i < n; i++) {
    const card = cards.nth(i);
    const title = (await card.getByRole("heading", { level: 3 }).textContent()) ?? "";
    out.push({ card, title, star: card.getByRole("button", { name: `Watch ${title}`, exact: true }) });
  }
  return out;
}

/** The current first-outcome price the API gives for a slug (0..1). */
async function currentPrice(slug: string): Promise<{ label: string; price: number }> {
  const res = await fetch(`${baseUrl}/api/v1/markets/${slug}`);
  expect(res.status, `GET /api/v1/markets/${slug}`).toBe(200);
  const body = (await res.json()) as { market: { outcomes: { label: string; price: number }[] } };
  const first = body.market.outcomes[0];
  if (!first) throw new Error(`${slug} has no outcomes`);
  return first;
}

describe("watchlist in Chromium", () => {
  it("stars on the home page survive a reload, follow in another tab, list on /watchlist, unstar to empty", async () => {
    const { page: home, problems } = await open("/");
    await clear(home);
    const [first, second] = await starredCards(home, 2);
    if (!first || !second) throw new Error("the home page has fewer than two starrable cards");
    expect(await pressed(first.star)).toBe("false");
    expect(await first.star.isEnabled()).toBe(true);

    // A second tab of the same browser, open before the star is pressed.
    const { page: other } = await open("/");
    const [otherFirst] = await starredCards(other, 1);
    if (!otherFirst) throw new Error("no starrable card in the second tab");
    expect(await pressed(otherFirst.star)).toBe("false");

    await first.star.click();
    await expect.poll(() => pressed(first.star)).toBe("true");
    // The other tab hears the storage event: no reload.
    await expect.poll(() => pressed(otherFirst.star)).toBe("true");
    const [saved] = await stored(home);
    expect(saved?.title).toBe(first.title);
    expect(saved?.starredAt).toBeGreaterThan(Date.now() - 60_000);

    // Still starred after a reload (the server renders it unpressed; the browser's list takes over).
    await home.reload({ waitUntil: "networkidle" });
    await expect.poll(() => pressed(first.star)).toBe("true");

    // The other tab moves to /watchlist through the header's link; then a star on the home page adds a row.
    await other.getByRole("banner").getByRole("link", { name: "Watchlist" }).click();
    await other.waitForURL(`${baseUrl}/watchlist`);
    await expect.poll(() => rows(other).count()).toBe(1);
    await second.star.click();
    await expect.poll(() => rows(other).count()).toBe(2);
    // Newest first.
    expect(await rows(other).first().getByRole("heading", { level: 3 }).textContent()).toBe(second.title);

    // Each row: the title linking to the market page, the current price, the change since starring.
    const entries = await stored(home);
    for (const entry of entries) {
      const row = rows(other).filter({ has: other.getByRole("link", { name: entry.title, exact: true }) });
      expect(await row.getByRole("link").getAttribute("href")).toBe(`/market/${entry.slug}`);
      const now = await currentPrice(entry.slug);
      await expect
        .poll(() => row.getByTestId("watch-price").textContent())
        .toBe(`${now.label} ${formatPrice(now.price)}`);
      const points = changeInPoints(now.price, entry.priceAtStar);
      expect(await row.getByTestId("watch-change").textContent()).toBe(
        points === 0 ? "Unchanged since starred" : `${formatPoints(points)} since starred`,
      );
      expect(await row.getByTestId("watch-starred").textContent()).toMatch(
        new RegExp(`^Starred \\d\\d:\\d\\d UTC at ${entry.outcomeLabel} \\d+(\\.\\d)?¢$`),
      );
    }

    // Unstar both on /watchlist: the rows go, the empty state comes, the home tab's stars follow.
    for (const title of [second.title, first.title]) {
      await other.getByRole("button", { name: `Watch ${title}`, exact: true }).click();
    }
    await expect.poll(() => other.getByTestId("watch-empty").count()).toBe(1);
    expect(await rows(other).count()).toBe(0);
    expect(await other.getByRole("link", { name: "Browse markets" }).getAttribute("href")).toBe("/");
    // Focus did not fall to the page: it is on the empty state's heading.
    expect(await other.evaluate(() => document.activeElement?.textContent)).toBe("No starred markets yet");
    await expect.poll(() => pressed(first.star)).toBe("false");
    await expect.poll(() => pressed(second.star)).toBe("false");
    expect(await stored(home)).toEqual([]);

    expect(problems).toEqual([]);
    await home.close();
    await other.close();
  });

  it("shows the change since starring in signed points, coloured and in words", async () => {
    const { page } = await open("/watchlist");
    const deport = await currentPrice(DEPORT.slug);
    const history = await currentPrice(HISTORY_MARKET_SLUG);
    const lower = Math.max(0, deport.price - 0.05);
    const higher = Math.min(1, history.price + 0.1);
    await store(page, [
      {
        slug: DEPORT.slug,
        title: DEPORT.title,
        outcomeLabel: "Yes",
        priceAtStar: lower,
        starredAt: Date.now(),
      },
      {
        slug: HISTORY_MARKET_SLUG,
        title: "Stored title of the history market",
        outcomeLabel: "Yes",
        priceAtStar: higher,
        starredAt: Date.parse("2024-03-04T05:06:00Z"),
      },
      "garbage",
    ]);
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => rows(page).count()).toBe(2);
    const up = rows(page).nth(0);
    const down = rows(page).nth(1);
    await expect
      .poll(() => up.getByTestId("watch-change").textContent())
      .toBe(`${formatPoints(changeInPoints(deport.price, lower))} since starred`);
    expect(await up.getByTestId("watch-change").textContent()).toMatch(/^\+\d+\.\d pts since starred$/);
    expect(await up.getByTestId("watch-change").getAttribute("class")).toContain("text-emerald-800");
    await expect.poll(() => down.getByTestId("watch-change").textContent()).toMatch(/^-\d+\.\d pts since/);
    expect(await down.getByTestId("watch-change").getAttribute("class")).toContain("text-rose-800");
    // The current title replaces the stored one; the stored date and price stay.
    expect(await down.getByRole("heading", { level: 3 }).textContent()).toBe(
      "MicroStrategy sells any Bitcoin by December 31, 2026?",
    );
    expect(await down.getByTestId("watch-starred").textContent()).toBe(
      `Starred Mar 4, 2024, 05:06 UTC at Yes ${formatPrice(higher)}`,
    );
    await clear(page);
    await page.close();
  });

  it("a market that is gone or does not load fails alone, with the stored price and date", async () => {
    const { page } = await open("/watchlist");
    const gone = "no-such-market-anywhere";
    const starredAt = Date.parse("2024-01-02T03:04:00Z");
    await store(page, [
      { slug: gone, title: "A market that was removed", outcomeLabel: "Yes", priceAtStar: 0.3, starredAt },
      { slug: DEPORT.slug, title: DEPORT.title, outcomeLabel: "Yes", priceAtStar: 0.07, starredAt },
    ]);
    // This browser's requests for one market fail with a 503 until the route is removed.
    const failing = `${baseUrl}/api/v1/markets/${DEPORT.slug}`;
    await page.route(failing, (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"x"}}' }),
    );
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => rows(page).count()).toBe(2);
    const goneRow = rows(page).nth(0);
    const failedRow = rows(page).nth(1);
    await expect
      .poll(() => goneRow.getByTestId("watch-problem").textContent())
      .toBe("This market is no longer available.");
    expect(await goneRow.getByTestId("watch-starred").textContent()).toBe(
      "Starred Jan 2, 2024, 03:04 UTC at Yes 30¢",
    );
    await expect
      .poll(() => failedRow.getByTestId("watch-problem").textContent())
      .toBe("Couldn't load the current price.");
    expect(await failedRow.getByTestId("watch-starred").textContent()).toBe(
      "Starred Jan 2, 2024, 03:04 UTC at Yes 7¢",
    );
    // The page around them is whole: heading, the other row, the stars.
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Watchlist");
    expect(
      await page.getByRole("button", { name: `Watch ${DEPORT.title}` }).getAttribute("aria-pressed"),
    ).toBe("true");

    // Try again once the API answers.
    await page.unroute(failing);
    await failedRow.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => failedRow.getByTestId("watch-price").count()).toBe(1);
    expect(await failedRow.getByTestId("watch-problem").count()).toBe(0);
    await clear(page);
    await page.close();
  });

  it("toggles with Enter and Space on a card and on the market page", async () => {
    const { page } = await open("/");
    await clear(page);
    const [card] = await starredCards(page, 1);
    if (!card) throw new Error("no starrable card");
    await card.star.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => pressed(card.star)).toBe("true");
    await page.keyboard.press("Space");
    await expect.poll(() => pressed(card.star)).toBe("false");
    // The focus ring is the site's buttons' outline.
    expect(await card.star.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
    const box = await card.star.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);

    const { page: market, problems } = await open(`/market/${HISTORY_MARKET_SLUG}`);
    const title = "MicroStrategy sells any Bitcoin by December 31, 2026?";
    const star = market.getByRole("button", { name: `Watch ${title}`, exact: true });
    expect(await star.textContent()).toBe("☆Watch");
    await star.focus();
    await market.keyboard.press("Space");
    await expect.poll(() => pressed(star)).toBe("true");
    expect(await star.textContent()).toBe("★Watch");
    const [entry] = await stored(market);
    const now = await currentPrice(HISTORY_MARKET_SLUG);
    expect(entry).toMatchObject({
      slug: HISTORY_MARKET_SLUG,
      title,
      outcomeLabel: now.label,
      priceAtStar: now.price,
    });
    await market.keyboard.press("Enter");
    await expect.poll(() => pressed(star)).toBe("false");
    expect(await stored(market)).toEqual([]);
    expect(problems).toEqual([]);
    await market.close();
    await page.close();
  });

  it("has no axe violations at 390 and 1280 px, empty and with two markets", async () => {
    const { page, problems } = await open("/watchlist");
    await clear(page);
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => page.getByTestId("watch-empty").count()).toBe(1);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }
    await screenshotWidths(page, "watchlist-empty");

    const deport = await currentPrice(DEPORT.slug);
    const history = await currentPrice(HISTORY_MARKET_SLUG);
    await store(page, [
      {
        slug: DEPORT.slug,
        title: DEPORT.title,
        outcomeLabel: "Yes",
        priceAtStar: Math.max(0, deport.price - 0.03),
        starredAt: Date.now() - 3_600_000,
      },
      {
        slug: HISTORY_MARKET_SLUG,
        title: "MicroStrategy sells any Bitcoin by December 31, 2026?",
        outcomeLabel: "Yes",
        priceAtStar: Math.min(1, history.price + 0.04),
        starredAt: Date.parse("2026-02-01T09:30:00Z"),
      },
    ]);
    // Written by this tab's script, not a star: the page hears it on reload.
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => page.getByTestId("watch-price").count()).toBe(2);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }
    await screenshotWidths(page, "watchlist-filled");
    expect(problems).toEqual([]);
    await clear(page);
    await page.close();
  });

  it("without JavaScript: the page says the list needs it, and stars are disabled", async () => {
    const noJs = await launchBrowser({ javaScriptEnabled: false });
    const page = await noJs.context.newPage();
    const response = await page.goto(`${baseUrl}/watchlist`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Watchlist");
    // Rendered text (innerText), so the <noscript> line counts only if the browser shows it.
    expect(await page.locator("main").innerText()).toContain(
      "Your watchlist lives in this browser and needs JavaScript to show it.",
    );
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await page.goto(`${baseUrl}/`);
    const stars = page.getByTestId("star");
    expect(await stars.count()).toBeGreaterThan(0);
    expect(await stars.first().isDisabled()).toBe(true);
    expect(await stars.first().getAttribute("aria-pressed")).toBe("false");
    await noJs.close();
  });

  it("is not in the sitemap", async () => {
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain("/track-record</loc>");
    expect(sitemap).not.toContain("/watchlist");
  });
});
