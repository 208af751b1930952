/**
 * The upstream clients, built once per request or cron run from the config and the run's `fetch`
 * (deps.ts). Each client module stays the only code that calls its upstream; these factories only bind
 * its base URL, timeout and retry policy, so no caller ever rebuilds client options.
 */
import type { Config } from "./config";
import { fetchKalshiEventsPage } from "./kalshi/client";
import { createX, type XClient } from "./mentions/x-client";
import { fetchBooks, fetchPriceHistory, type HistoryInterval } from "./polymarket/clob";
import { fetchEventTrades, fetchHolders, fetchMarketTrades, fetchWhaleTrades } from "./polymarket/data-api";
import { createDataV2, type DataV2 } from "./polymarket/data-v2";
import {
  fetchActiveEvents,
  fetchClosedMarkets,
  fetchEventBySlug,
  fetchMarketBySlug,
  fetchOpenEventsPage,
} from "./polymarket/gamma";
import { fetchLeaderboard, type LeaderboardQuery } from "./polymarket/leaderboard";
import type { PolymarketOptions } from "./polymarket/request";
import { fetchPositions, fetchUserTrades } from "./polymarket/traders";
import { createLlm, type LlmClient } from "./sentiment/llm-client";

/** How a client retries: the config's policy (cron builds), or a single attempt (a visitor's lookup). */
export interface ClientPolicy {
  retries?: number;
}

/** A Polymarket client factory: binds one base URL, the timeout and the retry policy to `make`'s calls. */
function polymarketClient<T>(baseUrl: (config: Config) => string, make: (opts: PolymarketOptions) => T) {
  return (config: Config, fetch: typeof globalThis.fetch, policy: ClientPolicy = {}): T => {
    const { timeoutMs, retries, retryBaseMs } = config;
    return make({
      baseUrl: baseUrl(config),
      fetch,
      timeoutMs,
      retries: policy.retries ?? retries,
      retryBaseMs,
    });
  };
}

/**
 * Gamma: the busiest events, a page of every open event (the search index), one market or event by slug, the
 * resolution of closed markets by id.
 */
export const createGamma = polymarketClient(
  (config) => config.gammaUrl,
  (opts) => ({
    activeEvents: () => fetchActiveEvents(opts),
    openEventsPage: (cursor: string | null) => fetchOpenEventsPage(cursor, opts),
    marketBySlug: (slug: string) => fetchMarketBySlug(slug, opts),
    eventBySlug: (slug: string) => fetchEventBySlug(slug, opts),
    closedMarkets: (ids: readonly string[]) => fetchClosedMarkets(ids, opts),
  }),
);
export type Gamma = ReturnType<typeof createGamma>;

/** The Data API: whale trades, a market's trades and holders, the leaderboard, a wallet's positions and trades. */
export const createDataApi = polymarketClient(
  (config) => config.dataUrl,
  (opts) => ({
    whaleTrades: () => fetchWhaleTrades(opts),
    marketTrades: (conditionId: string) => fetchMarketTrades(conditionId, opts),
    eventTrades: (conditionIds: readonly string[]) => fetchEventTrades(conditionIds, opts),
    holders: (conditionId: string) => fetchHolders(conditionId, opts),
    leaderboard: (query: LeaderboardQuery) => fetchLeaderboard(query, opts),
    positions: (wallet: string) => fetchPositions(wallet, opts),
    userTrades: (wallet: string) => fetchUserTrades(wallet, opts),
  }),
);
export type DataApi = ReturnType<typeof createDataApi>;

/** The Data API v2 (cursor paging, snake_case): trades, holders with PnL, the board, positions, activity, resolutions. */
export const createDataV2Client = polymarketClient((config) => config.dataUrl, createDataV2);

/** The CLOB: an outcome token's price history, the top of outcome tokens' order books. */
export const createClob = polymarketClient(
  (config) => config.clobUrl,
  (opts) => ({
    priceHistory: (tokenId: string, interval: HistoryInterval, fidelityMinutes: number) =>
      fetchPriceHistory(tokenId, interval, fidelityMinutes, opts),
    books: (tokenIds: readonly string[]) => fetchBooks(tokenIds, opts),
  }),
);
export type Clob = ReturnType<typeof createClob>;

/** Kalshi (decision 0057): a page of its open events with their markets. Only the Kalshi cron calls it. */
export function createKalshi(config: Config, fetch: typeof globalThis.fetch) {
  const { kalshiUrl, timeoutMs, retries, retryBaseMs } = config;
  const opts = { baseUrl: kalshiUrl, fetch, timeoutMs, retries, retryBaseMs };
  return { openEventsPage: (cursor: string | null) => fetchKalshiEventsPage(cursor, opts) };
}
export type Kalshi = ReturnType<typeof createKalshi>;

/** Every upstream client of a run. */
export interface Upstreams {
  gamma: Gamma;
  data: DataApi;
  /** The v2 routes, on the same base URL as `data` (its v1 routes are the fallback). */
  dataV2: DataV2;
  clob: Clob;
  /** Null without X_BEARER_TOKEN: mention counts are estimates then. */
  x: XClient | null;
  /** Null without LLM_API_KEY: analyses are estimates then. */
  llm: LlmClient | null;
  kalshi: Kalshi;
}

/** The Polymarket clients a visitor's lookup may use: one attempt each (a failure backs the route off instead). */
export type LookupUpstreams = Pick<Upstreams, "gamma" | "data" | "dataV2" | "clob">;

export function createUpstreams(config: Config, fetch: typeof globalThis.fetch): Upstreams {
  return {
    gamma: createGamma(config, fetch),
    data: createDataApi(config, fetch),
    dataV2: createDataV2Client(config, fetch),
    clob: createClob(config, fetch),
    x: createX(config, fetch),
    llm: createLlm(config, fetch),
    kalshi: createKalshi(config, fetch),
  };
}

export function createLookupUpstreams(config: Config, fetch: typeof globalThis.fetch): LookupUpstreams {
  const single = { retries: 0 };
  return {
    gamma: createGamma(config, fetch, single),
    data: createDataApi(config, fetch, single),
    dataV2: createDataV2Client(config, fetch, single),
    clob: createClob(config, fetch, single),
  };
}
