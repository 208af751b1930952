/**
 * The event card (issue 23 §2): a one-market event looks like the market card it replaced (prices that add
 * up to 100¢, trade links named for what they do); a multi-outcome event lists its leading three outcomes
 * with price and 24 h change and "+N more"; every card shows its 24 h change and its call, or why there is
 * none (the record's rules).
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { toDisplayEvent } from "~/.server/events/card";
import { estimateAnalysis } from "~/.server/sentiment/estimate";
import { EventCard } from "~/components/markets/event-card";
import type { EventAnalysis, Market, MarketEvent } from "~/lib/types";
import { makeBucket, makeEvent, makeMarket } from "../support/markets";

const NOW = Date.parse("2026-11-22T12:00:00Z");

/** A one-market event around a market priced `yesPrice` (its two sides as given). */
function binaryEvent(overrides: Partial<Market>, event: Partial<MarketEvent> = {}): MarketEvent {
  const yes = overrides.yesPrice ?? 40;
  const no = overrides.noPrice ?? 100 - yes;
  const market = makeMarket({
    slug: "m",
    outcomes: [
      { label: overrides.yesLabel ?? "Yes", price: yes / 100, tokenId: null },
      { label: overrides.noLabel ?? "No", price: no / 100, tokenId: null },
    ],
    ...overrides,
  });
  return makeEvent("e", [market], { slug: "ev", ...event });
}

function html(event: MarketEvent, analysis: EventAnalysis = estimateAnalysis(event), now = NOW): string {
  const card = toDisplayEvent(event, analysis, undefined, now);
  return renderToString(<EventCard event={card} now={now} />).replaceAll("<!-- -->", "");
}

/** Text as the browser reads it (renderToString escapes <, > and & in text and attributes). */
const decoded = (text = "") => text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/** Every trade link of a card: its attributes and its text. */
function tradeLinks(markup: string) {
  return [...markup.matchAll(/<a([^>]*data-testid="trade-link"[^>]*)>([^<]*)<\/a>/g)].map(
    ([, attrs = "", text]) => ({
      href: /href="([^"]*)"/.exec(attrs)?.[1],
      target: /target="([^"]*)"/.exec(attrs)?.[1],
      rel: /rel="([^"]*)"/.exec(attrs)?.[1],
      name: decoded(/aria-label="([^"]*)"/.exec(attrs)?.[1]),
      text: decoded(text),
    }),
  );
}

const textOf = (markup: string) => decoded(markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));

/** A model analysis of `event` calling `side` on market `marketId`. */
function modelCall(event: MarketEvent, marketId: string, side: "buy_yes" | "buy_no"): EventAnalysis {
  return {
    ...estimateAnalysis(event),
    source: "test-model",
    call: { marketId, side },
    reasoning: "Because.",
  };
}

describe("one-market event card", () => {
  it("Yes and No as shown add up to 100¢ even when the feed's two prices do not", () => {
    for (const [yesPrice, noPrice, yes, no] of [
      [33.3, 66.6, "Yes 33¢", "No 67¢"],
      [33.6, 66.4, "Yes 34¢", "No 66¢"],
      [50.5, 49.5, "Yes 51¢", "No 49¢"],
      [0.4, 99.6, "Yes <1¢", "No >99¢"],
    ] as const) {
      const links = tradeLinks(html(binaryEvent({ yesPrice, noPrice })));
      expect(links.map((l) => l.text)).toEqual([yes, no]);
    }
  });

  it("trade links open the market inside its event on Polymarket in a new tab, named for what they do", () => {
    const links = tradeLinks(
      html(binaryEvent({ yesPrice: 37, noPrice: 63, yesLabel: "Up", noLabel: "Down" })),
    );
    expect(links).toEqual([
      {
        href: "https://polymarket.com/event/ev/m",
        target: "_blank",
        rel: "noopener noreferrer",
        name: "Trade Up 37¢ on Polymarket (opens in a new tab)",
        text: "Up 37¢",
      },
      {
        href: "https://polymarket.com/event/ev/m",
        target: "_blank",
        rel: "noopener noreferrer",
        name: "Trade Down 63¢ on Polymarket (opens in a new tab)",
        text: "Down 63¢",
      },
    ]);
  });

  it("links its title to the market page and shows the 24h change and the 24-hour line", () => {
    const event = binaryEvent({ yesPrice: 99.7, noPrice: 0.3, priceChange24h: 2.5 });
    const card = toDisplayEvent(event, estimateAnalysis(event), undefined, NOW, [0.9, 0.997]);
    const markup = renderToString(<EventCard event={card} now={NOW} />).replaceAll("<!-- -->", "");
    expect(markup).toContain('href="/market/m"');
    expect(textOf(markup)).toContain("+2.5 pts 24h");
    expect(textOf(markup)).toContain("Yes 24h: 90¢ → >99¢");
  });

  it("a sample event (no page) shows its prices as plain text, not links", () => {
    const event = binaryEvent({ yesPrice: 40 });
    const card = { ...toDisplayEvent(event, estimateAnalysis(event), undefined, NOW), href: "" };
    const markup = renderToString(<EventCard event={card} now={NOW} />);
    expect(tradeLinks(markup)).toEqual([]);
    expect(
      [...markup.matchAll(/data-testid="trade-price"[^>]*>([^<]*)</g)].map((m) => decoded(m[1])),
    ).toEqual(["Yes 40¢", "No 60¢"]);
  });
});

describe("multi-outcome event card", () => {
  const buckets = [
    makeBucket("b1", "Under 100k", 12, { priceChange24h: -3 }),
    makeBucket("b2", "100k–250k", 55, { priceChange24h: 4.2 }),
    makeBucket("b3", "250k–500k", 25),
    makeBucket("b4", "Over 500k", 6),
    makeBucket("b5", "Over 1M", 2),
  ];
  const event = makeEvent("d", buckets, { slug: "deportations", title: "How many deportations?" });

  it("lists the leading three outcomes by price with price and 24h change, then +N more to the event page", () => {
    const markup = html(event);
    const rows = [...markup.matchAll(/data-testid="outcome"[^>]*>(.*?)<\/li>/g)].map((m) =>
      textOf(m[1] ?? "").trim(),
    );
    expect(rows).toEqual(["100k–250k +4.2 pts 55¢", "250k–500k 0.0 pts 25¢", "Under 100k -3.0 pts 12¢"]);
    expect(markup).toContain('href="/market/bucket-b2"');
    expect(textOf(markup)).toContain("+2 more");
    expect(markup).toContain('href="/event/deportations"');
    // The card's own change is the leading outcome's.
    expect(textOf(markup)).toContain("+4.2 pts 24h");
    expect(tradeLinks(markup)).toEqual([]);
  });

  it("names the call's outcome and the price of the side bought", () => {
    expect(textOf(html(event, modelCall(event, "b3", "buy_no")))).toContain("BUY NO · 250k–500k at 75¢");
    expect(textOf(html(event, modelCall(event, "b2", "buy_yes")))).toContain("BUY YES · 100k–250k at 55¢");
  });

  it("says why there is no call: a near-certain side, an ended event, or none made", () => {
    expect(textOf(html(event, modelCall(event, "b5", "buy_no")))).toContain("Near-certain: nothing to call");
    expect(textOf(html(event, modelCall(event, "b5", "buy_yes")))).toContain("Near-certain: nothing to call");
    const ended = makeEvent("x", buckets, { endDate: "2026-11-01T00:00:00Z" });
    expect(textOf(html(ended, modelCall(ended, "b2", "buy_yes")))).toContain("Ended, awaiting resolution");
    expect(textOf(html(event, { ...modelCall(event, "b2", "buy_yes"), call: null }))).toContain(
      "No call: the model sees fair prices",
    );
    const still = makeEvent("s", [makeBucket("s1", "A", 50), makeBucket("s2", "B", 50)]);
    expect(textOf(html(still))).toContain("No call: no 24h move of 2 points or more");
  });
});
