/**
 * The market snapshot: Gamma's busiest events enriched with X mention counts and forecasts, cached
 * through the SWR cache. Loaders, the JSON API and cron read it here; nothing else builds it.
 */
import { toDisplayMarket } from "~/lib/display-market";
import { mentionTotal } from "~/lib/mentions";
import {
  MENTIONS_ESTIMATE_METHOD,
  mixProvenance,
  POLYMARKET,
  SENTIMENT_ESTIMATE_METHOD,
  type SnapshotProvenance,
  X_API,
} from "~/lib/provenance";
import type { Unavailable } from "~/lib/section";
import type {
  DisplayEvent,
  DisplayMarket,
  EventAnalysis,
  Market,
  MarketEvent,
  MarketSnapshot,
} from "~/lib/types";
import type { Cached } from "../cache/cached";
import { defineDataset, failureFields } from "../cache/dataset";
import type { Deps } from "../deps";
import { type CallState, callStateOf, leadingMarket, marketAnalysisOf, toDisplayEvent } from "../events/card";
import { SMART_ROW_MAX_AGE_MS } from "../history/event-smart-money";
import type { HistoryStore } from "../history/store";
import { createLog } from "../log";
import { estimateMentions } from "../mentions/estimate";
import { getMentions, type MentionCacheEntry } from "../mentions/index";
import { deriveKeywords } from "../mentions/keywords";
import type { MarketsRoute } from "../polymarket/gamma";
import { MAX_MARKETS } from "../polymarket/gamma-markets";
import { SAMPLE_MARKETS } from "../sample-markets";
import { estimateAnalysis } from "../sentiment/estimate";
import { getAnalyses, type ModelRun } from "../sentiment/index";
import { DEFAULT_MIN_EDGE_POINTS } from "../track-record/call-rules";
import { feedOutcome, mentionsOutcome, modelOutcome, observed } from "./checks";
import { callOf, marketObservation } from "./history";
import { KV_KEYS } from "./keys";
import { flushHistory, type HistoryBatch } from "./outbox";
import { readSparklines } from "./sparklines";

const log = createLog("markets");

/** What KV holds for markets: the public snapshot plus the caches that keep upstream calls flat. */
export interface StoredMarkets {
  snapshot: MarketSnapshot;
  /** Each shown event's analysis by event id: a model forecast is reused while it is current. */
  analyses: Record<string, EventAnalysis>;
  mentionCache: Record<string, MentionCacheEntry>;
  /** The last build that received live X counts (status page); counts reused from the cache do not count. */
  mentionsLiveAt: string | null;
  /** The last build the model returned analyses to; analyses kept while current do not count. */
  sentimentModelAt: string | null;
  /** The last build that asked the model, whatever it answered (status page: a visitor's build records no check). */
  sentimentAskedAt?: string | null;
  /**
   * Shown events, at this build, whose model call disagreed with the model's own probabilities (the call
   * derived from them was shown instead): the status page counts them.
   */
  modelDisagreements?: number;
  /**
   * Which Gamma list served this snapshot: the events list, or (its fallback) the markets keyset or
   * legacy list grouped by event.
   */
  feedRoute?: FeedRoute;
  /**
   * The shown markets themselves, every outcome included (the market page), without their rules text:
   * ~60 KB for 100 markets that every read of the snapshot would parse again.
   */
  markets?: Market[];
  /** History batches the database could not take yet, written by the next build (decision 0023). */
  pendingHistory?: HistoryBatch[];
}

/** Which Gamma list served the snapshot: the events list, or the markets list it fell back to. */
export type FeedRoute = "events" | MarketsRoute;

/**
 * The markets the snapshot keeps (the API's market list, the history's points, the market page), at most
 * 100 (SPEC §9): first each event's leading outcome and called market, busiest event first, so every card
 * has its price line and every call its market; then the events' other open markets in the same order.
 */
export function shownMarkets(
  events: readonly MarketEvent[],
  calledIds: ReadonlySet<string> = new Set(),
): Market[] {
  const first = events.flatMap((event) => {
    const leader = leadingMarket(event);
    const called = event.markets.find((m) => calledIds.has(m.id) && m !== leader);
    return [leader, called].filter((m): m is Market => m !== undefined);
  });
  const taken = new Set(first.map((m) => m.id));
  const rest = events.flatMap((event) => event.markets).filter((m) => !taken.has(m.id));
  return [...first, ...rest].slice(0, MAX_MARKETS);
}

/**
 * A sample market (SPEC §8) as a one-market event of its own. Samples are examples, not questions with a
 * deadline: their event has no end date, so "hide ended" never hides them.
 */
function soloEvent(market: Market): MarketEvent {
  return {
    id: market.id,
    slug: market.slug ?? market.id,
    title: market.title,
    description: market.description,
    resolutionSource: null,
    image: market.image,
    endDate: null,
    startDate: null,
    volume24h: market.volume24h,
    volume: market.volume ?? 0,
    liquidity: market.liquidity ?? 0,
    negRisk: false,
    tags: market.tags.map((label) => ({ slug: "", label })),
    markets: [{ ...market, endDate: null }],
    resolved: [],
  };
}

/** SPEC §8: the three built-in markets with estimated enrichment, flagged `sample`. Never cached. */
function buildSampleSnapshot(now: number, error: string): MarketSnapshot {
  const events = SAMPLE_MARKETS.map(soloEvent);
  const keywords = deriveKeywords(events.map((e) => e.title));
  const counts = keywords.map(estimateMentions);
  const analyses = events.map(estimateAnalysis);
  // Estimates make their own price-move calls: the model's edge threshold does not apply to them.
  const states = events.map((e, i) =>
    callStateOf(e, analyses[i] as EventAnalysis, now, DEFAULT_MIN_EDGE_POINTS),
  );
  const cards = events.map((e, i) => ({
    ...toDisplayEvent(e, analyses[i] as EventAnalysis, states[i] as CallState, counts[i], now),
    href: "",
  }));
  const markets = events.map((e, i) => {
    const analysis = analyses[i] as EventAnalysis;
    const market = e.markets[0] as Market;
    return toDisplayMarket(
      market,
      marketAnalysisOf(e, analysis, states[i] as CallState, market),
      counts[i],
      now,
    );
  });
  return {
    events: cards,
    markets,
    totalMentions: mentionTotal(cards).total,
    provenance: {
      markets: { kind: "sample" },
      mentions: { kind: "estimated", method: MENTIONS_ESTIMATE_METHOD },
      sentiment: { kind: "estimated", method: SENTIMENT_ESTIMATE_METHOD },
    },
    fetchedAt: new Date(now).toISOString(),
    error,
  };
}

/**
 * One log line per build naming the events whose model call disagreed with the model's own probabilities
 * (the derived call was shown and recorded instead), so a model or prompt that contradicts itself is seen.
 */
function reportDisagreements(shown: readonly { event: MarketEvent; state: CallState }[]): number {
  const disagreed = shown.filter((s) => s.state.disagreed);
  if (disagreed.length > 0) {
    log.info(
      `the model's own call disagreed with its probabilities for ${disagreed.length} of ${shown.length} events (calls derived from the probabilities instead): ${disagreed
        .slice(0, 10)
        .map((s) => s.event.slug)
        .join(", ")}`,
    );
  }
  return disagreed.length;
}

/**
 * When the model was last asked and last answered, after this build's run of it (null: not asked). A
 * build that keeps every still-current analysis asks nothing, so both times stay the previous build's.
 */
function modelTimes(
  previous: StoredMarkets | null,
  run: ModelRun | null,
  at: string,
): Pick<StoredMarkets, "sentimentModelAt" | "sentimentAskedAt"> {
  // Snapshots written before the ask was recorded: the model last answered no later than their model time.
  const askedBefore = previous?.sentimentAskedAt ?? previous?.sentimentModelAt ?? null;
  return {
    sentimentAskedAt: run && run.batches > 0 ? at : askedBefore,
    sentimentModelAt: run && run.analyses > 0 ? at : (previous?.sentimentModelAt ?? null),
  };
}

/**
 * The shown events' smart-money leans the minute cron keeps (decision 0055), by slug: only rows at most two
 * hours old, only for the model (one D1 query, only when there is a model). A failing read tells it none.
 */
async function smartLeans(history: HistoryStore | null, now: number): Promise<Map<string, string>> {
  if (!history) return new Map();
  try {
    const rows = await history.eventSmartMoneySince(now - SMART_ROW_MAX_AGE_MS);
    return new Map(rows.map((r) => [r.eventSlug, r.lean]));
  } catch (error) {
    log.error("smart money rows unavailable, the model is told none", error);
    return new Map();
  }
}

/** Fetches the feed and enriches it; throws UpstreamError when the feed itself fails. */
async function buildMarkets(deps: Deps, previous: StoredMarkets | null): Promise<StoredMarkets> {
  const { config, upstreams } = deps;
  const fetchFeed = observed(deps, "gamma", feedOutcome, upstreams.gamma.activeEvents);
  const feed = await fetchFeed();
  const { events } = feed;
  const route: FeedRoute = feed.route === "events" ? "events" : (feed.marketsRoute ?? "keyset");
  const now = deps.now();
  const fetchedAt = new Date(now).toISOString();
  // One X query per event, from its title: sibling buckets share one count.
  const keywords = deriveKeywords(events.map((e) => e.title));

  // The model is told each event's X count, so the counts come first; each fails on its own (SPEC §7).
  const countMentions = observed(deps, "x", mentionsOutcome, getMentions);
  const mentions = await countMentions(keywords, {
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
  });
  const mentionsById = new Map(events.map((e, i) => [e.id, mentions.counts[i]?.mentions ?? 0]));
  const analyse = observed(deps, "llm", modelOutcome, getAnalyses);
  const smartMoney = upstreams.llm ? await smartLeans(deps.history, now) : undefined;
  const sentiment = await analyse(events, previous?.analyses ?? {}, {
    llm: upstreams.llm,
    at: fetchedAt,
    mentions: mentionsById,
    ...(smartMoney ? { smartMoney } : {}),
  }).catch((error: unknown) => {
    log.error("sentiment failed, using estimates", error);
    return {
      analyses: events.map(estimateAnalysis),
      provenance: { kind: "estimated", method: SENTIMENT_ESTIMATE_METHOD } as const,
      model: null,
    };
  });

  const liveCounts = mentions.counts.filter((c) => c.source === "live").length;
  const provenance: SnapshotProvenance = {
    markets: { kind: "live", by: POLYMARKET, at: fetchedAt },
    mentions: mixProvenance(liveCounts, mentions.counts.length, X_API, fetchedAt, MENTIONS_ESTIMATE_METHOD),
    sentiment: sentiment.provenance,
  };
  const analyses: Record<string, EventAnalysis> = {};
  // Each event with its analysis, X count and call after the record's rules.
  const shown = events.flatMap((event, i) => {
    const analysis = sentiment.analyses[i];
    if (!analysis) return [];
    analyses[event.id] = analysis;
    const state = callStateOf(event, analysis, now, config.callMinEdgePoints);
    return [{ event, analysis, mention: mentions.counts[i], state }];
  });
  const modelDisagreements = reportDisagreements(shown);
  const called = new Set(shown.flatMap(({ state }) => (state.call ? [state.call.marketId] : [])));
  const markets = shownMarkets(events, called);
  const ofMarket = new Map(shown.flatMap((entry) => entry.event.markets.map((m) => [m.id, entry] as const)));
  const marketAnalyses = new Map(
    markets.flatMap((m) => {
      const entry = ofMarket.get(m.id);
      return entry ? [[m.id, marketAnalysisOf(entry.event, entry.analysis, entry.state, m)] as const] : [];
    }),
  );
  // Read before this build's points are written: the line ends with the price just fetched.
  const sparklines = await readSparklines(deps.history, markets, now);
  // The history first: what the database cannot take now rides along in this snapshot (decision 0023).
  const unwritten = await flushHistory(deps, [
    ...(previous?.pendingHistory ?? []),
    {
      id: `markets:${now}`,
      atMs: now,
      points: markets.flatMap(
        (m) => marketObservation(m, marketAnalyses.get(m.id), ofMarket.get(m.id)?.mention) ?? [],
      ),
      // One call per event at most, and only what the record's rules let through (call-rules.ts).
      calls: shown.flatMap(({ event, analysis, state }) => callOf(event, analysis, state) ?? []),
      checks: deps.takeChecks?.() ?? [],
    },
  ]);
  const cards = shown.map(({ event, analysis, mention, state }) => {
    const leader = leadingMarket(event);
    return toDisplayEvent(event, analysis, state, mention, now, leader && sparklines.get(leader.id));
  });
  const marketCards = markets.map((m) => {
    const card = toDisplayMarket(m, marketAnalyses.get(m.id), ofMarket.get(m.id)?.mention, now);
    const spark = sparklines.get(m.id);
    return spark ? { ...card, spark } : card;
  });
  return {
    ...(unwritten.length > 0 ? { pendingHistory: unwritten } : {}),
    snapshot: {
      events: cards,
      markets: marketCards,
      totalMentions: mentionTotal(cards).total,
      provenance,
      fetchedAt,
    },
    analyses,
    mentionCache: mentions.cache,
    mentionsLiveAt:
      mentions.run.requests > mentions.run.failures ? fetchedAt : (previous?.mentionsLiveAt ?? null),
    ...modelTimes(previous, sentiment.model, fetchedAt),
    modelDisagreements,
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
  return { ...snapshot, provenance, stale, ...failureFields(failure) };
}

/** Nothing cached and no feed: an empty feed is SPEC §8 'No markets available' (not stored); any other failure the labelled sample. */
function fallback(now: number, failure: Unavailable): MarketSnapshot {
  const at = new Date(now).toISOString();
  if (failure.reason === "empty") {
    return {
      events: [],
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
  const sample = buildSampleSnapshot(now, failure.message);
  return { ...sample, failingSince: failure.since ?? sample.fetchedAt };
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

/** The market snapshot as the cache holds it (its check time and staleness), as pages read it. */
export type CachedMarkets = NonNullable<Awaited<ReturnType<typeof marketSnapshot.cached>>>;

/** A market of the cached snapshot by slug, with its card (no upstream call), or null. */
export function findShownMarket(
  cached: CachedMarkets | null,
  slug: string,
): {
  market: Market;
  card: DisplayMarket;
  /** Its event's card: the event's call, which the market page shows as the event's card does. */
  event: DisplayEvent | null;
  snapshot: MarketSnapshot;
} | null {
  const market = cached?.value.markets?.find((m) => m.slug === slug);
  const card = market && cached?.value.snapshot.markets.find((m) => m.id === market.id);
  if (!cached || !market || !card) return null;
  const event = cached.value.snapshot.events.find((e) => e.slug === market.event?.slug) ?? null;
  return { market, card, event, snapshot: present(cached) };
}

/**
 * An event of the cached snapshot by slug, with its card and the market bodies the snapshot keeps of it
 * (all of a one-market event; often only the leading ones of a multi-outcome event), or null. No upstream call.
 */
export function findShownEvent(
  cached: CachedMarkets | null,
  slug: string,
): { card: DisplayEvent; markets: Market[]; snapshot: MarketSnapshot } | null {
  const card = cached?.value.snapshot.events?.find((e) => e.slug === slug);
  if (!cached || !card) return null;
  const listed = new Set(card.outcomes.map((o) => o.marketId));
  const markets = (cached.value.markets ?? []).filter((m) => m.event?.slug === slug || listed.has(m.id));
  return { card, markets, snapshot: present(cached) };
}
