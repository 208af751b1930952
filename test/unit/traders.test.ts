/**
 * The trader page's Data API clients (positions, one wallet's trades) against the recorded payloads and
 * the shared upstream handlers, and the page model's pure functions.
 */

import { describe, expect, it } from "vitest";
import { UpstreamError } from "~/.server/http";
import {
  fetchPositions,
  fetchUserTrades,
  parsePositions,
  positionsPath,
  userTradesPath,
} from "~/.server/polymarket/traders";
import { formatPnl } from "~/lib/format";
import type { Section } from "~/lib/section";
import {
  type BoardRow,
  monthlySummary,
  type PeriodStanding,
  rankText,
  traderDisplayName,
} from "~/lib/trader-page";
import type { WhaleTrade } from "~/lib/types";
import { traderPath } from "~/lib/whales";
import { readFixture } from "../support/fixtures";
import { POSITIONS_WALLET } from "../support/upstream-answers";
import { createUpstreams, fetchThrough, recordedTrades } from "../support/upstreams";

const WALLET = POSITIONS_WALLET;
const DATA = "https://data.unit";

function setup() {
  const upstreams = createUpstreams({
    gamma: "https://gamma.unit",
    data: DATA,
    x: "https://x.unit",
    llm: "https://llm.unit/v1",
    clob: "https://clob.unit",
    kalshi: "https://kalshi.unit/trade-api/v2",
  });
  const requests: Request[] = [];
  const through = fetchThrough(upstreams.handlers);
  const fetch: typeof globalThis.fetch = (input, init) => {
    requests.push(new Request(input, init));
    return through(input, init);
  };
  return {
    upstreams,
    requests,
    options: { fetch, baseUrl: DATA, timeoutMs: 1000, retries: 0, retryBaseMs: 0 },
  };
}

describe("positions", () => {
  it("parses the recorded payload: size, average price, current value, cash PnL, market slug", () => {
    const positions = parsePositions(readFixture("polymarket/data-positions-2.json"));
    expect(positions).toHaveLength(2);
    expect(positions[0]).toEqual({
      conditionId: "0x0f5e01cf1cabb6c49e424f230ca77a2ccd3e1ac63b31ae03ef749ac2bde7fa0e",
      title: "Will England win on 2026-07-11?",
      slug: "fifwc-nor-eng-2026-07-11-eng",
      outcome: "Yes",
      size: 2251963.1237,
      avgPrice: 0.5086,
      currentValue: 0,
      cashPnl: -1145352.9486,
      curPrice: 0,
      redeemable: true,
    });
    expect(positions[1]?.title).toBe("Lionel Messi: 1+ goals");
  });

  it("skips unreadable rows, keeps readable ones, and refuses a payload that is not a list", () => {
    const [good] = readFixture("polymarket/data-positions-2.json") as Record<string, unknown>[];
    const rows = [
      null,
      "junk",
      { ...good, size: "lots" },
      { ...good, avgPrice: 7 },
      { ...good, currentValue: -1 },
      { ...good, conditionId: "" },
      { ...good, cashPnl: undefined, currentValue: 600, size: 1000, avgPrice: 0.5, slug: 42 },
    ];
    const parsed = parsePositions(rows);
    expect(parsed).toHaveLength(1);
    // Missing cash PnL: value now against cost; a non-string slug is no slug (no link).
    expect(parsed[0]).toMatchObject({ cashPnl: 100, slug: null, title: "Will England win on 2026-07-11?" });
    for (const payload of [{ positions: [] }, "nope", null, 5]) {
      expect(() => parsePositions(payload)).toThrow(UpstreamError);
    }
  });

  it("asks GET /positions?user=<wallet>&sizeThreshold=1000&limit=50 and reads the recorded answer", async () => {
    const { requests, options, upstreams } = setup();
    const positions = await fetchPositions(WALLET.toUpperCase().replace("0X", "0x"), options);
    expect(requests.map((r) => r.url)).toEqual([
      `${DATA}/positions?user=${WALLET}&sizeThreshold=1000&limit=50`,
    ]);
    expect(positions.map((p) => p.slug)).toEqual([
      "fifwc-nor-eng-2026-07-11-eng",
      "fifwc-arg-che-2026-07-11-goals-lionel-messi-gte1",
    ]);
    expect(upstreams.calls.data).toBe(1);
  });
});

describe("one wallet's trades", () => {
  it("asks GET /trades for the wallet's taker trades of $10K or more", () => {
    const url = new URL(`${DATA}${userTradesPath(WALLET)}`);
    expect(url.pathname).toBe("/trades");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      user: WALLET,
      filterType: "CASH",
      filterAmount: "10000",
      takerOnly: "true",
      limit: "50",
    });
  });

  it("a malformed wallet is refused without a request", async () => {
    const { requests, options } = setup();
    for (const bad of ["abc", "0x123", `0x${"a".repeat(41)}`, `0x${"g".repeat(40)}`]) {
      expect(() => userTradesPath(bad)).toThrow(UpstreamError);
      expect(() => positionsPath(bad)).toThrow(UpstreamError);
      await expect(fetchUserTrades(bad, options)).rejects.toThrow("Invalid wallet address");
      await expect(fetchPositions(bad, options)).rejects.toThrow("Invalid wallet address");
    }
    expect(requests).toHaveLength(0);
  });

  it("reads the wallet's recorded trades over $10K, newest first, and only that wallet's", async () => {
    const rows = recordedTrades as { proxyWallet: string; size: number; price: number }[];
    const wallet = rows.find((t) => t.size * t.price > 10_000)?.proxyWallet.toLowerCase() ?? "";
    const expected = rows.filter((t) => t.proxyWallet.toLowerCase() === wallet && t.size * t.price > 10_000);
    const { options } = setup();
    const trades = await fetchUserTrades(wallet, options);
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.length).toBeLessThanOrEqual(expected.length);
    expect(new Set(trades.map((t) => t.trader.wallet))).toEqual(new Set([wallet]));
    expect(trades.map((t) => t.timestamp)).toEqual([...trades.map((t) => t.timestamp)].sort((a, b) => b - a));
  });
});

const row = (rank: number, name: string | null, pnl = 1000): Section<BoardRow | null> => ({
  ok: true,
  value: { rank, name, pnl, volume: 5000 },
});
const unranked: Section<BoardRow | null> = { ok: true, value: null };
const failed: Section<BoardRow | null> = { ok: false, reason: "unavailable", message: "down" };
const trade = (name: string | null) => ({ trader: { name } }) as unknown as Pick<WhaleTrade, "trader">;

describe("the page model", () => {
  it("formats PnL with its sign", () => {
    expect(formatPnl(8_052_184.54)).toBe("+$8.1M");
    expect(formatPnl(-1_145_352.95)).toBe("-$1.1M");
    expect(formatPnl(0.2)).toBe("$0");
    expect(formatPnl(Number.NaN)).toBe("$0");
  });

  it("says a rank, an unranked wallet and a failed board differently", () => {
    expect(rankText(row(12, null))).toBe("#12");
    expect(rankText(unranked)).toBe("Not ranked");
    expect(rankText(failed)).toBe("Unavailable");
  });

  it("names the trader from the monthly board first, then other boards, then trades; never a wallet", () => {
    const ranks = (month: Section<BoardRow | null>, all: Section<BoardRow | null>): PeriodStanding[] => [
      { period: "DAY", standing: row(3, "DayName") },
      { period: "WEEK", standing: unranked },
      { period: "MONTH", standing: month },
      { period: "ALL", standing: all },
    ];
    expect(traderDisplayName(ranks(row(1, "DEEDDIT"), row(9, "Other")), [])).toBe("DEEDDIT");
    expect(traderDisplayName(ranks(failed, row(9, "Other")), [])).toBe("Other");
    expect(traderDisplayName(ranks(unranked, unranked), [])).toBe("DayName");
    const none: PeriodStanding[] = [{ period: "MONTH", standing: row(1, WALLET) }];
    expect(traderDisplayName(none, [trade(null), trade(` ${WALLET}`), trade("Whale-Pseudonym")])).toBe(
      "Whale-Pseudonym",
    );
    expect(traderDisplayName(none, [trade(null)])).toBeNull();
  });

  it("summarises the monthly standing for the description, and links lowercase", () => {
    expect(monthlySummary([{ period: "MONTH", standing: row(1, "x", 8_052_184) }])).toBe(
      "#1 this month (+$8.1M PnL)",
    );
    expect(monthlySummary([{ period: "MONTH", standing: unranked }])).toBe(
      "not on this month's PnL leaderboard",
    );
    expect(monthlySummary([{ period: "MONTH", standing: failed }])).toBe("leaderboard rank unavailable");
    expect(traderPath("0xABCDEF0123456789abcdef0123456789ABCDEF01")).toBe(
      "/trader/0xabcdef0123456789abcdef0123456789abcdef01",
    );
  });
});
