/** Event-forecast scoring (decision 0033) against hand-computed cases; the arithmetic is in the comments. */
import { describe, expect, it } from "vitest";
import { wilsonInterval, Z95 } from "~/.server/track-record/metrics";
import {
  brierScore,
  callsToDetectEdge,
  hitRates,
  LOG_SCORE_FLOOR,
  logScore,
  normalisePrices,
  normalQuantile,
  sampleSd,
  scoreCall,
  skillSummary,
} from "~/.server/track-record/scoring";

describe("brierScore", () => {
  it("sums the squared errors over every outcome", () => {
    // [0.7, 0.2, 0.1], winner 0: 0.3² + 0.2² + 0.1² = 0.09 + 0.04 + 0.01 = 0.14
    expect(brierScore([0.7, 0.2, 0.1], 0)).toBeCloseTo(0.14, 12);
    // winner 2: 0.7² + 0.2² + 0.9² = 0.49 + 0.04 + 0.81 = 1.34
    expect(brierScore([0.7, 0.2, 0.1], 2)).toBeCloseTo(1.34, 12);
  });

  it("is twice the one-number Brier for a two-outcome event", () => {
    // [0.8, 0.2], winner 0: 0.2² + 0.2² = 0.08 = 2 · (0.8 − 1)²
    expect(brierScore([0.8, 0.2], 0)).toBeCloseTo(0.08, 12);
    // winner 1: 0.8² + 0.8² = 1.28 = 2 · 0.8²
    expect(brierScore([0.8, 0.2], 1)).toBeCloseTo(1.28, 12);
  });

  it("runs from 0 (certain and right) to 2 (certain and wrong)", () => {
    expect(brierScore([1, 0, 0], 0)).toBe(0);
    expect(brierScore([1, 0, 0], 1)).toBe(2);
    // Uniform over 4: 0.75² + 3 · 0.25² = 0.5625 + 0.1875 = 0.75
    expect(brierScore([0.25, 0.25, 0.25, 0.25], 3)).toBe(0.75);
  });

  it("throws on a winner that is no outcome", () => {
    expect(() => brierScore([0.5, 0.5], 2)).toThrow(RangeError);
    expect(() => brierScore([0.5, 0.5], -1)).toThrow(RangeError);
    expect(() => brierScore([0.5, 0.5], 0.5)).toThrow(RangeError);
  });
});

describe("logScore", () => {
  it("is −ln of the winner's probability", () => {
    // −ln 0.7 ≈ 0.35667
    expect(logScore([0.7, 0.2, 0.1], 0)).toBeCloseTo(0.3566749439387324, 12);
    // −ln 0.1 = ln 10 ≈ 2.30259
    expect(logScore([0.7, 0.2, 0.1], 2)).toBeCloseTo(Math.LN10, 12);
    // Binary: −ln 0.2 ≈ 1.60944
    expect(logScore([0.8, 0.2], 1)).toBeCloseTo(1.6094379124341003, 12);
  });

  it("is 0 (not −0) for a certain right forecast", () => {
    // toBe compares with Object.is, so −0 would fail.
    expect(logScore([1, 0], 0)).toBe(0);
  });

  it("clamps the winner's probability to 1e-6 so a certain wrong forecast is finite", () => {
    // −ln 1e-6 = 6 · ln 10 ≈ 13.81551
    expect(LOG_SCORE_FLOOR).toBe(1e-6);
    expect(logScore([1, 0], 1)).toBeCloseTo(13.815510557964274, 12);
    expect(logScore([1 - 1e-9, 1e-9], 1)).toBeCloseTo(13.815510557964274, 12);
    // Just above the floor is not clamped: −ln 2e-6 ≈ 13.12236
    expect(logScore([1 - 2e-6, 2e-6], 1)).toBeCloseTo(13.122363377404328, 12);
  });

  it("throws on a winner that is no outcome", () => {
    expect(() => logScore([1], 1)).toThrow(RangeError);
  });
});

describe("normalisePrices", () => {
  it("scales prices to sum to 1 and leaves ones that do alone", () => {
    // 0.625 + 0.375 + 0.25 = 1.25 → 0.5, 0.3, 0.2
    const p = normalisePrices([0.625, 0.375, 0.25]);
    expect(p[0]).toBeCloseTo(0.5, 12);
    expect(p[1]).toBeCloseTo(0.3, 12);
    expect(p[2]).toBeCloseTo(0.2, 12);
    expect(normalisePrices([0.7, 0.2, 0.1])).toEqual([0.7, 0.2, 0.1]);
  });

  it("throws on prices no scaling can make a distribution", () => {
    expect(() => normalisePrices([0, 0])).toThrow(RangeError);
    expect(() => normalisePrices([0.6, -0.1])).toThrow(RangeError);
    expect(() => normalisePrices([Number.NaN, 0.5])).toThrow(RangeError);
    expect(() => normalisePrices([])).toThrow(RangeError);
  });
});

describe("scoreCall", () => {
  it("scores the model and the market's normalised prices", () => {
    // Market prices 0.625 / 0.375 / 0.25 sum to 1.25 → 0.5 / 0.3 / 0.2. Winner 1.
    // Model [0.6, 0.35, 0.05]: Brier 0.6² + 0.65² + 0.05² = 0.36 + 0.4225 + 0.0025 = 0.785; log −ln 0.35
    // Market [0.5, 0.3, 0.2]: Brier 0.5² + 0.7² + 0.2² = 0.25 + 0.49 + 0.04 = 0.78; log −ln 0.3
    const s = scoreCall({ forecast: [0.6, 0.35, 0.05], marketPrices: [0.625, 0.375, 0.25], winner: 1 });
    expect(s.brier).toBeCloseTo(0.785, 12);
    expect(s.logScore).toBeCloseTo(1.0498221244986778, 12);
    expect(s.marketBrier).toBeCloseTo(0.78, 12);
    expect(s.marketLogScore).toBeCloseTo(1.2039728043259361, 12);
  });

  it("scores a binary call", () => {
    // Model [0.7, 0.3], market [0.55, 0.45], first outcome won.
    // Model: 0.3² + 0.3² = 0.18, −ln 0.7; market: 0.45² + 0.45² = 0.405, −ln 0.55
    const s = scoreCall({ forecast: [0.7, 0.3], marketPrices: [0.55, 0.45], winner: 0 });
    expect(s.brier).toBeCloseTo(0.18, 12);
    expect(s.logScore).toBeCloseTo(0.3566749439387324, 12);
    expect(s.marketBrier).toBeCloseTo(0.405, 12);
    expect(s.marketLogScore).toBeCloseTo(0.5978370007556204, 12);
  });

  it("throws when the forecast and the prices name different numbers of outcomes", () => {
    expect(() => scoreCall({ forecast: [0.5, 0.5], marketPrices: [0.3, 0.3, 0.4], winner: 0 })).toThrow(
      RangeError,
    );
  });
});

describe("sampleSd", () => {
  it("uses the n − 1 denominator and is null below two values", () => {
    // [2, 4, 4, 4, 5, 5, 7, 9]: mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32, 32/7, sd √(32/7)
    expect(sampleSd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(sampleSd([1, 1])).toBe(0);
    expect(sampleSd([1])).toBeNull();
    expect(sampleSd([])).toBeNull();
  });
});

describe("skillSummary", () => {
  it("summarises a small hand set", () => {
    const calls = [
      { brier: 0.1, marketBrier: 0.2 }, // difference 0.10
      { brier: 0.3, marketBrier: 0.25 }, // −0.05
      { brier: 0.2, marketBrier: 0.3 }, // 0.10
      { brier: 0.4, marketBrier: 0.45 }, // 0.05
    ];
    // meanBrier (0.1 + 0.3 + 0.2 + 0.4)/4 = 0.25; meanMarketBrier (0.2 + 0.25 + 0.3 + 0.45)/4 = 0.3
    // skill 1 − 0.25/0.3 = 1/6; edge 0.3 − 0.25 = 0.05 = mean difference
    // differences − 0.05 = 0.05, −0.1, 0.05, 0 → squares 0.0025 + 0.01 + 0.0025 + 0 = 0.015, /3 = 0.005
    // half width 1.959964 · √0.005 / √4 = 1.959964 · 0.0707107 / 2 ≈ 0.0692952
    const s = skillSummary(calls);
    expect(s.n).toBe(4);
    expect(s.meanBrier).toBeCloseTo(0.25, 12);
    expect(s.meanMarketBrier).toBeCloseTo(0.3, 12);
    expect(s.brierSkill).toBeCloseTo(1 / 6, 12);
    expect(s.edge).toBeCloseTo(0.05, 12);
    const half = (Z95 * Math.sqrt(0.005)) / 2;
    expect(half).toBeCloseTo(0.0692952, 6);
    expect(s.edgeInterval?.low).toBeCloseTo(0.05 - half, 12);
    expect(s.edgeInterval?.high).toBeCloseTo(0.05 + half, 12);
  });

  it("has no figures for no calls and no interval for one", () => {
    expect(skillSummary([])).toEqual({
      n: 0,
      meanBrier: null,
      meanMarketBrier: null,
      brierSkill: null,
      edge: null,
      edgeInterval: null,
    });
    const one = skillSummary([{ brier: 0.2, marketBrier: 0.5 }]);
    expect(one.n).toBe(1);
    expect(one.brierSkill).toBeCloseTo(0.6, 12);
    expect(one.edge).toBeCloseTo(0.3, 12);
    expect(one.edgeInterval).toBeNull();
  });

  it("has no skill when the market was perfect", () => {
    const s = skillSummary([
      { brier: 0.1, marketBrier: 0 },
      { brier: 0, marketBrier: 0 },
    ]);
    expect(s.brierSkill).toBeNull();
    expect(s.edge).toBeCloseTo(-0.05, 12);
  });
});

describe("hitRates", () => {
  it("sets the hit rate against the rate the entry prices implied", () => {
    const calls = [
      { won: true, entryPrice: 0.6 },
      { won: true, entryPrice: 0.4 },
      { won: false, entryPrice: 0.5 },
      { won: false, entryPrice: 0.3 },
    ];
    // 2 of 4 won; implied (0.6 + 0.4 + 0.5 + 0.3)/4 = 1.8/4 = 0.45
    // Wilson, p = 0.5, n = 4, z² = 3.8415: centre 0.5, half 1.96 · √(0.0625 + 0.0600)/1.9604 ≈ 0.34996
    const h = hitRates(calls);
    expect(h.n).toBe(4);
    expect(h.hitRate).toBe(0.5);
    expect(h.impliedHitRate).toBeCloseTo(0.45, 12);
    expect(h.hitInterval).toEqual(wilsonInterval(2, 4));
    expect(h.hitInterval?.low).toBeCloseTo(0.15004, 5);
    expect(h.hitInterval?.high).toBeCloseTo(0.84996, 5);
  });

  it("has no figures for no calls", () => {
    expect(hitRates([])).toEqual({ n: 0, hitRate: null, impliedHitRate: null, hitInterval: null });
  });
});

describe("normalQuantile", () => {
  it("matches published quantiles", () => {
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.975)).toBeCloseTo(Z95, 14);
    expect(normalQuantile(0.025)).toBeCloseTo(-Z95, 14);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 14);
    expect(normalQuantile(0.9)).toBeCloseTo(1.2815515655446004, 14);
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758293035489004, 14);
    // The two tail branches: √(−ln p) at most 5, and beyond.
    expect(normalQuantile(0.999)).toBeCloseTo(3.090232306167813, 12);
    expect(normalQuantile(1e-12)).toBeCloseTo(-7.034483825301132, 10);
  });

  it("throws outside (0, 1)", () => {
    expect(() => normalQuantile(0)).toThrow(RangeError);
    expect(() => normalQuantile(1)).toThrow(RangeError);
    expect(() => normalQuantile(Number.NaN)).toThrow(RangeError);
  });
});

describe("callsToDetectEdge", () => {
  it("needs 197 calls for a 0.02 edge at sd 0.1 (defaults: power 0.8, α 0.05)", () => {
    // ((1.959964 + 0.841621) · 0.1 / 0.02)² = (2.801585 · 5)² = 14.007926² = 196.222 → 197
    expect(callsToDetectEdge({ sd: 0.1 })).toBe(197);
    expect(callsToDetectEdge({ edge: 0.02, sd: 0.1, power: 0.8, alpha: 0.05 })).toBe(197);
  });

  it("scales with (sd / edge)²", () => {
    // sd 0.2: 4 · 196.222 = 784.888 → 785
    expect(callsToDetectEdge({ sd: 0.2 })).toBe(785);
    // edge 0.05, sd 0.1: (2.801585 · 2)² = 31.3955 → 32
    expect(callsToDetectEdge({ edge: 0.05, sd: 0.1 })).toBe(32);
  });

  it("takes power and α", () => {
    // α 0.01, power 0.9: ((2.575829 + 1.281552) · 5)² = 19.286904² = 371.98 → 372
    expect(callsToDetectEdge({ sd: 0.1, power: 0.9, alpha: 0.01 })).toBe(372);
  });

  it("needs at least one call", () => {
    expect(callsToDetectEdge({ edge: 0.5, sd: 0.01 })).toBe(1);
  });

  it("throws on parameters with no answer", () => {
    expect(() => callsToDetectEdge({ sd: 0 })).toThrow(RangeError);
    expect(() => callsToDetectEdge({ edge: 0, sd: 0.1 })).toThrow(RangeError);
    expect(() => callsToDetectEdge({ edge: -0.02, sd: 0.1 })).toThrow(RangeError);
    expect(() => callsToDetectEdge({ sd: 0.1, power: 1 })).toThrow(RangeError);
    expect(() => callsToDetectEdge({ sd: 0.1, alpha: 0 })).toThrow(RangeError);
  });
});
