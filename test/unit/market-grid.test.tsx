import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { estimateAnalysis } from "~/.server/sentiment/estimate";
import { MarketGrid, MarketGridError, MarketGridSkeleton } from "~/components/markets/market-grid";
import {
  SEARCH_CAPPED_NOTE,
  SEARCH_RESULTS_MAX,
  scopeText,
  type WiderSearch,
  widerSearchText,
} from "~/lib/dashboard";
import type { Market, MarketEvent } from "~/lib/types";
import { displayEvent } from "../support/cards";
import { makeEvent, makeMarket } from "../support/markets";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const market: Market = makeMarket({
  title: 'Will </script><script>alert("x")</script> pass?',
  image: "javascript:alert(1)",
  volume: 2_500_000,
  volume24h: 0,
  liquidity: 0,
  yesLabel: "Up",
  noLabel: "Down",
  outcomes: [
    { label: "Up", price: 0.37, tokenId: null },
    { label: "Down", price: 0.63, tokenId: null },
  ],
});
const cardOf = (event: MarketEvent, now = NOW) =>
  displayEvent(event, estimateAnalysis(event), undefined, now);
const noop = () => {};

describe("market grid states (SPEC §4 texts)", () => {
  it("loading: a 9-card skeleton", () => {
    const html = renderToString(<MarketGridSkeleton />);
    expect(html).toContain('aria-label="Loading markets"');
    expect(html.match(/animate-pulse rounded-md bg-slate-200 size-14/g)).toHaveLength(9);
  });

  it("error with no data: the message, or 'Unknown error occurred'", () => {
    expect(renderToString(<MarketGridError message="API error: 500" />)).toContain("API error: 500");
    const html = renderToString(<MarketGridError />);
    expect(html).toContain("Failed to load market data");
    expect(html).toContain("Unknown error occurred");
  });

  it("empty: 'No markets available' with 'Retry Loading Markets'", () => {
    const html = renderToString(
      <MarketGrid events={[]} totalBeforeFilter={0} onRetry={noop} retrying={false} now={NOW} />,
    );
    expect(html).toContain("No markets available");
    expect(html).toContain("Retry Loading Markets");
  });

  it("filtered to nothing: 'No markets found matching your criteria.'", () => {
    const html = renderToString(
      <MarketGrid events={[]} totalBeforeFilter={5} onRetry={noop} retrying={false} now={NOW} />,
    );
    expect(html).toContain("No markets found matching your criteria.");
  });

  it("loaded: renders untrusted text as text, drops non-https images, links the provider's search", () => {
    const display = cardOf(makeEvent("e", [market], { title: market.title, image: market.image }));
    const html = renderToString(
      <MarketGrid events={[display]} totalBeforeFilter={1} onRetry={noop} retrying={false} now={NOW} />,
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;/script&gt;");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('href="https://polymarket.com/event/event-e"');
    expect(html).toContain("Up 37¢");
    expect(html).toContain("$2.5M vol");
    expect(html).toContain("LIVE");
    expect(html).toContain("Ends Dec 31, 2026");
  });

  it("says Ends or Ended by the end date, even when an event has no volume (so is not live)", () => {
    const quiet = cardOf(makeEvent("q", [{ ...market, volume: 0 }]));
    expect(quiet.isLive).toBe(false);
    const render = (now: number) =>
      renderToString(
        <MarketGrid events={[quiet]} totalBeforeFilter={1} onRetry={noop} retrying={false} now={now} />,
      ).replaceAll("<!-- -->", "");
    expect(render(NOW)).toContain("Ends Dec 31, 2026");
    expect(render(NOW)).not.toContain("LIVE");
    expect(render(Date.parse("2027-01-02T00:00:00Z"))).toContain("Ended Dec 31, 2026");
  });
});

describe("a search of every open event (decision 0036)", () => {
  const cards = (n: number) =>
    Array.from({ length: n }, (_, i) => cardOf(makeEvent(`s${i}`, [{ ...market, id: `m${i}` }])));
  const grid = (shown: number, matching: number, capped: boolean) =>
    renderToString(
      // "Show more events" is a router link.
      <MemoryRouter>
        <MarketGrid
          events={cards(shown)}
          totalBeforeFilter={null}
          matching={matching}
          capped={capped}
          moreHref="?search=fed&show=24"
          onRetry={noop}
          retrying={false}
          now={NOW}
        />
      </MemoryRouter>,
    ).replaceAll("<!-- -->", "");

  it("a known number of results: 'Showing N of M events', more on request", () => {
    const html = grid(12, 37, false);
    expect(html).toContain("Showing 12 of 37 events");
    expect(html).toContain("Show more events");
    expect(html).not.toContain(SEARCH_CAPPED_NOTE);
  });

  it("more results than the page shows: never a total, more on request, and at the cap, how to narrow it", () => {
    const first = grid(12, 12, true);
    expect(first).toContain("Showing the first 12 results");
    expect(first).toContain("Show more events");
    expect(first).not.toContain(SEARCH_CAPPED_NOTE);
    const all = grid(SEARCH_RESULTS_MAX, SEARCH_RESULTS_MAX, true);
    expect(all).toContain(`Showing the first ${SEARCH_RESULTS_MAX} results`);
    expect(all).not.toContain("Show more events");
    expect(all).toContain(SEARCH_CAPPED_NOTE);
  });

  it("nothing found is 'No markets found', never the empty feed's 'No markets available'", () => {
    const html = renderToString(
      <MarketGrid
        events={[]}
        totalBeforeFilter={null}
        matching={0}
        onRetry={noop}
        retrying={false}
        now={NOW}
      />,
    );
    expect(html).toContain("No markets found matching your criteria.");
    expect(html).not.toContain("No markets available");
  });

  it("the figures say they count the analysed events among the results, and of how many", () => {
    const scope = { category: "Politics", search: "fed" };
    expect(scopeText(scope, 3)).toBe("3 events in Politics matching “fed”");
    expect(scopeText({ ...scope, results: { count: 37, capped: false } }, 2)).toBe(
      "2 analysed events among 37 results in Politics matching “fed”",
    );
    expect(scopeText({ ...scope, results: { count: 100, capped: true } }, 1)).toBe(
      "1 analysed event among the first 100 results in Politics matching “fed”",
    );
    expect(scopeText({ category: null, search: "x", results: { count: 1, capped: false } }, 0)).toBe(
      "0 analysed events among 1 result matching “x”",
    );
  });
});

describe("a category's search that found nothing (decision 0050)", () => {
  const empty = (wider: WiderSearch) =>
    renderToString(
      <MemoryRouter>
        <MarketGrid
          events={[]}
          totalBeforeFilter={null}
          matching={0}
          wider={wider}
          onRetry={noop}
          retrying={false}
          now={NOW}
        />
      </MemoryRouter>,
    ).replaceAll("<!-- -->", "");
  const wider = (over: Partial<WiderSearch>): WiderSearch => ({
    search: "newsom",
    count: 12,
    capped: false,
    source: "index",
    ...over,
  });

  it("says what the same search finds across every category, counted as the Trending page counts", () => {
    expect(widerSearchText(wider({}))).toBe("12 open events match “newsom” across all categories");
    expect(widerSearchText(wider({ count: 1 }))).toBe("1 open event matches “newsom” across all categories");
    expect(widerSearchText(wider({ count: 100, capped: true }))).toBe(
      "More than 100 open events match “newsom” across all categories",
    );
    expect(widerSearchText(wider({ count: 3, source: "snapshot" }))).toBe(
      "3 of the busiest events match “newsom” across all categories",
    );
    expect(widerSearchText(wider({ count: 1, source: "snapshot" }))).toBe(
      "1 of the busiest events matches “newsom” across all categories",
    );
    expect(widerSearchText(wider({ count: 0 }))).toBe(
      "No open event matches “newsom” in any category either.",
    );
    expect(widerSearchText(wider({ count: 0, source: "snapshot" }))).toBe(
      "None of the busiest events matches “newsom” in any category either.",
    );
    expect(widerSearchText(wider({ search: "x".repeat(100) }))).toBe(
      `12 open events match “${"x".repeat(40)}…” across all categories`,
    );
  });

  it("links the Trending page's search, the text encoded; nothing found anywhere links nowhere", () => {
    const html = empty(wider({ search: 'a&b "c" <d>' }));
    expect(html).toContain("No markets found matching your criteria.");
    expect(html).toMatch(/<a [^>]*data-testid="wider-search" href="\/\?search=a%26b\+%22c%22\+%3Cd%3E"/);
    expect(html).toContain("12 open events match “a&amp;b &quot;c&quot; &lt;d&gt;” across all categories");
    const none = empty(wider({ count: 0 }));
    expect(none).toContain("No open event matches “newsom” in any category either.");
    expect(none).not.toContain("<a ");
  });
});
