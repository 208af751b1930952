/**
 * What the server renders of the live parts (decision 0041): the "Live" indicator's three states, and the
 * pages' markup as it was before live updates (no highlight, no resolution, an empty indicator place that
 * takes no space without scripts, an empty live region). The live branches in a browser: test/e2e.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { estimateAnalysis } from "~/.server/sentiment/estimate";
import { OutcomeTable } from "~/components/event/outcome-table";
import { LiveAnnouncer } from "~/components/live/announcer";
import { LIVE_TEXT, LiveIndicatorView, RECONNECTING_TEXT } from "~/components/live/live-indicator";
import { MarketSummary } from "~/components/market/market-summary";
import { EventCard } from "~/components/markets/event-card";
import { MentionsStrip } from "~/components/markets/mentions-strip";
import type { MarketView } from "~/lib/market-page";
import { displayEvent } from "../support/cards";
import { makeBucket, makeEvent, makeMarket } from "../support/markets";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const render = (node: React.ReactNode) => renderToString(node).replaceAll("<!-- -->", "");
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const indicators = (markup: string) => [...markup.matchAll(/<span[^>]*data-testid="live-indicator"[^>]*>/g)];

describe("the Live indicator", () => {
  it("says Live prices while live, with a dot that is not the only sign", () => {
    const markup = render(<LiveIndicatorView state="live" />);
    expect(textOf(markup)).toBe("Live prices");
    expect(markup).toContain('data-state="live"');
    expect(markup).toMatch(/<span aria-hidden="true" class="[^"]*rounded-full/);
    // On whale-watch the socket brings trades.
    expect(textOf(render(<LiveIndicatorView state="live" subject="trades" />))).toBe(LIVE_TEXT.trades);
    expect(textOf(render(<LiveIndicatorView state="reconnecting" subject="trades" />))).toBe(
      `Live trades: ${RECONNECTING_TEXT}`,
    );
  });

  it("says Reconnecting… (named as the live prices' state for screen readers) once it was live", () => {
    const markup = render(<LiveIndicatorView state="reconnecting" />);
    expect(textOf(markup)).toBe(`Live prices: ${RECONNECTING_TEXT}`);
    expect(markup).toContain('<span class="sr-only">Live prices: </span><span>Reconnecting…</span>');
  });

  it("is an empty place otherwise (the class keeps it from taking space without scripts)", () => {
    const markup = render(<LiveIndicatorView state={null} />);
    expect(markup).toBe('<span class="live-slot" data-testid="live-indicator" data-state="off"></span>');
  });
});

describe("server-rendered pages are their snapshot", () => {
  const market = makeMarket({
    id: "m1",
    slug: "rain",
    outcomes: [
      { label: "Yes", price: 0.4, tokenId: "t-yes" },
      { label: "No", price: 0.6, tokenId: "t-no" },
    ],
  });

  it("an event card: its prices as the snapshot has them, no highlight, no resolution", () => {
    const event = makeEvent("e1", [market], { slug: "rain-tomorrow" });
    const markup = render(
      <EventCard event={displayEvent(event, estimateAnalysis(event), undefined, NOW)} now={NOW} />,
    );
    expect([...markup.matchAll(/class="(btn btn-(?:yes|no))"/g)].map((m) => m[1])).toEqual([
      "btn btn-yes",
      "btn btn-no",
    ]);
    expect(textOf(markup)).toContain("Yes 40¢");
    expect(markup).not.toContain("live-flash");
    expect(markup).not.toContain("live-resolved");
    expect(indicators(markup)).toEqual([]);
  });

  it("a multi-outcome card's rows keep their classes", () => {
    const event = makeEvent("e2", [makeBucket("b1", "Under 100k", 12), makeBucket("b2", "Over 100k", 88)], {
      slug: "how-many",
    });
    const markup = render(
      <EventCard event={displayEvent(event, estimateAnalysis(event), undefined, NOW)} now={NOW} />,
    );
    expect([...markup.matchAll(/class="(outcome-[a-z]+)"/g)].map((m) => m[1])).toEqual([
      "outcome-row",
      "outcome-move",
      "outcome-price",
      "outcome-row",
      "outcome-move",
      "outcome-price",
    ]);
  });

  it("the outcome table: prices and books from the page's data", () => {
    const markup = render(
      <OutcomeTable
        rows={[
          {
            marketId: "m1",
            marketSlug: "rain",
            label: "Yes",
            price: 0.4,
            priceChange24h: 1,
            volume: 10,
            tokenId: "t-yes",
          },
          {
            marketId: "m1",
            marketSlug: "rain",
            label: "No",
            price: 0.6,
            priceChange24h: -1,
            volume: 10,
            tokenId: "t-no",
          },
        ]}
        books={{ ok: true, value: { "t-yes": { bestBid: 0.39, bestAsk: 0.41, spread: 0.02 } } }}
        label="Outcomes by price"
        multi={false}
        title="Rain tomorrow?"
      />,
    );
    const rows = [...markup.matchAll(/<tr data-testid="outcome-row">(.*?)<\/tr>/g)].map((m) =>
      textOf(m[1] ?? ""),
    );
    expect(rows).toEqual(["Yes 40¢ +1.0 pts $10 39¢ 41¢ 2¢", "No 60¢ -1.0 pts $10 – – –"]);
    expect(markup).not.toContain("live-flash");
  });

  it("a market page: the indicator's place beside the source only when the hub watches the market", () => {
    const view = (source: MarketView["source"]): MarketView => ({
      id: "m1",
      slug: "rain",
      title: "Rain tomorrow?",
      description: null,
      image: null,
      eventSlug: "rain-tomorrow",
      conditionId: null,
      clobTokenIds: ["t-yes", "t-no"],
      outcomes: [
        { label: "Yes", price: 0.4 },
        { label: "No", price: 0.6 },
      ],
      volume24h: 1,
      totalVolume: 1,
      liquidity: 1,
      endDate: null,
      status: { kind: "open" },
      source,
    });
    const at = new Date(NOW).toISOString();
    const snapshot = render(
      <MarketSummary market={view({ kind: "snapshot", at, stale: false })} now={NOW} />,
    );
    expect(indicators(snapshot)).toHaveLength(1);
    expect(snapshot).toMatch(/data-testid="market-source">[^<]*<\/span><span class="live-slot"/);
    expect(textOf(snapshot)).toContain("Open");
    const gamma = render(<MarketSummary market={view({ kind: "gamma", at, stale: false })} now={NOW} />);
    expect(indicators(gamma)).toEqual([]);
  });

  it("the mentions strip holds the indicator's empty place after the update time", () => {
    const markup = render(
      <MentionsStrip
        totalMentions={10}
        mentionQueries={1}
        scope={{ category: null, search: "" }}
        marketCount={1}
        fetchedAt={new Date(NOW).toISOString()}
        provenance={{
          markets: { kind: "live", by: "Polymarket" },
          mentions: { kind: "estimated", method: "keywords" },
          sentiment: { kind: "estimated", method: "keywords" },
        }}
        loading={false}
        now={NOW}
      />,
    );
    expect(markup).toMatch(/Last updated .*<span class="live-slot"[^>]*><\/span><\/p>/);
    expect(indicators(markup)).toHaveLength(1);
  });

  it("the live region is there, polite and empty", () => {
    expect(render(<LiveAnnouncer />)).toBe(
      '<div class="sr-only" aria-live="polite" aria-atomic="true" data-testid="live-announcer"></div>',
    );
  });
});
