/**
 * Polymarket's Data API v2: `/v2/trades`, `/v2/holders`, `/v2/leaderboard`, `/v2/positions`, `/v2/activity`
 * and `/v2/resolutions`. Every answer is `{ data, pagination: { limit, has_more, next_cursor } }` in
 * snake_case; pages follow `next_cursor` only (sending `offset` is a 400), and markets are named by
 * `condition`, at most 20 a call. Rows are parsed leniently one by one (an odd row is skipped, never the
 * answer) into camelCase shapes with prices 0–1. Where the site already reads a v1 route, `withV1Fallback`
 * keeps that route answering when the v2 one fails or is missing.
 */
import * as v from "valibot";
import type { WalletFacts } from "~/lib/fresh-wallet";
import { resolutionStateOf, type UmaResolution } from "~/lib/resolution";
import { UpstreamError } from "../http";
import { createLog } from "../log";
import { fetchHolders, type TokenHolders } from "./data-api";
import { LenientNumber, RequiredText, Text } from "./lenient";
import { getPolymarketJson, type PolymarketOptions } from "./request";

const log = createLog("data-v2");

/** Conditions one v2 call may name. */
export const V2_CONDITIONS_PER_CALL = 20;
/** Pages one paged read follows at most unless told otherwise (each page is one subrequest). */
export const V2_DEFAULT_MAX_PAGES = 5;

const Pagination = v.object({
  has_more: v.fallback(v.boolean(), false),
  next_cursor: v.fallback(v.nullable(v.string()), null),
});

/** The envelope: `data` an array (null reads as empty), `pagination` absent on unpaged routes. */
const Envelope = v.object({
  data: v.fallback(v.nullable(v.unknown()), null),
  pagination: v.optional(Pagination),
});

export interface V2Page<T> {
  rows: T[];
  nextCursor: string | null;
}

/** A number, or null where the upstream sent none or nonsense. */
const numberOrNull = (value: number | undefined): number | null =>
  value !== undefined && Number.isFinite(value) ? value : null;

/** A price 0–1, or null where the upstream sent none or one out of range. */
const priceOrNull = (value: number | undefined): number | null => {
  const price = numberOrNull(value);
  return price !== null && price >= 0 && price <= 1 ? price : null;
};

/** Epoch seconds, epoch seconds as text or an ISO time, to epoch milliseconds (null when unreadable). */
function instantMs(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value < 1e12 ? value * 1000 : value;
  if (typeof value !== "string" || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return instantMs(Number(value));
  const parsed = Date.parse(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Parses one page: the envelope (a "shape" UpstreamError when it is not one), then each row alone. */
export function parseV2Page<T>(json: unknown, row: (raw: unknown) => T | null): V2Page<T> {
  const isEnvelope = typeof json === "object" && json !== null && !Array.isArray(json) && "data" in json;
  const envelope = v.safeParse(Envelope, json);
  if (
    !isEnvelope ||
    !envelope.success ||
    !(envelope.output.data === null || Array.isArray(envelope.output.data))
  ) {
    throw new UpstreamError("data", "shape", "Invalid v2 response: no data array");
  }
  const data = (envelope.output.data ?? []) as unknown[];
  const rows = data.flatMap((raw) => {
    const parsed = row(raw);
    return parsed === null ? [] : [parsed];
  });
  const pagination = envelope.output.pagination;
  const nextCursor = pagination?.has_more ? pagination.next_cursor : null;
  return { rows, nextCursor };
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

const TradeRow = v.object({
  proxy_wallet: RequiredText,
  side: Text,
  token_id: Text,
  condition_id: RequiredText,
  size: LenientNumber,
  price: LenientNumber,
  timestamp: v.optional(v.unknown()),
  title: Text,
  slug: Text,
  event_slug: Text,
  outcome: Text,
  name: Text,
  pseudonym: Text,
  transaction_hash: Text,
});

export interface V2Trade {
  wallet: string;
  side: "BUY" | "SELL";
  tokenId: string;
  conditionId: string;
  /** Shares. */
  size: number;
  /** 0–1. */
  price: number;
  /** size × price, USD. */
  usd: number;
  /** Epoch milliseconds. */
  at: number;
  title: string;
  slug: string;
  eventSlug: string;
  outcome: string;
  name: string | null;
  transactionHash: string;
}

export function parseTradeRow(raw: unknown): V2Trade | null {
  const parsed = v.safeParse(TradeRow, raw);
  if (!parsed.success) return null;
  const t = parsed.output;
  const size = numberOrNull(t.size);
  const price = numberOrNull(t.price);
  const at = instantMs(t.timestamp);
  const side = t.side.toUpperCase();
  if (size === null || price === null || at === null || size <= 0 || price < 0 || price > 1) return null;
  if (side !== "BUY" && side !== "SELL") return null;
  return {
    wallet: t.proxy_wallet.toLowerCase(),
    side,
    tokenId: t.token_id,
    conditionId: t.condition_id,
    size,
    price,
    usd: size * price,
    at,
    title: t.title,
    slug: t.slug,
    eventSlug: t.event_slug,
    outcome: t.outcome,
    name: t.name || t.pseudonym || null,
    transactionHash: t.transaction_hash,
  };
}

const HolderRow = v.object({
  proxy_wallet: RequiredText,
  token_id: Text,
  name: Text,
  pseudonym: Text,
  display_username_public: v.fallback(v.boolean(), true),
  amount: LenientNumber,
  outcome_index: LenientNumber,
  avg_price: LenientNumber,
  current_price: LenientNumber,
  current_value: LenientNumber,
  realized_pnl: LenientNumber,
  unrealized_pnl: LenientNumber,
  total_pnl: LenientNumber,
});

const TokenHoldersRow = v.object({
  token_id: Text,
  holders: v.fallback(v.array(v.unknown()), []),
});

/** One holder of an outcome token; the PnL figures only when asked for (`include_pnl`), else null. */
export interface V2Holder {
  wallet: string;
  name: string | null;
  /** Shares held. */
  amount: number;
  outcomeIndex: number;
  /** Average entry price, 0–1. */
  avgPrice: number | null;
  currentValue: number | null;
  totalPnl: number | null;
}

export interface V2TokenHolders {
  tokenId: string;
  holders: V2Holder[];
}

function parseHolder(raw: unknown): V2Holder | null {
  const parsed = v.safeParse(HolderRow, raw);
  if (!parsed.success) return null;
  const h = parsed.output;
  const amount = numberOrNull(h.amount);
  if (amount === null || amount <= 0) return null;
  const name = (h.display_username_public ? h.name : "") || h.pseudonym;
  return {
    wallet: h.proxy_wallet.toLowerCase(),
    name: name === "" || name.toLowerCase() === h.proxy_wallet.toLowerCase() ? null : name,
    amount,
    outcomeIndex: numberOrNull(h.outcome_index) ?? 0,
    avgPrice: numberOrNull(h.avg_price),
    currentValue: numberOrNull(h.current_value),
    totalPnl: numberOrNull(h.total_pnl),
  };
}

export function parseTokenHoldersRow(raw: unknown): V2TokenHolders | null {
  const parsed = v.safeParse(TokenHoldersRow, raw);
  if (!parsed.success || parsed.output.token_id === "") return null;
  const holders = parsed.output.holders.flatMap((h) => {
    const holder = parseHolder(h);
    return holder === null ? [] : [holder];
  });
  return { tokenId: parsed.output.token_id, holders: holders.sort((a, b) => b.amount - a.amount) };
}

const LeaderRow = v.object({
  rank: LenientNumber,
  user_id: RequiredText,
  pnl: LenientNumber,
  volume: LenientNumber,
  user_name: Text,
});

export interface V2Leader {
  rank: number;
  wallet: string;
  name: string | null;
  pnl: number;
  volume: number;
}

export function parseLeaderRow(raw: unknown): V2Leader | null {
  const parsed = v.safeParse(LeaderRow, raw);
  if (!parsed.success) return null;
  const r = parsed.output;
  const rank = numberOrNull(r.rank);
  const pnl = numberOrNull(r.pnl);
  if (rank === null || rank < 1 || pnl === null) return null;
  return {
    rank,
    wallet: r.user_id.toLowerCase(),
    name: r.user_name || null,
    pnl,
    volume: numberOrNull(r.volume) ?? 0,
  };
}

/** A position's status as v2 names it: open, won and redeemable, lost, or closed by selling. */
export const POSITION_STATUSES = ["OPEN", "REDEEMABLE", "REDEEMABLE_LOST", "CLOSED"] as const;
export type V2PositionStatus = (typeof POSITION_STATUSES)[number];

const PositionRow = v.object({
  proxy_wallet: RequiredText,
  condition_id: RequiredText,
  token_id: Text,
  current_size: LenientNumber,
  avg_price: LenientNumber,
  total_cost_usdc: LenientNumber,
  current_price: LenientNumber,
  current_value: LenientNumber,
  realized_pnl: LenientNumber,
  total_pnl: LenientNumber,
  status: Text,
  title: Text,
  slug: Text,
  event_id: Text,
  event_slug: Text,
  outcome: Text,
  end_date: Text,
  first_entry_at: v.optional(v.unknown()),
  last_event_at: v.optional(v.unknown()),
});

export interface V2Position {
  wallet: string;
  conditionId: string;
  tokenId: string;
  status: V2PositionStatus;
  size: number;
  /** 0–1. */
  avgPrice: number | null;
  /** 0–1: after resolution, what the outcome paid (1 won, 0 lost). */
  currentPrice: number | null;
  currentValue: number | null;
  totalCost: number | null;
  realizedPnl: number | null;
  totalPnl: number | null;
  title: string;
  slug: string;
  eventId: string;
  eventSlug: string;
  outcome: string;
  endDate: string | null;
  /** Epoch milliseconds of the first entry, when the upstream says. */
  firstEntryAt: number | null;
  lastEventAt: number | null;
}

export function parsePositionRow(raw: unknown): V2Position | null {
  const parsed = v.safeParse(PositionRow, raw);
  if (!parsed.success) return null;
  const p = parsed.output;
  const status = POSITION_STATUSES.find((s) => s === p.status.toUpperCase());
  if (status === undefined) return null;
  return {
    wallet: p.proxy_wallet.toLowerCase(),
    conditionId: p.condition_id,
    tokenId: p.token_id,
    status,
    size: numberOrNull(p.current_size) ?? 0,
    avgPrice: numberOrNull(p.avg_price),
    currentPrice: priceOrNull(p.current_price),
    currentValue: numberOrNull(p.current_value),
    totalCost: numberOrNull(p.total_cost_usdc),
    realizedPnl: numberOrNull(p.realized_pnl),
    totalPnl: numberOrNull(p.total_pnl),
    title: p.title,
    slug: p.slug,
    eventId: p.event_id,
    eventSlug: p.event_slug,
    outcome: p.outcome,
    endDate: p.end_date || null,
    firstEntryAt: instantMs(p.first_entry_at),
    lastEventAt: instantMs(p.last_event_at),
  };
}

const ActivityRow = v.object({
  proxy_wallet: RequiredText,
  timestamp: v.optional(v.unknown()),
  condition_id: Text,
  type: Text,
  size: LenientNumber,
  usdc_size: LenientNumber,
  price: LenientNumber,
  side: Text,
  title: Text,
  slug: Text,
});

export interface V2Activity {
  wallet: string;
  /** Epoch milliseconds. */
  at: number;
  conditionId: string;
  /** TRADE, SPLIT, MERGE, REDEEM, REWARD, CONVERSION … as sent. */
  type: string;
  usd: number | null;
  price: number | null;
  side: string;
  title: string;
  slug: string;
}

export function parseActivityRow(raw: unknown): V2Activity | null {
  const parsed = v.safeParse(ActivityRow, raw);
  if (!parsed.success) return null;
  const a = parsed.output;
  const at = instantMs(a.timestamp);
  if (at === null || a.type === "") return null;
  return {
    wallet: a.proxy_wallet.toLowerCase(),
    at,
    conditionId: a.condition_id,
    type: a.type.toUpperCase(),
    usd: numberOrNull(a.usdc_size),
    price: numberOrNull(a.price),
    side: a.side.toUpperCase(),
    title: a.title,
    slug: a.slug,
  };
}

const StandingRow = v.object({
  user_id: RequiredText,
  volume: LenientNumber,
});

/**
 * A wallet's all-time volume from the board's single-wallet answer (`/v2/leaderboard?user=`, `data` one
 * object), or null when it has none (not on the board, an odd answer).
 */
export function parseStandingVolume(json: unknown): number | null {
  const data = typeof json === "object" && json !== null && "data" in json ? json.data : null;
  const parsed = v.safeParse(StandingRow, data);
  if (!parsed.success) return null;
  const volume = numberOrNull(parsed.output.volume);
  return volume !== null && volume >= 0 ? volume : null;
}

/** Activity rows one wallet lookup reads (one page): a wallet with more is not young or narrow. */
export const WALLET_ACTIVITY_PAGE = 100;

/**
 * The radar's facts from one page of a wallet's activity. Only a page that is its whole history (no
 * next page) says when it began and how many markets it traded; the volume is the sum of its trades
 * when each says its size. Otherwise a fact is null: never guessed from part of the history.
 */
export function factsFromActivity(rows: readonly V2Activity[], complete: boolean): WalletFacts {
  if (!complete || rows.length === 0) return { firstActivityAt: null, markets: null, volumeUsd: null };
  const trades = rows.filter((r) => r.type === "TRADE");
  const sized = trades.every((t) => t.usd !== null);
  return {
    firstActivityAt: Math.min(...rows.map((r) => r.at)),
    markets: new Set(trades.map((t) => t.conditionId).filter((id) => id !== "")).size,
    volumeUsd: sized ? trades.reduce((sum, t) => sum + (t.usd ?? 0), 0) : null,
  };
}

const ResolutionRow = v.object({
  condition_id: RequiredText,
  status: Text,
  was_disputed: v.fallback(v.boolean(), false),
  proposed_price: v.optional(v.unknown()),
  reproposed_price: v.optional(v.unknown()),
  last_update_timestamp: v.optional(v.unknown()),
  expected_settlement_time: v.optional(v.unknown()),
  resolved_at: v.optional(v.unknown()),
  payouts: v.fallback(v.array(v.number()), []),
});

/** One market's resolution as v2 reports it. */
export interface V2Resolution extends UmaResolution {
  conditionId: string;
  payouts: number[];
}

/** UMA's prices are 18-decimal fixed point ("1000000000000000000" is 1); other values are sentinels. */
function umaPrice(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d+$/.test(value)) return null;
  if (value === "0") return 0;
  if (value.length < 17) return null;
  const price = Number(value) / 1e18;
  return price >= 0 && price <= 1 ? price : null;
}

export function parseResolutionRow(raw: unknown): V2Resolution | null {
  const parsed = v.safeParse(ResolutionRow, raw);
  if (!parsed.success) return null;
  const r = parsed.output;
  const state = resolutionStateOf(r.status);
  if (state === null) return null;
  const total = r.payouts.reduce((sum, p) => sum + p, 0);
  return {
    conditionId: r.condition_id,
    state,
    wasDisputed: r.was_disputed || state === "disputed",
    proposed: umaPrice(r.reproposed_price) ?? umaPrice(r.proposed_price),
    updatedAt: instantMs(r.last_update_timestamp),
    expectedFinalAt: instantMs(r.expected_settlement_time),
    resolvedAt: instantMs(r.resolved_at),
    payouts: total > 0 ? r.payouts.map((p) => p / total) : [],
  };
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

type Query = Record<string, string | number | boolean | undefined>;

/** The query string of a v2 call: never `offset` (v2 answers it with a 400; pages go by cursor). */
export function v2Query(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === "offset") throw new Error("The Data API v2 pages by cursor: offset is refused");
    if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}

/** Condition ids in calls of at most V2_CONDITIONS_PER_CALL, each id once. */
export function conditionBatches(conditionIds: readonly string[]): string[][] {
  const unique = [...new Set(conditionIds)];
  const batches: string[][] = [];
  for (let i = 0; i < unique.length; i += V2_CONDITIONS_PER_CALL) {
    batches.push(unique.slice(i, i + V2_CONDITIONS_PER_CALL));
  }
  return batches;
}

/** Every page of a v2 route up to `maxPages` (each one request), following `next_cursor`. */
export async function readV2Pages<T>(
  path: string,
  query: Query,
  row: (raw: unknown) => T | null,
  opts: PolymarketOptions,
  maxPages = V2_DEFAULT_MAX_PAGES,
): Promise<T[]> {
  return (await readV2PagesUpTo(path, query, row, opts, maxPages)).rows;
}

/** `readV2Pages`, saying whether the route had more pages than were read. */
export async function readV2PagesUpTo<T>(
  path: string,
  query: Query,
  row: (raw: unknown) => T | null,
  opts: PolymarketOptions,
  maxPages: number,
): Promise<{ rows: T[]; more: boolean }> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const json = await getPolymarketJson(
      "data",
      `${path}?${v2Query({ ...query, cursor })}`,
      (status) => `Data API v2 ${path} failed (${status})`,
      opts,
    );
    const parsed = parseV2Page(json, row);
    rows.push(...parsed.rows);
    if (parsed.nextCursor === null) return { rows, more: false };
    cursor = parsed.nextCursor;
  }
  return { rows, more: true };
}

/** v1's holders in v2's shape: no entry price, value or PnL (v1 has none). */
export function fromV1Holders(tokens: readonly TokenHolders[]): V2TokenHolders[] {
  return tokens.map(({ token, holders }) => ({
    tokenId: token,
    holders: holders.map((h) => ({ ...h, avgPrice: null, currentValue: null, totalPnl: null })),
  }));
}

/** The v2 client's reads. */
export function createDataV2(opts: PolymarketOptions) {
  const client = {
    /** An event's trades since `sinceMs` (newest first, paged until older or out of pages). */
    eventTrades: async (eventId: string, sinceMs: number, maxPages = V2_DEFAULT_MAX_PAGES) => {
      const trades = await readV2Pages(
        "/v2/trades",
        { event_id: eventId, limit: 500 },
        parseTradeRow,
        opts,
        maxPages,
      );
      return trades.filter((t) => t.at >= sinceMs);
    },
    /** The largest holders of each outcome token of up to 20 conditions a call, with their PnL when asked. */
    holders: async (conditionIds: readonly string[], includePnl: boolean, limit = 20) => {
      const answers = await Promise.all(
        conditionBatches(conditionIds).map((batch) =>
          readV2Pages(
            "/v2/holders",
            { condition: batch.join(","), include_pnl: includePnl || undefined, limit },
            parseTokenHoldersRow,
            opts,
            1,
          ),
        ),
      );
      return answers.flat();
    },
    /** The all-time PnL board, `pages` × `limit` rows. */
    leaderboard: (pages: number, limit = 100) =>
      readV2Pages(
        "/v2/leaderboard",
        { time_period: "all", order_by: "pnl", limit },
        parseLeaderRow,
        opts,
        pages,
      ),
    /** A wallet's positions of one status. */
    positions: (wallet: string, status: V2PositionStatus, maxPages = 2) =>
      readV2Pages("/v2/positions", { user: wallet, status, limit: 100 }, parsePositionRow, opts, maxPages),
    /** A wallet's positions of one status, most recent first, and whether it has more than `maxPages` hold. */
    recentPositions: (wallet: string, status: V2PositionStatus, maxPages: number) =>
      readV2PagesUpTo(
        "/v2/positions",
        { user: wallet, status, sort_by: "TIMESTAMP", limit: 100 },
        parsePositionRow,
        opts,
        maxPages,
      ),
    /** A wallet's activity, newest first. */
    activity: (wallet: string, maxPages = 1) =>
      readV2Pages("/v2/activity", { user: wallet, limit: 100 }, parseActivityRow, opts, maxPages),
    /** The radar's facts one page of a wallet's activity gives (one call), and whether it had any. */
    activityFacts: async (wallet: string): Promise<WalletFacts & { active: boolean }> => {
      const json = await getPolymarketJson(
        "data",
        `/v2/activity?${v2Query({ user: wallet, limit: WALLET_ACTIVITY_PAGE })}`,
        (status) => `Data API v2 /v2/activity failed (${status})`,
        opts,
      );
      const page = parseV2Page(json, parseActivityRow);
      return { ...factsFromActivity(page.rows, page.nextCursor === null), active: page.rows.length > 0 };
    },
    /**
     * The fresh-wallet radar's facts of a wallet in at most two calls: a page of its activity, and only
     * when that page does not give the volume, its all-time standing on the board.
     */
    walletFacts: async (wallet: string): Promise<WalletFacts> => {
      const { active, ...facts } = await client.activityFacts(wallet);
      // No activity on record yet (the index lags the trade): nothing to know, nor to ask the board.
      if (facts.volumeUsd !== null || !active) return facts;
      const standing = await getPolymarketJson(
        "data",
        `/v2/leaderboard?${v2Query({ user: wallet, time_period: "all" })}`,
        (status) => `Data API v2 /v2/leaderboard failed (${status})`,
        opts,
      ).catch((error: unknown) => {
        // A wallet the board does not know is an answer (no volume); any other failure is the lookup's.
        if (error instanceof UpstreamError && error.status === 404) return null;
        throw error;
      });
      return { ...facts, volumeUsd: parseStandingVolume(standing) };
    },
    /** UMA's resolution state of up to 20 conditions a call. */
    resolutions: async (conditionIds: readonly string[]) => {
      const answers = await Promise.all(
        conditionBatches(conditionIds).map((batch) =>
          readV2Pages("/v2/resolutions", { condition: batch.join(",") }, parseResolutionRow, opts, 1),
        ),
      );
      return answers.flat();
    },
    /** `holders`, else v1's holders of each condition (one call each, without PnL). */
    holdersOrV1: (conditionIds: readonly string[], includePnl: boolean) =>
      withV1Fallback(
        "holders",
        () => client.holders(conditionIds, includePnl),
        async () =>
          fromV1Holders((await Promise.all(conditionIds.map((id) => fetchHolders(id, opts)))).flat()),
      ),
  };
  return client;
}
export type DataV2 = ReturnType<typeof createDataV2>;

/**
 * The v2 read, else the v1 route the site has always read, in the same shape: used where a v1 route
 * exists. A v2 failure (missing route, 4xx/5xx, an unreadable answer) is one log line, then v1 answers;
 * a v1 failure is thrown as usual.
 */
export async function withV1Fallback<T>(
  route: string,
  v2: () => Promise<T>,
  v1: () => Promise<T>,
): Promise<T> {
  try {
    return await v2();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    log.warn(`v2 ${route} failed, reading v1: ${error.describe()}`);
    return v1();
  }
}
