import { describe, expect, it, vi } from "vitest";
import { UpstreamError } from "~/.server/http";
import {
  fetchHolders,
  fetchMarketTrades,
  fetchWhaleTrades,
  parseHoldersPayload,
  parseTradesPayload,
  WHALE_THRESHOLD_USD,
} from "~/.server/polymarket/data-api";
import { upstreamFailure } from "../support/errors";
import { readFixture } from "../support/fixtures";

interface RecordedTrade {
  transactionHash: string;
  asset: string;
  size: number;
  price: number;
  timestamp: number;
  outcome: string;
  name: string;
  pseudonym: string;
}

const TRADE_FIXTURES = [
  "data-trades-feed-100.json",
  "data-trades-large-a.json",
  "data-trades-large-b.json",
  "data-trades-large-c.json",
] as const;

const fixture = (name: string): unknown => readFixture(`polymarket/${name}`);

/** The recorded rows, read only for the fields the expectations are computed from. */
function recorded(name: string): RecordedTrade[] {
  const value = fixture(name);
  if (!Array.isArray(value)) throw new Error(`${name} is not an array`);
  return value as RecordedTrade[];
}

/** A trade row shaped like the real Data API output. */
function row(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    proxyWallet: "0x1111111111111111111111111111111111111111",
    side: "BUY",
    asset: "123456789",
    conditionId: "0xcondition",
    size: 100_000,
    price: 0.6,
    timestamp: 1_784_000_000,
    title: "Will it rain tomorrow?",
    slug: "will-it-rain-tomorrow",
    icon: "",
    eventSlug: "rain-event",
    outcome: "Yes",
    outcomeIndex: 0,
    name: "rainmaker",
    pseudonym: "Soggy-Umbrella",
    bio: "",
    profileImage: "",
    transactionHash: "0xhash1",
    ...overrides,
  };
}

function shapeError(fn: () => unknown): UpstreamError {
  try {
    fn();
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error("expected an UpstreamError");
}

describe("parseTradesPayload on recorded payloads", () => {
  it.each(TRADE_FIXTURES)("keeps exactly the trades worth over $50,000 in %s", (name) => {
    const rows = recorded(name);
    const expected = rows
      .filter((r) => r.size * r.price > 50_000)
      .sort((a, b) => b.timestamp - a.timestamp)
      .map((r) => `${r.transactionHash}:${r.asset}`);
    const trades = parseTradesPayload(fixture(name));
    expect(trades.map((t) => t.id)).toEqual(expected);
    for (const trade of trades) expect(trade.size * trade.price).toBeGreaterThan(WHALE_THRESHOLD_USD);
  });

  it("finds the single whale among the recorded large trades, and none in the small-trade feed", () => {
    const counts = TRADE_FIXTURES.map((name) => parseTradesPayload(fixture(name)).length);
    expect(counts).toEqual([0, 0, 0, 1]);
  });

  it("normalises the recorded $64,759 trade exactly", () => {
    expect(parseTradesPayload(fixture("data-trades-large-c.json"))).toEqual([
      {
        id: "0x5c6bdff0955bf8d7798ff81eccb9fd81a7cc5474c99a4999a65d3d3194a960ee:2899007585167098232052640705708455559358405087271915165067965733663746121040",
        marketId: "0xead4f20a84556c6eeffc5a6275ff8fe2a74cfc433a7381c46d2e1091649c71e5",
        title: "Pozoblanco: Akira Santillan vs Izan Almazan Valiente",
        outcome: "OTHER",
        outcomeLabel: "Akira Santillan",
        side: "SELL",
        size: 64824.24,
        price: 0.999,
        timestamp: 1_784_326_651_000,
        trader: {
          wallet: "0x6d20c35f65d9899b6d6b74f8466e824580f9a165",
          name: "Webbed-Myth",
          rank: null,
          pnl: null,
          volume: null,
          period: null,
        },
        eventSlug: "atp-santill-valient-2026-07-17",
        marketSlug: "atp-santill-valient-2026-07-17",
      },
    ]);
  });

  it("normalises every recorded feed row when the threshold is lowered to 0", () => {
    const rows = recorded("data-trades-feed-100.json");
    const trades = parseTradesPayload(fixture("data-trades-feed-100.json"), 0);
    expect(trades).toHaveLength(100);
    expect(new Set(trades.map((t) => t.id)).size).toBe(100);
    for (let i = 1; i < trades.length; i++) {
      expect(trades[i - 1]?.timestamp ?? 0).toBeGreaterThanOrEqual(trades[i]?.timestamp ?? 0);
    }
    for (const r of rows) {
      const trade = trades.find((t) => t.id === `${r.transactionHash}:${r.asset}`);
      const lower = r.outcome.toLowerCase();
      expect(trade).toMatchObject({
        outcome: lower === "yes" ? "YES" : lower === "no" ? "NO" : "OTHER",
        outcomeLabel: r.outcome,
        size: r.size,
        price: r.price,
        timestamp: r.timestamp * 1000,
      });
      expect(trade?.trader.name).toBe(r.pseudonym || r.name || null);
    }
    // The feed holds Yes/No rows as well as Up/Down and team names.
    expect(new Set(trades.map((t) => t.outcome))).toEqual(new Set(["YES", "NO", "OTHER"]));
  });

  it("reads recorded rows with empty name and pseudonym as pseudonym null", () => {
    const trades = parseTradesPayload(fixture("data-trades-large-a.json"), 10_000);
    expect(trades).toHaveLength(5);
    const anonymous = trades.filter((t) => t.trader.name === null);
    expect(anonymous).toHaveLength(4);
    expect(trades.find((t) => t.trader.name !== null)?.trader.name).toBe(
      "0xcf19c420814435ffb1c459588208ed23a7ee6402",
    );
  });
});

describe("parseTradesPayload rules", () => {
  it("applies the threshold strictly", () => {
    expect(parseTradesPayload([row({ size: 100_000, price: 0.5 })])).toEqual([]);
    expect(parseTradesPayload([row({ size: 100_002, price: 0.5 })])).toHaveLength(1);
    expect(parseTradesPayload([row({ size: 100, price: 0.5 })], 49)).toHaveLength(1);
  });

  it("maps Yes/No case-insensitively and anything else to OTHER, keeping the label", () => {
    const trades = parseTradesPayload([
      row({ transactionHash: "0xa", outcome: "YES", timestamp: 3 }),
      row({ transactionHash: "0xb", outcome: "no", timestamp: 2 }),
      row({ transactionHash: "0xc", outcome: "Seahawks", timestamp: 1 }),
    ]);
    expect(trades.map((t) => [t.outcome, t.outcomeLabel])).toEqual([
      ["YES", "YES"],
      ["NO", "no"],
      ["OTHER", "Seahawks"],
    ]);
  });

  it("handles outcomeIndex 999 without letting it decide the side", () => {
    const [trade] = parseTradesPayload([row({ outcomeIndex: 999, asset: "", outcome: "No" })]);
    expect(trade).toMatchObject({ outcome: "NO", id: "0xhash1:999" });
  });

  it("turns empty slugs and names into null", () => {
    const [trade] = parseTradesPayload([row({ eventSlug: "", slug: "", name: "", pseudonym: "" })]);
    expect(trade).toMatchObject({ eventSlug: null, marketSlug: null, trader: { name: null } });
    const [named] = parseTradesPayload([row({ pseudonym: "", name: "whale.eth" })]);
    expect(named?.trader.name).toBe("whale.eth");
  });

  it("keeps fills of one transaction apart and collapses exact duplicates", () => {
    const trades = parseTradesPayload([
      row({ asset: "111" }),
      row({ asset: "222" }),
      row({ asset: "111", size: 200_000 }),
    ]);
    expect(trades.map((t) => [t.id, t.size])).toEqual([
      ["0xhash1:111", 100_000],
      ["0xhash1:222", 100_000],
    ]);
  });

  it("converts epoch seconds to milliseconds and keeps millisecond values", () => {
    const trades = parseTradesPayload([
      row({ transactionHash: "0xs", timestamp: 1_784_000_000 }),
      row({ transactionHash: "0xms", timestamp: 1_784_000_100_000 }),
    ]);
    expect(trades.map((t) => [t.id, t.timestamp])).toEqual([
      ["0xms:123456789", 1_784_000_100_000],
      ["0xs:123456789", 1_784_000_000_000],
    ]);
  });

  it("sorts newest first", () => {
    const trades = parseTradesPayload([
      row({ transactionHash: "0x1", timestamp: 100 }),
      row({ transactionHash: "0x3", timestamp: 300 }),
      row({ transactionHash: "0x2", timestamp: 200 }),
    ]);
    expect(trades.map((t) => t.id.split(":")[0])).toEqual(["0x3", "0x2", "0x1"]);
  });

  it("accepts numbers that arrive as strings", () => {
    const [trade] = parseTradesPayload([row({ size: "120000", price: "0.5", timestamp: "1784000000" })]);
    expect(trade).toMatchObject({ size: 120_000, price: 0.5, timestamp: 1_784_000_000_000 });
  });

  it("skips rows with invalid price, size, timestamp or identity", () => {
    const invalid = [
      row({ price: 1.5 }),
      row({ price: -0.1 }),
      row({ price: "abc" }),
      row({ size: 0, price: 1 }),
      row({ size: -200_000 }),
      row({ size: Number.POSITIVE_INFINITY }),
      row({ timestamp: undefined }),
      row({ timestamp: "yesterday" }),
      row({ transactionHash: "" }),
      row({ conditionId: undefined }),
      row({ proxyWallet: null }),
      "not a trade",
      null,
    ];
    expect(parseTradesPayload(invalid)).toEqual([]);
    expect(parseTradesPayload([...invalid, row()])).toHaveLength(1);
  });

  it("falls back to the slug when the title is missing", () => {
    const [trade] = parseTradesPayload([row({ title: "" })]);
    expect(trade?.title).toBe("will-it-rain-tomorrow");
  });

  it("reads snake_case rows such as /v2/trades returns them", () => {
    const [trade] = parseTradesPayload({
      data: [
        {
          proxy_wallet: "0xwallet",
          condition_id: "0xcond",
          transaction_hash: "0xtx",
          asset: "9",
          size: 80_000,
          price: 0.9,
          timestamp: 1_784_000_000,
          title: "Snake?",
          event_slug: "snake-event",
          outcome: "Yes",
        },
      ],
      pagination: {},
    });
    expect(trade).toMatchObject({
      id: "0xtx:9",
      trader: { wallet: "0xwallet", rank: null, period: null },
      marketId: "0xcond",
      eventSlug: "snake-event",
    });
  });
});

describe("parseTradesPayload structure", () => {
  it("accepts a plain array, { trades } and { data }", () => {
    expect(parseTradesPayload([row()])).toHaveLength(1);
    expect(parseTradesPayload({ trades: [row()] })).toHaveLength(1);
    expect(parseTradesPayload({ data: [row()] })).toHaveLength(1);
  });

  it("treats missing trades and empty lists as no whales, not as an error", () => {
    expect(parseTradesPayload([])).toEqual([]);
    expect(parseTradesPayload({})).toEqual([]);
    expect(parseTradesPayload({ trades: [] })).toEqual([]);
    expect(parseTradesPayload({ trades: null })).toEqual([]);
  });

  it("rejects a payload that is not an object", () => {
    for (const payload of [null, undefined, 42, "trades", false]) {
      expect(shapeError(() => parseTradesPayload(payload))).toMatchObject({
        upstream: "data",
        kind: "shape",
        message: "Invalid response structure - not an object",
      });
    }
  });
});

describe("fetchWhaleTrades", () => {
  function harness(respond: () => Response) {
    const urls: string[] = [];
    const delays: number[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return respond();
    };
    const opts = {
      baseUrl: "https://data.test",
      fetch: fakeFetch,
      timeoutMs: 1000,
      retries: 2,
      retryBaseMs: 1000,
      sleep: async (ms: number) => {
        delays.push(ms);
      },
    };
    return { urls, delays, opts };
  }

  const jsonResponse = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("requests the taker trades over $50,000 and parses them", async () => {
    const h = harness(() => jsonResponse(fixture("data-trades-large-c.json")));
    const trades = await fetchWhaleTrades(h.opts);
    expect(h.urls).toEqual([
      "https://data.test/trades?filterType=CASH&filterAmount=50000&takerOnly=true&limit=100",
    ]);
    expect(trades.map((t) => t.marketId)).toEqual([
      "0xead4f20a84556c6eeffc5a6275ff8fe2a74cfc433a7381c46d2e1091649c71e5",
    ]);
  });

  it("returns [] for an empty feed", async () => {
    const h = harness(() => jsonResponse([]));
    await expect(fetchWhaleTrades(h.opts)).resolves.toEqual([]);
  });

  it("reports a non-OK status as 'Failed to fetch whale trades' after the retries", async () => {
    const h = harness(() => jsonResponse({ error: "boom" }, 500));
    const error = await upstreamFailure(fetchWhaleTrades(h.opts));
    expect(error).toMatchObject({ upstream: "data", kind: "status", status: 500 });
    expect(error.message).toBe("Failed to fetch whale trades");
    expect(h.urls).toHaveLength(3);
    expect(h.delays).toEqual([1000, 2000]);
  });

  it("reports an HTML block page as 'Failed to fetch whale trades'", async () => {
    const h = harness(
      () =>
        new Response("<html>Sorry, you have been blocked</html>", {
          status: 403,
          headers: { "content-type": "text/html" },
        }),
    );
    const error = await upstreamFailure(fetchWhaleTrades(h.opts));
    expect(error).toMatchObject({ kind: "html", status: 403, message: "Failed to fetch whale trades" });
    expect(h.urls).toHaveLength(1);
  });
});

describe("holders (the market page)", () => {
  it("reads the documented shape: holders per token, largest first, a wallet-like name is no name", () => {
    const parsed = parseHoldersPayload([
      {
        token: "123",
        holders: [
          { proxyWallet: "0xaaa", name: "small", amount: 10, outcomeIndex: 0 },
          { proxyWallet: "0xbbb", name: "", pseudonym: "Big-Whale", amount: "5000", outcomeIndex: 0 },
          {
            proxyWallet: "0x6d2057e6a6fe7c1e8a4e5d0dd24b2cc3c3e5a165",
            name: "0x6d2057e6a6fe7c1e8a4e5d0dd24b2cc3c3e5a165-1700000000000",
            amount: 700,
            outcomeIndex: 0,
          },
          { proxyWallet: "0xccc", name: "hidden", displayUsernamePublic: false, amount: 50, outcomeIndex: 0 },
          { proxyWallet: "", amount: 1 },
          { proxyWallet: "0xddd", amount: -3 },
        ],
      },
    ]);
    expect(parsed).toEqual([
      {
        token: "123",
        holders: [
          { wallet: "0xbbb", name: "Big-Whale", amount: 5000, outcomeIndex: 0 },
          { wallet: "0x6d2057e6a6fe7c1e8a4e5d0dd24b2cc3c3e5a165", name: null, amount: 700, outcomeIndex: 0 },
          { wallet: "0xccc", name: null, amount: 50, outcomeIndex: 0 },
          { wallet: "0xaaa", name: "small", amount: 10, outcomeIndex: 0 },
        ],
      },
    ]);
  });

  it("a payload that is not an array is a shape error", () => {
    expect(() => parseHoldersPayload({ holders: [] })).toThrow(UpstreamError);
  });

  it("never sends a malformed condition id upstream", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const opts = { baseUrl: "https://data.unit", fetch, timeoutMs: 100, retries: 0, retryBaseMs: 1 };
    await expect(fetchHolders("0x1234' OR 1=1", opts)).rejects.toThrow("Invalid condition id");
    await expect(fetchMarketTrades("not-an-id", opts)).rejects.toThrow("Invalid condition id");
    expect(fetch).not.toHaveBeenCalled();
  });
});
