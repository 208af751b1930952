import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { encodeCursor } from "~/.server/cursor";
import {
  CSV_COLUMNS,
  EXPORT_PAGE_SIZE,
  exportCall,
  exportCsv,
  exportPage,
} from "~/.server/track-record/export";
import { dueForSettlement } from "~/.server/track-record/settle";
import type { ScoredCall } from "~/lib/track-record";
import { V1_CALL_FIELDS } from "../support/track-calls";

const NOW = Date.parse("2026-11-23T12:00:00Z");

function call(i: number, overrides: Partial<ScoredCall> = {}): ScoredCall {
  return {
    id: `m${i}:estimate:${i}`,
    marketId: String(i),
    slug: `market-${i}`,
    question: `Market ${i}?`,
    category: "other",
    outcomes: ["Yes", "No"],
    side: "buy_yes",
    source: "estimate",
    calledAt: NOW + i,
    priceAtCall: 0.4,
    modelProbability: null,
    endDate: null,
    outcome: null,
    settledAt: null,
    ...V1_CALL_FIELDS,
    score: null,
    ...overrides,
  };
}

describe("which open markets settlement looks up", () => {
  const open = (marketId: string, endDate: string | null) => ({ marketId, endDate, openCalls: 1 });

  it("those past their end date, and those gone from the active list; never a malformed id", () => {
    const due = dueForSettlement(
      [
        open("1", "2026-01-01T00:00:00Z"),
        open("2", "2027-01-01T00:00:00Z"),
        open("3", null),
        open("4", "2027-01-01T00:00:00Z"),
        open("1 OR 1=1", "2026-01-01T00:00:00Z"),
      ],
      new Set(["2", "3"]),
      NOW,
    );
    expect(due.map((m) => m.marketId)).toEqual(["1", "4"]);
  });

  it("with the feed failing (no active list) only those past their end date", () => {
    const due = dueForSettlement([open("1", "2026-01-01T00:00:00Z"), open("4", null)], null, NOW);
    expect(due.map((m) => m.marketId)).toEqual(["1"]);
  });
});

describe("the JSON export's pages", () => {
  const calls = Array.from({ length: EXPORT_PAGE_SIZE + 5 }, (_, i) => call(i));

  it("pages oldest first with the last id as cursor, and ends without one", () => {
    const first = exportPage(calls, null);
    expect(first?.calls).toHaveLength(EXPORT_PAGE_SIZE);
    expect(first?.nextCursor).toBe(encodeCursor(calls[EXPORT_PAGE_SIZE - 1]?.id ?? ""));
    const second = exportPage(calls, first?.nextCursor ?? null);
    expect(second?.calls.map((c) => c.id)).toEqual(calls.slice(EXPORT_PAGE_SIZE).map((c) => c.id));
    expect(second?.nextCursor).toBeNull();
  });

  it("a cursor that is not one of ours is refused", () => {
    expect(exportPage(calls, "not a cursor!")).toBeNull();
    expect(exportPage(calls, encodeCursor("no-such-call"))).toBeNull();
  });

  it("a call's row: ISO times, the return only once graded", () => {
    expect(exportCall(call(1))).toMatchObject({
      calledAt: "2026-11-23T12:00:00.001Z",
      outcome: null,
      return: null,
    });
    const won = exportCall(call(2, { outcome: "yes", settledAt: NOW + 5, priceAtCall: 0.25 }));
    expect(won).toMatchObject({ settledAt: "2026-11-23T12:00:00.005Z", return: 3 });
  });

  it("priceAtCall stays the first outcome's; sideOutcome and sidePriceAtCall say what the call bought", () => {
    expect(exportCall(call(1, { side: "buy_no", priceAtCall: 0.01 }))).toMatchObject({
      priceAtCall: 0.01,
      sideOutcome: "No",
      sidePriceAtCall: 0.99,
    });
    expect(exportCall(call(2, { side: "buy_no", priceAtCall: 0.7 })).sidePriceAtCall).toBe(0.3);
    expect(exportCall(call(3, { side: "buy_yes", priceAtCall: 0.01 }))).toMatchObject({
      sideOutcome: "Yes",
      sidePriceAtCall: 0.01,
    });
    expect(
      exportCall(call(4, { side: "hold", priceAtCall: 0.4, outcomes: ["Lakers", "Celtics"] })),
    ).toMatchObject({ sideOutcome: "Lakers", sidePriceAtCall: 0.4 });
    // Paper returns are unchanged: a buy No at a 1¢ first outcome that wins pays 1¢ per 99¢.
    const won = exportCall(call(5, { side: "buy_no", priceAtCall: 0.01, outcome: "no", settledAt: NOW }));
    expect(won.return).toBeCloseTo(0.01 / 0.99, 12);
  });

  it("the CSV keeps its columns where they were and adds the side's outcome and price after them", () => {
    const csv = exportCsv([call(1, { side: "buy_no", priceAtCall: 0.01 })]);
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([...CSV_COLUMNS]);
    expect(CSV_COLUMNS.slice(0, 14)).toEqual([
      "id",
      "marketId",
      "slug",
      "question",
      "category",
      "side",
      "source",
      "calledAt",
      "priceAtCall",
      "modelProbability",
      "endDate",
      "outcome",
      "settledAt",
      "return",
    ]);
    const row = Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, parsed.data[1]?.[i]]));
    expect(row).toMatchObject({
      side: "buy_no",
      priceAtCall: "0.01",
      sideOutcome: "No",
      sidePriceAtCall: "0.99",
    });
  });
});
