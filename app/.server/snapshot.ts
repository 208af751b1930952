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
import { fetchActiveMarkets, type MarketsRoute } from "./polymarket/gamma";
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
  marketsRefresh: "refresh:markets:v1",
  whalesRefresh: "refresh:whales:v1",
} as const;

/** The outcome of the latest refresh attempts of a dataset, kept in KV beside it (any isolate can read it). */
export interface RefreshRecord {
  /** ISO time of the latest attempt. */
  attemptAt: string;
  /** ISO time of the latest success, null if none since the record began. */
  successAt: string | null;
  /** ISO time of the first failure in the current run of failures; null while refreshes succeed. */
  failingSince: string | null;
  /** The latest failure's message, null after a success. */
  error: string | null;
  /** Which Gamma list served the latest successful markets refresh. */
  route?: MarketsRoute;
}

/** What KV holds for markets: the public snapshot plus the caches that keep upstream calls flat. */
export interface StoredMarkets {
  snapshot: MarketSnapshot;
  analyses: Record<string, MarketAnalysis>;
  mentionCache: Record<string, MentionCacheEntry>;
  /** Last time mention counts / model analyses were obtained live (status page). */
  mentionsLiveAt: string | null;
  sentimentModelAt: string | null;
  /** Which Gamma list served this snapshot (absent in records written before the keyset client). */
  feedRoute?: MarketsRoute;
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
/** The latest failure per dataset and until when callers get the fallback without a new upstream call. */
const lastFailure = new Map<string, { until: number; error: Error }>();
/** Longest back-off a `Retry-After` can impose. */
const MAX_RETRY_AFTER_MS = 3_600_000;

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
  return failure && deps.now() < failure.until ? failure.error : null;
}

/** Back-off after a failure: FAILURE_BACKOFF_SECONDS, or longer when the upstream said `Retry-After`. */
function backoffUntil(deps: SnapshotDeps, error: Error): number {
  const asked = error instanceof UpstreamError ? Math.min(error.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS) : 0;
  return deps.now() + Math.max(deps.config.failureBackoffSeconds * 1000, asked);
}

/** One cached dataset: where it lives in KV, how long it is fresh, how to rebuild it. */
interface Pipeline<TStored> {
  key: string;
  lockKey: string;
  refreshKey: string;
  freshMs: (config: Config) => number;
  fetchedAt: (stored: TStored) => string;
  /** Throws when the upstream fails; the caller keeps the previous data then. */
  build: (deps: SnapshotDeps, previous: TStored | null) => Promise<TStored>;
  /** The upstream route that served a build, when there is a choice (markets: keyset or legacy). */
  route?: (stored: TStored) => MarketsRoute | undefined;
}

/** Records the outcome of one refresh attempt beside the data (best effort, like every KV write). */
async function recordAttempt(
  deps: SnapshotDeps,
  pipeline: Pipeline<unknown>,
  outcome: { error: Error | null; route?: MarketsRoute },
): Promise<void> {
  const previous = await kvRead<RefreshRecord>(deps, pipeline.refreshKey);
  const at = new Date(deps.now()).toISOString();
  // An empty answer is the upstream working (SPEC: 'No markets available'), not a failed refresh.
  const answered =
    outcome.error === null || (outcome.error instanceof UpstreamError && outcome.error.kind === "empty");
  const record: RefreshRecord = answered
    ? { attemptAt: at, successAt: at, failingSince: null, error: null, route: outcome.route }
    : {
        attemptAt: at,
        successAt: previous?.successAt ?? null,
        failingSince: previous?.failingSince ?? at,
        error: failureMessage(outcome.error),
        route: previous?.route,
      };
  await kvWrite(deps, pipeline.refreshKey, record);
}

function refresh<T>(deps: SnapshotDeps, pipeline: Pipeline<T>): Promise<T | Error> {
  return singleFlight(pipeline.key, async () => {
    const previous = await kvRead<T>(deps, pipeline.key);
    try {
      const next = await pipeline.build(deps, previous);
      await kvWrite(deps, pipeline.key, next);
      lastFailure.delete(pipeline.key);
      await recordAttempt(deps, pipeline as Pipeline<unknown>, {
        error: null,
        route: pipeline.route?.(next),
      });
      return next;
    } catch (error) {
      log(`refresh of ${pipeline.key} failed, keeping previous data`, error);
      const failure = error instanceof Error ? error : new Error(String(error));
      lastFailure.set(pipeline.key, { until: backoffUntil(deps, failure), error: failure });
      await recordAttempt(deps, pipeline as Pipeline<unknown>, { error: failure });
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

/** The current run of failed refreshes, if it began after the data in hand was fetched. */
async function currentFailure(
  deps: SnapshotDeps,
  pipeline: Pipeline<unknown>,
  fetchedAt: string | null,
): Promise<{ error: string; failingSince: string } | null> {
  const record = await kvRead<RefreshRecord>(deps, pipeline.refreshKey);
  if (!record?.failingSince || !record.error) return null;
  if (fetchedAt !== null && ageMs(fetchedAt, Date.parse(record.failingSince)) < 0) return null;
  return { error: record.error, failingSince: record.failingSince };
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
  const { markets, route } = await fetchActiveMarkets(polymarketOptions(deps, config.gammaUrl));
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
    feedRoute: route,
  };
}

const marketsPipeline: Pipeline<StoredMarkets> = {
  key: KV_KEYS.markets,
  lockKey: KV_KEYS.marketsLock,
  refreshKey: KV_KEYS.marketsRefresh,
  freshMs: (config) => config.marketsFreshSeconds * 1000,
  fetchedAt: (stored) => stored.snapshot.fetchedAt,
  build: buildMarkets,
  route: (stored) => stored.feedRoute,
};

/**
 * Refreshes the market snapshot once (single flight). On success it is stored and returned;
 * on failure the stored data is left untouched and the error is returned.
 */
export function refreshMarkets(deps: SnapshotDeps): Promise<StoredMarkets | Error> {
  return refresh(deps, marketsPipeline);
}

/** The stored snapshot with the current refresh failure, if any, and whether it is past its freshness. */
async function withRefreshState(deps: SnapshotDeps, snapshot: MarketSnapshot): Promise<MarketSnapshot> {
  const failure = await currentFailure(deps, marketsPipeline as Pipeline<unknown>, snapshot.fetchedAt);
  const stale = ageMs(snapshot.fetchedAt, deps.now()) > deps.config.marketsFreshSeconds * 1000;
  return { ...snapshot, stale, ...(failure ?? {}) };
}

/** The cached snapshot if there is one (no waiting on upstreams), else null. A stale read schedules one background refresh. */
export async function readMarketSnapshot(deps: SnapshotDeps): Promise<MarketSnapshot | null> {
  const stored = await readStored(deps, marketsPipeline);
  return stored ? withRefreshState(deps, stored.snapshot) : null;
}

/**
 * The market snapshot: cached if possible, else fetched now. An empty feed gives an empty snapshot
 * (SPEC §8 'No markets available', not stored); any other failure the labelled sample fallback.
 */
export async function getMarketSnapshot(deps: SnapshotDeps): Promise<MarketSnapshot> {
  const result = await readOrRefresh(deps, marketsPipeline);
  if (!(result instanceof Error)) return withRefreshState(deps, result.snapshot);
  if (result instanceof UpstreamError && result.kind === "empty") {
    return {
      markets: [],
      totalMentions: 0,
      sources: { markets: "live", mentions: "estimated", sentiment: "estimated" },
      fetchedAt: new Date(deps.now()).toISOString(),
    };
  }
  const failure = await currentFailure(deps, marketsPipeline as Pipeline<unknown>, null);
  const sample = buildSampleSnapshot(deps.now(), failureMessage(result));
  return { ...sample, failingSince: failure?.failingSince ?? sample.fetchedAt };
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
  refreshKey: KV_KEYS.whalesRefresh,
  freshMs: (config) => config.whalesFreshSeconds * 1000,
  fetchedAt: (stored) => stored.snapshot.fetchedAt,
  build: (deps) => buildWhales(deps),
};

/** Refreshes the whale snapshot once (single flight); failures leave stored data untouched. */
export function refreshWhales(deps: SnapshotDeps): Promise<StoredWhales | Error> {
  return refresh(deps, whalesPipeline);
}

async function whalesWithRefreshState(deps: SnapshotDeps, snapshot: WhaleSnapshot): Promise<WhaleSnapshot> {
  const failure = await currentFailure(deps, whalesPipeline as Pipeline<unknown>, snapshot.fetchedAt);
  return failure ? { ...snapshot, ...failure } : snapshot;
}

/** Cached whale snapshot (scheduling a background refresh when stale) or null. */
export async function readWhaleSnapshot(deps: SnapshotDeps): Promise<WhaleSnapshot | null> {
  const stored = await readStored(deps, whalesPipeline);
  return stored ? whalesWithRefreshState(deps, stored.snapshot) : null;
}

/** The whale snapshot: cached if possible, else fetched now; an empty list plus the failure otherwise. */
export async function getWhaleSnapshot(deps: SnapshotDeps): Promise<WhaleSnapshot> {
  const result = await readOrRefresh(deps, whalesPipeline);
  if (!(result instanceof Error)) return whalesWithRefreshState(deps, result.snapshot);
  const empty = result instanceof UpstreamError && result.kind === "empty";
  return {
    trades: [],
    fetchedAt: new Date(deps.now()).toISOString(),
    ...(empty ? {} : { error: failureMessage(result) }),
  };
}

// ---------------------------------------------------------------- status

/**
 * fresh: stored and within its freshness window; stale: stored but older (served while refreshing);
 * fallback: nothing stored and the latest refresh failed (markets: pages show the sample markets);
 * missing: nothing stored and no failure on record (never refreshed yet).
 */
export type SnapshotState = "fresh" | "stale" | "fallback" | "missing";

export interface DatasetHealth {
  state: SnapshotState;
  /** When the data in hand was fetched, null when there is none. */
  fetchedAt: string | null;
  ageSeconds: number | null;
  freshSeconds: number;
  lastAttemptAt: string | null;
  /** Set while refreshes fail: since when, and the latest failure. */
  failingSince: string | null;
  error: string | null;
}

export interface PipelineStatus {
  markets: DatasetHealth & {
    source: "live" | "sample" | null;
    /** Which Gamma list served the latest successful refresh. */
    route: MarketsRoute | null;
  };
  whales: DatasetHealth;
  mentions: { liveAt: string | null; source: string | null };
  sentiment: { modelAt: string | null; source: string | null };
}

function datasetHealth(
  deps: SnapshotDeps,
  fetchedAt: string | null,
  freshSeconds: number,
  record: RefreshRecord | null,
): DatasetHealth {
  const age = fetchedAt === null ? null : ageMs(fetchedAt, deps.now());
  const failing = record?.failingSince ?? null;
  let state: SnapshotState;
  if (age !== null) state = age <= freshSeconds * 1000 ? "fresh" : "stale";
  else state = failing !== null ? "fallback" : "missing";
  return {
    state,
    fetchedAt,
    ageSeconds: age === null || !Number.isFinite(age) ? null : Math.max(0, Math.round(age / 1000)),
    freshSeconds,
    lastAttemptAt: record?.attemptAt ?? null,
    failingSince: failing,
    error: failing !== null ? (record?.error ?? null) : null,
  };
}

/** Each snapshot's state and age and its latest refresh outcome (status page, /api/health). Never calls upstreams. */
export async function readPipelineStatus(deps: SnapshotDeps): Promise<PipelineStatus> {
  const [markets, whales, marketsRecord, whalesRecord] = await Promise.all([
    kvRead<StoredMarkets>(deps, KV_KEYS.markets),
    kvRead<StoredWhales>(deps, KV_KEYS.whales),
    kvRead<RefreshRecord>(deps, KV_KEYS.marketsRefresh),
    kvRead<RefreshRecord>(deps, KV_KEYS.whalesRefresh),
  ]);
  const { config } = deps;
  return {
    markets: {
      ...datasetHealth(deps, markets?.snapshot.fetchedAt ?? null, config.marketsFreshSeconds, marketsRecord),
      source: markets?.snapshot.sources.markets ?? null,
      route: markets?.feedRoute ?? marketsRecord?.route ?? null,
    },
    whales: datasetHealth(deps, whales?.snapshot.fetchedAt ?? null, config.whalesFreshSeconds, whalesRecord),
    mentions: { liveAt: markets?.mentionsLiveAt ?? null, source: markets?.snapshot.sources.mentions ?? null },
    sentiment: {
      modelAt: markets?.sentimentModelAt ?? null,
      source: markets?.snapshot.sources.sentiment ?? null,
    },
  };
}

/**
 * The health check: every snapshot's state; `ok` is false when pages can only show the sample markets
 * (the feed is failing and nothing is cached). With nothing cached and nothing on record it tries
 * one refresh first (as the first page view would), under the usual single flight and back-off.
 */
export async function readHealth(deps: SnapshotDeps): Promise<{ ok: boolean; snapshots: PipelineStatus }> {
  let snapshots = await readPipelineStatus(deps);
  if (snapshots.markets.state === "missing") {
    await getMarketSnapshot(deps);
    snapshots = await readPipelineStatus(deps);
  }
  return { ok: snapshots.markets.state !== "fallback", snapshots };
}
