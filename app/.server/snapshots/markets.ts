/**
 * The market snapshot: Gamma's list enriched with X mention counts and sentiment, cached through the
 * SWR cache. Loaders, the JSON API and cron read it here; nothing else builds it.
 */
import { toDisplayMarket } from "~/lib/display-market";
import { errorMessage } from "~/lib/errors";
import {
  MENTIONS_ESTIMATE_METHOD,
  mixProvenance,
  POLYMARKET,
  SENTIMENT_ESTIMATE_METHOD,
  type SnapshotProvenance,
  X_API,
} from "~/lib/provenance";
import type { DisplayMarket, Market, MarketAnalysis, MarketEvent, MarketSnapshot } from "~/lib/types";
import { type DatasetFailure, defineDataset } from "../cache/dataset";
import type { Cached } from "../cache/swr-cache";
import type { Deps } from "../deps";
import { createLog } from "../log";
import { estimateMentions } from "../mentions/estimate";
import { getMentions, type MentionCacheEntry } from "../mentions/index";
import { deriveKeywords } from "../mentions/keywords";
import type { MarketsRoute } from "../polymarket/gamma";
import { MAX_MARKETS } from "../polymarket/gamma-markets";
import { SAMPLE_MARKETS } from "../sample-markets";
import { estimateAnalysis } from "../sentiment/estimate";
import { getAnalyses } from "../sentiment/index";
import { feedOutcome, mentionsOutcome, modelOutcome, observed } from "./checks";
import { uniqueMentions } from "./dashboard";
import { callOf, marketObservation } from "./history";
import { KV_KEYS } from "./keys";
import { flushHistory, type HistoryBatch } from "./outbox";
import { readSparklines } from "./sparklines";

const log = createLog("markets");

/** What KV holds for markets: the public snapshot plus the caches that keep upstream calls flat. */
export interface StoredMarkets {
  snapshot: MarketSnapshot;
  analyses: Record<string, MarketAnalysis>;
  mentionCache: Record<string, MentionCacheEntry>;
  /** Last time mention counts / model analyses were obtained live (status page). */
  mentionsLiveAt: string | null;
  sentimentModelAt: string | null;
  /**
   * Which Gamma list served this snapshot: the events list, or (its fallback) the markets keyset or
   * legacy list grouped by event. Absent in records written before the keyset client.
   */
  feedRoute?: FeedRoute;
  /**
   * The shown markets themselves, every outcome included (the market page; absent in older records),
   * without their rules text: ~60 KB for 100 markets that every read of the snapshot would parse again.
   */
  markets?: Market[];
  /** History batches the database could not take yet, written by the next build (decision 0023). */
  pendingHistory?: HistoryBatch[];
}

/** Which Gamma list served the snapshot: the events list, or the markets list it fell back to. */
export type FeedRoute = "events" | MarketsRoute;

/**
 * The markets the snapshot shows and analyses (until cards are per event): the open markets of the
 * busiest events, busiest event first and each event's markets in Gamma's order, at most 100 (SPEC §9).
 */
export function shownMarkets(events: readonly MarketEvent[]): Market[] {
  return events.flatMap((event) => event.markets).slice(0, MAX_MARKETS);
}

/** SPEC §8: the three built-in markets with estimated enrichment, flagged `sample`. Never cached. */
function buildSampleSnapshot(now: number, error: string): MarketSnapshot {
  const keywords = deriveKeywords(SAMPLE_MARKETS.map((m) => m.title));
  const counts = keywords.map(estimateMentions);
  const markets = SAMPLE_MARKETS.map((m, i) => toDisplayMarket(m, estimateAnalysis(m), counts[i], now));
  return {
    markets,
    totalMentions: uniqueMentions(markets),
    provenance: {
      markets: { kind: "sample" },
      mentions: { kind: "estimated", method: MENTIONS_ESTIMATE_METHOD },
      sentiment: { kind: "estimated", method: SENTIMENT_ESTIMATE_METHOD },
    },
    fetchedAt: new Date(now).toISOString(),
    error,
  };
}

/** Fetches the feed and enriches it; throws UpstreamError when the feed itself fails. */
async function buildMarkets(deps: Deps, previous: StoredMarkets | null): Promise<StoredMarkets> {
  const { config, upstreams } = deps;
  const fetchFeed = observed(deps, "gamma", feedOutcome, upstreams.gamma.activeEvents);
  const feed = await fetchFeed();
  const markets = shownMarkets(feed.events);
  const route: FeedRoute = feed.route === "events" ? "events" : (feed.marketsRoute ?? "keyset");
  const now = deps.now();
  const fetchedAt = new Date(now).toISOString();
  const keywords = deriveKeywords(markets.map((m) => m.title));

  // Mentions and sentiment run in parallel and fail independently (SPEC §7).
  const countMentions = observed(deps, "x", mentionsOutcome, getMentions);
  const analyse = observed(deps, "llm", modelOutcome, getAnalyses);
  const [mentions, sentiment] = await Promise.all([
    countMentions(keywords, {
      x: upstreams.x,
      maxRequests: config.xMaxRequests,
      cacheSeconds: config.xCacheSeconds,
      now,
      cache: previous?.mentionCache ?? {},
    }).catch((error: unknown) => {
      log.error("mentions failed, using estimates", error);
      return {
        counts: keywords.map(estimateMentions),
        cache: {},
        source: "estimated" as const,
        run: { requests: 0, failures: 0, lastError: null },
      };
    }),
    analyse(markets, previous?.analyses ?? {}, { llm: upstreams.llm, at: fetchedAt }).catch(
      (error: unknown) => {
        log.error("sentiment failed, using estimates", error);
        return {
          analyses: markets.map(estimateAnalysis),
          provenance: { kind: "estimated", method: SENTIMENT_ESTIMATE_METHOD } as const,
        };
      },
    ),
  ]);

  const liveCounts = mentions.counts.filter((c) => c.source === "live").length;
  const provenance: SnapshotProvenance = {
    markets: { kind: "live", by: POLYMARKET, at: fetchedAt },
    mentions: mixProvenance(liveCounts, mentions.counts.length, X_API, fetchedAt, MENTIONS_ESTIMATE_METHOD),
    sentiment: sentiment.provenance,
  };
  const analyses: Record<string, MarketAnalysis> = {};
  markets.forEach((m, i) => {
    const analysis = sentiment.analyses[i];
    if (analysis) analyses[m.id] = analysis;
  });
  // Read before this build's points are written: the line ends with the price just fetched.
  const sparklines = await readSparklines(deps, markets, now);
  // The history first: what the database cannot take now rides along in this snapshot (decision 0023).
  const unwritten = await flushHistory(deps, [
    ...(previous?.pendingHistory ?? []),
    {
      id: `markets:${now}`,
      atMs: now,
      points: markets.flatMap(
        (m, i) => marketObservation(m, sentiment.analyses[i], mentions.counts[i]) ?? [],
      ),
      calls: markets.flatMap((m, i) => callOf(m, sentiment.analyses[i]) ?? []),
      checks: deps.takeChecks?.() ?? [],
    },
  ]);
  const cards = markets.map((m, i) => {
    const card = toDisplayMarket(m, sentiment.analyses[i], mentions.counts[i], now);
    const spark = sparklines.get(m.id);
    return spark ? { ...card, spark } : card;
  });
  return {
    ...(unwritten.length > 0 ? { pendingHistory: unwritten } : {}),
    snapshot: {
      markets: cards,
      totalMentions: uniqueMentions(cards),
      provenance,
      fetchedAt,
    },
    analyses,
    mentionCache: mentions.cache,
    mentionsLiveAt: mentions.source === "estimated" ? (previous?.mentionsLiveAt ?? null) : fetchedAt,
    sentimentModelAt:
      sentiment.provenance.kind === "estimated" ? (previous?.sentimentModelAt ?? null) : fetchedAt,
    feedRoute: route,
    markets: markets.map((m) => ({ ...m, description: "" })),
  };
}

/**
 * The snapshot as pages see it: with its staleness and the current refresh failure, if any. Markets
 * past their freshness window are "cached at T", no longer "live".
 */
function present({ value, stale, failure }: Cached<StoredMarkets>): MarketSnapshot {
  const { snapshot } = value;
  const markets = snapshot.provenance.markets;
  const provenance =
    stale && markets.kind === "live"
      ? {
          ...snapshot.provenance,
          markets: { kind: "cached" as const, by: markets.by, at: snapshot.fetchedAt },
        }
      : snapshot.provenance;
  return { ...snapshot, provenance, stale, ...(failure ?? {}) };
}

/** Nothing cached and no feed: an empty feed is SPEC §8 'No markets available' (not stored); any other failure the labelled sample. */
function fallback(deps: Deps, failure: DatasetFailure): MarketSnapshot {
  const at = new Date(deps.now()).toISOString();
  if (failure.empty) {
    return {
      markets: [],
      totalMentions: 0,
      provenance: {
        markets: { kind: "live", by: POLYMARKET, at },
        mentions: { kind: "estimated", method: MENTIONS_ESTIMATE_METHOD },
        sentiment: { kind: "estimated", method: SENTIMENT_ESTIMATE_METHOD },
      },
      fetchedAt: at,
    };
  }
  const sample = buildSampleSnapshot(deps.now(), errorMessage(failure.error));
  return { ...sample, failingSince: failure.failingSince ?? sample.fetchedAt };
}

/**
 * The market snapshot: Gamma's busiest markets with mentions and sentiment, fresh for
 * MARKETS_FRESH_SECONDS. `get` answers the cached one, else fetches now, else the fallback; `read` never
 * waits on an upstream; `view` streams a cold cache; the cron `refresh`es it.
 */
export const marketSnapshot = defineDataset<StoredMarkets, MarketSnapshot>({
  key: KV_KEYS.markets,
  recordKey: KV_KEYS.marketsRefresh,
  freshSeconds: (config) => config.marketsFreshSeconds,
  fetchedAt: (stored) => stored.snapshot.fetchedAt,
  build: buildMarkets,
  present,
  fallback,
});

/** A market of the cached snapshot by slug, with its card (no upstream call), or null. */
export async function findShownMarket(
  deps: Deps,
  slug: string,
): Promise<{ market: Market; card: DisplayMarket; snapshot: MarketSnapshot } | null> {
  const cached = await marketSnapshot.cached(deps);
  const market = cached?.value.markets?.find((m) => m.slug === slug);
  const card = market && cached?.value.snapshot.markets.find((m) => m.id === market.id);
  if (!cached || !market || !card) return null;
  return { market, card, snapshot: present(cached) };
}
