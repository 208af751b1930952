/**
 * The Kalshi client on every recorded shape (test/fixtures/kalshi): dollar and fixed-point strings, the older
 * cent fields beside them or absent, multivariate markets left out, odd values refused one market at a time,
 * and the `/events` paging through the shared test upstreams.
 */
import { describe, expect, it } from "vitest";
import { UpstreamError } from "~/.server/http";
import {
  fetchKalshiEventsPage,
  KALSHI_PAGE_SIZE,
  readKalshiEvent,
  readKalshiEventsPage,
} from "~/.server/kalshi/client";
import { readFixture } from "../support/fixtures";
import { KALSHI_EVENTS } from "../support/upstream-answers";
import { createUpstreams, fetchThrough } from "../support/upstreams";

type Json = Record<string, unknown>;
const firstPage = readFixture<{ cursor: string; events: Json[] }>(
  "kalshi/bobaoxu__events_nested_2events.json",
);
const firstEvent = firstPage.events[0] as Json;
const iranEvents = readFixture<Json[]>("kalshi/iran-project__events_nested_14_EXTRACT.json");
const mve = readFixture<{ markets: Json[] }>("kalshi/arby-s__markets_mve_3_EXTRACT.json");
const event = (ticker: string) => {
  const found = iranEvents.find((e) => e.event_ticker === ticker);
  if (!found) throw new Error(ticker);
  return found;
};

describe("reading Kalshi's /events", () => {
  it("dates a market by when its question is expected to end, not its far-off latest close", () => {
    const argentina = readKalshiEvent(event("KXMENWORLDCUP-26")).find(
      (m) => m.ticker === "KXMENWORLDCUP-26-AR",
    );
    // Recorded: close_time 2028-07-18, expected_expiration_time 2026-07-19 (the final is on 2026-07-19).
    expect(argentina?.closeTime).toBe("2026-07-19T14:00:00.000Z");
  });

  it("the recorded first page: dollar strings for prices, fp strings for counts, no cent fields, the cursor", () => {
    const page = readKalshiEventsPage(firstPage);
    expect(page.events).toBe(2);
    expect(page.cursor).toBe(firstPage.cursor);
    expect(page.markets).toHaveLength(9);
    expect(page.markets[0]).toEqual({
      ticker: "KXELONMARS-99",
      eventTicker: "KXELONMARS-99",
      seriesTicker: "KXELONMARS",
      eventTitle: "Will Elon Musk visit Mars in his lifetime?",
      eventSubtitle: "Before 2099",
      title: "Will Elon Musk visit Mars before Aug 1, 2099?",
      label: "Mars",
      category: "World",
      mutuallyExclusive: false,
      status: "active",
      lastPrice: 0.12,
      yesBid: 0.12,
      yesAsk: 0.13,
      volume24h: 45.25,
      // The expected expiration (close_time 04:59 is when trading stops that day).
      closeTime: "2099-08-01T15:00:00.000Z",
      rules:
        "If Elon Musk visits Mars before the earlier of his death or Aug 1, 2099, then the market resolves to Yes.",
      rulesUrl: "https://kalshi.com/markets/kxelonmars",
    });
    // No recorded market of this page carries the cent fields.
    expect(firstPage.events.flatMap((e) => e.markets as Json[]).some((m) => "yes_bid" in m)).toBe(false);
  });

  it("the 2026-03 recording carries cents beside dollars: the dollars are read; cents only when dollars are absent", () => {
    const khamenei = readKalshiEvent(event("KXLEADERSOUT-27JAN01"));
    const starmer = khamenei.find((m) => m.ticker === "KXLEADERSOUT-27JAN01-KSTAUK");
    expect(starmer).toMatchObject({ yesBid: 0.68, yesAsk: 0.71, lastPrice: 0.67, label: "Keir Starmer" });

    const raw = (event("KXLEADERSOUT-27JAN01").markets as Json[]).find(
      (m) => m.ticker === "KXLEADERSOUT-27JAN01-KSTAUK",
    ) as Json;
    expect(raw.yes_bid).toBe(68);
    const centsOnly = Object.fromEntries(Object.entries(raw).filter(([k]) => !k.endsWith("_dollars")));
    const [fromCents] = readKalshiEvent({ ...event("KXLEADERSOUT-27JAN01"), markets: [centsOnly] });
    expect(fromCents).toMatchObject({ yesBid: 0.68, yesAsk: 0.71, lastPrice: 0.67 });

    const neither = Object.fromEntries(
      Object.entries(raw).filter(([k]) => !/^(yes_bid|yes_ask|last_price)/.test(k)),
    );
    const [unquoted] = readKalshiEvent({ ...event("KXLEADERSOUT-27JAN01"), markets: [neither] });
    expect(unquoted).toMatchObject({ yesBid: null, yesAsk: null, lastPrice: null, volume24h: 2496 });
  });

  it("every recorded event reads: statuses kept for the crawl to choose, Kalshi's unset time read as none", () => {
    const markets = iranEvents.flatMap(readKalshiEvent);
    expect(markets).toHaveLength(237);
    expect(new Set(markets.map((m) => m.status))).toEqual(new Set(["active", "finalized"]));
    expect(markets.every((m) => m.lastPrice === null || (m.lastPrice >= 0 && m.lastPrice <= 1))).toBe(true);
    const cup = readKalshiEvent(event("KXMENWORLDCUP-26"));
    expect(cup.find((m) => m.label === "Spain")).toMatchObject({
      mutuallyExclusive: true,
      title: "Will the Spain win the 2026 Men's World Cup?",
      rulesUrl: "https://kalshi.com/markets/kxmenworldcup",
    });
  });

  it("multivariate (parlay) markets are left out, the rest of their event kept", () => {
    const [single] = firstEvent.markets as Json[];
    const markets = readKalshiEvent({ ...firstEvent, markets: [...mve.markets, single] });
    expect(mve.markets.every((m) => typeof m.mve_collection_ticker === "string")).toBe(true);
    expect(markets.map((m) => m.ticker)).toEqual(["KXELONMARS-99"]);
    // A whole multivariate event (its ticker under KXMVE) lists nothing.
    expect(readKalshiEvent({ event_ticker: "KXMVECROSSCATEGORY-R", markets: mve.markets })).toEqual([]);
  });

  it("one odd market is refused alone; absurd figures read as not quoted; a wrong page shape throws", () => {
    const [good] = firstEvent.markets as Json[];
    const markets = readKalshiEvent({
      ...firstEvent,
      markets: [
        { ...good, ticker: undefined },
        { ...good, ticker: "KXNOTITLE-1", title: "" },
        {
          ...good,
          ticker: "KXODD-1",
          yes_bid_dollars: "7.00",
          last_price_dollars: "NaN",
          volume_24h_fp: "-5",
        },
        good,
      ],
    });
    expect(markets.map((m) => [m.ticker, m.yesBid, m.lastPrice, m.volume24h])).toEqual([
      ["KXODD-1", null, null, null],
      ["KXELONMARS-99", 0.12, 0.12, 45.25],
    ]);
    expect(() => readKalshiEventsPage({ markets: [] })).toThrow(UpstreamError);
    expect(readKalshiEventsPage({ cursor: "", events: [] })).toEqual({
      markets: [],
      events: 0,
      cursor: null,
    });
  });
});

describe("GET /events through the test upstreams", () => {
  it("asks for open events with nested markets, a page at a time, following the cursor to the last page", async () => {
    const base = "https://kalshi.unit/trade-api/v2";
    const upstreams = createUpstreams({
      gamma: "https://gamma.unit",
      data: "https://data.unit",
      x: "https://x.unit",
      llm: "https://llm.unit/v1",
      clob: "https://clob.unit",
      kalshi: base,
    });
    const requests: URL[] = [];
    const through = fetchThrough([upstreams.kalshiHandler(5)]);
    const fetch: typeof globalThis.fetch = (input, init) => {
      requests.push(new URL(String(input)));
      return through(input, init);
    };
    const opts = { baseUrl: base, fetch, timeoutMs: 1000, retries: 0, retryBaseMs: 0 };
    const tickers: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await fetchKalshiEventsPage(cursor, opts);
      tickers.push(...new Set(page.markets.map((m) => m.eventTicker)));
      cursor = page.cursor;
    } while (cursor !== null);
    expect(requests).toHaveLength(Math.ceil(KALSHI_EVENTS.length / 5));
    expect(requests[0]?.pathname).toBe("/trade-api/v2/events");
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({
      status: "open",
      with_nested_markets: "true",
      limit: String(KALSHI_PAGE_SIZE),
    });
    expect(requests[1]?.searchParams.get("cursor")).toBeTruthy();
    expect(tickers).toEqual(KALSHI_EVENTS.map((e) => (e as Json).event_ticker));
    expect(upstreams.calls.kalshi).toBe(requests.length);
  });
});
