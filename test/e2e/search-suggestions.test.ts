/**
 * The header's as-you-type suggestions (decision 0038) in Chromium against the built Worker:
 * off the dashboard pages typing asks `GET /api/v1/search` once per pause and shows a combobox popup;
 * on the dashboard it filters the grid instead; without JavaScript the form lists the matches.
 * The e2e Worker's index is empty (no crawl runs), so the API answers from the snapshot, and says so.
 */
import type { Page, Request } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { formatPrice } from "../../app/lib/format";
import { expectNoAxeViolations, screenshotWidths } from "./axe";
import { browserPerFile, launchBrowser } from "./browser";
import { recordedEvent } from "./recorded-events";

const baseUrl = inject("baseUrl");
const { open } = browserPerFile(baseUrl);

const TERM = "gta";
/** A recorded event TERM finds. */
const GTA = "GTA VI released before June 2026?";

interface ApiEvent {
  title: string;
  href: string;
  outcomes: { label: string; price: number }[];
  matchedOutcome: { label: string; price: number } | null;
}

/** What the popup should list for a text: the API's own answer (six at most). */
async function apiAnswer(q: string): Promise<{ note: string | null; events: ApiEvent[] }> {
  const res = await fetch(`${baseUrl}/api/v1/search?${new URLSearchParams({ q, limit: "6" })}`);
  expect(res.status).toBe(200);
  return res.json();
}

/** The `q` of every suggestion request the page sends, in order. */
function searchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.pathname === "/api/v1/search") seen.push(url.searchParams.get("q") ?? "");
  });
  return seen;
}

const combobox = (page: Page) => page.getByRole("combobox", { name: "Search markets" });
const listbox = (page: Page) => page.getByRole("listbox", { name: "Search suggestions" });
const options = (page: Page) => listbox(page).getByRole("option");
const liveRegion = (page: Page) => page.getByRole("search").locator("[aria-live=polite]");

/** Types TERM fast (20 ms a key, under the pause) and waits for the popup. */
async function typeTerm(page: Page, term = TERM): Promise<void> {
  await combobox(page).pressSequentially(term, { delay: 20 });
  await expect.poll(() => listbox(page).isVisible()).toBe(true);
}

describe("search suggestions off the dashboard", () => {
  it("ask once per typing pause and list the matching events with their leading price", async () => {
    const { page, problems } = await open("/whale-watch");
    const requests = searchRequests(page);
    const box = combobox(page);
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.getAttribute("aria-autocomplete")).toBe("list");
    expect(await listbox(page).isVisible()).toBe(false);

    await typeTerm(page);
    // The answer is shown and no request runs: one request for the burst of keystrokes.
    await expect.poll(() => listbox(page).isVisible()).toBe(true);
    expect(await combobox(page).getAttribute("aria-busy")).toBe("false");
    // The page stays where it was.
    expect(requests).toEqual([TERM]);
    expect(new URL(page.url()).pathname).toBe("/whale-watch");
    expect(new URL(page.url()).search).toBe("");

    const expected = await apiAnswer(TERM);
    expect(expected.events.map((e) => e.title)).toContain(GTA);
    const texts = await options(page).allTextContents();
    expect(texts).toHaveLength(expected.events.length + 1);
    expected.events.forEach((event, i) => {
      const shown = event.matchedOutcome ?? event.outcomes[0];
      expect(texts[i]).toBe(`${event.title}${shown ? `${shown.label} ${formatPrice(shown.price)}` : ""}`);
    });
    expect(texts.at(-1)).toBe(`Search all events for “${TERM}”`);
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    expect(await box.getAttribute("aria-controls")).toBe(await listbox(page).getAttribute("id"));
    expect(await liveRegion(page).textContent()).toBe(`${expected.events.length} suggestions`);
    // The e2e index is empty: the snapshot answered, and the popup says so as the API does.
    expect(expected.note).toMatch(/^Searching the 100 busiest events only/);
    expect(await page.getByText(expected.note ?? "").isVisible()).toBe(true);

    // With an option active (the second), as a keyboard user sees it.
    await box.press("ArrowDown");
    await box.press("ArrowDown");
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "search-suggestions");
    // The popup fits a phone and is drawn over the page: every option inside the viewport, on top where
    // it is pressed, a touch target of 40 px or more.
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const rects = await options(page).evaluateAll((els) =>
      els.map((el) => {
        const rect = el.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return { left: rect.left, right: rect.right, height: rect.height, onTop: el.contains(hit) };
      }),
    );
    expect(rects).toHaveLength(expected.events.length + 1);
    for (const rect of rects) {
      expect(rect.left).toBeGreaterThanOrEqual(0);
      expect(rect.right).toBeLessThanOrEqual(390);
      expect(rect.height).toBeGreaterThanOrEqual(40);
      expect(rect.onTop).toBe(true);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("show the price of the outcome they name: a candidate's own, not the leader's", async () => {
    // "Timmermans" finds the Dutch election through a candidate who is not leading it.
    const election = recordedEvent("Next Prime Minister of the Netherlands");
    const [leader] = election.outcomes;
    const candidate = election.outcomes.find((o) => o.label.includes("Timmermans"));
    expect(candidate).toBeDefined();
    expect(candidate?.label).not.toBe(leader?.label);
    const { page, problems } = await open("/whale-watch");
    await typeTerm(page, "timmermans");
    const option = options(page).filter({ hasText: election.title });
    expect(await option.count()).toBe(1);
    expect(await option.textContent()).toBe(
      `${election.title}${candidate?.label} ${formatPrice(candidate?.price ?? Number.NaN)}`,
    );
    expect(await option.textContent()).not.toContain(leader?.label ?? "");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("move with the arrow keys (wrapping) and open the active event with Enter, in the page", async () => {
    const { page, problems } = await open("/whale-watch");
    const documents: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "document") documents.push(req.url());
    });
    const box = combobox(page);
    await typeTerm(page);
    const count = await options(page).count();
    const activeText = async () => {
      const id = await box.getAttribute("aria-activedescendant");
      const selected = listbox(page).locator('[aria-selected="true"]');
      expect(await selected.count()).toBe(1);
      expect(await selected.getAttribute("id")).toBe(id);
      return selected.textContent();
    };
    expect(await box.getAttribute("aria-activedescendant")).toBeNull();
    await box.press("ArrowUp");
    expect(await activeText()).toBe(`Search all events for “${TERM}”`);
    await box.press("ArrowDown");
    const first = (await apiAnswer(TERM)).events[0];
    expect(await activeText()).toContain(first?.title);
    for (let i = 1; i < count; i++) await box.press("ArrowDown");
    expect(await activeText()).toBe(`Search all events for “${TERM}”`);
    await box.press("ArrowDown");
    expect(await activeText()).toContain(first?.title);

    await box.press("Enter");
    await expect.poll(() => new URL(page.url()).pathname).toBe(first?.href);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain(first?.title);
    // A client-side navigation: no document was loaded; the box is empty again, the popup gone.
    // The box is reset by an effect after the new route commits, so it may lag the heading by a frame.
    expect(documents).toEqual([]);
    await expect.poll(() => box.inputValue()).toBe("");
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("false");
    expect(await listbox(page).isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("open the event clicked", async () => {
    const { page } = await open("/track-record");
    await typeTerm(page);
    const second = (await apiAnswer(TERM)).events[1];
    expect(second).toBeDefined();
    await options(page).nth(1).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(second?.href);
    await page.close();
  });

  it("close on Escape (a second clears the box), reopen on ArrowDown, close when the box is left", async () => {
    const { page } = await open("/whale-watch");
    const box = combobox(page);
    await typeTerm(page);
    await box.press("Escape");
    expect(await listbox(page).isVisible()).toBe(false);
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.inputValue()).toBe(TERM);
    await box.press("ArrowDown");
    expect(await listbox(page).isVisible()).toBe(true);
    expect(await box.getAttribute("aria-activedescendant")).not.toBeNull();
    await box.press("Escape");
    await box.press("Escape");
    expect(await box.inputValue()).toBe("");
    expect(await listbox(page).isVisible()).toBe(false);

    await typeTerm(page);
    await box.press("Tab");
    expect(await listbox(page).isVisible()).toBe(false);
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(new URL(page.url()).pathname).toBe("/whale-watch");
    await page.close();
  });

  it.each([
    ["Enter with no option active", async (page: Page) => combobox(page).press("Enter")],
    [
      "the last option",
      async (page: Page) => {
        await combobox(page).press("ArrowUp");
        await combobox(page).press("Enter");
      },
    ],
    ["a click on the last option", async (page: Page) => options(page).last().click()],
  ])("submit the search to the home page: %s", async (_, submit) => {
    const { page, problems } = await open("/whale-watch");
    await typeTerm(page);
    await submit(page);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    expect(new URL(page.url()).searchParams.get("search")).toBe(TERM);
    await expect.poll(() => page.getByTestId("event-card").filter({ hasText: GTA }).count()).toBe(1);
    expect(await page.getByRole("searchbox", { name: "Search markets" }).inputValue()).toBe(TERM);
    expect(await listbox(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("say when nothing matches, and still offer the full search", async () => {
    const { page } = await open("/whale-watch");
    const term = "zzzz-no-such-market";
    expect((await apiAnswer(term)).events).toEqual([]);
    await typeTerm(page, term);
    expect(await page.getByText(`No events match “${term}”.`).isVisible()).toBe(true);
    expect(await options(page).allTextContents()).toEqual([`Search all events for “${term}”`]);
    expect(await liveRegion(page).textContent()).toBe("No suggestions");
    await expectNoAxeViolations(page);
    await page.close();
  });

  it("abort the request of a text typed on from, and never show its answer", async () => {
    const { page, problems } = await open("/whale-watch");
    const requests = searchRequests(page);
    const failed: string[] = [];
    page.on("requestfailed", (req: Request) => failed.push(new URL(req.url()).searchParams.get("q") ?? ""));
    // "gt" is held until the test lets it go (after "gta" is answered); "gta" is answered at once.
    let releaseGt: () => void = () => {};
    const gtHeld = new Promise<void>((resolve) => {
      releaseGt = resolve;
    });
    await page.route("**/api/v1/search?*", async (route) => {
      if (new URL(route.request().url()).searchParams.get("q") === "gt") await gtHeld;
      await route.continue().catch(() => {});
    });
    const box = combobox(page);
    await box.pressSequentially("gt", { delay: 20 });
    await expect.poll(() => requests.length).toBe(1);
    await box.press("a");
    await expect.poll(() => listbox(page).isVisible()).toBe(true);
    // The page gave up on "gt" itself: its request failed (aborted) while still held.
    await expect.poll(() => failed).toEqual(["gt"]);
    releaseGt();
    expect(requests).toEqual(["gt", "gta"]);
    const titles = (await apiAnswer(TERM)).events.map((e) => e.title);
    expect(
      (await options(page).allTextContents()).slice(0, -1).map((t, i) => t.startsWith(titles[i] ?? "?")),
    ).toEqual(titles.map(() => true));
    expect(problems.filter((p) => !p.startsWith("requestfailed: ") || !p.includes("q=gt&"))).toEqual([]);
    await page.close();
  });

  it.each([
    ["a 429", { status: 429 }],
    ["a 503", { status: 503 }],
    ["a network error", null],
  ])("show nothing on %s, and the form still works", async (_, answer) => {
    const { page } = await open("/whale-watch");
    const requests = searchRequests(page);
    await page.route("**/api/v1/search?*", (route) =>
      answer
        ? route.fulfill({
            status: answer.status,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "x", message: "refused" } }),
          })
        : route.abort("failed"),
    );
    const box = combobox(page);
    await box.pressSequentially(TERM, { delay: 20 });
    await expect.poll(() => requests).toEqual([TERM]);
    // The box has had its answer (or failure): nothing runs, nothing is shown.
    await expect.poll(() => box.getAttribute("aria-busy")).toBe("false");
    expect(await listbox(page).isVisible()).toBe(false);
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    await box.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(TERM);
    await expect.poll(() => page.getByTestId("event-card").filter({ hasText: GTA }).count()).toBe(1);
    await page.close();
  });
});

describe("search on the dashboard", () => {
  it("filters the grid as before: no popup, no suggestion request", async () => {
    const { page } = await open("/");
    const requests = searchRequests(page);
    const box = page.getByRole("searchbox", { name: "Search markets" });
    await box.pressSequentially(TERM, { delay: 20 });
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(TERM);
    // The grid has followed the pause (the moment a suggestion request would have gone out too).
    await expect.poll(() => page.getByTestId("event-card").filter({ hasText: GTA }).count()).toBe(1);
    expect(requests).toEqual([]);
    expect(await page.getByRole("combobox").count()).toBe(0);
    expect(await listbox(page).isVisible()).toBe(false);
    await page.close();
  });
});

describe("search without JavaScript", () => {
  it("the server renders the plain form; Enter lists the matching events", async () => {
    const html = await (await fetch(`${baseUrl}/whale-watch`)).text();
    const form = html.match(/<form[^>]*role="search"[^>]*>/)?.[0];
    expect(form).toContain('action="/"');
    expect(form).toContain('method="get"');
    expect(html).not.toContain('role="combobox"');
    expect(html).not.toContain('role="listbox"');

    const noJs = await launchBrowser({ javaScriptEnabled: false });
    const page = await noJs.context.newPage();
    expect((await page.goto(`${baseUrl}/whale-watch`))?.status()).toBe(200);
    const box = page.getByRole("searchbox", { name: "Search markets" });
    await box.fill(TERM);
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/" && url.searchParams.get("search") === TERM);
    expect(await page.getByTestId("event-card").filter({ hasText: GTA }).count()).toBe(1);
    expect(await box.inputValue()).toBe(TERM);
    await noJs.close();
  });
});
