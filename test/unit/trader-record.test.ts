/**
 * A trader's record (app/lib/trader-record.ts): won, lost and neither for resolved and closed positions,
 * the win rate, PnL by category and the empty record; and the read behind it
 * (app/.server/polymarket/trader-record.ts) against the recorded v2 positions: three lists, at most five
 * requests, never `offset`, and v1's positions when v2 fails.
 */
import { describe, expect, it } from "vitest";
import { createDataV2, parsePositionRow, parseV2Page } from "~/.server/polymarket/data-v2";
import { fetchSettledPositions, RECORD_PAGES } from "~/.server/polymarket/trader-record";
import { fetchPositions } from "~/.server/polymarket/traders";
import { type CategorySlug, primaryCategory } from "~/lib/categories";
import {
  positionResult,
  recordBasis,
  type SettledPosition,
  traderRecord,
  winRateText,
} from "~/lib/trader-record";
import { readFixture } from "../support/fixtures";
import { POSITIONS_WALLET, positionsAnswer, v2PositionsAnswer } from "../support/upstream-answers";

const SOURCE = { api: "v2" as const, asOf: "2026-11-27T04:00:00.000Z", complete: true, stale: false };

function position(over: Partial<SettledPosition> = {}): SettledPosition {
  return {
    list: "REDEEMABLE",
    tokenId: `t${Math.random()}`,
    title: "Will it happen?",
    eventSlug: "some-event",
    finalPrice: 1,
    pnl: 10,
    ...over,
  };
}

describe("won, lost or neither", () => {
  it("a position held to resolution: the outcome's final price decides, whatever list carried it", () => {
    expect(positionResult(position({ list: "REDEEMABLE", finalPrice: 1 }))).toBe("won");
    expect(positionResult(position({ list: "REDEEMABLE", finalPrice: 0.9999 }))).toBe("won");
    // v2 labels the lost list's rows REDEEMABLE: a price of 0 is a loss on either list.
    expect(positionResult(position({ list: "REDEEMABLE", finalPrice: 0 }))).toBe("lost");
    expect(positionResult(position({ list: "REDEEMABLE_LOST", finalPrice: 0 }))).toBe("lost");
    // A 50-50 resolution is neither.
    expect(positionResult(position({ finalPrice: 0.5 }))).toBeNull();
  });

  it("without a final price, the list it came from", () => {
    expect(positionResult(position({ list: "REDEEMABLE", finalPrice: null }))).toBe("won");
    expect(positionResult(position({ list: "REDEEMABLE_LOST", finalPrice: null }))).toBe("lost");
  });

  it("a closed position: won at a profit, lost at a loss, neither when even or unknown", () => {
    expect(positionResult(position({ list: "CLOSED", finalPrice: 0, pnl: 1.26 }))).toBe("won");
    expect(positionResult(position({ list: "CLOSED", finalPrice: 1, pnl: -1.24 }))).toBe("lost");
    expect(positionResult(position({ list: "CLOSED", pnl: 0 }))).toBeNull();
    expect(positionResult(position({ list: "CLOSED", pnl: null }))).toBeNull();
  });
});

describe("the record", () => {
  const categoryOf = (p: SettledPosition): CategorySlug | null =>
    p.eventSlug === "nba" ? "sports" : p.eventSlug === "fed" ? "markets" : null;

  it("says the win rate as “62% (31 won, 19 lost)”", () => {
    const positions = [
      ...Array.from({ length: 31 }, () => position({ eventSlug: "nba", pnl: 5 })),
      ...Array.from({ length: 19 }, () => position({ eventSlug: "nba", finalPrice: 0, pnl: -5 })),
    ];
    const record = traderRecord(positions, categoryOf, SOURCE);
    expect(record).toMatchObject({ positions: 50, won: 31, lost: 19, pnl: 60 });
    expect(record.winRate).toBeCloseTo(0.62, 10);
    expect(winRateText(record)).toBe("62% (31 won, 19 lost)");
  });

  it("adds PnL by category, the largest first either sign, Other last; neither counts in PnL only", () => {
    const record = traderRecord(
      [
        position({ eventSlug: "nba", pnl: 100 }),
        position({ eventSlug: "nba", finalPrice: 0, pnl: -40 }),
        position({ eventSlug: "fed", list: "CLOSED", pnl: -500 }),
        position({ eventSlug: "unknown", finalPrice: 0.5, pnl: 1_000 }),
        position({ eventSlug: "unknown", list: "CLOSED", pnl: null }),
      ],
      categoryOf,
      SOURCE,
    );
    expect(record).toMatchObject({ positions: 5, won: 1, lost: 2, pnl: 560 });
    expect(winRateText(record)).toBe("33% (1 won, 2 lost)");
    expect(record.byCategory).toEqual([
      { category: "markets", label: "Markets", positions: 1, won: 0, lost: 1, pnl: -500 },
      { category: "sports", label: "Sports", positions: 2, won: 1, lost: 1, pnl: 60 },
      { category: "other", label: "Other", positions: 2, won: 0, lost: 0, pnl: 1_000 },
    ]);
  });

  it("counts a position once when two lists carry it", () => {
    const twice = position({ tokenId: "same", finalPrice: 0, pnl: -3 });
    const record = traderRecord([twice, { ...twice, list: "REDEEMABLE_LOST" }], categoryOf, SOURCE);
    expect(record).toMatchObject({ positions: 1, lost: 1, pnl: -3 });
  });

  it("is empty without positions: no win rate, no categories", () => {
    const record = traderRecord([], categoryOf, SOURCE);
    expect(record).toMatchObject({ positions: 0, won: 0, lost: 0, winRate: null, pnl: 0, byCategory: [] });
    expect(winRateText(record)).toBeNull();
    expect(recordBasis(record)).toBe("0 positions, resolved or closed.");
  });

  it("says what the figures rest on: all, the most recent, or v1's held positions", () => {
    expect(recordBasis({ positions: 1, source: SOURCE })).toBe("1 position, resolved or closed.");
    expect(recordBasis({ positions: 500, source: { ...SOURCE, complete: false } })).toBe(
      "The 500 positions most recently resolved or closed (the wallet has more).",
    );
    expect(recordBasis({ positions: 2, source: { ...SOURCE, api: "v1" } })).toMatch(
      /^2 positions: resolved positions still held, of 1,000 shares or more/,
    );
  });
});

/** A fetch answering `/v2/positions` (unless `v2Fails`) and v1's `/positions` as the test upstreams do. */
function serve(v2Fails = false) {
  const urls: URL[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input));
    urls.push(url);
    const answer =
      url.pathname === "/v2/positions" && !v2Fails
        ? v2PositionsAnswer(url.searchParams)
        : url.pathname === "/positions"
          ? { status: 200, body: positionsAnswer(url.searchParams) }
          : { status: 404, body: { error: "not found" } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  };
  const opts = { baseUrl: "http://data.test", fetch, timeoutMs: 1_000, retries: 0, retryBaseMs: 1 };
  const up = { dataV2: createDataV2(opts), data: { positions: (w: string) => fetchPositions(w, opts) } };
  return { urls, up };
}

describe("reading the settled positions", () => {
  it("the recorded REDEEMABLE page: what each outcome paid", () => {
    const rows = parseV2Page(
      readFixture("polymarket-data-v2/golden-burger__data_v2_positions_redeemable.json"),
      parsePositionRow,
    ).rows;
    expect(rows.map((r) => [r.status, r.currentPrice, r.totalPnl])).toEqual([
      ["REDEEMABLE", 1, -212.1856],
      ["REDEEMABLE", 1, 0.7999],
    ]);
  });

  it("asks each list most recent first, by cursor, within five requests in all", async () => {
    expect(Object.values(RECORD_PAGES).reduce((a, b) => a + b, 0)).toBe(5);
    const { urls, up } = serve();
    const settled = await fetchSettledPositions(up, POSITIONS_WALLET);
    expect(urls.map((u) => u.searchParams.get("status")).sort()).toEqual([
      "CLOSED",
      "REDEEMABLE",
      "REDEEMABLE_LOST",
    ]);
    for (const url of urls) {
      expect(url.pathname).toBe("/v2/positions");
      expect(url.searchParams.has("offset")).toBe(false);
      expect(url.searchParams.get("sort_by")).toBe("TIMESTAMP");
      expect(url.searchParams.get("user")).toBe(POSITIONS_WALLET);
    }
    // REDEEMABLE has more than its one page: the figures say they cover the most recent.
    expect(settled.api).toBe("v2");
    expect(settled.complete).toBe(false);
    const record = traderRecord(settled.positions, (p) => primaryCategory({ title: p.title, tags: [] }), {
      ...SOURCE,
      complete: settled.complete,
    });
    // Won: the two recorded redeemable ones and the closed one at a profit; lost: the two that paid
    // nothing (labelled REDEEMABLE by v2) and the closed one at a loss.
    expect(winRateText(record)).toBe("50% (3 won, 3 lost)");
    expect(record.pnl).toBeCloseTo(-212.1856 + 0.7999 - 1_145_352.9486 - 226_519.48 + 1.264 - 1.2404, 4);
    // Titles alone: "World Series" is sports, "temperature" (and "Earthquakes") climate, the rest other.
    expect(record.byCategory.map((c) => [c.category, c.positions, c.won, c.lost])).toEqual([
      ["sports", 1, 1, 0],
      ["climate", 3, 2, 1],
      ["other", 2, 0, 2],
    ]);
  });

  it("follows the cursor while a list has pages left in its budget", async () => {
    const { urls, up } = serve();
    const { more } = await up.dataV2.recentPositions(POSITIONS_WALLET, "REDEEMABLE", 2);
    expect(more).toBe(false);
    expect(urls.map((u) => u.searchParams.has("cursor"))).toEqual([false, true]);
  });

  it("an unknown wallet: three requests, nothing settled", async () => {
    const { urls, up } = serve();
    const settled = await fetchSettledPositions(up, `0x${"1".repeat(40)}`);
    expect(settled).toEqual({ api: "v2", positions: [], complete: true });
    expect(urls).toHaveLength(3);
  });

  it("v2 failing: v1's resolved positions still held answer, marked v1", async () => {
    const { urls, up } = serve(true);
    const settled = await fetchSettledPositions(up, POSITIONS_WALLET);
    expect(settled.api).toBe("v1");
    expect(settled.positions.map((p) => [p.title, p.finalPrice, p.pnl])).toEqual([
      ["Will England win on 2026-07-11?", 0, -1_145_352.9486],
      ["Lionel Messi: 1+ goals", 0, -226_519.48],
    ]);
    expect(urls.filter((u) => u.pathname === "/positions")).toHaveLength(1);
  });
});
