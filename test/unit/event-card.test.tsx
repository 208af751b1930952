/**
 * The event card (decision 0030): a one-market event looks like the market card it replaced (prices that add
 * up to 100¢, trade links named for what they do); a multi-outcome event lists its leading three outcomes
 * with price and 24 h change and "+N more"; every card shows its 24 h change and its call, or why there is
 * none (the record's rules). An event outside the snapshot (a search of every open event, decision 0035)
 * shows its prices, volume, outcomes, end date and links, and says it has no AI call instead of the forecast
 * block.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { callStateOf, toEventFacts } from "~/.server/events/card";
import { groupMarketsByEvent } from "~/.server/polymarket/gamma-events";
import { normaliseGammaMarket } from "~/.server/polymarket/gamma-markets";
import { marketOfRow, type RowMarket } from "~/.server/search/document";
import { estimateAnalysis } from "~/.server/sentiment/estimate";
import { DEFAULT_MIN_EDGE_POINTS } from "~/.server/track-record/call-rules";
import { EventForecast } from "~/components/event/event-forecast";
import { CallBadge } from "~/components/markets/call-badge";
import { EventCard, NO_CALL_TEXT } from "~/components/markets/event-card";
import { callText, edgeText } from "~/lib/sentiment";
import type { AnyEvent, EventAnalysis, IndexedEvent, Market, MarketEvent } from "~/lib/types";
import { displayEvent } from "../support/cards";
import { readFixture } from "../support/fixtures";
import { makeBucket, makeEvent, makeMarket } from "../support/markets";

const NOW = Date.parse("2026-11-22T12:00:00Z");

/** A one-market event around a market priced `yes` cents (its two sides as given: `no` cents). */
function binaryEvent(
  { yes = 40, no = 100 - yes, ...overrides }: Partial<Market> & { yes?: number; no?: number },
  event: Partial<MarketEvent> = {},
): MarketEvent {
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
  const card = displayEvent(event, analysis, undefined, now);
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

/**
 * A model analysis of `event` that states a call of `side` on market `marketId`, with probabilities that
 * put `edge` points on that side of it (every other market at its price). A negative `edge` makes the
 * stated call contradict the model's own probabilities.
 */
function modelCall(
  event: MarketEvent,
  marketId: string,
  side: "buy_yes" | "buy_no",
  edge = 10,
): EventAnalysis {
  const multi = event.markets.length > 1;
  const shift = (side === "buy_yes" ? edge : -edge) / 100;
  const probabilities = Object.fromEntries(
    event.markets.map((m) => {
      const p = (m.outcomes[0]?.price ?? 0) + (m.id === marketId ? shift : 0);
      return [multi ? m.id : `${m.id}:0`, Math.min(1, Math.max(0, Math.round(p * 1e6) / 1e6))];
    }),
  );
  return {
    ...estimateAnalysis(event),
    source: "test-model",
    probabilities,
    call: { marketId, side },
    reasoning: "Because.",
  };
}

describe("one-market event card", () => {
  it("Yes and No as shown add up to 100¢ even when the feed's two prices do not, to the tenth where it is one", () => {
    for (const [yesCents, noCents, yes, no] of [
      [33.3, 66.6, "Yes 33.3¢", "No 66.7¢"],
      // The trader's "Yes 34¢ / No 67¢" market: 33.5 / 66.5.
      [33.5, 66.5, "Yes 33.5¢", "No 66.5¢"],
      [34, 66, "Yes 34¢", "No 66¢"],
      [50.5, 49.5, "Yes 50.5¢", "No 49.5¢"],
      [0.04, 99.96, "Yes <0.1¢", "No >99.9¢"],
    ] as const) {
      const links = tradeLinks(html(binaryEvent({ yes: yesCents, no: noCents })));
      expect(links.map((l) => l.text)).toEqual([yes, no]);
    }
  });

  it("trade links open the market inside its event on Polymarket in a new tab, named for what they do", () => {
    const links = tradeLinks(html(binaryEvent({ yes: 37, no: 63, yesLabel: "Up", noLabel: "Down" })));
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
    const event = binaryEvent({ yes: 99.7, no: 0.3, firstPriceChange24h: 0.025 });
    const card = displayEvent(event, estimateAnalysis(event), undefined, NOW, [0.9, 0.997]);
    const markup = renderToString(<EventCard event={card} now={NOW} />).replaceAll("<!-- -->", "");
    expect(markup).toContain('href="/market/m"');
    expect(textOf(markup)).toContain("+2.5 pts 24h");
    expect(textOf(markup)).toContain("Yes 24h: 90¢ → 99.7¢");
  });

  it("shows the smart-money line it is given, and none without one", () => {
    const event = binaryEvent({ yes: 14 });
    const card = displayEvent(event, estimateAnalysis(event), undefined, NOW);
    const line = "Smart money: 4 top wallets on Yes, +$48K today";
    const render = (smartMoney: string | null) =>
      renderToString(<EventCard event={{ ...card, smartMoney }} now={NOW} />).replaceAll("<!-- -->", "");
    expect(render(line)).toContain(`data-testid="smart-money-line">${line}</p>`);
    expect(render(null)).not.toContain("smart-money-line");
  });

  it("a sample event (no page) shows its prices as plain text, not links", () => {
    const event = binaryEvent({ yes: 40 });
    const card = { ...displayEvent(event, estimateAnalysis(event), undefined, NOW), href: "" };
    const markup = renderToString(<EventCard event={card} now={NOW} />);
    expect(tradeLinks(markup)).toEqual([]);
    expect(
      [...markup.matchAll(/data-testid="trade-price"[^>]*>([^<]*)</g)].map((m) => decoded(m[1])),
    ).toEqual(["Yes 40¢", "No 60¢"]);
  });
});

describe("multi-outcome event card", () => {
  const buckets = [
    makeBucket("b1", "Under 100k", 12, { firstPriceChange24h: -0.03 }),
    makeBucket("b2", "100k–250k", 55, { firstPriceChange24h: 0.042 }),
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

  it("names the call's outcome, the price of the side bought, its edge and the model's confidence", () => {
    const text = textOf(html(event, modelCall(event, "b3", "buy_no")));
    expect(text).toContain("BUY NO · 250k–500k at 75¢");
    expect(text).toContain("edge +10 pts");
    expect(textOf(html(event, modelCall(event, "b2", "buy_yes")))).toContain("BUY YES · 100k–250k at 55¢");
  });

  it("a stated call that contradicts the model's probabilities is replaced by the call they make", () => {
    // The model says BUY YES on 250k–500k at 25¢ while rating it 15%: its probabilities say buy No.
    const contradicted = modelCall(event, "b3", "buy_yes", -10);
    const text = textOf(html(event, contradicted));
    expect(text).toContain("BUY NO · 250k–500k at 75¢");
    expect(text).not.toContain("BUY YES");
    const state = callStateOf(event, contradicted, NOW, DEFAULT_MIN_EDGE_POINTS);
    expect(state.disagreed).toBe(true);
    expect(callStateOf(event, modelCall(event, "b3", "buy_no"), NOW, 8).disagreed).toBe(false);
    // "No call" beside a 45-point gap is a disagreement too, and the gap is called.
    const none = { ...modelCall(event, "b2", "buy_no", 45), call: null };
    expect(callStateOf(event, none, NOW, 8)).toMatchObject({
      disagreed: true,
      call: { marketId: "b2", side: "buy_no", edge: 45 },
    });
  });

  it("says why there is no call, with its figure", () => {
    expect(textOf(html(event, modelCall(event, "b2", "buy_yes", 3)))).toContain(
      "Largest gap 3 points, below the 8-point threshold",
    );
    // The threshold is the configured one.
    expect(callStateOf(event, modelCall(event, "b2", "buy_yes", 3), NOW, 3).call?.edge).toBe(3);
    expect(textOf(html(event, modelCall(event, "b5", "buy_yes", 12)))).toContain(
      "Near-certain: the largest gap (12 points) is on a side priced under 5¢ or over 95¢",
    );
    const over = buckets.map((b) => ({ ...b, endDate: "2026-11-01T00:00:00Z" }));
    const ended = makeEvent("x", over);
    expect(textOf(html(ended, modelCall(ended, "b2", "buy_yes")))).toContain("Ended, awaiting resolution");
    expect(textOf(html(event, { ...modelCall(event, "b2", "buy_yes"), probabilities: null }))).toContain(
      "No call: the model gave no probabilities for these outcomes",
    );
    const still = makeEvent("s", [makeBucket("s1", "A", 50), makeBucket("s2", "B", 50)]);
    expect(textOf(html(still))).toContain("No call: no 24h move of 2 points or more");
  });

  it("a market's own end date decides: an event dated in the past with its markets open is open", () => {
    const stale = makeEvent("o", buckets, { endDate: "2026-03-01T00:00:00Z" });
    const text = textOf(html(stale, modelCall(stale, "b2", "buy_yes")));
    expect(text).toContain("BUY YES · 100k–250k at 55¢");
    expect(text).toContain("Ends Dec 31, 2026");
    expect(text).not.toContain("Ended");
    const spread = makeEvent("p", [
      makeBucket("p1", "A", 60, { endDate: "2028-11-07T00:00:00Z" }),
      makeBucket("p2", "B", 40, { endDate: "2029-09-01T00:00:00Z" }),
    ]);
    expect(textOf(html(spread))).toContain("Markets end between Nov 7, 2028 and Sep 1, 2029");
  });
});

describe("an event outside the snapshot (found by a search of every open event)", () => {
  /** An index row's market (prices 0..1, its 24 h change too). */
  const indexed = (
    id: string,
    label: string | null,
    prices: [string, number][],
    change = 0,
  ): Omit<RowMarket, "endDate"> => ({
    id,
    slug: `market-${id}`,
    title: `Will ${label ?? id} happen?`,
    groupTitle: label,
    outcomes: prices.map(([name, price]) => ({ label: name, price, tokenId: null })),
    firstPriceChange24h: change,
    volume24h: 1_000,
    closed: false,
  });
  /** The event as the index reads its row. */
  const indexEvent = (slug: string, rows: Omit<RowMarket, "endDate">[], title: string): IndexedEvent => {
    const tags = [{ slug: "economy", label: "Economy" }];
    const endDate = "2026-12-10T00:00:00Z";
    return {
      id: `9${slug.length}`,
      slug,
      title,
      description: "",
      resolutionSource: null,
      image: null,
      endDate,
      startDate: null,
      volume24h: 80_000,
      volume: 2_500_000,
      liquidity: 40_000,
      negRisk: rows.length > 1,
      tags,
      markets: rows.map((m) => marketOfRow(m, { slug, endDate, tags })),
      resolved: [],
      closed: false,
      updatedAt: "2026-11-22T11:00:00Z",
    };
  };
  /** Its card as the search answers it: the index's figures, no forecast and no X count. */
  const card = (event: IndexedEvent): AnyEvent => ({
    ...toEventFacts(event, NOW),
    forecast: null,
    mentions: null,
  });
  const render = (event: AnyEvent) =>
    renderToString(<EventCard event={event} now={NOW} />).replaceAll("<!-- -->", "");
  /** The forecast block's and the X count's words, none of which such a card may show. */
  const FORECAST_WORDS = [
    "confidence",
    "sentiment score",
    "Sentiment:",
    "X mentions",
    "BUY",
    "No call",
    "No analysis",
  ];

  it("a one-market event: its prices as trade links, volume, end date and links, and no AI call said exactly", () => {
    const event = indexEvent(
      "fed-cut-december",
      [
        indexed(
          "701",
          null,
          [
            ["Yes", 0.37],
            ["No", 0.63],
          ],
          0.025,
        ),
      ],
      "Fed cut in December?",
    );
    const markup = render(card(event));
    const text = textOf(markup);
    expect(text).toContain(NO_CALL_TEXT);
    expect(NO_CALL_TEXT).toBe("No AI call for this event (outside the 100 busiest)");
    expect(tradeLinks(markup).map((l) => [l.text, l.href])).toEqual([
      ["Yes 37¢", "https://polymarket.com/event/fed-cut-december/market-701"],
      ["No 63¢", "https://polymarket.com/event/fed-cut-december/market-701"],
    ]);
    expect(text).toContain("$2.5M vol");
    expect(text).toContain("Ends Dec 10, 2026");
    expect(text).toContain("+2.5 pts 24h");
    expect(markup).toContain('href="/market/market-701"');
    expect(markup).toContain('href="https://polymarket.com/event/fed-cut-december"');
    for (const word of FORECAST_WORDS) expect(text, word).not.toContain(word);
  });

  it("a multi-outcome event: its leading outcomes with prices and +N more, and no AI call", () => {
    const event = indexEvent(
      "fed-decision-december",
      [
        indexed("801", "No change", [
          ["Yes", 0.52],
          ["No", 0.48],
        ]),
        indexed(
          "802",
          "25 bps cut",
          [
            ["Yes", 0.4],
            ["No", 0.6],
          ],
          -0.015,
        ),
        indexed("803", "50 bps cut", [
          ["Yes", 0.06],
          ["No", 0.94],
        ]),
        indexed("804", "Hike", [
          ["Yes", 0.02],
          ["No", 0.98],
        ]),
      ],
      "Fed decision in December?",
    );
    const markup = render(card(event));
    const text = textOf(markup);
    const rows = [...markup.matchAll(/data-testid="outcome"[^>]*>(.*?)<\/li>/g)].map((m) =>
      textOf(m[1] ?? "").trim(),
    );
    expect(rows).toEqual(["No change 0.0 pts 52¢", "25 bps cut -1.5 pts 40¢", "50 bps cut 0.0 pts 6¢"]);
    expect(text).toContain("+1 more");
    expect(markup).toContain('href="/event/fed-decision-december"');
    expect(text).toContain(NO_CALL_TEXT);
    for (const word of FORECAST_WORDS) expect(text, word).not.toContain(word);
  });

  it("an event we forecast never says it has no call", () => {
    const event = binaryEvent({ yes: 40 });
    const text = textOf(html(event));
    expect(text).not.toContain(NO_CALL_TEXT);
    expect(text).toContain("% confidence");
    expect(text).toContain("X mentions");
  });
});

describe("every price says what question it prices", () => {
  it("a one-market '___' event fills its title and shows its market's question beside Yes and No", () => {
    const market = makeMarket({
      id: "eth",
      slug: "eth-2000",
      title: "Will the price of Ethereum be above $2,000 on February 9?",
      groupTitle: "2,000",
    });
    const event = makeEvent("eth", [market], { title: "Ethereum above ___ on February 9?" });
    const text = textOf(html(event));
    expect(text).toContain("Ethereum above 2,000 on February 9?");
    expect(text).toContain("Will the price of Ethereum be above $2,000 on February 9?");
    expect(text).not.toContain("___");
    expect(tradeLinks(html(event)).map((l) => l.text)).toEqual(["Yes 40¢", "No 60¢"]);
  });
});

describe("a call's price: at the call, and now", () => {
  const call = {
    marketId: "n",
    side: "buy_yes" as const,
    recommendation: "BUY_YES" as const,
    outcome: "Yes · Gavin Newsom",
    sidePrice: 0.34,
    edge: 9,
  };
  const badge = (current: number | null) =>
    textOf(renderToString(<CallBadge forecast={{ call, noCall: null }} current={current} />)).trim();

  it("reads 'at 34¢' while the price is the call's, 'called at 34¢ · now 47¢' once it has moved", () => {
    expect(badge(null)).toBe("BUY YES · Gavin Newsom at 34¢");
    expect(badge(0.3404)).toBe("BUY YES · Gavin Newsom at 34¢");
    expect(badge(0.47)).toBe("BUY YES · Gavin Newsom called at 34¢ · now 47¢");
  });

  it("names a one-market event's named side as the side bought, and a Yes/No side by its call", () => {
    expect(callText({ recommendation: "BUY_NO", outcome: "Celtics", sidePrice: 0.45 })).toBe(
      "BUY Celtics at 45¢",
    );
    expect(callText({ recommendation: "BUY_NO", outcome: "No", sidePrice: 0.665 })).toBe("BUY NO at 66.5¢");
    expect(edgeText(9)).toBe("edge +9 pts");
    expect(edgeText(1)).toBe("edge +1 pt");
  });
});

describe("the event page's forecast at the prices now", () => {
  const buckets = [makeBucket("n", "Gavin Newsom", 34), makeBucket("h", "Kamala Harris", 66)];
  const event = makeEvent("f", buckets, { slug: "f" });
  const analysis: EventAnalysis = {
    ...estimateAnalysis(event),
    source: "test-model",
    probabilities: { n: 0.04, h: 0.96 },
    call: { marketId: "n", side: "buy_yes" },
  };
  const card = displayEvent(event, analysis, undefined, NOW);
  const rows = (newsom: number) =>
    buckets.map((b) => ({
      marketId: b.id,
      marketSlug: b.slug,
      label: b.groupTitle ?? "",
      price: b.id === "n" ? newsom : 1 - newsom,
      priceChange24h: 0,
      volume: null,
      tokenId: null,
    }));
  const text = (newsom: number) =>
    textOf(
      renderToString(<EventForecast forecast={card.forecast} mentions={null} rows={rows(newsom)} multi />),
    );

  it("the call follows the bars: Model 4% against 34¢ is BUY NO at 66¢, 30 points", () => {
    const shown = text(0.34);
    expect(shown).toContain("BUY NO · Gavin Newsom at 66¢");
    expect(shown).toContain("edge +30 pts");
    expect(shown).toContain("Model 30 points below the market");
    expect(shown).not.toContain("the bars show the prices now");
  });

  it("with fresher prices on the page the bars move, and the call says when its prices were", () => {
    const shown = text(0.47);
    expect(shown).toContain("BUY NO · Gavin Newsom called at 66¢ · now 53¢");
    expect(shown).toContain("Model 43 points below the market");
    expect(shown).toContain("47%");
    expect(shown).toContain("Called at the prices of 12:00 UTC; the bars show the prices now.");
  });
});

describe("a card's resolution line (the recorded markets in UMA's resolution)", () => {
  const raw = readFixture<unknown[]>("polymarket/gamma-markets-uma-proposed-disputed-13.json");
  const events = groupMarketsByEvent(raw, raw.map(normaliseGammaMarket));
  const eventOf = (slug: string) => {
    const event = events.find((e) => e.slug === slug);
    if (!event) throw new Error(`the recorded event ${slug} is missing`);
    return event;
  };
  const lineOf = (markup: string) =>
    decoded(/data-testid="card-resolution">([^<]*)</.exec(markup)?.[1]?.replaceAll("&#x27;", "'"));

  it("a disputed market: the vote, with no time the snapshot does not have", () => {
    const card = displayEvent(
      eventOf("where-will-the-us-iran-meet"),
      estimateAnalysis(eventOf("where-will-the-us-iran-meet")),
      undefined,
      NOW,
    );
    expect(card.resolution).toEqual({
      marketId: "1328692",
      label: null,
      state: "disputed",
      answer: null,
      finalAt: null,
      others: 0,
    });
    const markup = renderToString(<EventCard event={card} now={NOW} />).replaceAll("<!-- -->", "");
    expect(lineOf(markup)).toBe("Disputed: UMA's vote decides (48–72 hours)");
  });

  it("three markets proposed: the first named, the others counted; the Data API's answer and time when known", () => {
    const event = eventOf("wta-frech-zvonare-2026-02-07");
    const card = displayEvent(event, estimateAnalysis(event), undefined, NOW);
    expect(card.resolution).toMatchObject({ state: "proposed", others: 2, answer: null, finalAt: null });
    const plain = renderToString(<EventCard event={card} now={NOW} />).replaceAll("<!-- -->", "");
    expect(lineOf(plain)).toMatch(/ — Answer proposed · final unless disputed \(\+2 more\)$/);
    const known = {
      ...card,
      resolution: card.resolution && { ...card.resolution, answer: "Frech", finalAt: "2026-09-29T19:50:27Z" },
    };
    const markup = renderToString(<EventCard event={known} now={NOW} />).replaceAll("<!-- -->", "");
    expect(lineOf(markup)).toMatch(/ — Proposed: Frech · final at 19:50 UTC unless disputed \(\+2 more\)$/);
  });

  it("an event with no market proposed or disputed has no line", () => {
    const markup = html(binaryEvent({ yes: 40 }));
    expect(markup).not.toContain('data-testid="card-resolution"');
  });
});
