/**
 * The resolution timeline from Gamma's recorded UMA statuses and the Data API v2's recorded resolutions:
 * each state on the timeline and in the card's line, the proposed answer, when a proposal becomes final.
 */
import { describe, expect, it } from "vitest";
import { parseResolutionRow, parseV2Page } from "~/.server/polymarket/data-v2";
import { resolutionLine, resolutionOf, statusHistoryOf } from "~/lib/resolution";
import { readFixture } from "../support/fixtures";

interface GammaMarket {
  id: string;
  umaResolutionStatus: string | null;
  umaResolutionStatuses: string;
  outcomes: string;
}
const gamma = readFixture<GammaMarket[]>("polymarket/gamma-markets-uma-proposed-disputed-13.json");
const factsOf = (m: GammaMarket) => ({
  status: m.umaResolutionStatus,
  history: statusHistoryOf(m.umaResolutionStatuses),
  outcomes: statusHistoryOf(m.outcomes),
});
const v2 = (name: string) => parseV2Page(readFixture(`polymarket-data-v2/${name}`), parseResolutionRow).rows;

describe("from Gamma's statuses", () => {
  it("reads every recorded proposed market as proposed, not final, with no answer or time it does not give", () => {
    const proposed = gamma.filter((m) => m.umaResolutionStatus === "proposed");
    expect(proposed).toHaveLength(12);
    for (const market of proposed) {
      const resolution = resolutionOf(factsOf(market));
      expect(resolution).toMatchObject({ state: "proposed", answer: null, finalAt: null });
      expect(resolutionLine(resolution)).toBe("Answer proposed · final unless disputed");
      expect(resolution.steps.find((s) => s.current)?.label).toBe("Answer proposed");
    }
  });

  it("reads the disputed market (proposed, disputed, proposed, disputed) as in UMA's vote", () => {
    const market = gamma.find((m) => m.id === "1328692");
    if (!market) throw new Error("the recorded disputed market is missing");
    expect(statusHistoryOf(market.umaResolutionStatuses)).toEqual([
      "proposed",
      "disputed",
      "proposed",
      "disputed",
    ]);
    const resolution = resolutionOf(factsOf(market));
    expect(resolution).toMatchObject({ state: "disputed", wasDisputed: true });
    expect(resolution.steps.map((s) => [s.state, s.reached, s.current])).toEqual([
      ["open", true, false],
      ["proposed", true, false],
      ["disputed", true, true],
      ["resolved", false, false],
    ]);
    expect(resolutionLine(resolution)).toBe("Disputed: UMA's vote decides (48–72 hours)");
  });

  it("an open market has no line and no dispute step", () => {
    const resolution = resolutionOf({ status: null, history: [], outcomes: ["Yes", "No"] });
    expect(resolutionLine(resolution)).toBeNull();
    expect(resolution.steps.map((s) => s.state)).toEqual(["open", "proposed", "resolved"]);
    expect(statusHistoryOf("not json")).toEqual([]);
  });
});

describe("with the Data API v2's resolution", () => {
  const [disputed, proposed] = v2("polyoxide__v2_resolutions_pending_disputed_proposed.json");

  it("a proposal names its answer and when it becomes final", () => {
    const resolution = resolutionOf({
      status: "proposed",
      history: ["proposed"],
      outcomes: ["Yes", "No"],
      v2: proposed,
    });
    expect(resolution).toMatchObject({ state: "proposed", answer: "Yes" });
    expect(resolution.finalAt).toBe(Date.parse("2026-09-29T19:50:27Z"));
    expect(resolutionLine(resolution)).toBe("Proposed: Yes · final at 19:50 UTC unless disputed");
  });

  it("a dispute keeps the latest proposal (50-50) and the vote's expected end", () => {
    const resolution = resolutionOf({
      status: "proposed",
      history: [],
      outcomes: ["Yes", "No"],
      v2: disputed,
    });
    expect(resolution).toMatchObject({ state: "disputed", answer: "50-50", wasDisputed: true });
    expect(resolution.finalAt).toBe(Date.parse("2026-10-02T00:00:00Z"));
  });

  it("a resolution names the winner from the payouts, and when", () => {
    const [up] = v2("adriancova__data-v2-resolutions-v2-resolved.json");
    const [down] = v2("adriancova__data-v2-resolutions-v1-resolved.json");
    const upResolved = resolutionOf({ status: null, history: [], outcomes: ["Up", "Down"], v2: up });
    expect(resolutionLine(upResolved)).toBe("Resolved: Up");
    expect(upResolved.steps.at(-1)).toMatchObject({
      state: "resolved",
      current: true,
      at: Date.parse("2026-10-05T21:35:56Z"),
    });
    expect(
      resolutionLine(resolutionOf({ status: null, history: [], outcomes: ["Up", "Down"], v2: down })),
    ).toBe("Resolved: Down");
    const [active] = v2("adriancova__data-v2-resolutions-v2-active.json");
    expect(resolutionOf({ status: null, history: [], outcomes: ["Up", "Down"], v2: active }).state).toBe(
      "open",
    );
  });
});

describe("a resolved market's answer from Gamma's prices (the Data API not asked)", () => {
  const events = readFixture<{ markets: (GammaMarket & { outcomePrices: string })[] }[]>(
    "polymarket/gamma-event-for-prices-history.json",
  );
  const resolved = events.flatMap((e) => e.markets).find((m) => m.umaResolutionStatus === "resolved");
  if (!resolved) throw new Error("the recorded resolved market is missing");

  it("names the outcome priced exactly 1, and keeps the dispute it went through", () => {
    const prices = statusHistoryOf(resolved.outcomePrices).map(Number);
    expect(prices).toEqual([0, 1]);
    const resolution = resolutionOf({ ...factsOf(resolved), prices });
    expect(resolution).toMatchObject({ state: "resolved", answer: "No", wasDisputed: true });
    expect(resolutionLine(resolution)).toBe("Resolved: No");
  });

  it("names none while no price is exactly 1 (and a 50-50 when all are equal)", () => {
    expect(resolutionOf({ ...factsOf(resolved), prices: [0.999, 0.001] }).answer).toBeNull();
    expect(resolutionOf({ ...factsOf(resolved), prices: [0.5, 0.5] }).answer).toBe("50-50");
  });
});
