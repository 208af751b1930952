/**
 * The one owner of cached data: KV keys, freshness, single-flight refresh and fallbacks.
 * Loaders, the JSON API and cron all read through here; nothing else talks to KV or the feed.
 */
import { toDisplayMarket } from "~/lib/display-market";
import type {
  MarketAnalysis,
  MarketSnapshot,
  MentionCount,
  SnapshotSources,
  WhaleSnapshot,
} from "~/lib/types";
import type { Config } from "./config";
import { UpstreamError } from "./http";
import { estimateMentions } from "./mentions/estimate";
import { getMentions, type MentionCacheEntry } from "./mentions/index";
import { deriveKeywords } from "./mentions/keywords";
import { fetchWhaleTrades } from "./polymarket/data-api";
import { fetchActiveMarkets } from "./polymarket/gamma";
import type { PolymarketOptions } from "./polymarket/request";
import { SAMPLE_MARKETS } from "./sample-markets";
import { estimateAnalysis } from "./sentiment/estimate";
import { getAnalyses } from "./sentiment/index";

export interface SnapshotDeps {
  kv: KVNamespace;
  config: Config;
  fetch: typeof fetch;
  now: () => number;
  /** Keeps background refreshes alive after the response (ctx.waitUntil). */
  waitUntil: (promise: Promise<unknown>) => void;
}

export const KV_KEYS = {
  markets: "snapshot:markets:v1",
  whales: "snapshot:whales:v1",
  marketsLock: "lock:markets",
  whalesLock: "lock:whales",
} as const;

/** What KV holds for markets: the public snapshot plus the caches that keep upstream calls flat. */
export interface StoredMarkets {
  snapshot: MarketSnapshot;
  analyses: Record<string, MarketAnalysis>;
  mentionCache: Record<string, MentionCacheEntry>;
  /** Last time mention counts / model analyses were obtained live (status page). */
  mentionsLiveAt: string | null;
  sentimentModelAt: string | null;
}

export interface StoredWhales {
  snapshot: WhaleSnapshot;
}

/** Seconds a refresh lock lives (KV's minimum TTL). */
const LOCK_SECONDS = 60;
/** How long an isolate trusts its in-memory copy before it reads KV again. */
const MEMORY_MS = 5_000;

// Per-isolate state. Single flight: one refresh promise per key at a time.
const inflight = new Map<string, Promise<unknown>>();
const memory = new Map<string, { value: unknown; readAt: number }>();
const lastFailure = new Map<string, { at: number; error: Error }>();

/** Forgets per-isolate state (tests only). */
export function resetSnapshotMemory(): void {
  inflight.clear();
  memory.clear();
  lastFailure.clear();
}

function log(message: string, error?: unknown): void {
  const detail =
    error instanceof Error ? `: ${error.message}` : error === undefined ? "" : `: ${String(error)}`;
  console.error(`[snapshot] ${message}${detail}`);
}

async function kvRead<T>(deps: SnapshotDeps, key: string): Promise<T | null> {
  const cached = memory.get(key);
  if (cached && deps.now() - cached.readAt < MEMORY_MS) return cached.value as T;
  try {
    const value = await deps.kv.get<T>(key, "json");
    if (value !== null) memory.set(key, { value, readAt: deps.now() });
    return value;
  } catch (error) {
    // KV failing must not fail the request: behave as if the cache were empty.
    log(`KV read of ${key} failed`, error);
    return cached ? (cached.value as T) : null;
  }
}

async function kvWrite(deps: SnapshotDeps, key: string, value: unknown): Promise<void> {
  memory.set(key, { value, readAt: deps.now() });
  try {
    await deps.kv.put(key, JSON.stringify(value));
  } catch (error) {
    log(`KV write of ${key} failed`, error);
  }
}

/** Best-effort cross-isolate lock (KV is eventually consistent; the in-isolate single flight is exact). */
async function takeLock(deps: SnapshotDeps, key: string): Promise<boolean> {
  try {
    const held = await deps.kv.get(key);
    if (held !== null && deps.now() - Number(held) < LOCK_SECONDS * 1000) return false;
    await deps.kv.put(key, String(deps.now()), { expirationTtl: LOCK_SECONDS });
  } catch (error) {
    log(`KV lock ${key} unavailable`, error);
  }
  return true;
}

function singleFlight<T>(key: string, run: () => Promise<T>): Promise<T> {
  const running = inflight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const promise = run().finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}

function ageMs(fetchedAt: string, now: number): number {
  const t = Date.parse(fetchedAt);
  return Number.isFinite(t) ? now - t : Number.POSITIVE_INFINITY;
}

function failureMessage(error: unknown): string {
  if (error instanceof UpstreamError) return error.message;
  return error instanceof Error ? error.message : "Unknown error occurred";
}

/** The last failure of a dataset if it is recent enough to skip calling the upstream again. */
function recentFailure(deps: SnapshotDeps, key: string): Error | null {
  const failure = lastFailure.get(key);
  return failure && deps.now() - failure.at < deps.config.failureBackoffSeconds * 1000 ? failure.error : null;
}

/** One cached dataset: where it lives in KV, how long it is fresh, how to rebuild it. */
interface Pipeline<TStored> {
  key: string;
  lockKey: string;
  freshMs: (config: Config) => number;
  fetchedAt: (stored: TStored) => string;
  /** Throws when the upstream fails; the caller keeps the previous data then. */
  build: (deps: SnapshotDeps, previous: TStored | null) => Promise<TStored>;
}

function refresh<T>(deps: SnapshotDeps, pipeline: Pipeline<T>): Promise<T | Error> {
  return singleFlight(pipeline.key, async () => {
    const previous = await kvRead<T>(deps, pipeline.key);
    try {
      const next = await pipeline.build(deps, previous);
      await kvWrite(deps, pipeline.key, next);
      lastFailure.delete(pipeline.key);
      return next;
    } catch (error) {
      log(`refresh of ${pipeline.key} failed, keeping previous data`, error);
      const failure = error instanceof Error ? error : new Error(String(error));
      lastFailure.set(pipeline.key, { at: deps.now(), error: failure });
      return failure;
    }
  });
}

async function readStored<T>(deps: SnapshotDeps, pipeline: Pipeline<T>): Promise<T | null> {
  const stored = await kvRead<T>(deps, pipeline.key);
  if (!stored) return null;
  const now = deps.now();
  const stale = ageMs(pipeline.fetchedAt(stored), now) > pipeline.freshMs(deps.config);
  const background = `background:${pipeline.key}`;
  if (stale && !inflight.has(background) && recentFailure(deps, pipeline.key) === null) {
    // Serve the stale copy now; one refresh per isolate, and a KV lock to spare other isolates.
    deps.waitUntil(
      singleFlight(background, async () => {
        if (await takeLock(deps, pipeline.lockKey)) await refresh(deps, pipeline);
      }),
    );
  }
  return stored;
}

/** Cached data, else a refresh now (unless one just failed: then its error, without refetching). */
async function readOrRefresh<T>(deps: SnapshotDeps, pipeline: Pipeline<T>): Promise<T | Error> {
  const stored = await readStored(deps, pipeline);
  if (stored) return stored;
  return recentFailure(deps, pipeline.key) ?? refresh(deps, pipeline);
}

function polymarketOptions(deps: SnapshotDeps, baseUrl: string): PolymarketOptions {
  const { timeoutMs, retries, retryBaseMs } = deps.config;
  return { baseUrl, fetch: deps.fetch, timeoutMs, retries, retryBaseMs };
}

// ---------------------------------------------------------------- markets

function sumUniqueMentions(keywords: string[], counts: MentionCount[]): number {
  const seen = new Map<string, number>();
  keywords.forEach((keyword, i) => {
    const count = counts[i];
    if (count && !seen.has(keyword)) seen.set(keyword, count.mentions);
  });
  let total = 0;
  for (const n of seen.values()) total += n;
  return total;
}

/** SPEC §8: the three built-in markets with estimated enrichment, flagged `sample`. Never cached. */
function buildSampleSnapshot(now: number, error: string): MarketSnapshot {
  const keywords = deriveKeywords(SAMPLE_MARKETS.map((m) => m.title));
  const counts = keywords.map(estimateMentions);
  const markets = SAMPLE_MARKETS.map((m, i) => toDisplayMarket(m, estimateAnalysis(m), counts[i], now));
  return {
    markets,
    totalMentions: sumUniqueMentions(keywords, counts),
    sources: { markets: "sample", mentions: "estimated", sentiment: "estimated" },
    fetchedAt: new Date(now).toISOString(),
    error,
  };
}

/** Fetches the feed and enriches it; throws UpstreamError when the feed itself fails. */
async function buildMarkets(deps: SnapshotDeps, previous: StoredMarkets | null): Promise<StoredMarkets> {
  const { config } = deps;
  const markets = await fetchActiveMarkets(polymarketOptions(deps, config.gammaUrl));
  const now = deps.now();
  const keywords = deriveKeywords(markets.map((m) => m.title));

  // Mentions and sentiment run in parallel and fail independently (SPEC §7).
  const [mentions, sentiment] = await Promise.all([
    getMentions(keywords, {
      token: config.xBearerToken,
      baseUrl: config.xApiUrl,
      fetch: deps.fetch,
      timeoutMs: config.timeoutMs,
      maxRequests: config.xMaxRequests,
      cacheSeconds: config.xCacheSeconds,
      now,
      cache: previous?.mentionCache ?? {},
    }).catch((error: unknown) => {
      log("mentions failed, using estimates", error);
      return { counts: keywords.map(estimateMentions), cache: {}, source: "estimated" as const };
    }),
    getAnalyses(markets, previous?.analyses ?? {}, {
      apiKey: config.llmApiKey,
      baseUrl: config.llmApiUrl,
      model: config.llmModel,
      fetch: deps.fetch,
      timeoutMs: config.llmTimeoutMs,
      batchSize: config.llmBatchSize,
    }).catch((error: unknown) => {
      log("sentiment failed, using estimates", error);
      return { analyses: markets.map(estimateAnalysis), source: "estimated" };
    }),
  ]);

  const fetchedAt = new Date(now).toISOString();
  const sources: SnapshotSources = {
    markets: "live",
    mentions: mentions.source,
    sentiment: sentiment.source,
  };
  const analyses: Record<string, MarketAnalysis> = {};
  markets.forEach((m, i) => {
    const analysis = sentiment.analyses[i];
    if (analysis) analyses[m.id] = analysis;
  });
  return {
    snapshot: {
      markets: markets.map((m, i) => toDisplayMarket(m, sentiment.analyses[i], mentions.counts[i], now)),
      totalMentions: sumUniqueMentions(keywords, mentions.counts),
      sources,
      fetchedAt,
    },
    analyses,
    mentionCache: mentions.cache,
    mentionsLiveAt: mentions.source === "estimated" ? (previous?.mentionsLiveAt ?? null) : fetchedAt,
    sentimentModelAt: sentiment.source === "estimated" ? (previous?.sentimentModelAt ?? null) : fetchedAt,
  };
}

const marketsPipeline: Pipeline<StoredMarkets> = {
  key: KV_KEYS.markets,
  lockKey: KV_KEYS.marketsLock,
  freshMs: (config) => config.marketsFreshSeconds * 1000,
  fetchedAt: (stored) => stored.snapshot.fetchedAt,
  build: buildMarkets,
};

/**
 * Refreshes the market snapshot once (single flight). On success it is stored and returned;
 * on failure the stored data is left untouched and the error is returned.
 */
export function refreshMarkets(deps: SnapshotDeps): Promise<StoredMarkets | Error> {
  return refresh(deps, marketsPipeline);
}

/** The cached snapshot if there is one (no waiting on upstreams), else null. A stale read schedules one background refresh. */
export async function readMarketSnapshot(deps: SnapshotDeps): Promise<MarketSnapshot | null> {
  return (await readStored(deps, marketsPipeline))?.snapshot ?? null;
}

/**
 * The market snapshot: cached if possible, else fetched now. An empty feed gives an empty snapshot
 * (SPEC §8 'No markets available', not stored); any other failure the labelled sample fallback.
 */
export async function getMarketSnapshot(deps: SnapshotDeps): Promise<MarketSnapshot> {
  const result = await readOrRefresh(deps, marketsPipeline);
  if (!(result instanceof Error)) return result.snapshot;
  if (result instanceof UpstreamError && result.kind === "empty") {
    return {
      markets: [],
      totalMentions: 0,
      sources: { markets: "live", mentions: "estimated", sentiment: "estimated" },
      fetchedAt: new Date(deps.now()).toISOString(),
    };
  }
  return buildSampleSnapshot(deps.now(), failureMessage(result));
}

// ---------------------------------------------------------------- whales

async function buildWhales(deps: SnapshotDeps): Promise<StoredWhales> {
  const { config } = deps;
  const trades = await fetchWhaleTrades(polymarketOptions(deps, config.dataUrl));
  if (trades.length === 0) {
    // SPEC §5: empty results are not cached; the previous list (with its time) stays.
    throw new UpstreamError("data", "empty", "No large trades found at the moment.");
  }
  return { snapshot: { trades, fetchedAt: new Date(deps.now()).toISOString() } };
}

const whalesPipeline: Pipeline<StoredWhales> = {
  key: KV_KEYS.whales,
  lockKey: KV_KEYS.whalesLock,
  freshMs: (config) => config.whalesFreshSeconds * 1000,
  fetchedAt: (stored) => stored.snapshot.fetchedAt,
  build: (deps) => buildWhales(deps),
};

/** Refreshes the whale snapshot once (single flight); failures leave stored data untouched. */
export function refreshWhales(deps: SnapshotDeps): Promise<StoredWhales | Error> {
  return refresh(deps, whalesPipeline);
}

/** Cached whale snapshot (scheduling a background refresh when stale) or null. */
export async function readWhaleSnapshot(deps: SnapshotDeps): Promise<WhaleSnapshot | null> {
  return (await readStored(deps, whalesPipeline))?.snapshot ?? null;
}

/** The whale snapshot: cached if possible, else fetched now; an empty list plus the failure otherwise. */
export async function getWhaleSnapshot(deps: SnapshotDeps): Promise<WhaleSnapshot> {
  const result = await readOrRefresh(deps, whalesPipeline);
  if (!(result instanceof Error)) return result.snapshot;
  const empty = result instanceof UpstreamError && result.kind === "empty";
  return {
    trades: [],
    fetchedAt: new Date(deps.now()).toISOString(),
    ...(empty ? {} : { error: failureMessage(result) }),
  };
}

// ---------------------------------------------------------------- status

export interface PipelineStatus {
  markets: { fetchedAt: string | null; source: "live" | "sample" | null };
  whales: { fetchedAt: string | null };
  mentions: { liveAt: string | null; source: string | null };
  sentiment: { modelAt: string | null; source: string | null };
}

/** When each snapshot was last refreshed successfully (status page, /api/health). */
export async function readPipelineStatus(deps: SnapshotDeps): Promise<PipelineStatus> {
  const [markets, whales] = await Promise.all([
    kvRead<StoredMarkets>(deps, KV_KEYS.markets),
    kvRead<StoredWhales>(deps, KV_KEYS.whales),
  ]);
  return {
    markets: {
      fetchedAt: markets?.snapshot.fetchedAt ?? null,
      source: markets?.snapshot.sources.markets ?? null,
    },
    whales: { fetchedAt: whales?.snapshot.fetchedAt ?? null },
    mentions: { liveAt: markets?.mentionsLiveAt ?? null, source: markets?.snapshot.sources.mentions ?? null },
    sentiment: {
      modelAt: markets?.sentimentModelAt ?? null,
      source: markets?.snapshot.sources.sentiment ?? null,
    },
  };
}
