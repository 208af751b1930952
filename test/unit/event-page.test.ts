/**
 * The event page's pure parts: the CLOB books parser (recorded `GET /book` shape, batched `POST /books`)
 * and the forecast's model-vs-market bars.
 */
import { describe, expect, it } from "vitest";
import { UpstreamError } from "~/.server/http";
import { BOOKS_PER_REQUEST, fetchBooks, parseBooks } from "~/.server/polymarket/clob";
import { bookQuote, forecastBars } from "~/lib/event-page";
import { tradePath } from "~/lib/whales";
import { readFixture } from "../support/fixtures";
import { createUpstreams, fetchThrough } from "../support/upstreams";

const book = readFixture("polymarket/clob-book-1.json") as Record<string, unknown>;
const TOKEN = String(book.asset_id);

describe("parseBooks", () => {
  it("reads the recorded book: the highest bid and the lowest ask, whatever the levels' order", () => {
    expect(parseBooks([book])).toEqual([{ tokenId: TOKEN, bestBid: 0.5, bestAsk: 0.51 }]);
  });

  it("an empty side is no price; unreadable levels and books are skipped, not fatal", () => {
    const parsed = parseBooks([
      {
        asset_id: "123",
        bids: [],
        asks: [{ price: "0.7" }, { price: "NaN" }, { price: "1.5" }, { price: 0.65 }],
      },
      { asset_id: "not-a-token", bids: [{ price: "0.4" }], asks: [] },
      "junk",
      { bids: [{ price: "0.4" }] },
      { asset_id: "456", bids: [{ price: "" }, { size: "3" }, null], asks: "none" },
    ]);
    expect(parsed).toEqual([
      { tokenId: "123", bestBid: null, bestAsk: 0.65 },
      { tokenId: "456", bestBid: null, bestAsk: null },
    ]);
  });

  it("an answer that is not an array is an UpstreamError of kind shape", () => {
    expect(() => parseBooks({ books: [] })).toThrow(UpstreamError);
    expect(() => parseBooks("<html>")).toThrow(/no books array/);
  });
});

describe("fetchBooks", () => {
  const upstreams = createUpstreams({
    gamma: "https://gamma.unit",
    data: "https://data.unit",
    x: "https://x.unit",
    llm: "https://llm.unit",
    clob: "https://clob.unit",
    kalshi: "https://kalshi.unit/trade-api/v2",
  });
  const opts = {
    baseUrl: "https://clob.unit",
    fetch: fetchThrough(upstreams.handlers),
    timeoutMs: 1_000,
    retries: 0,
    retryBaseMs: 1,
  };

  it(`asks ${BOOKS_PER_REQUEST} tokens a POST, never a malformed id, each token once`, async () => {
    upstreams.resetCalls();
    const tokens = Array.from({ length: 45 }, (_, i) => String(1000 + i));
    const books = await fetchBooks([...tokens, tokens[0] ?? "", "<script>", "12a"], opts);
    expect(upstreams.calls.clob).toBe(3);
    expect(books.map((b) => b.tokenId)).toEqual(tokens);
    expect(books.every((b) => b.bestBid === 0.5 && b.bestAsk === 0.51)).toBe(true);
  });

  it("no token: no request", async () => {
    upstreams.resetCalls();
    expect(await fetchBooks(["x"], opts)).toEqual([]);
    expect(upstreams.calls.clob).toBe(0);
  });
});

describe("bookQuote", () => {
  it("the spread is ask minus bid, only with both", () => {
    expect(bookQuote(0.5, 0.51)).toEqual({ bestBid: 0.5, bestAsk: 0.51, spread: 0.01 });
    expect(bookQuote(null, 0.51).spread).toBeNull();
  });
});

describe("forecastBars", () => {
  it("per outcome the model beside the market in percent, with the gap in words", () => {
    const bars = forecastBars([
      { marketId: "1", label: "Trump", model: 0.62, market: 0.55 },
      { marketId: "2", label: "Harris", model: 0.3, market: 0.31 },
      { marketId: "3", label: "Other", model: 0.052, market: 0.05 },
      { marketId: "4", label: "Odd", model: 1.4, market: -0.2 },
    ]);
    expect(bars.map((b) => [b.label, b.model, b.market, b.verdict])).toEqual([
      ["Trump", 62, 55, "Model 7 points above the market"],
      ["Harris", 30, 31, "Model 1 point below the market"],
      ["Other", 5.2, 5, "Model and market agree"],
      ["Odd", 100, 0, "Model 100 points above the market"],
    ]);
  });

  it("an estimate's forecast has no probabilities: no bars", () => {
    expect(forecastBars([])).toEqual([]);
  });
});

describe("tradePath (whale trade links)", () => {
  const multi = new Set(["2026-nba-champion"]);
  it("a trade in a shown multi-outcome event leads to the event page", () => {
    expect(tradePath({ eventSlug: "2026-nba-champion", marketSlug: "will-the-lakers-win" }, multi)).toBe(
      "/event/2026-nba-champion",
    );
  });
  it("any other trade leads to its market page, or nowhere without a slug", () => {
    expect(tradePath({ eventSlug: "bitboy-convicted", marketSlug: "bitboy-convicted" }, multi)).toBe(
      "/market/bitboy-convicted",
    );
    expect(tradePath({ eventSlug: null, marketSlug: null }, multi)).toBeNull();
  });
});
