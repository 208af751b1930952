/**
 * Browser tests of the help center, status and legal pages against the built Worker:
 * exact SPEC texts, tabs and accordion by mouse and keyboard, help search with URL sync and
 * back/forward, the mailto target, the real pipeline section, axe, console errors, screenshots.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { LEGAL_SEED_DATE, STORED_DATA_DATE } from "../../app/content/legal";
import { REFRESH_SENTENCE } from "../../app/lib/refresh-cadence";
import { expectNoAxeViolations, screenshotWidths } from "./axe";
import { browserPerFile, launchBrowser } from "./browser";

const baseUrl = inject("baseUrl");
/** wrangler.toml's default SUPPORT_EMAIL; the e2e worker does not override it. */
const SUPPORT_MAILTO = "mailto:support@oddspulse.app?subject=OddsPulse%20support%20request";
/** Categories with an FAQ mentioning "whale" (Account & Billing has none). */
const WHALE_CATEGORIES = ["Getting Started", "Features & Tools", "Technical Support"];
const FAQ_CATEGORIES = ["Getting Started", "Features & Tools", "Account & Billing", "Technical Support"];

const { open, context } = browserPerFile(baseUrl);

function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

async function categoryTitles(page: Page): Promise<string[]> {
  return page.getByTestId("faq-category").getByRole("heading", { level: 2 }).allTextContents();
}

describe("help center", () => {
  it("renders the SPEC texts, sidebar, mailto target and FAQPage data; axe clean; screenshots", async () => {
    // A health check first refreshes what was never refreshed, so the sidebar and the answer below read alike.
    expect((await fetch(`${baseUrl}/api/health`)).status).toBeGreaterThan(0);
    const { page, problems } = await open("/help-center");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Help Center");
    expect(await page.getByRole("tab").allTextContents()).toEqual(["FAQ", "Troubleshooting"]);
    expect(await categoryTitles(page)).toEqual(FAQ_CATEGORIES);

    // Sidebar: Email Support opens a mail draft to the configured address; System Status list.
    const sidebar = page.getByRole("complementary", { name: "Support" });
    expect(await sidebar.getByRole("heading", { name: "Email Support" }).count()).toBe(1);
    expect(await sidebar.getByText("Response within 24h.", { exact: false }).count()).toBe(1);
    const mail = sidebar.getByRole("link", { name: "support@oddspulse.app" });
    expect(await mail.getAttribute("href")).toBe(SUPPORT_MAILTO);
    // System Status is the status page's overall line, word for word the health answer's: this Worker's crons
    // have not run, so no checks yet, or degraded while a dataset is past its freshness; never all good.
    const line = await sidebar.getByTestId("overall-status").textContent();
    const health = (await (await fetch(`${baseUrl}/api/v1/status`)).json()) as { headline: string };
    expect(line).toBe(health.headline);
    expect(line).toMatch(/^(No checks yet|Degraded: .+)$/);
    expect(await sidebar.getByTestId("overall-incidents").textContent()).toBe("0");
    expect(await sidebar.getByTestId("overall-last-check").textContent()).toBe("Never");
    expect(await sidebar.getByRole("link", { name: "View status page" }).getAttribute("href")).toBe(
      "/status",
    );

    // Structured data: an FAQPage with every question.
    const ld = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(ld ?? "{}") as { "@type": string; mainEntity: { name: string }[] };
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity.map((q) => q.name)).toContain("What does 'estimated' mean next to a figure?");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseUrl}/help-center`);

    await expectNoAxeViolations(page);
    await screenshotWidths(page, "help-center");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("filters FAQs live, syncs ?q=, hides empty categories and shows the no-result texts", async () => {
    const { page, problems } = await open("/help-center");
    const box = page.getByRole("searchbox", { name: "Search help articles" });

    await box.pressSequentially("JavaScript");
    await expect.poll(() => pathAndQuery(page)).toBe("/help-center?q=JavaScript");
    expect(await categoryTitles(page)).toEqual(["Technical Support"]);
    expect(await page.getByRole("button", { name: "Does the site work without JavaScript?" }).count()).toBe(
      1,
    );
    expect(await page.getByRole("status").textContent()).toMatch(/^1 of \d+ questions match “JavaScript”$/);

    // Matches answers too (case-insensitive): "Gamma" is only in an answer.
    await box.fill("GAMMA");
    await expect.poll(() => pathAndQuery(page)).toBe("/help-center?q=GAMMA");
    expect(await categoryTitles(page)).toEqual(["Features & Tools"]);

    await box.fill("zzzz-nothing-matches");
    await expect.poll(() => page.getByText("No results found", { exact: true }).count()).toBe(1);
    expect(
      await page
        .getByText("Try adjusting your search terms or browse our categories below.", { exact: true })
        .count(),
    ).toBe(1);
    expect(await page.getByTestId("faq-category").count()).toBe(0);

    // Clearing the box removes the parameter and shows every category again.
    await box.fill("");
    await expect.poll(() => pathAndQuery(page)).toBe("/help-center");
    expect(await categoryTitles(page)).toEqual(FAQ_CATEGORIES);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the box follows back/forward; one history entry per search, not per keystroke", async () => {
    const { page, problems } = await open("/help-center");
    const box = page.getByRole("searchbox", { name: "Search help articles" });
    await box.pressSequentially("whale");
    await expect.poll(() => pathAndQuery(page)).toBe("/help-center?q=whale");
    expect(await categoryTitles(page)).toEqual(WHALE_CATEGORIES);

    await page.goBack();
    await expect.poll(() => pathAndQuery(page)).toBe("/help-center");
    await expect.poll(() => box.inputValue()).toBe("");
    expect(await categoryTitles(page)).toEqual(FAQ_CATEGORIES);

    await page.goForward();
    await expect.poll(() => box.inputValue()).toBe("whale");
    expect(await categoryTitles(page)).toEqual(WHALE_CATEGORIES);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("server-renders a filtered list from ?q= (deep link) and the title says so", async () => {
    const { page, problems } = await open("/help-center?q=sample%20data");
    expect(await page.getByRole("searchbox", { name: "Search help articles" }).inputValue()).toBe(
      "sample data",
    );
    expect(await categoryTitles(page)).toEqual(["Features & Tools"]);
    expect(await page.title()).toBe('Search Results for "sample data" in Help Center | OddsPulse');
    expect(problems).toEqual([]);
    await page.close();

    const html = await (await fetch(`${baseUrl}/help-center?q=qqqq-none`)).text();
    expect(html).toContain("No results found");
    expect(html).toContain("Try adjusting your search terms or browse our categories below.");
  });

  it("works without JavaScript: the search is a GET form filtered on the server", async () => {
    const page = await context().newPage();
    // Block every script file: the page stays server-rendered HTML.
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto(`${baseUrl}/help-center`);
    await page.getByRole("searchbox", { name: "Search help articles" }).fill("billing");
    await Promise.all([page.waitForURL(/q=billing/), page.keyboard.press("Enter")]);
    expect(pathAndQuery(page)).toBe("/help-center?q=billing");
    expect(await categoryTitles(page)).toEqual(["Account & Billing"]);
    await page.close();
  });

  it("with JavaScript off, every answer is readable", async () => {
    const noJs = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await noJs.context.newPage();
      await page.goto(`${baseUrl}/help-center`);
      const answer = page.getByText("Without JavaScript every answer is shown open");
      expect(await answer.isVisible()).toBe(true);
    } finally {
      await noJs.close();
    }
  });

  it("no-result category links clear the search and move focus to the category", async () => {
    const { page, problems } = await open("/help-center?q=nothing-here-at-all");
    await page.getByRole("link", { name: /^Account & Billing \(\d+\)$/ }).click();
    await expect.poll(() => pathAndQuery(page)).toBe("/help-center");
    expect(await page.getByRole("searchbox", { name: "Search help articles" }).inputValue()).toBe("");
    expect(await categoryTitles(page)).toEqual(FAQ_CATEGORIES);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("faq-account-billing");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("tabs work by mouse and keyboard; Troubleshooting has three issues and Still Need Help", async () => {
    const { page, problems } = await open("/help-center");
    const faqTab = page.getByRole("tab", { name: "FAQ" });
    const troubleTab = page.getByRole("tab", { name: "Troubleshooting" });

    await troubleTab.click();
    expect(await troubleTab.getAttribute("aria-selected")).toBe("true");
    expect(await page.getByTestId("troubleshooting-issue").count()).toBe(3);
    const help = page.getByTestId("still-need-help");
    expect(await help.getByRole("heading", { name: "Still Need Help?" }).count()).toBe(1);
    expect(await help.getByRole("link", { name: "Contact Support" }).getAttribute("href")).toBe(
      SUPPORT_MAILTO,
    );
    await screenshotWidths(page, "help-center-troubleshooting");

    await faqTab.click();
    expect(await faqTab.getAttribute("aria-selected")).toBe("true");
    expect(await page.getByTestId("faq-category").count()).toBe(4);

    // Keyboard (WAI-ARIA tabs): arrows move and select, Tab moves into the panel. Radix moves focus
    // in a timeout after the key press, hence the polls.
    await faqTab.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => troubleTab.getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Troubleshooting");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => faqTab.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => troubleTab.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("tabpanel");

    // Typing a search brings the FAQ back into view.
    await page.getByRole("searchbox", { name: "Search help articles" }).fill("free");
    await expect.poll(() => faqTab.getAttribute("aria-selected")).toBe("true");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("accordion is single-open across categories and works with Enter and Space", async () => {
    const { page, problems } = await open("/help-center");
    const first = page.getByRole("button", { name: "What is OddsPulse?" });
    const second = page.getByRole("button", { name: "How often is the data updated?" });
    const answer = page.getByText(REFRESH_SENTENCE, { exact: false });

    expect(await first.getAttribute("aria-expanded")).toBe("false");
    await first.click();
    expect(await first.getAttribute("aria-expanded")).toBe("true");
    await second.click();
    expect(await second.getAttribute("aria-expanded")).toBe("true");
    expect(await first.getAttribute("aria-expanded")).toBe("false");
    expect(await answer.isVisible()).toBe(true);
    await screenshotWidths(page, "help-center-open-answer");

    // Keyboard: Enter closes the open one (collapsible), Space opens another and closes the rest.
    await second.focus();
    await page.keyboard.press("Enter");
    expect(await second.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Enter");
    expect(await second.getAttribute("aria-expanded")).toBe("true");
    await first.focus();
    await page.keyboard.press(" ");
    expect(await first.getAttribute("aria-expanded")).toBe("true");
    expect(await second.getAttribute("aria-expanded")).toBe("false");
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("status page", () => {
  it("shows when each dataset was last refreshed, after the pages have loaded data", async () => {
    // Load the markets (home page) and the whale trades (JSON API) so the cache holds both.
    const home = await open("/");
    await home.page.close();
    expect((await fetch(`${baseUrl}/api/whales`)).status).toBe(200);

    const { page, problems } = await open("/status");
    const time = (key: string) =>
      page.getByTestId(`pipeline-${key}`).getByTestId("pipeline-time").textContent();
    const source = (key: string) =>
      page.getByTestId(`pipeline-${key}`).getByTestId("pipeline-source").textContent();
    const refreshed = /^\d{2}:\d{2} UTC · (just now|\d+ min ago)$/;
    expect(await time("markets")).toMatch(refreshed);
    expect(await source("markets")).toBe("Markets: live from Polymarket");
    expect(await time("whales")).toMatch(refreshed);
    expect(await source("whales")).toBe("Trades: live from Polymarket");
    // The e2e worker's X and model hosts answer 404: estimates, and no live refresh ever.
    expect(await time("mentions")).toBe("never");
    expect(await source("mentions")).toBe("X mentions: estimated from topic baselines");
    expect(await time("sentiment")).toBe("never");
    expect(await source("sentiment")).toBe("Sentiment: estimated from 24h price moves");
    expect(await page.getByTestId("pipeline-markets").getByText("Fresh", { exact: true }).count()).toBe(1);
    expect(await page.locator("[data-testid=pipeline-markets] time").getAttribute("datetime")).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("renders the SPEC texts, sample labels, status colours/icons; axe clean; screenshots", async () => {
    const { page, problems } = await open("/status");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("System Status");
    // Measured from the crons' checks in D1; this Worker's crons have not run: no sample line instead.
    expect(await page.getByRole("heading", { name: "No checks yet", exact: true }).count()).toBe(1);
    expect(await page.getByText("All systems operational", { exact: false }).count()).toBe(0);
    expect(await page.getByTestId("metric-uptime").textContent()).toBe("No checks yet");
    expect(await page.getByTestId("uptime-gamma-24h").textContent()).toBe("no checks yet");
    expect(await page.getByTestId("metric-last-check").textContent()).toBe("Never");
    // Five key metrics, all measured: no sample figure is a headline; both datasets were just refreshed.
    expect(await page.locator("[data-testid^=metric-]:not([data-testid$=-detail])").count()).toBe(5);
    expect(await page.getByTestId("metric-datasets").textContent()).toBe("2 of 2");
    expect(await page.getByRole("region", { name: "Key metrics" }).getByText("Sample data").count()).toBe(0);
    // Static figures are labelled as sample data, in words (the note and the open Service Status panel).
    expect(await page.getByText("Sample data", { exact: true }).count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByText("are static examples, not measurements", { exact: false }).count()).toBe(1);

    // Refresh Status has no behaviour: clicking it changes nothing.
    const before = await page.locator("main").innerHTML();
    await page.getByRole("button", { name: "Refresh Status" }).click();
    expect(pathAndQuery(page)).toBe("/status");
    expect(await page.locator("main").innerHTML()).toBe(before);

    // SPEC §4: operational green (the yes badge) with a check icon, and the word, never colour alone.
    const operational = page.getByRole("tabpanel").getByText("Operational", { exact: true }).first();
    expect(await operational.getAttribute("class")).toContain("badge-yes");
    expect(await operational.locator("svg[data-icon=check]").count()).toBe(1);
    const legend = page.getByRole("list", { name: "Status key:" });
    expect(await legend.getByRole("listitem").allInnerTexts()).toEqual(["Operational", "Degraded", "Outage"]);
    expect(await legend.locator("svg").evaluateAll((svgs) => svgs.map((s) => s.dataset.icon))).toEqual([
      "check",
      "alert",
      "cross",
    ]);
    expect(await legend.getByText("Degraded").getAttribute("class")).toContain("badge-warning");
    expect(await legend.getByText("Outage").getAttribute("class")).toContain("badge-no");

    await expectNoAxeViolations(page);
    await screenshotWidths(page, "status");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("tabs work by mouse and keyboard; the incidents tab is measured", async () => {
    const { page, problems } = await open("/status");
    const names = ["Service Status", "Recent Incidents", "Scheduled Maintenance", "Performance Metrics"];
    expect(await page.getByRole("tab").allTextContents()).toEqual(names);

    for (const name of names) {
      const tab = page.getByRole("tab", { name });
      await tab.click();
      await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true");
      // Recent Incidents is measured (the crons' checks); the other panels are samples.
      const samples = name === "Recent Incidents" ? 0 : 1;
      expect(await page.getByRole("tabpanel").getByText("Sample data", { exact: true }).count()).toBe(
        samples,
      );
    }

    await page.getByRole("tab", { name: "Recent Incidents" }).click();
    expect(await page.getByTestId("incident").count()).toBe(0);
    expect(await page.getByTestId("no-incidents").textContent()).toBe("No checks recorded yet.");
    await expectNoAxeViolations(page);

    const first = page.getByRole("tab", { name: "Service Status" });
    await first.click();
    await first.focus();
    for (const name of names.slice(1)) {
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => page.getByRole("tab", { name }).getAttribute("aria-selected")).toBe("true");
    }
    await page.keyboard.press("Home");
    await expect.poll(() => first.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("End");
    await expect
      .poll(() => page.getByRole("tab", { name: "Performance Metrics" }).getAttribute("aria-selected"))
      .toBe("true");
    expect(await page.getByRole("tabpanel").getByText("Meets target").count()).toBe(4);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("re-reads the pipeline on client-side navigation (footer link)", async () => {
    const { page, problems } = await open("/help-center");
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Status" }).click();
    await expect.poll(() => pathAndQuery(page)).toBe("/status");
    expect(await page.getByTestId("pipeline-markets").getByTestId("pipeline-time").textContent()).toMatch(
      /UTC/,
    );
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("legal pages", () => {
  const pages = [
    // The policies changed when they began to say what is stored (decision 0050); the terms did not.
    { path: "/privacy-policy", title: "Privacy Policy", name: "privacy-policy", date: STORED_DATA_DATE },
    { path: "/terms-of-service", title: "Terms of Service", name: "terms-of-service", date: LEGAL_SEED_DATE },
    { path: "/cookie-policy", title: "Cookie Policy", name: "cookie-policy", date: STORED_DATA_DATE },
  ];

  for (const legal of pages) {
    it(`${legal.path}: title, date, Back to Home, axe clean, screenshots`, async () => {
      const { page, problems } = await open(legal.path);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(legal.title);
      expect(await page.getByText(`Last updated: ${legal.date.label}`, { exact: true }).count()).toBe(1);
      expect(await page.locator(`time[datetime='${legal.date.iso}']`).count()).toBe(1);
      expect(await page.title()).toBe(`${legal.title} | OddsPulse`);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
        `${baseUrl}${legal.path}`,
      );
      await expectNoAxeViolations(page);
      await screenshotWidths(page, legal.name);

      const back = page.getByRole("link", { name: "Back to Home" });
      expect(await back.count()).toBe(1);
      expect(await back.getAttribute("href")).toBe("/");
      await back.click();
      await expect.poll(() => pathAndQuery(page)).toBe("/");
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it("cookie policy lists the SPEC §9 durations and says no cookies are set today", async () => {
    const { page } = await open("/cookie-policy");
    const rows = page.getByTestId("cookie-row");
    const durations: Record<string, string> = {};
    for (const row of await rows.all()) {
      const name = (await row.locator("th span").first().textContent()) ?? "";
      durations[name] = (await row.getByTestId("cookie-duration").textContent()) ?? "";
    }
    expect(durations).toEqual({
      "Session cookie": "Session (deleted when you close the browser)",
      "Authentication cookie": "30 days",
      "Theme preference": "1 year",
      Analytics: "2 years",
      "Marketing consent": "1 year",
    });
    expect(await page.getByText("currently sets no cookies", { exact: false }).count()).toBe(1);
    // And it is true: visiting the pages sets no cookie from the application.
    expect(await context().cookies(baseUrl)).toEqual([]);
    await page.close();
  });

  it("terms state the 30-day price notice, the 12-month liability cap and the minimum age of 18", async () => {
    const { page } = await open("/terms-of-service");
    const text = await page.locator("main").innerText();
    expect(text).toContain("at least 30 days notice before any price change");
    expect(text).toContain("the amount you paid us in the last 12 months");
    expect(text).toContain("You must be at least 18 years old to use OddsPulse.");
    await page.close();
  });

  it("privacy policy says what is (not) collected and links the support address", async () => {
    const { page } = await open("/privacy-policy");
    const text = await page.locator("main").innerText();
    expect(text).toContain("No accounts or sign-in");
    expect(text).toContain("sets no cookies");
    expect(await page.getByRole("link", { name: "support@oddspulse.app" }).getAttribute("href")).toBe(
      "mailto:support@oddspulse.app",
    );
    await page.close();
  });
});
