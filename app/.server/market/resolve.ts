/**
 * Which market a `/market/:slug` URL means, and its current figures: from the 15-minute snapshot when
 * it is in the top 100, else from Gamma on demand (kept 15 min in memory and the Cache API, never KV; an
 * unknown slug is remembered 10 minutes), else — Gamma unreachable or in back-off — from our last stored
 * point. A slug that cannot be Polymarket's is unknown without any upstream call.
 */
import type { CurrentAnalysis, MarketSource, MarketView, OutcomePrice } from "~/lib/market-page";
import { marketStatus } from "~/lib/market-state";
import { ok, type Section, unavailable } from "~/lib/section";
import type { DisplayEvent, DisplayMarket, Market } from "~/lib/types";
import type { HistoryStore, StoredMarket } from "../history/store";
import { createLog } from "../log";
import { ON_DEMAND_FRESH_SECONDS } from "../lookups";
import { isSlug } from "../polymarket/gamma";
import { findShownMarket } from "../snapshots/markets";
import type { Sources } from "../sources";

export { ON_DEMAND_FRESH_SECONDS };

const log = createLog("market");

export interface ResolvedMarket {
  view: MarketView;
  /** The current analysis and mention count (top-100 markets only). */
  analysis: CurrentAnalysis | null;
}

/** What resolving a slug reads (the snapshot only for a slug that can be Polymarket's). */
export type ResolveSources = Pick<Sources, "now" | "snapshot" | "lookups" | "store">;

/** When the market is unknown to us and Gamma cannot be asked: the page cannot be drawn. */
export const MARKET_UNAVAILABLE =
  "Market data is temporarily unavailable. Please try again in a few minutes.";

/** The page's outcomes: every outcome's label and price (the headline pair, unpriced, where none are listed). */
function outcomePrices(market: Market): OutcomePrice[] {
  if (market.outcomes.length > 0) return market.outcomes.map(({ label, price }) => ({ label, price }));
  return [
    { label: market.yesLabel, price: 0 },
    { label: market.noLabel, price: 0 },
  ];
}

/** The market page's view of a market (and the API's market body): one projection for every source. */
export function toMarketView(market: Market, source: MarketSource, now: number): MarketView {
  const outcomes = outcomePrices(market);
  return {
    id: market.id,
    slug: market.slug ?? "",
    title: market.title,
    description: market.description || null,
    image: market.image,
    eventSlug: market.event?.slug ?? null,
    conditionId: market.conditionId,
    clobTokenIds: market.outcomes.flatMap((o) => (o.tokenId === null ? [] : [o.tokenId])),
    outcomes,
    volume24h: market.volume24h,
    totalVolume: market.volume,
    liquidity: market.liquidity,
    endDate: market.endDate,
    status: marketStatus(outcomes, market.closed, market.resolution, market.endDate, now),
    source,
  };
}

/** The current analysis of a shown market, as its card carries it, with its event's call. */
function analysisOf(card: DisplayMarket, event: DisplayEvent | null): CurrentAnalysis {
  return {
    sentiment: card.twitterSentiment,
    confidence: card.sentiment.confidence,
    recommendation: card.sentiment.recommendation,
    call: event?.forecast.call ?? null,
    noCall: event ? event.forecast.noCall : null,
    reasoning: card.sentiment.grokAnalysis,
    source: card.sentiment.source,
    mentions: card.sentiment.twitterBuzz,
    mentionsSource: card.mentionsSource,
  };
}

/** The market as our history last saw it: its last stored prices; volume and the rest unknown. */
async function fromHistory(
  store: HistoryStore | null,
  slug: string,
  now: number,
): Promise<ResolvedMarket | null> {
  if (!store) return null;
  let stored: StoredMarket | null;
  try {
    stored = await store.marketBySlug(slug);
  } catch (error) {
    log.error(`history unavailable for ${slug}`, error);
    return null;
  }
  if (!stored) return null;
  const last = await store.lastPoint(stored.id).catch(() => null);
  if (!last) return null;
  const outcomes = stored.outcomes.map((o, i) => ({ ...o, price: last.prices[i] ?? 0 }));
  const market: Market = {
    id: stored.id,
    slug,
    title: stored.title,
    groupTitle: null,
    description: "",
    image: null,
    endDate: stored.endDate,
    // Our history knows no total volume.
    volume: null,
    volume24h: last.volume24h,
    liquidity: last.liquidity,
    outcomes,
    yesLabel: outcomes[0]?.label ?? "Yes",
    noLabel: outcomes[1]?.label ?? "No",
    firstPriceChange24h: 0,
    tags: [],
    event: stored.event,
    conditionId: stored.conditionId,
    closed: false,
    resolution: null,
    resolutionHistory: [],
  };
  const view = toMarketView(market, { kind: "history", at: new Date(last.t * 1000).toISOString() }, now);
  return { view, analysis: null };
}

/**
 * The market a slug names, or null when there is none (a 404). Unavailable when the slug is not in the
 * snapshot, Gamma fails and our history has never seen it; `limited` when Gamma would have to be asked
 * but the client is over its lookup limit (the page says so rather than reading our history for it).
 */
export async function resolveMarket(
  { now, snapshot, lookups, store }: ResolveSources,
  slug: string,
): Promise<Section<ResolvedMarket | null>> {
  if (!isSlug(slug)) return ok(null);
  const shown = findShownMarket(await snapshot(), slug);
  if (shown) {
    const { market, card, event, snapshot } = shown;
    const source = { kind: "snapshot" as const, at: snapshot.fetchedAt, stale: snapshot.stale ?? false };
    return ok({ view: toMarketView(market, source, now), analysis: analysisOf(card, event) });
  }
  const kept = await lookups.market(slug);
  if (kept.ok) {
    const { value, fetchedAt, stale } = kept.value;
    return ok(
      value
        ? { view: toMarketView(value, { kind: "gamma", at: fetchedAt, stale }, now), analysis: null }
        : null,
    );
  }
  if (kept.reason === "limited") return kept;
  const stored = await fromHistory(store, slug, now);
  return stored ? ok(stored) : unavailable(MARKET_UNAVAILABLE);
}
