/**
 * The fresh-wallet radar's parts below the pages: the facts a page of recorded v2 activity gives (only a
 * whole history dates a wallet), the board's single-wallet volume, which wallets a run looks up, the
 * trade's radar and its line, the fresh filter in the URL and a list body read back.
 */
import { describe, expect, it } from "vitest";
import {
  factsFromActivity,
  parseActivityRow,
  parseStandingVolume,
  parseV2Page,
} from "~/.server/polymarket/data-v2";
import {
  WALLET_FACTS_MAX_AGE_MS,
  WALLET_LOOKUPS_PER_RUN,
  walletsToLookUp,
} from "~/.server/snapshots/wallet-facts";
import { RADAR_NOT_CHECKED, radarLine, tradeRadar, withRadar } from "~/lib/fresh-wallet";
import type { WhaleTrade } from "~/lib/types";
import {
  badFreshFilter,
  DEFAULT_WHALE_VIEW,
  parseWhalesResponse,
  parseWhaleView,
  selectTrades,
  whaleViewSearch,
} from "~/lib/whales";
import { readFixture } from "../support/fixtures";

const v2 = (name: string) => readFixture(`polymarket-data-v2/${name}`);
const DAY = 86_400_000;
const NOW = Date.parse("2026-11-27T10:00:00Z");

function trade(n: number, wallet: string, fields: Partial<WhaleTrade> = {}): WhaleTrade {
  return {
    id: `t${n}`,
    marketId: `m${n}`,
    title: `Market ${n}?`,
    outcome: "YES",
    outcomeLabel: "Yes",
    side: "BUY",
    size: 1_000_000,
    price: 0.08,
    timestamp: NOW - n * 60_000,
    trader: { wallet, name: null, rank: null, pnl: null, volume: null, period: null },
    eventSlug: null,
    marketSlug: `market-${n}`,
    ...fields,
  };
}

describe("wallet facts from the Data API v2", () => {
  it("a whole history (the recorded rows, no next page) dates the wallet, counts its markets and sums its volume", () => {
    const page = parseV2Page({ data: v2("pysdk__activity.data.json") }, parseActivityRow);
    expect(page.nextCursor).toBeNull();
    expect(factsFromActivity(page.rows, true)).toEqual({
      firstActivityAt: 1788886026000,
      markets: 2,
      volumeUsd: 13.285715 + 13.89215,
    });
  });

  it("a page with more after it gives nothing it would have to guess", () => {
    const page = parseV2Page(v2("polyoxide__v2_activity.json"), parseActivityRow);
    expect(page.nextCursor).not.toBeNull();
    expect(factsFromActivity(page.rows, false)).toEqual({
      firstActivityAt: null,
      markets: null,
      volumeUsd: null,
    });
    expect(factsFromActivity([], true)).toEqual({ firstActivityAt: null, markets: null, volumeUsd: null });
  });

  it("the board's single-wallet answer gives the volume; anything else gives none", () => {
    expect(parseStandingVolume({ data: v2("pysdk__leaderboard_standing_user.data.json") })).toBe(
      64431.760178000004,
    );
    expect(parseStandingVolume(null)).toBeNull();
    expect(parseStandingVolume({ data: null })).toBeNull();
    expect(parseStandingVolume({ data: { user_id: "0xabc", volume: "lots" } })).toBeNull();
  });
});

describe("the wallets a run looks up", () => {
  const stored = (wallet: string, checkedAt: number) => ({
    wallet,
    firstActivityAt: null,
    markets: null,
    volumeUsd: null,
    checkedAt,
  });

  it("newest trades first, each wallet once, skipping facts younger than a week, at most two", () => {
    const trades = [trade(3, "0xc"), trade(1, "0xa"), trade(2, "0xA"), trade(4, "0xd"), trade(5, "0xe")];
    expect(WALLET_LOOKUPS_PER_RUN).toBe(2);
    expect(walletsToLookUp(trades, new Map(), NOW)).toEqual(["0xa", "0xc"]);
    const known = new Map([
      ["0xa", stored("0xa", NOW - WALLET_FACTS_MAX_AGE_MS + 1)],
      ["0xc", stored("0xc", NOW - WALLET_FACTS_MAX_AGE_MS)],
    ]);
    expect(walletsToLookUp(trades, known, NOW)).toEqual(["0xc", "0xd"]);
  });
});

describe("a trade's radar", () => {
  const fresh = { firstActivityAt: NOW - 60_000 - 2 * DAY, markets: 1, volumeUsd: 80_000 };

  it("is scored as of the trade, with its line; not checked without facts", () => {
    const radar = tradeRadar(trade(1, "0xa"), fresh);
    expect(radar).toEqual({
      score: 90,
      fresh: true,
      reasons: ["first trade 2 days ago", "1 market", "100% of its volume", "bought at 8¢"],
    });
    expect(radarLine(radar)).toBe(
      "Radar 90/100: first trade 2 days ago · 1 market · 100% of its volume · bought at 8¢",
    );
    expect(radarLine({ score: 0, fresh: false, reasons: [] })).toBe("Radar 0/100: nothing flagged");
    expect(tradeRadar(trade(1, "0xa"), undefined)).toBeNull();
    expect(radarLine(null)).toBe(RADAR_NOT_CHECKED);
    expect(radarLine(undefined)).toBe(RADAR_NOT_CHECKED);
  });

  it("joins by lowercase wallet", () => {
    const [scored] = withRadar([trade(1, "0xABC")], new Map([["0xabc", fresh]]));
    expect(scored?.radar?.fresh).toBe(true);
  });
});

describe("the fresh-wallets filter", () => {
  const trades = [
    { ...trade(1, "0xa"), radar: { score: 90, fresh: true, reasons: [] } },
    { ...trade(2, "0xb"), radar: { score: 15, fresh: false, reasons: [] } },
    { ...trade(3, "0xc"), radar: null },
    trade(4, "0xd"),
  ];

  it("keeps only fresh trades with fresh=1, everything by default; lives in the URL as fresh=1", () => {
    const view = parseWhaleView(new URLSearchParams("fresh=1"));
    expect(view.fresh).toBe("1");
    expect(selectTrades(trades, view).map((t) => t.id)).toEqual(["t1"]);
    expect(selectTrades(trades, DEFAULT_WHALE_VIEW)).toHaveLength(4);
    expect(whaleViewSearch(view)).toBe("?fresh=1");
    expect(whaleViewSearch(DEFAULT_WHALE_VIEW)).toBe("");
  });

  it("a value other than 0 or 1, or the parameter twice, is refused with what to use", () => {
    expect(badFreshFilter(new URLSearchParams(""))).toBeNull();
    expect(badFreshFilter(new URLSearchParams("fresh=0"))).toBeNull();
    expect(badFreshFilter(new URLSearchParams("fresh=1"))).toBeNull();
    for (const query of ["fresh=", "fresh=yes", "fresh=1&fresh=1", "fresh=%3Cb%3E"]) {
      expect(badFreshFilter(new URLSearchParams(query)), query).toContain("fresh=1");
    }
  });

  it("a list body's radar is kept when readable, else read as not checked (never as fresh)", () => {
    const body = {
      fetchedAt: new Date(NOW).toISOString(),
      trades: [
        trades[0],
        { ...trade(5, "0xe"), radar: { score: "90", fresh: true, reasons: [] } },
        trades[3],
      ],
    };
    const read = parseWhalesResponse(body);
    expect(read?.trades.map((t) => t.radar)).toEqual([trades[0]?.radar, null, undefined]);
  });
});
