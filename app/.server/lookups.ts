/**
 * Every on-demand read, declared once (decision 0021): what a visitor's request asks for by id — a market
 * outside the snapshot, its event, trades and holders, an event's trades, order books, smart money and UMA
 * resolutions, a token's CLOB history, a trader's board rows, open positions, resolved and closed positions,
 * and trades. Each says where its answer is kept (`key`; memory and the Cache API, never KV), which upstream
 * answers it, how long the answer is fresh, and how to load it with the single-attempt lookup clients. `get`
 * runs it through the on-demand cache and the request's lookup gate and answers a Section: the kept value,
 * `limited` (over the client's lookup limit) or `unavailable` (logged once).
 */
import { errorMessage } from "~/lib/errors";
import { ok, type Section, type Unavailable, unavailable } from "~/lib/section";
import type { BoardPeriod, BoardRow } from "~/lib/trader-page";
import type { Cached } from "./cache/cached";
import { LookupLimitedError, type OnDemandRead } from "./cache/on-demand";
import type { Deps } from "./deps";
import { askSmartMoney, SMART_TRADES_WINDOW_MS, type SmartMoneyQuery } from "./events/smart-money";
import type { UpstreamName } from "./http";
import { createLog } from "./log";
import type { HistoryInterval } from "./polymarket/clob";
import { fetchSettledPositions } from "./polymarket/trader-record";
import type { LookupUpstreams } from "./upstreams";

const log = createLog("lookup");

/** Where an answer is kept and how long it is fresh (the on-demand read's own fields). */
export type KeptAt = Pick<OnDemandRead<unknown>, "key" | "freshMs">;

export interface LookupSpec<Id, T> {
  key: (id: Id) => string;
  upstream: UpstreamName;
  freshSeconds: number | ((id: Id) => number);
  load: (upstreams: LookupUpstreams, id: Id) => Promise<T>;
  /** An answer of nothing (an unknown id): kept at least 10 minutes like any other. */
  isEmpty?: (value: T) => boolean;
}

export interface Lookup<Id, T> {
  at(id: Id): KeptAt;
  get(deps: Deps, id: Id): Promise<Section<Cached<T>>>;
}

export function defineLookup<Id, T>(spec: LookupSpec<Id, T>): Lookup<Id, T> {
  const at = (id: Id): KeptAt => ({
    key: spec.key(id),
    freshMs: (typeof spec.freshSeconds === "number" ? spec.freshSeconds : spec.freshSeconds(id)) * 1000,
  });
  return {
    at,
    async get(deps, id) {
      const { key, freshMs } = at(id);
      try {
        const kept = await deps.onDemand.read(
          {
            key,
            upstream: spec.upstream,
            freshMs,
            load: () => spec.load(deps.lookupUpstreams, id),
            ...(spec.isEmpty ? { isEmpty: spec.isEmpty } : {}),
          },
          deps.lookups,
        );
        return ok(kept);
      } catch (error) {
        if (error instanceof LookupLimitedError) {
          return {
            ok: false,
            reason: "limited",
            message: error.message,
            retryAfterSeconds: error.retryAfterSeconds,
          };
        }
        log.error(`${key} unavailable`, error);
        return unavailable(errorMessage(error));
      }
    },
  };
}

/** A failed lookup in a section's own words, unless it was the client's limit (then its refusal). */
export function sayUnavailable(failure: Unavailable, text: string): Unavailable {
  return failure.reason === "limited" ? failure : { ...failure, message: text };
}

/** Market data on demand is fresh as long as the snapshot (15 min); trades and holders move faster. */
export const ON_DEMAND_FRESH_SECONDS = 15 * 60;
export const TRADES_FRESH_SECONDS = 5 * 60;
/** A trader's answers are fresh 5 minutes. */
export const TRADER_FRESH_SECONDS = 5 * 60;

/** UMA's state moves in hours (a proposal's window is two); an event's resolutions are kept five minutes. */
export const RESOLUTIONS_FRESH_SECONDS = 5 * 60;
/** An event's smart money (its holders and a day of trades) is kept ten minutes. */
export const SMART_MONEY_FRESH_SECONDS = 10 * 60;

/** Order books move with every trade; an event page's are kept two minutes. */
export const BOOKS_FRESH_SECONDS = 2 * 60;

/**
 * One event's markets or tokens, kept under the event's slug: they are the event's own (read from its
 * Gamma answer, never from the URL), so the slug names them.
 */
export interface EventMarkets {
  slug: string;
  conditionIds: readonly string[];
}
export interface EventTokens {
  slug: string;
  tokenIds: readonly string[];
}

/** What the CLOB is asked for each chart range, and how long its answer is fresh. */
export interface PricesQuery {
  token: string;
  interval: HistoryInterval;
  fidelity: number;
  freshSeconds: number;
}

/** The on-demand reads. Keys are per market, event, token or wallet, lowercase as the ids come. */
export const LOOKUPS = {
  market: defineLookup({
    // v2: the market's prices 0..1 only (no percent pair), its 24 h change `firstPriceChange24h`.
    // v3: UMA's status history (`resolutionHistory`).
    key: (slug: string) => `market:slug:v3:${slug}`,
    upstream: "gamma",
    freshSeconds: ON_DEMAND_FRESH_SECONDS,
    load: (up, slug) => up.gamma.marketBySlug(slug),
    isEmpty: (market) => market === null,
  }),
  event: defineLookup({
    // v2: the whole event (rules, dates, closed events too), no longer only its title and markets.
    // v3: its markets' prices 0..1 only (no percent pair), their 24 h change `firstPriceChange24h`.
    // v4: its markets carry UMA's status history (`resolutionHistory`).
    key: (eventSlug: string) => `market:event:v4:${eventSlug}`,
    upstream: "gamma",
    freshSeconds: ON_DEMAND_FRESH_SECONDS,
    load: (up, eventSlug) => up.gamma.eventBySlug(eventSlug),
    isEmpty: (event) => event === null,
  }),
  trades: defineLookup({
    key: (conditionId: string) => `market:trades:v2:${conditionId}`,
    upstream: "data",
    freshSeconds: TRADES_FRESH_SECONDS,
    load: (up, conditionId) => up.data.marketTrades(conditionId),
  }),
  holders: defineLookup({
    key: (conditionId: string) => `market:holders:${conditionId}`,
    upstream: "data",
    freshSeconds: ON_DEMAND_FRESH_SECONDS,
    load: (up, conditionId) => up.data.holders(conditionId),
  }),
  eventTrades: defineLookup({
    key: ({ slug }: EventMarkets) => `event:trades:${slug}`,
    upstream: "data",
    freshSeconds: TRADES_FRESH_SECONDS,
    load: (up, { conditionIds }) => up.data.eventTrades(conditionIds),
  }),
  resolutions: defineLookup({
    // Only the markets Gamma says are proposed or disputed are asked (≤ 20, one call): the event's slug names them.
    key: ({ slug }: EventMarkets) => `event:resolutions:${slug}`,
    upstream: "data",
    freshSeconds: RESOLUTIONS_FRESH_SECONDS,
    load: (up, { conditionIds }) => up.dataV2.resolutions(conditionIds),
  }),
  smartMoney: defineLookup({
    key: ({ slug }: SmartMoneyQuery) => `event:smart-money:${slug}`,
    upstream: "data",
    freshSeconds: SMART_MONEY_FRESH_SECONDS,
    load: (up, query) =>
      askSmartMoney(
        (conditionIds) => up.dataV2.holdersOrV1(conditionIds, true),
        up.dataV2,
        query,
        Date.now() - SMART_TRADES_WINDOW_MS,
      ),
  }),
  books: defineLookup({
    key: ({ slug }: EventTokens) => `event:books:${slug}`,
    upstream: "clob",
    freshSeconds: BOOKS_FRESH_SECONDS,
    load: (up, { tokenIds }) => up.clob.books(tokenIds),
  }),
  prices: defineLookup({
    key: ({ token, interval }: PricesQuery) => `market:prices:${interval}:${token}`,
    upstream: "clob",
    freshSeconds: (query) => query.freshSeconds,
    load: (up, { token, interval, fidelity }) => up.clob.priceHistory(token, interval, fidelity),
  }),
  traderRank: defineLookup({
    key: ({ period, wallet }: { period: BoardPeriod; wallet: string }) => `trader:rank:${period}:${wallet}`,
    upstream: "data",
    freshSeconds: TRADER_FRESH_SECONDS,
    load: async (up, { period, wallet }): Promise<BoardRow | null> => {
      const [row] = await up.data.leaderboard({ period, user: wallet });
      return row ? { rank: row.rank, name: row.name, pnl: row.pnl, volume: row.volume } : null;
    },
    isEmpty: (row) => row === null,
  }),
  traderPositions: defineLookup({
    key: (wallet: string) => `trader:positions:${wallet}`,
    upstream: "data",
    freshSeconds: TRADER_FRESH_SECONDS,
    load: (up, wallet) => up.data.positions(wallet),
  }),
  /** A wallet's fresh-wallet facts from one page of its v2 activity (the trader page, when D1 has none). */
  walletActivity: defineLookup({
    key: (wallet: string) => `trader:activity-facts:${wallet}`,
    upstream: "data",
    freshSeconds: TRADER_FRESH_SECONDS,
    load: (up, wallet) => up.dataV2.activityFacts(wallet),
  }),
  // A trader's resolved and closed positions (≤ 5 requests), for its record; reached only once the
  // wallet is known to have activity (the trader pages' probe).
  traderRecord: defineLookup({
    key: (wallet: string) => `trader:record:${wallet}`,
    upstream: "data",
    freshSeconds: TRADER_FRESH_SECONDS,
    load: (up, wallet) => fetchSettledPositions(up, wallet),
    isEmpty: (settled) => settled.positions.length === 0,
  }),
  traderTrades: defineLookup({
    key: (wallet: string) => `trader:trades:${wallet}`,
    upstream: "data",
    freshSeconds: TRADER_FRESH_SECONDS,
    load: (up, wallet) => up.data.userTrades(wallet),
  }),
} as const;

/** One lookup bound to a request's caches, gate and clients: what the modules below a page are handed. */
export type BoundLookup<L> =
  L extends Lookup<infer Id, infer T> ? (id: Id) => ReturnType<Lookup<Id, T>["get"]> : never;

/** Every on-demand read bound to one request (`lookupsFor(deps)` at the page, API answer or cron). */
export type Lookups = { [K in keyof typeof LOOKUPS]: BoundLookup<(typeof LOOKUPS)[K]> };

/** The on-demand reads bound to one request or cron run; built where `deps` is, handed down as a client. */
export function lookupsFor(deps: Deps): Lookups {
  const bound: Record<string, (id: never) => unknown> = {};
  for (const [name, lookup] of Object.entries(LOOKUPS)) {
    bound[name] = (id: never) => (lookup as Lookup<never, unknown>).get(deps, id);
  }
  return bound as Lookups;
}
