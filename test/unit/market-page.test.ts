import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { historyPoints } from "~/.server/market/price-history";
import { mergeTrades } from "~/.server/market/sections";
import { unranked } from "~/.server/polymarket/data-api";
import { HolderLists } from "~/components/market/market-sections";
import { holderPositions, type OutcomeHolders, statusText } from "~/lib/market-page";
import { marketStatus } from "~/lib/market-state";
import { ok, unavailable } from "~/lib/section";
import type { WhaleTrade } from "~/lib/types";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const YES_NO = (yes: number) => [
  { label: "Yes", price: yes },
  { label: "No", price: 1 - yes },
];

describe("a market's status", () => {
  it("is open before its end date, awaiting resolution after it or once closed", () => {
    expect(marketStatus(YES_NO(0.4), false, null, "2026-12-31T00:00:00Z", NOW)).toEqual({ kind: "open" });
    expect(marketStatus(YES_NO(0.4), false, null, null, NOW)).toEqual({ kind: "open" });
    expect(marketStatus(YES_NO(0.4), false, null, "2026-07-01T04:00:00Z", NOW).kind).toBe("awaiting");
    // Closed with a proposed (disputable) outcome is not resolved yet.
    expect(marketStatus(YES_NO(1), true, "proposed", "2026-07-01T04:00:00Z", NOW).kind).toBe("awaiting");
  });

  it("is resolved when UMA says so, naming the outcome priced at 1", () => {
    const status = marketStatus(YES_NO(0), true, "resolved", null, NOW);
    expect(status).toEqual({ kind: "resolved", outcome: "No" });
    expect(statusText(status)).toBe("Resolved: No");
    expect(statusText(marketStatus(YES_NO(0.5), true, "resolved", null, NOW))).toBe("Resolved");
  });
});

describe("history rows of the API", () => {
  it("give every outcome's latest price at each time, null before its first point, and the source", () => {
    const rows = historyPoints([
      {
        label: "Yes",
        points: [
          { t: 100, p: 0.4, source: "clob" },
          { t: 300, p: 0.5, source: "ours" },
        ],
      },
      { label: "No", points: [{ t: 200, p: 0.55, source: "clob" }] },
    ]);
    expect(rows).toEqual([
      { t: 100, prices: [0.4, null], source: "clob" },
      { t: 200, prices: [0.4, 0.55], source: "clob" },
      { t: 300, prices: [0.5, 0.55], source: "ours" },
    ]);
  });
});

describe("a market's big trades", () => {
  const trade = (id: string, timestamp: number): WhaleTrade => ({
    id,
    marketId: "0xc",
    title: "t",
    outcome: "YES",
    outcomeLabel: "Yes",
    side: "BUY",
    size: 30_000,
    price: 0.5,
    timestamp,
    trader: { wallet: "0xw", name: null, rank: null, pnl: null, volume: null, period: null },
    eventSlug: null,
    marketSlug: null,
  });

  it("count a trade in both sources once, as ours, newest first", () => {
    const merged = mergeTrades(ok([trade("a", 1), trade("b", 3)]), ok([trade("b", 3), trade("c", 2)]));
    expect(merged.trades.map((t) => t.id)).toEqual(["b", "c", "a"]);
    expect({ stored: merged.stored, fetched: merged.fetched, notes: merged.notes }).toEqual({
      stored: 2,
      fetched: 1,
      notes: [],
    });
  });

  it("keep what one source gave when the other failed, and say which failed", () => {
    const merged = mergeTrades(unavailable("History unavailable right now."), ok([trade("c", 2)]));
    expect(merged.trades).toHaveLength(1);
    expect(merged.notes).toEqual(["History unavailable right now."]);
  });
});

describe("top holders in dollars", () => {
  const wallet = (digit: string) => `0x${digit.repeat(40)}`;
  const holder = (digit: string, amount: number, name: string | null = null) => ({
    trader: unranked(wallet(digit), name),
    amount,
  });
  const outcomes: OutcomeHolders[] = [
    // Wallet a listed twice (the same balance repeated), b also under a second entry named "Yes".
    { outcome: "Yes", holders: [holder("a", 250_000, "Alpha"), holder("b", 120_000), holder("a", 250_000)] },
    { outcome: "No", holders: [holder("d", 80_000)] },
    {
      outcome: "Yes",
      holders: [holder("b", 130_000), holder("c", 5_000)],
    },
    { outcome: "Outcome 3", holders: [holder("e", 1_000)] },
  ];
  const prices = [
    { label: "Yes", price: 0.25 },
    { label: "No", price: 0.75 },
  ];

  it("values each position at its outcome's price, one row per wallet and outcome (never summed)", () => {
    const rows = holderPositions(outcomes, prices).map((o) => ({
      outcome: o.outcome,
      price: o.price,
      holders: o.holders.map((h) => [h.trader.wallet, h.shares, h.value]),
    }));
    expect(rows).toEqual([
      {
        outcome: "Yes",
        price: 0.25,
        holders: [
          [wallet("a"), 250_000, 62_500],
          [wallet("b"), 130_000, 32_500],
          [wallet("c"), 5_000, 1_250],
        ],
      },
      { outcome: "No", price: 0.75, holders: [[wallet("d"), 80_000, 60_000]] },
      // The market has no outcome of that name: shares only.
      { outcome: "Outcome 3", price: null, holders: [[wallet("e"), 1_000, null]] },
    ]);
  });

  it("renders the shares and the dollars side by side, and says how the value is computed", () => {
    const html = renderToString(createElement(HolderLists, { outcomes, prices }));
    expect(html.match(/data-testid="holder"/g)).toHaveLength(5);
    expect(html.match(/data-testid="holder-value"/g)).toHaveLength(4);
    for (const text of [
      "250,000 shares",
      "$62.5K",
      "130,000 shares",
      "$32.5K",
      "$1.3K",
      "$60K",
      "1,000 shares",
    ])
      expect(html, text).toContain(text);
    expect(html).toContain("Value: shares × the outcome&#x27;s current price (Yes 25¢, No 75¢).");
  });
});
