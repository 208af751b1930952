import { describe, expect, it } from "vitest";
import { gapText, kalshiFee, kalshiLine } from "~/lib/cross-venue";

describe("Kalshi's fee", () => {
  it("is 0.07 × contracts × P × (1 − P), rounded up to the cent", () => {
    expect(kalshiFee(100, 0.5)).toBe(1.75);
    expect(kalshiFee(1, 0.5)).toBe(0.02);
    expect(kalshiFee(10, 0.9)).toBe(0.07);
    expect(kalshiFee(0, 0.5)).toBe(0);
    expect(kalshiFee(10, 1)).toBe(0);
  });
});

describe("the pair's line", () => {
  it("names Kalshi's price, its quote and the gap in cents", () => {
    expect(kalshiLine({ lastPrice: 0.54, yesBid: 0.53, yesAsk: 0.55 }, 0.49)).toBe(
      "Kalshi: Yes 54¢ (bid 53¢ / ask 55¢) · gap +5¢",
    );
    expect(kalshiLine({ lastPrice: null, yesBid: 0.4, yesAsk: 0.42 }, 0.44)).toBe(
      "Kalshi: Yes 41¢ (bid 40¢ / ask 42¢) · gap −3¢",
    );
    expect(kalshiLine({ lastPrice: null, yesBid: null, yesAsk: 0.4 }, 0.4)).toBeNull();
    expect(gapText(0.5, 0.5)).toBe("0¢");
  });
});
