/** The history store against a real miniflare D1 with the project's migrations applied. */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { HistoryStore, type MarketObservation, slotOf } from "~/.server/history/store";
import type { WhaleTrade } from "~/lib/types";
import { clearTables } from "./support/worker";

const T0 = Date.parse("2026-11-22T12:03:00Z");
const MIN = 60_000;
const DAY = 86_400_000;

function observation(overrides: Partial<MarketObservation> = {}): MarketObservation {
  return {
    id: "517310",
    slug: "will-trump-deport-less-than-250000",
    eventSlug: "how-many-people-will-trump-deport-in-2025",
    conditionId: "0xabc",
    question: "Will Trump deport less than 250,000?",
    outcomes: ["Yes", "No"],
    clobTokenIds: ["111", "222"],
    endDate: "2026-12-31T12:00:00.000Z",
    prices: [0.41, 0.59],
    volume24h: 1200,
    liquidity: 5000,
    sentiment: {
      label: "bearish",
      confidence: 72,
      recommendation: "BUY_NO",
      source: "grok-4",
      reasoning: "Deportation pace is far below the line.",
    },
    mentions: { count: 820, source: "live" },
    ...overrides,
  };
}

function trade(id: string, overrides: Partial<WhaleTrade> = {}): WhaleTrade {
  return {
    id,
    marketId: "0xabc",
    title: "Will Trump deport less than 250,000?",
    outcome: "YES",
    outcomeLabel: "Yes",
    side: "BUY",
    size: 200_000,
    price: 0.41,
    timestamp: T0,
    trader: {
      wallet: "0xAbCdEf0123456789abcdef0123456789ABCDEF01",
      name: "Whale",
      rank: null,
      pnl: null,
      volume: null,
      period: null,
    },
    eventSlug: "how-many-people-will-trump-deport-in-2025",
    marketSlug: "will-trump-deport-less-than-250000",
    ...overrides,
  };
}

async function count(table: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? -1;
}

const store = new HistoryStore(env.DB);

beforeEach(async () => {
  await clearTables("markets", "market_points", "sentiment_changes", "whale_trades", "upstream_checks");
});

describe("recordSnapshot", () => {
  it("adds one point per market per 10-minute slot, and nothing when the slot is repeated", async () => {
    const markets = [observation(), observation({ id: "2", slug: "two", prices: [0.1, 0.9] })];
    expect((await store.recordSnapshot(markets, T0)).points).toBe(2);
    expect((await store.recordSnapshot(markets, T0 + 5 * MIN)).points).toBe(0); // 12:08, same slot as 12:03
    expect(await count("market_points")).toBe(2);
    expect((await store.recordSnapshot(markets, T0 + 10 * MIN)).points).toBe(2);
    expect(await count("market_points")).toBe(4);
    expect(await count("markets")).toBe(2);
  });

  it("stores every outcome's price with the slot time, sentiment and mentions", async () => {
    await store.recordSnapshot([observation({ prices: [0.2, 0.3, 0.5], outcomes: ["A", "B", "C"] })], T0);
    const [point] = await store.points("517310", 0);
    expect(point).toEqual({
      t: slotOf(T0),
      step: 600,
      prices: [0.2, 0.3, 0.5],
      volume24h: 1200,
      liquidity: 5000,
      sentiment: "bearish",
      confidence: 72,
      recommendation: "BUY_NO",
      sentimentSource: "grok-4",
      mentions: 820,
      mentionsSource: "live",
    });
    expect(slotOf(T0)).toBe(Date.parse("2026-11-22T12:00:00Z") / 1000);
    const market = await store.marketBySlug("will-trump-deport-less-than-250000");
    expect(market).toMatchObject({
      id: "517310",
      outcomes: [
        { label: "A", tokenId: "111" },
        { label: "B", tokenId: "222" },
        { label: "C", tokenId: null },
      ],
    });
  });

  it("keeps a market's metadata current and its first sighting, writing it only when it changed", async () => {
    expect((await store.recordSnapshot([observation()], T0)).marketsWritten).toBe(1);
    expect((await store.recordSnapshot([observation()], T0 + 10 * MIN)).marketsWritten).toBe(0);
    expect(
      (await store.recordSnapshot([observation({ question: "Renamed?" })], T0 + DAY)).marketsWritten,
    ).toBe(1);
    const market = await store.marketBySlug("will-trump-deport-less-than-250000");
    expect(market).toMatchObject({ title: "Renamed?", firstSeen: slotOf(T0) });
  });

  it("records a sentiment change only when the label or the recommendation changes", async () => {
    const bearish = observation();
    await store.recordSnapshot([bearish], T0);
    await store.recordSnapshot(
      [observation({ sentiment: { ...bearish.sentiment, confidence: 80, reasoning: "Same call." } })],
      T0 + 10 * MIN,
    );
    await store.recordSnapshot(
      [
        observation({
          sentiment: {
            ...bearish.sentiment,
            label: "bullish",
            recommendation: "BUY_YES",
            reasoning: "Turned.",
          },
        }),
      ],
      T0 + 20 * MIN,
    );
    const changes = await store.sentimentChanges("517310");
    expect(changes.map((c) => [c.recommendation, c.reasoning])).toEqual([
      ["BUY_YES", "Turned."],
      ["BUY_NO", "Deportation pace is far below the line."],
    ]);
  });

  it("binds text as data: quotes and SQL in a title are stored verbatim", async () => {
    const evil = `Will '); DROP TABLE markets; -- "quote" happen?`;
    await store.recordSnapshot([observation({ question: evil })], T0);
    expect((await store.marketBySlug("will-trump-deport-less-than-250000"))?.title).toBe(evil);
    expect(await count("markets")).toBe(1);
  });
});

describe("recordWhaleTrades", () => {
  it("stores each trade once and finds them by market and by wallet", async () => {
    expect(await store.recordWhaleTrades([trade("0x1:111"), trade("0x1:222"), trade("0x2")])).toBe(3);
    expect(await store.recordWhaleTrades([trade("0x1:111"), trade("0x3", { timestamp: T0 + MIN })])).toBe(1);
    const inMarket = await store.whaleTradesForMarket("0xabc");
    expect(inMarket.map((t) => t.id)).toEqual(["0x3", "0x1:111", "0x1:222", "0x2"]);
    expect(inMarket[0]).toMatchObject({ size: 200_000, price: 0.41, side: "BUY", outcome: "YES" });
    const byWallet = await store.whaleTradesForWallet("0xABCDEF0123456789ABCDEF0123456789ABCDEF01");
    expect(byWallet).toHaveLength(4);
  });
});

describe("compact", () => {
  it("thins 10-minute points older than 30 days to the first of each hour, and keeps recent ones", async () => {
    const old = Date.parse("2026-10-01T08:00:00Z");
    for (let i = 0; i < 6; i++) await store.recordSnapshot([observation()], old + i * 10 * MIN);
    await store.recordSnapshot([observation()], old + 60 * MIN); // the next hour
    const recent = Date.parse("2026-11-22T08:00:00Z");
    for (let i = 0; i < 3; i++) await store.recordSnapshot([observation()], recent + i * 10 * MIN);
    const now = Date.parse("2026-11-22T12:00:00Z");
    await store.compact(now);
    const points = await store.points("517310", 0);
    expect(points.map((p) => [new Date(p.t * 1000).toISOString(), p.step])).toEqual([
      ["2026-10-01T08:00:00.000Z", 3600],
      ["2026-10-01T09:00:00.000Z", 3600],
      ["2026-11-22T08:00:00.000Z", 600],
      ["2026-11-22T08:10:00.000Z", 600],
      ["2026-11-22T08:20:00.000Z", 600],
    ]);
    // A second run finds nothing more to do.
    expect(await store.compact(now)).toBe(0);
  });

  it("drops upstream checks older than 31 days", async () => {
    const now = T0;
    await store.recordChecks([
      {
        upstream: "gamma",
        checkedMs: now - 32 * DAY,
        ok: true,
        status: 200,
        latencyMs: 120,
        items: 100,
        error: null,
      },
      {
        upstream: "gamma",
        checkedMs: now - DAY,
        ok: false,
        status: 500,
        latencyMs: 80,
        items: null,
        error: "API error: 500",
      },
    ]);
    await store.compact(now);
    const checks = await store.checksSince(0);
    expect(checks).toEqual([
      {
        upstream: "gamma",
        checkedMs: now - DAY,
        ok: false,
        status: 500,
        latencyMs: 80,
        items: null,
        error: "API error: 500",
      },
    ]);
  });
});
