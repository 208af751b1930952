import { describe, expect, it } from "vitest";
import { isMarketLive, toDisplayMarket } from "~/lib/display-market";
import {
  dashboardCounts,
  recommendationLabel,
  recommendationVariant,
  sentimentTone,
  sentimentTrend,
} from "~/lib/sentiment";
import type { Market } from "~/lib/types";
import { makeMarket } from "../support/markets";

const NOW = Date.parse("2026-11-22T12:00:00Z");

describe("tone, trend and badges (SPEC §4)", () => {
  it.each([
    [21, "positive"],
    [20, "neutral"],
    [0, "neutral"],
    [-20, "neutral"],
    [-21, "negative"],
  ])("score %d is %s", (score, tone) => {
    expect(sentimentTone(score)).toBe(tone);
  });

  it("points the icon up above 0, down below 0, flat at 0", () => {
    expect(sentimentTrend(1)).toBe("up");
    expect(sentimentTrend(-1)).toBe("down");
    expect(sentimentTrend(0)).toBe("flat");
  });

  it("styles the recommendation badge by recommendation, with text", () => {
    expect(recommendationVariant("BUY_YES")).toBe("yes");
    expect(recommendationVariant("BUY_NO")).toBe("no");
    expect(recommendationVariant("NEUTRAL")).toBe("secondary");
    expect(recommendationLabel("BUY_YES")).toBe("BUY YES");
    expect(recommendationLabel("NEUTRAL")).toBe("NEUTRAL");
  });
});

const market: Market = makeMarket({ title: "Test market?", description: "", volume24h: 10, liquidity: 5 });

describe("display market (SPEC §3 defaults)", () => {
  it("is live only with volume above 0 and an end date in the future", () => {
    expect(isMarketLive(1, "2026-12-01T00:00:00Z", NOW)).toBe(true);
    expect(isMarketLive(0, "2026-12-01T00:00:00Z", NOW)).toBe(false);
    expect(isMarketLive(1, "2026-11-01T00:00:00Z", NOW)).toBe(false);
    expect(isMarketLive(1, null, NOW)).toBe(false);
  });

  it("fills SPEC's defaults when analysis and mentions are missing", () => {
    const d = toDisplayMarket(market, undefined, undefined, NOW);
    expect(d.sentiment).toEqual({
      score: 0,
      confidence: 0,
      recommendation: "NEUTRAL",
      twitterBuzz: 0,
      grokAnalysis: "No analysis available",
      source: "estimated",
    });
    expect(d.volume).toBe(1000);
    expect(d.isLive).toBe(true);
    expect(d.isTwitterLive).toBe(false);
  });

  it("counts bullish = BUY_YES, bearish = BUY_NO, neutral = the rest", () => {
    const rec = (recommendation: "BUY_YES" | "BUY_NO" | "NEUTRAL", source = "grok-4") => ({
      ...toDisplayMarket(market, undefined, undefined, NOW),
      sentiment: { score: 0, confidence: 60, recommendation, twitterBuzz: 0, grokAnalysis: "", source },
    });
    const counts = dashboardCounts([
      rec("BUY_YES"),
      rec("BUY_YES"),
      rec("BUY_NO"),
      rec("NEUTRAL", "estimated"),
    ]);
    expect(counts).toMatchObject({
      total: 4,
      bullish: 2,
      bearish: 1,
      neutral: 1,
      modelAnalysed: 3,
      averageConfidence: 60,
    });
  });
});
