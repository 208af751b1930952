/**
 * Whale context inside workerd (decision 0020): the monthly PnL board is loaded from the recorded
 * leaderboard (one request per page) before the first whale snapshot is ranked, kept in KV for an
 * hour, and joined by wallet; an unranked trader stays unranked, a failing board leaves every rank
 * unknown and the trades shown; /api/whales honours min, hideCertain and ranked.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { KV_KEYS } from "~/.server/snapshots/keys";
import { WHALES_CRON } from "~/lib/refresh-cadence";
import type { WhaleTrade } from "~/lib/types";
import { makeTradeRow } from "../support/markets";
import { leaderboardAnswer } from "../support/upstream-answers";
import { DATA, failing, recordedTrades, upstreams } from "./support/upstreams";
import { BROWSER, workerTest } from "./support/worker";

const t = workerTest();

/** Rank 1 (DEEDDIT) and rank 50 (ultrahypedmike) on the recorded monthly board; the third is on no board. */
const RANK_1 = "0x09b428f7c2b469786286214aa5c90dd9015f7320";
const RANK_50 = "0x45c3488fd5f78adb7cc59f3f87988e2bcbb859bf";
const NOBODY = "0x1234567890abcdef1234567890abcdef12345678";
const NOW = Math.floor(Date.now() / 1000) * 1000;

function trade(n: number, fields: Record<string, unknown>) {
  return makeTradeRow(n, { proxyWallet: NOBODY, ...fields }, NOW);
}

const TRADES = [
  // Rank 1 with no name on the trade: the board's name is used.
  trade(1, { proxyWallet: RANK_1.toUpperCase().replace("0X", "0x"), size: 2_000_000, price: 0.6 }),
  // Rank 50 buying a near-certain outcome at 97¢, with its own pseudonym.
  trade(2, { proxyWallet: RANK_50, size: 300_000, price: 0.97, pseudonym: "Mike-Trades" }),
  // Unranked, $60K.
  trade(3, { size: 100_000, price: 0.6 }),
];

let boardRequests: URL[] = [];

beforeEach(async () => {
  boardRequests = [];
  upstreams.use(
    http.get(`${DATA}/trades`, () => HttpResponse.json(TRADES)),
    http.get(`${DATA}/v1/leaderboard`, ({ request }) => {
      const url = new URL(request.url);
      boardRequests.push(url);
      return HttpResponse.json(leaderboardAnswer(url.searchParams) as never);
    }),
  );
});

async function whales(query = ""): Promise<WhaleTrade[]> {
  const res = await t.worker.fetch(`/api/whales${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { trades: WhaleTrade[] }).trades;
}

describe("ranks", () => {
  it("a cold start loads the monthly board page by page, then ranks each trade's trader by wallet", async () => {
    const trades = await whales();
    // 50 rows fill the first page, so the next is asked for; an empty page ends the board.
    expect(
      boardRequests.map((u) => [
        u.searchParams.get("timePeriod"),
        u.searchParams.get("orderBy"),
        u.searchParams.get("offset"),
      ]),
    ).toEqual([
      ["MONTH", "PNL", null],
      ["MONTH", "PNL", "50"],
    ]);
    expect(trades.map((t) => t.trader)).toEqual([
      {
        wallet: RANK_1,
        name: "DEEDDIT",
        rank: 1,
        pnl: 8052184.542897382,
        volume: 72132442.51951,
        period: "MONTH",
      },
      {
        wallet: RANK_50,
        name: "Mike-Trades",
        rank: 50,
        pnl: 405907.1598061892,
        volume: 2557709.923657,
        period: "MONTH",
      },
      { wallet: NOBODY, name: null, rank: null, pnl: null, volume: null, period: "MONTH" },
    ]);
    const stored = await env.CACHE.get<{ traders: unknown[] }>(KV_KEYS.board, "json");
    expect(stored?.traders).toHaveLength(50);
  });

  it("the board is kept an hour: the next whale refreshes ask nothing more of it", async () => {
    await whales();
    await t.worker.settle();
    await t.worker.scheduled(WHALES_CRON, Date.now() + 120_000);
    await t.worker.settle();
    expect(boardRequests).toHaveLength(2);
  });

  it("the leaderboard failing: trades are still shown, every rank unknown (not unranked), one log line", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    upstreams.use(failing("data", "http-500", "/v1/leaderboard"));
    const trades = await whales();
    expect(trades).toHaveLength(3);
    expect(trades.every((t) => t.trader.period === null && t.trader.rank === null)).toBe(true);
    expect(
      errors.mock.calls.filter(([line]) => String(line).startsWith("[leaderboard] unavailable")),
    ).toHaveLength(1);
  });

  it("whale cards show the rank and monthly PnL, and link the trader to their page", async () => {
    const html = await (await t.worker.fetch("/whale-watch", { headers: BROWSER })).text();
    expect(html).toContain("#1 this month · +$8.1M");
    expect(html).toContain("Unranked this month");
    expect(html).toContain(`href="/trader/${RANK_1}"`);
  });
});

describe("filters on /api/whales", () => {
  it.each([
    ["", ["1", "2", "3"]],
    ["?min=250000", ["1", "2"]],
    ["?min=1000000", ["1"]],
    ["?hideCertain=1", ["1", "3"]],
    ["?ranked=1", ["1", "2"]],
    ["?ranked=1&hideCertain=1", ["1"]],
    ["?min=5&hideCertain=on&ranked=yes", ["1", "2", "3"]],
  ])("%s", async (query, expected) => {
    const trades = await whales(query);
    expect(trades.map((t) => t.title.replace(/\D/g, ""))).toEqual(expected);
  });
});

describe("filters on the recorded trades", () => {
  it("the one recorded whale (rank 44, $64.8K sold at 99.9¢) passes or not, filter by filter", async () => {
    upstreams.use(http.get(`${DATA}/trades`, () => HttpResponse.json(recordedTrades as never)));
    const all = await whales();
    expect(all.map((t) => [t.trader.rank, t.trader.name, Math.round(t.size * t.price)])).toEqual([
      [44, "Webbed-Myth", 64_759],
    ]);
    expect(await whales("?ranked=1")).toHaveLength(1);
    expect(await whales("?min=100000")).toEqual([]);
    expect(await whales("?hideCertain=1")).toEqual([]);
  });
});
