import { toPercent } from "./format";
import type { DisplayMarket, Market, MarketAnalysis, MentionCount } from "./types";

/** SPEC §4: a market is live when its volume is above 0 and its end date is in the future. */
export function isMarketLive(volume: number, endDate: string | null, now: number): boolean {
  if (!(volume > 0) || endDate === null) return false;
  const end = Date.parse(endDate);
  return Number.isFinite(end) && end > now;
}

/**
 * SPEC §3's headline pair in percent (the legacy market body's `yesPrice`/`noPrice`): the first outcome's
 * price to the hundredth, and the second's; against "Other", or a lone price, the first's complement to the
 * tenth (decision 0002).
 */
export function headlinePercent(
  market: Pick<Market, "outcomes" | "noLabel">,
): Pick<DisplayMarket, "yesPrice" | "noPrice"> {
  const [first, second, ...more] = market.outcomes;
  const yesPrice = toPercent(first?.price ?? 0);
  const paired = second !== undefined && more.length === 0 && second.label === market.noLabel;
  return { yesPrice, noPrice: paired ? toPercent(second.price) : Math.round((100 - yesPrice) * 10) / 10 };
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
    ...headlinePercent(market),
    yesLabel: market.yesLabel,
    noLabel: market.noLabel,
    volume: market.volume || 0,
    volume24h: market.volume24h,
    liquidity: market.liquidity ?? 0,
    priceChange24h: toPercent(market.firstPriceChange24h),
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
    isLive: isMarketLive(market.volume ?? 0, market.endDate, now),
    // Trending is a fact about live X counts; an estimate cannot trend (decision 0011).
    twitterTrending: mention?.source === "live" && mention.trending,
    twitterSentiment: analysis?.sentiment ?? "neutral",
    isTwitterLive: mention?.source === "live",
    mentionsSource: mention?.source ?? "estimated",
  };
}
