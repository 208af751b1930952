/**
 * What pages say must be true: the copyright year follows the clock, labelled regions point at real
 * headings, the dashboard's figures count the cards its grid lists, estimates never claim "Trending",
 * and a wallet is shown once. (The help sidebar's status is
 * the status page's overall line: status-history.test.ts.)
 */
import { describe, expect, it, vi } from "vitest";
import { formatMoney, formatNumber, formatShare } from "~/lib/format";
import { PUBLIC_PATHS } from "~/lib/site";
import type { DisplayEvent } from "~/lib/types";
import { DATA, recordedTrades, upstreams } from "./support/upstreams";
import { BROWSER, CRAWLER, testWorker, workerTest } from "./support/worker";

const t = workerTest();

const page = async (path: string) =>
  (await (await t.worker.fetch(path, { headers: CRAWLER })).text()).replaceAll("<!-- -->", "");

describe("the footer", () => {
  it("says the current year, from the render's clock", async () => {
    expect(await page("/help-center")).toContain(`© ${new Date().getUTCFullYear()} OddsPulse`);
    vi.spyOn(Date, "now").mockReturnValue(Date.parse("2031-03-01T00:00:00Z"));
    t.worker = testWorker();
    expect(await page("/cookie-policy")).toContain("© 2031 OddsPulse");
  });
});

describe("labelled regions", () => {
  it.each(PUBLIC_PATHS.map((p) => [p]))(
    "%s: every aria-labelledby names an element of the page",
    async (path) => {
      const html = await page(path);
      const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
      const refs = [...html.matchAll(/aria-labelledby="([^"]+)"/g)].flatMap((m) => (m[1] ?? "").split(/\s+/));
      for (const ref of refs) expect(ids, `${path}: #${ref}`).toContain(ref);
    },
  );

  it("the dashboard section is named by its heading", async () => {
    expect(await page("/")).toMatch(/<h1 id="dashboard-heading"[^>]*>Market Sentiment Intelligence<\/h1>/);
  });
});

describe("the dashboard's figures follow the grid's category and search", () => {
  const decode = (text: string) =>
    text
      .replaceAll("&#x27;", "'")
      .replaceAll("&quot;", '"')
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  const byTestId = (html: string, id: string) =>
    new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

  /** What each card of the grid says about itself. */
  function cardsOf(html: string) {
    return html
      .split('data-testid="event-card"')
      .slice(1)
      .map((card) => ({
        id: /^ data-event-id="([^"]+)"/.exec(card)?.[1] ?? "",
        live: card.includes(">LIVE</span>"),
        recommendation: />(BUY YES|BUY NO)[^<]*</.exec(card)?.[1],
        byModel: card.includes("Sentiment: AI analysis by"),
        mentions: Number(
          /([\d,]+) X mentions(?: of “[^”]*”)? \((?:live|estimated)\)/.exec(card)?.[1]?.replaceAll(",", ""),
        ),
        query: decode(/X mentions of “([^”]*)”/.exec(card)?.[1] ?? ""),
      }));
  }

  it.each([
    { path: "/politics", scope: /events? in Politics$/ },
    { path: "/?search=gta", scope: /events? matching “gta”$/ },
    { path: "/sports?search=champion", scope: /events? in Sports matching “champion”$/ },
  ])("$path: every figure equals the count over the cards listed", async ({ path, scope }) => {
    const all = (
      await (await t.worker.fetch("/api/v1/events?limit=100&ended=show")).json<{ events: DisplayEvent[] }>()
    ).events;
    const html = await page(`${path}${path.includes("?") ? "&" : "?"}show=1000`);
    const cards = cardsOf(html);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThan(all.length);

    const volume = cards.reduce(
      (sum, card) => sum + (all.find((e) => e.id === card.id)?.volume ?? Number.NaN),
      0,
    );
    // One X count per query: cards whose events share a query add its count once.
    const perQuery = new Map(cards.map((card) => [card.query, card.mentions]));
    const mentions = [...perQuery.values()].reduce((sum, count) => sum + count, 0);
    const queries = `${perQuery.size} distinct ${perQuery.size === 1 ? "query" : "queries"}`;
    const bullish = cards.filter((c) => c.recommendation === "BUY YES").length;
    const bearish = cards.filter((c) => c.recommendation === "BUY NO").length;
    const byModel = cards.filter((c) => c.byModel).length;
    const counted = `${cards.length} ${cards.length === 1 ? "event" : "events"}`;

    expect(byTestId(html, "figure-live")).toBe(String(cards.filter((c) => c.live).length));
    expect(byTestId(html, "figure-volume")).toBe(formatMoney(volume));
    expect(byTestId(html, "figure-mentions")).toBe(formatNumber(mentions));
    expect(byTestId(html, "strip-mentions")).toBe(formatNumber(mentions));
    expect(decode(html)).toContain(`X mentions across ${queries}, each counted once.`);
    expect(byTestId(html, "figure-analyses")).toBe(String(byModel));
    expect(byTestId(html, "count-bullish")).toBe(String(bullish));
    expect(byTestId(html, "count-bearish")).toBe(String(bearish));
    expect(byTestId(html, "count-neutral")).toBe(String(cards.length - bullish - bearish));
    expect(html).toContain(`>${formatShare(bullish, cards.length)}</span>`);
    // And they say which events they count.
    const said = /data-testid="dashboard-scope"[^>]*>.*?<strong>([^<]+)<\/strong>/.exec(html)?.[1];
    expect(decode(said ?? "")).toMatch(new RegExp(`^${counted} `));
    expect(decode(said ?? "")).toMatch(scope);
    expect(decode(html)).toMatch(
      new RegExp(`data-testid="analysed"[^>]*><strong>${byModel}</strong> of <strong>${counted}`),
    );

    // The figures count every card of the view, not only the first page of them.
    const firstPage = await page(path);
    expect(cardsOf(firstPage).length).toBeLessThanOrEqual(12);
    for (const id of ["figure-live", "figure-volume", "figure-mentions", "count-bullish"])
      expect(byTestId(firstPage, id), id).toBe(byTestId(html, id));
  });
});

describe("mention labels", () => {
  it("no estimated count is badged Trending; live counts may be", async () => {
    const worker2 = testWorker({ X_BEARER_TOKEN: "" }); // no X key: every count is an estimate
    const estimated = await (await worker2.fetch("/api/markets")).json<{
      markets: { twitterTrending: boolean }[];
    }>();
    expect(estimated.markets.some((m) => m.twitterTrending)).toBe(false);
    const html = (await (await worker2.fetch("/", { headers: BROWSER })).text()).replaceAll("<!-- -->", "");
    expect(html).not.toContain(">Trending</span>");
  });
});

describe("whale cards", () => {
  it("show a wallet once, shortened, when the trade's name is the wallet itself", async () => {
    const whale = (recordedTrades as Record<string, number>[]).find(
      (t) => (t.size ?? 0) * (t.price ?? 0) > 50_000,
    );
    const wallet = "0xcf19c4a0b2e1d3f4a5b6c7d8e9f0a1b2c3d46402";
    const { http, HttpResponse } = await import("msw");
    upstreams.use(
      http.get(`${DATA}/trades`, () =>
        HttpResponse.json([{ ...whale, proxyWallet: wallet, name: wallet, pseudonym: wallet }]),
      ),
    );
    const html = await page("/whale-watch");
    const shown = /data-testid="trader"[^>]*>([\s\S]*?)<\/a>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
    expect(shown).toBe("0xcf19…6402");
    expect(html).toContain(`href="/trader/${wallet}" class=`);
  });
});
