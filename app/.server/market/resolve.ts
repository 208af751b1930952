/**
 * Which market a `/market/:slug` URL means, and its current figures: from the 15-minute snapshot when
 * it is in the top 100, else from Gamma on demand (kept 15 min in memory and the Cache API, never KV; an
 * unknown slug is remembered 10 minutes), else — Gamma unreachable or in back-off — from our last stored
 * point. A slug that cannot be Polymarket's is unknown without any upstream call.
 */
import type { CurrentAnalysis, MarketStatus, MarketView, OutcomePrice } from "~/lib/market-page";
import { ok, type Section, unavailable } from "~/lib/section";
import type { DisplayMarket, Market, OutcomeDetail } from "~/lib/types";
import type { Deps } from "../deps";
import type { StoredMarket } from "../history/store";
import { createLog } from "../log";
import { LOOKUPS, ON_DEMAND_FRESH_SECONDS } from "../lookups";
import { isSlug } from "../polymarket/gamma";
import { findShownMarket } from "../snapshots/markets";

export { ON_DEMAND_FRESH_SECONDS };

const log = createLog("market");

export interface ResolvedMarket {
  view: MarketView;
  /** The current analysis and mention count (top-100 markets only). */
  analysis: CurrentAnalysis | null;
}

/** When the market is unknown to us and Gamma cannot be asked: the page cannot be drawn. */
export const MARKET_UNAVAILABLE =
  "Market data is temporarily unavailable. Please try again in a few minutes.";

const RESOLVED_PRICE = 0.99;

/** Open, awaiting resolution (closed, or past its end date), or resolved with the outcome priced at 1. */
export function marketStatus(
  outcomes: readonly OutcomePrice[],
  closed: boolean,
  resolution: string | null,
  endDate: string | null,
  now: number,
): MarketStatus {
  const settled = outcomes.filter((o) => o.price >= RESOLVED_PRICE);
  if (resolution === "resolved" || (closed && settled.length === 1 && resolution === null)) {
    return { kind: "resolved", outcome: settled.length === 1 ? (settled[0]?.label ?? null) : null };
  }
  const end = endDate === null ? Number.NaN : Date.parse(endDate);
  if (closed || (Number.isFinite(end) && end <= now)) return { kind: "awaiting", since: endDate };
  return { kind: "open" };
}

function outcomesOf(
  detail: OutcomeDetail | null,
  fallback: Pick<DisplayMarket, "yesLabel" | "noLabel" | "yesPrice" | "noPrice">,
): OutcomePrice[] {
  if (detail && detail.outcomes.length > 0 && detail.outcomes.length === detail.prices.length) {
    return detail.outcomes.map((label, i) => ({ label, price: detail.prices[i] ?? 0 }));
  }
  return [
    { label: fallback.yesLabel, price: fallback.yesPrice / 100 },
    { label: fallback.noLabel, price: fallback.noPrice / 100 },
  ];
}

function fromSnapshot(
  shown: NonNullable<Awaited<ReturnType<typeof findShownMarket>>>,
  slug: string,
  now: number,
): ResolvedMarket {
  const { market, detail, snapshot } = shown;
  const outcomes = outcomesOf(detail, market);
  return {
    view: {
      id: market.id,
      slug,
      title: market.title,
      description: null,
      image: market.image,
      eventSlug: market.eventSlug,
      conditionId: detail?.conditionId ?? null,
      clobTokenIds: detail?.clobTokenIds ?? [],
      outcomes,
      volume24h: market.volume24h,
      totalVolume: market.volume,
      liquidity: market.liquidity,
      endDate: market.endDate,
      status: marketStatus(
        outcomes,
        detail?.closed ?? false,
        detail?.resolution ?? null,
        market.endDate,
        now,
      ),
      source: { kind: "snapshot", at: snapshot.fetchedAt, stale: snapshot.stale ?? false },
    },
    analysis: {
      sentiment: market.twitterSentiment,
      confidence: market.sentiment.confidence,
      recommendation: market.sentiment.recommendation,
      reasoning: market.sentiment.grokAnalysis,
      source: market.sentiment.source,
      mentions: market.sentiment.twitterBuzz,
      mentionsSource: market.mentionsSource,
    },
  };
}

function fromGamma(market: Market, slug: string, at: string, stale: boolean, now: number): ResolvedMarket {
  const detail = market.outcomeDetail ?? null;
  const outcomes = outcomesOf(detail, market);
  return {
    view: {
      id: market.id,
      slug,
      title: market.title,
      description: market.description || null,
      image: market.image,
      eventSlug: market.eventSlug,
      conditionId: detail?.conditionId ?? null,
      clobTokenIds: detail?.clobTokenIds ?? [],
      outcomes,
      volume24h: market.volume24h,
      totalVolume: market.totalVolume,
      liquidity: market.liquidity,
      endDate: market.endDate,
      status: marketStatus(
        outcomes,
        detail?.closed ?? false,
        detail?.resolution ?? null,
        market.endDate,
        now,
      ),
      source: { kind: "gamma", at, stale },
    },
    analysis: null,
  };
}

async function fromHistory(deps: Deps, slug: string, now: number): Promise<ResolvedMarket | null> {
  const store = deps.history;
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
  const outcomes = stored.outcomes.map((label, i) => ({ label, price: last.prices[i] ?? 0 }));
  return {
    view: {
      id: stored.id,
      slug,
      title: stored.question,
      description: null,
      image: null,
      eventSlug: stored.eventSlug,
      conditionId: stored.conditionId,
      clobTokenIds: stored.clobTokenIds,
      outcomes,
      volume24h: last.volume24h,
      totalVolume: null,
      liquidity: last.liquidity,
      endDate: stored.endDate,
      status: marketStatus(outcomes, false, null, stored.endDate, now),
      source: { kind: "history", at: new Date(last.t * 1000).toISOString() },
    },
    analysis: null,
  };
}

/**
 * The market a slug names, or null when there is none (a 404). Unavailable when the slug is not in the
 * snapshot, Gamma fails and our history has never seen it; `limited` when Gamma would have to be asked
 * but the client is over its lookup limit (the page says so rather than reading our history for it).
 */
export async function resolveMarket(deps: Deps, slug: string): Promise<Section<ResolvedMarket | null>> {
  if (!isSlug(slug)) return ok(null);
  const now = deps.now();
  const shown = await findShownMarket(deps, slug);
  if (shown) return ok(fromSnapshot(shown, slug, now));
  const kept = await LOOKUPS.market.get(deps, slug);
  if (kept.ok) {
    const { value, fetchedAt, stale } = kept.value;
    return ok(value ? fromGamma(value, slug, fetchedAt, stale, now) : null);
  }
  if (kept.reason === "limited") return kept;
  const stored = await fromHistory(deps, slug, now);
  return stored ? ok(stored) : unavailable(MARKET_UNAVAILABLE);
}
