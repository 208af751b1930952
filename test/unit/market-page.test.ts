import { describe, expect, it } from "vitest";
import { historyPoints } from "~/.server/market/price-history";
import { marketStatus } from "~/.server/market/resolve";
import { mergeTrades } from "~/.server/market/sections";
import { statusText } from "~/lib/market-page";
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
    const merged = mergeTrades([trade("a", 1), trade("b", 3)], [trade("b", 3), trade("c", 2)]);
    expect(merged.trades.map((t) => t.id)).toEqual(["b", "c", "a"]);
    expect({ stored: merged.stored, fetched: merged.fetched, notes: merged.notes }).toEqual({
      stored: 2,
      fetched: 1,
      notes: [],
    });
  });

  it("keep what one source gave when the other failed, and say which failed", () => {
    const merged = mergeTrades("History unavailable right now.", [trade("c", 2)]);
    expect(merged.trades).toHaveLength(1);
    expect(merged.notes).toEqual(["History unavailable right now."]);
  });
});
