import type { DisplayMarket, Market, MarketAnalysis, MentionCount } from "./types";

/** SPEC §4: a market is live when its volume is above 0 and its end date is in the future. */
export function isMarketLive(volume: number, endDate: string | null, now: number): boolean {
  if (!(volume > 0) || endDate === null) return false;
  const end = Date.parse(endDate);
  return Number.isFinite(end) && end > now;
}

/** The card (and the API's market body): SPEC §3's Display market, projected from a market, its analysis and its mention count. */
export function toDisplayMarket(
  market: Market,
  analysis: MarketAnalysis | undefined,
  mention: MentionCount | undefined,
  now: number,
): DisplayMarket {
  return {
    id: market.id,
    title: market.title,
    image: market.image,
    yesPrice: market.yesPrice,
    noPrice: market.noPrice,
    yesLabel: market.yesLabel,
    noLabel: market.noLabel,
    volume: market.volume || 0,
    volume24h: market.volume24h,
    liquidity: market.liquidity,
    priceChange24h: market.priceChange24h,
    endDate: market.endDate,
    tags: market.tags,
    slug: market.slug,
    eventSlug: market.event?.slug ?? null,
    sentiment: {
      score: analysis?.score ?? 0,
      confidence: analysis?.confidence ?? 0,
      recommendation: analysis?.recommendation ?? "NEUTRAL",
      twitterBuzz: mention?.mentions ?? 0,
      grokAnalysis: analysis?.reasoning || "No analysis available",
      source: analysis?.source ?? "estimated",
    },
    isLive: isMarketLive(market.volume, market.endDate, now),
    // Trending is a fact about live X counts; an estimate cannot trend (decision 0011).
    twitterTrending: mention?.source === "live" && mention.trending,
    twitterSentiment: analysis?.sentiment ?? "neutral",
    isTwitterLive: mention?.source === "live",
    mentionsSource: mention?.source ?? "estimated",
  };
}
