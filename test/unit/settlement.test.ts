/** Settlement rules on recorded closed markets (gamma-events-149.json, the resolved keyset page). */

import { describe, expect, it } from "vitest";
import { parseGammaTime, parseMarketResolution } from "~/.server/polymarket/gamma";
import { settlementOf } from "~/.server/track-record/settlement";
import { readFixture } from "../support/fixtures";

const fixture = (name: string): unknown => readFixture(`polymarket/${name}`);

type Raw = Record<string, unknown>;
const NOW = Date.parse("2026-11-23T00:00:00Z");
/** A recorded market object graded as settlement grades it: its resolution read by gamma.ts, then the rules. */
const settle = (raw: unknown) => settlementOf(parseMarketResolution(raw), NOW);
const events = fixture("gamma-events-149.json") as { markets: Raw[] }[];
const closed = events.flatMap((e) => e.markets);
const resolvedKeyset = (fixture("gamma-markets-keyset-resolved-1.json") as { markets: Raw[] })
  .markets[0] as Raw;
const open = (fixture("gamma-markets-keyset-1.json") as { markets: Raw[] }).markets[0] as Raw;

describe("settlementOf on recorded markets", () => {
  it("grades the 243 resolved markets by which outcome paid 1, and nothing else", () => {
    const settled = closed.map((m) => settle(m));
    const graded = settled.filter((s) => s.kind === "graded");
    expect(graded).toHaveLength(243);
    const resolved = closed.filter((m) => m.umaResolutionStatus === "resolved");
    expect(resolved).toHaveLength(243);
    for (const market of resolved) {
      const expected = JSON.parse(String(market.outcomePrices))[0] === "1" ? "yes" : "no";
      expect(settle(market)).toMatchObject({ kind: "graded", outcome: expected });
    }
  });

  it("keeps the 256 proposed resolutions pending (they may still be disputed)", () => {
    const proposed = closed.filter((m) => m.umaResolutionStatus === "proposed");
    expect(proposed).toHaveLength(256);
    for (const market of proposed) expect(settle(market)).toEqual({ kind: "pending", reason: "proposed" });
  });

  it("grades none of the recorded markets in UMA's resolution: a proposal with final-looking prices stays pending", () => {
    const uma = fixture("gamma-markets-uma-proposed-disputed-13.json") as Raw[];
    expect(uma.map((m) => settle(m).kind)).toEqual(Array(13).fill("pending"));
    // Closed, prices exactly 0 and 1, but only proposed: not final, so not graded.
    const closedProposal = uma.find((m) => m.id === "253898") as Raw;
    expect([closedProposal.closed, closedProposal.outcomePrices]).toEqual([true, '["0", "1"]']);
    expect(settle(closedProposal)).toEqual({ kind: "pending", reason: "proposed" });
    // Disputed (twice) and still trading: pending too, and closed with the same prices it would stay so.
    const disputed = uma.find((m) => m.id === "1328692") as Raw;
    expect(settle(disputed).kind).toBe("pending");
    expect(settle({ ...disputed, closed: true, outcomePrices: '["1", "0"]' })).toEqual({
      kind: "pending",
      reason: "disputed",
    });
  });

  it("keeps the 4 closed markets without a resolution status pending", () => {
    const none = closed.filter((m) => m.umaResolutionStatus === undefined || m.umaResolutionStatus === null);
    expect(none).toHaveLength(4);
    for (const market of none) expect(settle(market)).toEqual({ kind: "pending", reason: "unresolved" });
  });

  it("grades the resolved keyset record as No, at its close time", () => {
    expect(settle(resolvedKeyset)).toEqual({
      kind: "graded",
      outcome: "no",
      settledAt: Date.parse("2024-07-18T00:10:37.491Z"),
    });
  });

  it("keeps an open market pending, even past its end date", () => {
    expect(open.closed).toBe(false);
    expect(Date.parse(String(open.endDate))).toBeLessThan(NOW);
    expect(settle(open)).toEqual({ kind: "pending", reason: "open" });
  });

  // No recorded payload holds a 50/50 or a disputed resolution: these two are real records with
  // only the resolution fields changed.
  it("voids a 50/50 resolution", () => {
    expect(settle({ ...resolvedKeyset, outcomePrices: '["0.5", "0.5"]' })).toMatchObject({
      kind: "void",
    });
  });

  it("keeps a disputed resolution pending", () => {
    expect(settle({ ...resolvedKeyset, umaResolutionStatus: "disputed" })).toEqual({
      kind: "pending",
      reason: "disputed",
    });
  });

  it("does not grade prices that are not exactly 1 and 0", () => {
    expect(settle({ ...resolvedKeyset, outcomePrices: '["0.999", "0.001"]' })).toEqual({
      kind: "pending",
      reason: "unclear-prices",
    });
  });
});

describe("parseGammaTime", () => {
  it("reads both of Gamma's time formats", () => {
    expect(parseGammaTime("2024-07-18 00:10:37.491895+00")).toBe(Date.parse("2024-07-18T00:10:37.491Z"));
    expect(parseGammaTime("2026-07-31T12:00:00Z")).toBe(Date.parse("2026-07-31T12:00:00Z"));
    expect(parseGammaTime("soon")).toBeNull();
    expect(parseGammaTime(null)).toBeNull();
  });
});
