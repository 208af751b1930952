/**
 * A market card's prices and trade links (decision 0025): the two prices shown add up to 100¢, and each
 * opens the market on Polymarket in a new tab with a name that says so.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarketCard } from "~/components/markets/market-card";
import { toDisplayMarket } from "~/lib/display-market";
import type { Market } from "~/lib/types";
import { makeMarket } from "../support/markets";

const NOW = Date.parse("2026-11-22T12:00:00Z");

function card(overrides: Partial<Market>): string {
  const market = toDisplayMarket(makeMarket(overrides), undefined, undefined, NOW);
  return renderToString(<MarketCard market={market} now={NOW} />).replaceAll("<!-- -->", "");
}

/** Text as the browser reads it (renderToString escapes <, > and & in text and attributes). */
const decoded = (text = "") => text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/** Every trade link of a card: its attributes and its text. */
function tradeLinks(html: string) {
  return [...html.matchAll(/<a([^>]*data-testid="trade-link"[^>]*)>([^<]*)<\/a>/g)].map(
    ([, attrs = "", text]) => ({
      href: /href="([^"]*)"/.exec(attrs)?.[1],
      target: /target="([^"]*)"/.exec(attrs)?.[1],
      rel: /rel="([^"]*)"/.exec(attrs)?.[1],
      name: decoded(/aria-label="([^"]*)"/.exec(attrs)?.[1]),
      text: decoded(text),
    }),
  );
}

describe("market card prices", () => {
  it("Yes and No as shown add up to 100¢ even when the feed's two prices do not", () => {
    // The feed's sides need not sum to 100 (33.6 + 66.4 would round to 34¢ + 66¢, 33.5 + 66.5 to 34¢ + 67¢).
    for (const [yesPrice, noPrice, yes, no] of [
      [33.3, 66.6, "Yes 33¢", "No 67¢"],
      [33.6, 66.4, "Yes 34¢", "No 66¢"],
      [33.5, 66.5, "Yes 34¢", "No 66¢"],
      [50.5, 49.5, "Yes 51¢", "No 49¢"],
      [89.5, 10.5, "Yes 90¢", "No 10¢"],
      [0.4, 99.6, "Yes <1¢", "No >99¢"],
      [99.7, 0.3, "Yes >99¢", "No <1¢"],
    ] as const) {
      const links = tradeLinks(card({ yesPrice, noPrice, event: { slug: "e" }, slug: "m" }));
      expect(links.map((l) => l.text)).toEqual([yes, no]);
    }
  });

  it("the 24-hour line ends at the price the Yes link shows", () => {
    const market = {
      ...toDisplayMarket(makeMarket({ yesPrice: 99.7, noPrice: 0.3 }), undefined, undefined, NOW),
    };
    const html = renderToString(<MarketCard market={{ ...market, spark: [0.9, 0.997] }} now={NOW} />);
    expect(html.replaceAll("<!-- -->", "")).toContain("Yes 24h: 90¢ → &gt;99¢");
  });
});

describe("market card trade links", () => {
  it("open the market inside its event on Polymarket in a new tab, named for what they do", () => {
    const links = tradeLinks(
      card({ yesPrice: 31, noPrice: 69, event: { slug: "fed-decision" }, slug: "fed-cuts-50" }),
    );
    expect(links).toEqual([
      {
        href: "https://polymarket.com/event/fed-decision/fed-cuts-50",
        target: "_blank",
        rel: "noopener noreferrer",
        name: "Trade Yes 31¢ on Polymarket (opens in a new tab)",
        text: "Yes 31¢",
      },
      {
        href: "https://polymarket.com/event/fed-decision/fed-cuts-50",
        target: "_blank",
        rel: "noopener noreferrer",
        name: "Trade No 69¢ on Polymarket (opens in a new tab)",
        text: "No 69¢",
      },
    ]);
  });

  it("use the outcome's own label, and the event alone when the market is the event", () => {
    const links = tradeLinks(
      card({
        yesPrice: 37,
        noPrice: 63,
        yesLabel: "Up",
        noLabel: "Down",
        event: { slug: "btc-up" },
        slug: "btc-up",
      }),
    );
    expect(links.map((l) => [l.href, l.name])).toEqual([
      ["https://polymarket.com/event/btc-up", "Trade Up 37¢ on Polymarket (opens in a new tab)"],
      ["https://polymarket.com/event/btc-up", "Trade Down 63¢ on Polymarket (opens in a new tab)"],
    ]);
  });

  it("without an event slug (the sample markets) the prices are plain text, not links", () => {
    const html = card({ yesPrice: 40, noPrice: 60, event: null, slug: null });
    expect(tradeLinks(html)).toEqual([]);
    expect([...html.matchAll(/data-testid="trade-price"[^>]*>([^<]*)</g)].map((m) => decoded(m[1]))).toEqual([
      "Yes 40¢",
      "No 60¢",
    ]);
  });
});
