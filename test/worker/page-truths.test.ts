/**
 * What pages say must be true: the copyright year follows the clock, labelled regions point at real
 * headings, the help sidebar's pipeline line is the real state, estimates never claim "Trending",
 * and a wallet is shown once.
 */
import { describe, expect, it, vi } from "vitest";
import { PUBLIC_PATHS } from "~/lib/site";
import { DATA, failing, listenToUpstreams, recordedTrades, upstreams } from "./support/upstreams";
import { BROWSER, CRAWLER, freshWorkerEachTest, type TestWorker, testWorker } from "./support/worker";

listenToUpstreams();

let worker: TestWorker;
freshWorkerEachTest((fresh) => {
  worker = fresh;
});

const page = async (path: string) =>
  (await (await worker.fetch(path, { headers: CRAWLER })).text()).replaceAll("<!-- -->", "");

describe("the footer", () => {
  it("says the current year, from the render's clock", async () => {
    expect(await page("/help-center")).toContain(`© ${new Date().getUTCFullYear()} OddsPulse`);
    vi.spyOn(Date, "now").mockReturnValue(Date.parse("2031-03-01T00:00:00Z"));
    worker = testWorker();
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

describe("the help sidebar's Data Pipeline line", () => {
  const line = (html: string) =>
    /<span>Data Pipeline<\/span><span[^>]*>(?:<svg[\s\S]*?<\/svg>)?(\w+)<\/span>/.exec(html)?.[1];

  it("is Operational while the snapshots are fresh", async () => {
    await worker.fetch("/api/markets");
    await worker.fetch("/api/whales");
    expect(line(await page("/help-center"))).toBe("Operational");
  });

  it("is Outage when pages can only show the sample markets", async () => {
    upstreams.use(failing("gamma", "http-500"));
    await worker.fetch("/api/markets");
    expect(line(await page("/help-center"))).toBe("Outage");
  });

  it("is Degraded while refreshes fail over real data", async () => {
    await worker.fetch("/api/markets");
    upstreams.use(failing("data", "http-500"));
    await worker.fetch("/api/whales");
    expect(line(await page("/help-center"))).toBe("Degraded");
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
