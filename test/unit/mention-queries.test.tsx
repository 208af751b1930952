/**
 * Mentions count what they say: a card and the event page name the X query their count is of, and every
 * total over events counts a query once, however many events share it, and says how many distinct queries
 * it adds up. Cards are built by the real projection (`toDisplayEvent`) from the test factories' events.
 */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { dashboardView } from "~/.server/pages/dashboard-view";
import { estimateAnalysis } from "~/.server/sentiment/estimate";
import { EventForecast } from "~/components/event/event-forecast";
import { SocialPanel } from "~/components/insights/sentiment-analysis-view";
import { EventCard } from "~/components/markets/event-card";
import { MentionsStrip } from "~/components/markets/mentions-strip";
import { SentimentDashboard } from "~/components/markets/sentiment-dashboard";
import { cardEvent } from "~/lib/dashboard";
import { sentimentInsights } from "~/lib/insights/sentiment-analysis";
import { defaultListView } from "~/lib/list-view";
import type { DisplayEvent, MarketSnapshot, MentionCount } from "~/lib/types";
import { displayEvent } from "../support/cards";
import { makeEvent, makeMarket } from "../support/markets";

const NOW = Date.parse("2026-11-22T12:00:00Z");

/** Text as the browser reads it (renderToString escapes <, > and & in text). */
const textOf = (markup: string) =>
  markup
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
const render = (node: ReactNode) => renderToString(node);

/** A one-market event's card whose X count is `mentions` of `keyword`. */
function card(id: string, title: string, keyword: string, mentions: number, source: "live" | "estimated") {
  const event = makeEvent(id, [makeMarket({ id: `${id}-m`, slug: `${id}-m` })], { title });
  const count: MentionCount = { keyword, mentions, trending: false, source };
  return displayEvent(event, estimateAnalysis(event), count, NOW);
}

describe("a count names the query it counted", () => {
  const bitcoin = card("btc", "Will Bitcoin reach $150k?", "Bitcoin", 1234, "live");

  it("the event carries the exact keyword X was asked about", () => {
    expect(bitcoin.mentions).toEqual({ count: 1234, query: "Bitcoin", trending: false, source: "live" });
  });

  it("the card says it: 1,234 X mentions of “Bitcoin” (live)", () => {
    const text = textOf(render(<EventCard event={cardEvent(bitcoin)} now={NOW} />));
    expect(text).toContain("1,234 X mentions of “Bitcoin” (live)");
  });

  it("the event page's forecast says it too", () => {
    const text = textOf(
      render(
        <EventForecast forecast={bitcoin.forecast} mentions={bitcoin.mentions} rows={[]} multi={false} />,
      ),
    );
    expect(text).toContain("1,234 X mentions of “Bitcoin” now (live)");
  });

  it("a query is untrusted text: shown as text, never as markup", () => {
    const odd = card(
      "odd",
      "<img src=x onerror=alert(1)> wins?",
      "<img src=x onerror=alert(1)>",
      5,
      "estimated",
    );
    const markup = render(<EventCard event={cardEvent(odd)} now={NOW} />);
    expect(markup).not.toContain("<img");
    expect(textOf(markup)).toContain("5 X mentions of “<img src=x onerror=alert(1)>” (estimated)");
  });
});

describe("a total counts each distinct query once, and says so", () => {
  // Two events give X one query ("Bitcoin"): one count of 1,234, shown on both cards.
  const events: DisplayEvent[] = [
    card("btc", "Will Bitcoin reach $150k?", "Bitcoin", 1234, "live"),
    card("btc2", "Bitcoin above $90k on Friday?", "Bitcoin", 1234, "live"),
    card("fed", "Fed cuts rates in March?", "Fed cuts rates", 500, "live"),
  ];
  const snapshot: MarketSnapshot = {
    events,
    markets: [],
    totalMentions: 1734,
    provenance: {
      markets: { kind: "live", by: "Polymarket", at: "2026-11-22T11:48:00Z" },
      mentions: { kind: "live", by: "the X API", at: "2026-11-22T11:48:00Z" },
      sentiment: { kind: "estimated", method: "24h price moves" },
    },
    fetchedAt: "2026-11-22T11:48:00Z",
  };
  const data = dashboardView(snapshot, {
    category: undefined,
    search: "",
    limit: 12,
    view: defaultListView({ trending: true }),
    now: NOW,
  });

  it("the dashboard's figures: 1,234 + 500, over two distinct queries", () => {
    expect([data.totalMentions, data.mentionQueries]).toEqual([1734, 2]);
  });

  it("the dashboard's 'Real X Mentions' figure and its X card say the total is over distinct queries", () => {
    const markup = render(
      <SentimentDashboard
        counts={data.counts}
        totalMentions={data.totalMentions}
        mentionQueries={data.mentionQueries}
        provenance={data.provenance}
        scope={data.scope}
        refreshing={false}
        onRefresh={() => {}}
      />,
    );
    expect(markup).toMatch(/data-testid="figure-mentions">1,734</);
    const text = textOf(markup);
    expect(text).toContain("Real X Mentions 1,734 2 distinct queries");
    expect(text).toContain("Tracking 1,734 X mentions across 2 distinct queries, each counted once.");
  });

  it("the mentions strip says it", () => {
    const text = textOf(
      render(
        <MentionsStrip
          totalMentions={data.totalMentions}
          mentionQueries={data.mentionQueries}
          scope={data.scope}
          marketCount={data.counts.total}
          fetchedAt={snapshot.fetchedAt}
          provenance={data.provenance}
          loading={false}
          now={NOW}
        />,
      ),
    );
    expect(text).toContain("1,734 X mentions across 2 distinct queries for 3 events");
  });

  it("the sentiment-analysis page: one row per query counted, the total over distinct queries", () => {
    const insights = sentimentInsights(snapshot, NOW);
    expect(insights.totalMentions).toBe(1734);
    expect(insights.topics.map((t) => [t.topic, t.mentions, t.eventCount])).toEqual([
      ["Bitcoin", 1234, 2],
      ["Fed cuts rates", 500, 1],
    ]);
    const text = textOf(render(<SocialPanel data={insights} />));
    expect(text).toContain("X mentions tracked 1,734 2 distinct queries, each counted once");
  });
});
