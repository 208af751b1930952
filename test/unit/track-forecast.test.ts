/** Normalising the model's event forecast into one probability per outcome (decision 0030). */
import { describe, expect, it } from "vitest";
import { normaliseForecast } from "~/.server/track-record/forecast";

const MULTI = { multi: true };
const BINARY = { multi: false };
const CANDIDATES = ["Alice", "Bob", "Carol"];

describe("normaliseForecast, multi-outcome event", () => {
  it("keeps a forecast that already sums to 1, in the outcomes' order", () => {
    const given = [
      { outcome: "Carol", probability: 0.1 },
      { outcome: "Alice", probability: 0.6 },
      { outcome: "Bob", probability: 0.3 },
    ];
    const p = normaliseForecast(CANDIDATES, given, MULTI);
    expect(p?.[0]).toBeCloseTo(0.6, 12);
    expect(p?.[1]).toBeCloseTo(0.3, 12);
    expect(p?.[2]).toBeCloseTo(0.1, 12);
  });

  it("matches labels case-insensitively and trimmed", () => {
    const given = [
      { outcome: "  alice ", probability: 0.5 },
      { outcome: "BOB", probability: 0.25 },
      { outcome: "carol\n", probability: 0.25 },
    ];
    expect(normaliseForecast(CANDIDATES, given, MULTI)).toEqual([0.5, 0.25, 0.25]);
    expect(normaliseForecast([" Alice", "Bob "], [{ outcome: "alice", probability: 1 }], MULTI)).toEqual([
      1, 0,
    ]);
  });

  it("scales probabilities that do not sum to 1", () => {
    // 0.4 + 0.4 + 0.2 = 1.0 → 1.6 given: each ÷ 2.
    const p = normaliseForecast(
      CANDIDATES,
      [
        { outcome: "Alice", probability: 0.8 },
        { outcome: "Bob", probability: 0.6 },
        { outcome: "Carol", probability: 0.2 },
      ],
      MULTI,
    );
    expect(p?.[0]).toBeCloseTo(0.5, 12);
    expect(p?.[1]).toBeCloseTo(0.375, 12);
    expect(p?.[2]).toBeCloseTo(0.125, 12);
    // Under 1: 0.3 + 0.1 = 0.4 → 0.75, 0.25.
    const q = normaliseForecast(
      ["A", "B"],
      [
        { outcome: "A", probability: 0.3 },
        { outcome: "B", probability: 0.1 },
      ],
      MULTI,
    );
    expect(q?.[0]).toBeCloseTo(0.75, 12);
    expect(q?.[1]).toBeCloseTo(0.25, 12);
  });

  it("gives outcomes left out 0 when the rest sum above 0", () => {
    // 0.6 + 0.2 = 0.8 → 0.75, 0.25, and Carol 0.
    const p = normaliseForecast(
      CANDIDATES,
      [
        { outcome: "Alice", probability: 0.6 },
        { outcome: "Bob", probability: 0.2 },
      ],
      MULTI,
    );
    expect(p?.[0]).toBeCloseTo(0.75, 12);
    expect(p?.[1]).toBeCloseTo(0.25, 12);
    expect(p?.[2]).toBe(0);
  });

  it("drops unknown outcomes", () => {
    const given = [
      { outcome: "Dave", probability: 0.9 },
      { outcome: "Alice", probability: 0.5 },
      { outcome: "Bob", probability: 0.5 },
    ];
    expect(normaliseForecast(CANDIDATES, given, MULTI)).toEqual([0.5, 0.5, 0]);
    expect(normaliseForecast(CANDIDATES, [{ outcome: "Dave", probability: 1 }], MULTI)).toBeNull();
  });

  it("drops probabilities that are not finite or outside [0, 1]", () => {
    const given = [
      { outcome: "Alice", probability: Number.NaN },
      { outcome: "Bob", probability: 1.2 },
      { outcome: "Carol", probability: -0.1 },
      { outcome: "Alice", probability: Number.POSITIVE_INFINITY },
    ];
    expect(normaliseForecast(CANDIDATES, given, MULTI)).toBeNull();
    // 0 and 1 are probabilities.
    expect(
      normaliseForecast(
        CANDIDATES,
        [
          { outcome: "Alice", probability: 0 },
          { outcome: "Bob", probability: 1 },
        ],
        MULTI,
      ),
    ).toEqual([0, 1, 0]);
  });

  it("keeps the first usable entry of a repeated outcome", () => {
    const given = [
      { outcome: "Alice", probability: 0.5 },
      { outcome: "alice", probability: 0.1 },
      { outcome: "Bob", probability: 2 },
      { outcome: "Bob", probability: 0.5 },
    ];
    // Bob's 2 is dropped as no probability, so his 0.5 is the first usable one.
    expect(normaliseForecast(CANDIDATES, given, MULTI)).toEqual([0.5, 0.5, 0]);
  });

  it("is null when every probability is 0 or nothing was given", () => {
    const zeros = CANDIDATES.map((outcome) => ({ outcome, probability: 0 }));
    expect(normaliseForecast(CANDIDATES, zeros, MULTI)).toBeNull();
    expect(normaliseForecast(CANDIDATES, [], MULTI)).toBeNull();
    expect(normaliseForecast([], [], MULTI)).toBeNull();
  });
});

describe("normaliseForecast, one-market (binary) event", () => {
  const YES_NO = ["Yes", "No"];

  it("is p for the first outcome and 1 − p for the second", () => {
    const p = normaliseForecast(YES_NO, [{ outcome: "yes", probability: 0.7 }], BINARY);
    expect(p?.[0]).toBe(0.7);
    expect(p?.[1]).toBeCloseTo(0.3, 12);
  });

  it("takes the first outcome's probability when both are given, even if they do not sum to 1", () => {
    const given = [
      { outcome: "No", probability: 0.5 },
      { outcome: "Yes", probability: 0.6 },
    ];
    const p = normaliseForecast(YES_NO, given, BINARY);
    expect(p?.[0]).toBe(0.6);
    expect(p?.[1]).toBeCloseTo(0.4, 12);
  });

  it("derives the first outcome from the second when only the second is given", () => {
    const p = normaliseForecast(["Up", "Down"], [{ outcome: "DOWN", probability: 0.25 }], BINARY);
    expect(p).toEqual([0.75, 0.25]);
  });

  it("accepts certain forecasts and all-zero for one side", () => {
    expect(normaliseForecast(YES_NO, [{ outcome: "Yes", probability: 0 }], BINARY)).toEqual([0, 1]);
    expect(normaliseForecast(YES_NO, [{ outcome: "No", probability: 0 }], BINARY)).toEqual([1, 0]);
  });

  it("falls back to the second when the first's probability is unusable", () => {
    const given = [
      { outcome: "Yes", probability: 1.5 },
      { outcome: "No", probability: 0.4 },
    ];
    expect(normaliseForecast(YES_NO, given, BINARY)).toEqual([0.6, 0.4]);
  });

  it("is null for unknown labels, no usable probability, or not two outcomes", () => {
    expect(normaliseForecast(YES_NO, [{ outcome: "Maybe", probability: 0.5 }], BINARY)).toBeNull();
    expect(normaliseForecast(YES_NO, [{ outcome: "Yes", probability: Number.NaN }], BINARY)).toBeNull();
    expect(normaliseForecast(YES_NO, [], BINARY)).toBeNull();
    expect(normaliseForecast(CANDIDATES, [{ outcome: "Alice", probability: 0.5 }], BINARY)).toBeNull();
  });
});
