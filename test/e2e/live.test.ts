/**
 * The live branches of the UI, against a Worker whose X and model upstreams answer (fixture server):
 * first a partly-live mix (X_MAX_REQUESTS is 10 of the 68 topics), then, after the cron's next refresh
 * fetches more topics, every count live; the model's probabilities beside the prices on market intelligence.
 */
import { describe, expect, inject, it } from "vitest";
import { MARKETS_CRON } from "../../app/lib/refresh-cadence";
import { expectNoAxeViolations, screenshotWidths } from "./axe";
import { browserPerFile } from "./browser";

const liveUrl = inject("liveUrl");
const { open } = browserPerFile(liveUrl);

/** Runs the market cron once, as the runtime would (wrangler dev's scheduled handler). */
async function runMarketCron() {
  const res = await fetch(`${liveUrl}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(MARKETS_CRON)}`);
  expect(res.status).toBe(200);
}

const countLabels = async (page: Awaited<ReturnType<typeof open>>["page"]) =>
  page
    .getByTestId("event-card")
    .getByText(/X mentions(?: of “[^”]*”)? \((live|estimated)\)/)
    .allTextContents();

describe("with X and the model answering", () => {
  it("shows AI analyses and a partly-live mention mix, each labelled", async () => {
    // Every event's card (ended ones too), so the mix of live and estimated counts is all on the page.
    const { page, problems } = await open("/?ended=show&show=100");
    const dashboard = page.locator("section[aria-labelledby=dashboard-heading]");
    expect(await dashboard.getByText("AI Powered", { exact: true }).count()).toBe(1);
    expect(await dashboard.getByText("Sentiment: AI analysis by fixture-model").count()).toBe(1);
    expect(await dashboard.getByText("X Mentions (partly estimated)", { exact: true }).count()).toBe(1);
    expect(await dashboard.getByText("Partly estimated", { exact: true }).count()).toBeGreaterThan(0);
    expect(
      await dashboard.getByText(/^X mentions: live from the X API for \d+%, estimated for the rest$/).count(),
    ).toBe(1);
    // The strip never says "Live" for a partial mix.
    expect(await page.getByText("Partly estimated", { exact: true }).count()).toBeGreaterThan(1);
    const labels = await countLabels(page);
    expect(labels.some((l) => l.endsWith("(live)"))).toBe(true);
    expect(labels.some((l) => l.endsWith("(estimated)"))).toBe(true);
    const card = page.getByTestId("event-card").first();
    expect(await card.getByText("Sentiment: AI analysis by fixture-model").count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "dashboard-live-partial");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("once every topic has a live count: Real X Mentions, Live Updates and only live labels", async () => {
    // Each refresh asks X for 10 more uncached topics (cached counts are reused): 68 topics in 7 runs.
    for (let run = 0; run < 7; run++) await runMarketCron();
    const { page, problems } = await open("/?after=cron");
    const dashboard = page.locator("section[aria-labelledby=dashboard-heading]");
    expect(await dashboard.getByText("Real X Mentions", { exact: true }).count()).toBe(1);
    expect(await dashboard.getByText("Live Updates", { exact: true }).count()).toBe(1);
    expect(await dashboard.getByText("X mentions: live from the X API", { exact: true }).count()).toBe(1);
    const labels = await countLabels(page);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((l) => l.endsWith("(live)"))).toBe(true);
    await screenshotWidths(page, "dashboard-live");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the status page measures those cron runs: the feed and X answered every one", async () => {
    const { page, problems } = await open("/status");
    expect(await page.getByTestId("uptime-gamma-24h").textContent()).toBe("100.00%");
    expect(await page.getByTestId("uptime-x-24h").textContent()).toBe("100.00%");
    // No whale cron ran against this Worker.
    expect(await page.getByTestId("uptime-data-24h").textContent()).toBe("no checks yet");
    expect(await page.getByTestId("metric-incidents").textContent()).toBe("0");
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("market intelligence ranks each event's widest gap between the model's probability and the price", async () => {
    const { page, problems } = await open("/market-intelligence");
    await page.getByRole("tab", { name: "Opportunities", exact: true }).click();
    const panel = page.getByRole("tabpanel", { name: "Opportunities", exact: true });
    const rows = panel.getByRole("list", { name: "Widest forecast gaps" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(5);
    // The test model leans 10 points away from "No Prison Time" at 36.95¢ (its event's outcomes add up to
    // under 100¢, so the normalised forecast leans further): the widest of the recorded forecasts, named by
    // its outcome.
    const first = rows.first();
    expect(
      await first.getByText("Harvey Weinstein prison time? · No Prison Time", { exact: true }).count(),
    ).toBe(1);
    expect(await first.getByText("-13.3 pts", { exact: true }).count()).toBe(1);
    expect(
      await first
        .getByRole("link", { name: "Harvey Weinstein prison time?", exact: true })
        .getAttribute("href"),
    ).toBe("/event/harvey-weinstein-prison-time");
    expect(await panel.getByText(/No model forecasts yet/).count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await page.close();
  });
});
