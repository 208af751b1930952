/**
 * Smart money per outcome and the fresh-wallet radar, pure: ranked and unranked wallets, fewer than three
 * wallets, both sides of a market, the 24 h flow, the lean and its minimum; the radar's score and reasons.
 */
import { describe, expect, it } from "vitest";
import {
  eventSmartMoney,
  type SmartMoneyAnswer,
  smartOutcomes,
  smartQuery,
} from "~/.server/events/smart-money";
import { parseTokenHoldersRow, parseV2Page } from "~/.server/polymarket/data-v2";
import { rotationGroup, SMART_EVENTS_PER_RUN } from "~/.server/snapshots/event-smart-money";
import { FRESH_SCORE_MIN, radarScore, radarWords } from "~/lib/fresh-wallet";
import {
  LEAN_MIN_POINTS,
  leanText,
  MIN_SMART_WALLETS,
  publishedSmartMoney,
  type SmartHolderInput,
  type SmartWallet,
  smartMoney,
  smartMoneyLine,
  smartMoneyView,
} from "~/lib/smart-money";
import type { Market } from "~/lib/types";
import { readFixture } from "../support/fixtures";
import { v2HoldersFor } from "../support/market-answers";

const wallet = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const board = (...ns: number[]) =>
  new Map<string, SmartWallet>(
    ns.map((n, i) => [wallet(n), { wallet: wallet(n), rank: i + 1, name: `w${n}`, pnl: 1e6 }]),
  );
const holders = (...rows: [number, number, number | null][]): SmartHolderInput[] =>
  rows.map(([n, amount, avgPrice]) => ({ wallet: wallet(n), amount, avgPrice }));

const YES = { key: "m1:0", label: "Yes", price: 0.3, tokenId: "yes" };
const NO = { key: "m1:1", label: "No", price: 0.7, tokenId: "no" };

describe("smart money", () => {
  it("counts only ranked wallets, values them at the price now and averages their entry", () => {
    const money = smartMoney(
      [YES, NO],
      new Map([
        ["yes", holders([1, 1000, 0.2], [2, 500, 0.4], [3, 500, null], [99, 50_000, 0.1])],
        ["no", holders([4, 100, 0.6])],
      ]),
      [],
      board(1, 2, 3, 4),
    );
    const [yes, no] = money.outcomes;
    // Wallet 99 holds the most but is not on the board: it is not smart money.
    expect(yes).toMatchObject({ wallets: 3, enough: true, shares: 2000, value: 600 });
    expect(yes?.avgEntry).toBeCloseTo((1000 * 0.2 + 500 * 0.4) / 1500, 10);
    expect(yes?.holders.map((h) => h.wallet)).toEqual([wallet(1), wallet(2), wallet(3)]);
    expect(no).toMatchObject({ wallets: 1, enough: false });
    expect(money.wallets).toBe(4);
  });

  it("nets 24 h buys against sells by smart wallets only, per side", () => {
    const money = smartMoney(
      [YES, NO],
      new Map([["yes", holders([1, 10, null], [2, 10, null], [3, 10, null])]]),
      [
        { wallet: wallet(1), tokenId: "yes", side: "BUY", usd: 50_000 },
        { wallet: wallet(2), tokenId: "yes", side: "SELL", usd: 2_000 },
        { wallet: wallet(99), tokenId: "yes", side: "BUY", usd: 900_000 },
        { wallet: wallet(3), tokenId: "no", side: "BUY", usd: 1_000 },
      ],
      board(1, 2, 3),
    );
    expect(money.outcomes[0]).toMatchObject({ netFlow24h: 48_000, traders24h: 2 });
    expect(money.outcomes[1]).toMatchObject({ netFlow24h: 1_000, traders24h: 1 });
  });

  it("leans to the outcome furthest above its price, and only from the minimum", () => {
    const many = holders([1, 1000, null], [2, 1000, null], [3, 1000, null]);
    const few = holders([4, 100, null], [5, 100, null], [6, 100, null]);
    // Yes holds 900 of 1,110 of the value (81%) at a 30¢ price: a lean of 51 points.
    const leaning = smartMoney(
      [YES, NO],
      new Map([
        ["yes", many],
        ["no", few],
      ]),
      [],
      board(1, 2, 3, 4, 5, 6),
    );
    expect(leaning.lean?.key).toBe("m1:0");
    expect(leanText(leaning)).toBe("Smart money leans Yes: 81% of their money at a 30¢ price");
    // In line with the prices: 300 on Yes at 30¢, 700 on No at 70¢ → no lean.
    const level = smartMoney(
      [YES, NO],
      new Map([
        ["yes", holders([1, 1000 / 3, null], [2, 1000 / 3, null], [3, 1000 / 3, null])],
        ["no", holders([4, 1000 / 3, null], [5, 1000 / 3, null], [6, 1000 / 3, null])],
      ]),
      [],
      board(1, 2, 3, 4, 5, 6),
    );
    expect(level.lean).toBeNull();
    expect(leanText(level)).toBe("No lean");
    expect(LEAN_MIN_POINTS).toBe(10);
  });

  it("never leans on, or shows, an outcome held by fewer than three smart wallets", () => {
    const money = smartMoney(
      [YES, NO],
      new Map([
        ["yes", holders([1, 1_000_000, null], [2, 1_000_000, null])],
        ["no", holders([3, 10, null], [4, 10, null], [5, 10, null])],
      ]),
      [],
      board(1, 2, 3, 4, 5),
    );
    expect(MIN_SMART_WALLETS).toBe(3);
    expect(money.outcomes[0]?.enough).toBe(false);
    expect(money.lean?.key).not.toBe("m1:0");
    expect(smartMoneyLine(money)).toBe("Smart money: 3 top wallets on No");
  });

  it("the card's line names the lean's wallets and today's flow", () => {
    const money = smartMoney(
      [
        { key: "newsom", label: "Newsom", price: 0.31, tokenId: "n" },
        { key: "vance", label: "Vance", price: 0.5, tokenId: "v" },
      ],
      new Map([
        [
          "n",
          holders(
            [1, 5000, null],
            [2, 5000, null],
            [3, 5000, null],
            [4, 5000, null],
            [5, 5000, null],
            [6, 5000, null],
            [7, 5000, null],
          ),
        ],
        ["v", holders([8, 100, null], [9, 100, null], [10, 100, null])],
      ]),
      [{ wallet: wallet(1), tokenId: "n", side: "BUY", usd: 48_000 }],
      board(1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    );
    expect(smartMoneyLine(money)).toBe("Smart money: 7 top wallets on Newsom, +$48K today");
  });

  it("on the recorded v2 holders (two per token): nothing rests on enough wallets", () => {
    const tokens = parseV2Page(
      readFixture("polymarket-data-v2/polyoxide__v2_holders_include_pnl.json"),
      parseTokenHoldersRow,
    ).rows;
    const byToken = new Map(tokens.map((t) => [t.tokenId, t.holders]));
    const everyone = new Map<string, SmartWallet>(
      tokens
        .flatMap((t) => t.holders)
        .map((h, i) => [h.wallet, { wallet: h.wallet, rank: i + 1, name: h.name, pnl: 0 }]),
    );
    const outcomes = tokens.map((t, i) => ({
      key: String(i),
      label: i === 0 ? "Yes" : "No",
      price: 0.5,
      tokenId: t.tokenId,
    }));
    const money = smartMoney(outcomes, byToken, [], everyone);
    expect(money.outcomes.map((o) => [o.wallets, o.enough])).toEqual([
      [2, false],
      [2, false],
    ]);
    expect(money.lean).toBeNull();
    expect(smartMoneyLine(money)).toBeNull();
  });
});

/** A recorded market of the active list, as the snapshot keeps it (only what smart money reads). */
function recordedMarket(slug: string, overrides: Partial<Market> = {}): Market {
  const raw = (readFixture("polymarket/gamma-markets-active-100.json") as Record<string, string>[]).find(
    (m) => m.slug === slug,
  );
  if (!raw) throw new Error(`no recorded market ${slug}`);
  const labels = JSON.parse(raw.outcomes ?? "[]") as string[];
  const prices = (JSON.parse(raw.outcomePrices ?? "[]") as string[]).map(Number);
  const tokens = JSON.parse(raw.clobTokenIds ?? "[]") as string[];
  return {
    id: String(raw.id),
    slug,
    title: String(raw.question),
    groupTitle: null,
    outcomes: labels.map((label, i) => ({ label, price: prices[i] ?? 0, tokenId: tokens[i] ?? null })),
    conditionId: String(raw.conditionId),
    event: { slug },
    ...overrides,
  } as Market;
}

const ALL_TIME = new Map<string, SmartWallet>(
  (
    readFixture("polymarket/data-leaderboard-month-pnl-50.json") as {
      proxyWallet: string;
      userName: string;
    }[]
  ).map((row, i) => [
    row.proxyWallet,
    { wallet: row.proxyWallet, rank: i + 3, name: row.userName, pnl: 1e6 },
  ]),
);

describe("an event's smart money from the Data API's answer", () => {
  const market = recordedMarket("bitboy-convicted");
  const outcomes = smartOutcomes([market]);
  const now = Date.parse("2026-11-27T12:00:00Z");
  const answer = (): SmartMoneyAnswer => ({
    // The test upstream's v2 holders of the market: recorded rows, board wallets among them.
    holders: parseV2Page(
      v2HoldersFor(new URLSearchParams({ condition: market.conditionId ?? "", include_pnl: "true" })),
      parseTokenHoldersRow,
    ).rows,
    trades: [
      {
        wallet: "0x09b428f7c2b469786286214aa5c90dd9015f7320",
        tokenId: market.outcomes[0]?.tokenId ?? "",
        side: "BUY",
        usd: 30_000,
        at: now - 3_600_000,
      },
      // A day and a minute ago: outside the 24 hours.
      {
        wallet: "0x09b428f7c2b469786286214aa5c90dd9015f7320",
        tokenId: market.outcomes[0]?.tokenId ?? "",
        side: "BUY",
        usd: 99_000,
        at: now - 86_460_000,
      },
    ],
  });

  it("counts ranked wallets on both sides, not the recorded unranked holders; the side of two shows nothing", () => {
    const money = eventSmartMoney(outcomes, answer(), ALL_TIME, now);
    const yes = money.outcomes.find((o) => o.label === "Yes");
    const no = money.outcomes.find((o) => o.label === "No");
    // Six holders of each side: four (Yes) and two (No) board wallets, then the recording's own two.
    expect(yes).toMatchObject({
      wallets: 4,
      enough: true,
      shares: 760_000,
      netFlow24h: 30_000,
      traders24h: 1,
    });
    expect(yes?.holders.map((h) => h.rank)).toEqual([3, 4, 5, 6]);
    expect(no).toMatchObject({ wallets: 2, enough: false });
    expect(money.lean).toMatchObject({ label: "Yes", share: 1, price: 0.14 });
    expect(smartMoneyLine(money)).toBe("Smart money: 4 top wallets on Yes, +$30K today");
    const published = publishedSmartMoney(smartMoneyView(money, new Date(now).toISOString()));
    expect(published.outcomes.find((o) => o.label === "No")).toMatchObject({
      wallets: 2,
      value: 0,
      avgEntry: null,
      holders: [],
    });
  });

  it("asks for at most 20 outcomes with a condition id, and no trades of an event of our own making", () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      recordedMarket("bitboy-convicted", {
        id: String(i),
        conditionId: i === 0 ? null : `0x${"ab".repeat(32)}`,
      }),
    );
    const covered = smartOutcomes(many, true);
    expect(covered).toHaveLength(20);
    expect(covered.every((o) => o.market.id !== "0")).toBe(true);
    expect(smartQuery("x", "market-531202", outcomes)).toMatchObject({ eventId: null });
    expect(smartQuery("x", "21662", outcomes)).toMatchObject({
      eventId: "21662",
      conditionIds: [market.conditionId],
    });
    expect(smartQuery("x", "21662", [])).toBeNull();
  });

  it("the cron's rotation takes two events a minute and comes round to each", () => {
    const events = ["e", "a", "d", "c", "b"].map((slug) => ({ slug }));
    const minute = (m: number) => rotationGroup(events, m * 60_000).map((e) => e.slug);
    expect([minute(0), minute(1), minute(2), minute(3)]).toEqual([["a", "b"], ["c", "d"], ["e"], ["a", "b"]]);
    expect(SMART_EVENTS_PER_RUN * 2).toBeLessThanOrEqual(5);
  });
});

describe("the fresh-wallet radar", () => {
  const at = Date.parse("2026-11-27T12:00:00Z");
  const day = 86_400_000;

  it("scores a two-day-old, one-market wallet buying a long shot with most of its volume", () => {
    const score = radarScore(
      { side: "BUY", price: 0.08, usd: 60_000, at },
      { firstActivityAt: at - 2 * day, markets: 1, volumeUsd: 61_000 },
    );
    expect(score).toEqual({
      score: 90,
      fresh: true,
      reasons: ["first trade 2 days ago", "1 market", "98% of its volume", "bought at 8¢"],
    });
    expect(radarWords(score)).toBe("first trade 2 days ago · 1 market · 98% of its volume · bought at 8¢");
  });

  it("gives an old, busy wallet nothing, and an unknown fact no points", () => {
    expect(
      radarScore(
        { side: "BUY", price: 0.6, usd: 60_000, at },
        { firstActivityAt: at - 400 * day, markets: 300, volumeUsd: 9e7 },
      ),
    ).toEqual({ score: 0, fresh: false, reasons: [] });
    expect(
      radarScore(
        { side: "BUY", price: 0.6, usd: 60_000, at },
        { firstActivityAt: null, markets: null, volumeUsd: null },
      ).score,
    ).toBe(0);
  });

  it("a sale at a low price is not a long-shot bet; the threshold is stated", () => {
    const sale = radarScore(
      { side: "SELL", price: 0.05, usd: 60_000, at },
      { firstActivityAt: at - 3 * 3_600_000, markets: 3, volumeUsd: null },
    );
    expect(sale.reasons).toEqual(["first trade today", "3 markets"]);
    expect(sale.score).toBe(55);
    expect(sale.fresh).toBe(sale.score >= FRESH_SCORE_MIN);
  });
});
