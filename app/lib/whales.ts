/**
 * Whale Watch display rules (SPEC §3 "Whale trade"), the outcome filter and sort kept in the URL, and
 * the pure decisions of the browser's polling (SPEC §7 call 4, §9). Client-safe and pure: every
 * function that depends on the time takes `now`, so the server and the hydrating browser agree.
 */

import { eventPath } from "./event-page";
import { formatAge, formatMoney, formatPnl } from "./format";
import { marketPath } from "./market-page";
import { queryChoice } from "./query-choice";
import type { Trader, WhaleOutcome, WhaleSnapshot, WhaleTrade } from "./types";

// ---------------------------------------------------------------------------------------- timing

/** SPEC §9: the list is refetched every 60 s… */
export const WHALE_POLL_MS = 60_000;
/** …and a fetched list counts as fresh for 30 s (no refetch when the tab comes back sooner). */
export const WHALE_FRESH_MS = 30_000;
/** SPEC §4/§9: two retries, the delay doubling from 1 s. */
export const WHALE_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000];
/** Per request, as for the other calls (SPEC §9: 15 s). */
export const WHALE_REQUEST_TIMEOUT_MS = 15_000;

/**
 * When the tab becomes visible again (or the network comes back): refetch at once if the data is
 * stale, else wait for the rest of the regular interval since the last attempt.
 */
export function delayOnVisible(now: number, dataAt: number, attemptAt: number): number {
  if (now - dataAt >= WHALE_FRESH_MS) return 0;
  return Math.max(0, attemptAt + WHALE_POLL_MS - now);
}

// ------------------------------------------------------------------------------------ formatting

/** Dollars that changed hands: shares × price. */
export function tradeValue(trade: Pick<WhaleTrade, "size" | "price">): number {
  return trade.size * trade.price;
}

/** SPEC: the "bought amount" (for a sale, the amount sold), in the site's one money format. */
export function formatTradeAmount(trade: Pick<WhaleTrade, "size" | "price">): string {
  return formatMoney(tradeValue(trade));
}

/** SPEC: "potential win" = size (each share pays $1 if the outcome wins). */
export function formatPotentialWin(trade: Pick<WhaleTrade, "size">): string {
  return formatMoney(trade.size);
}

/**
 * SPEC: odds = price as a rounded percent. A price that rounds to 0 or 100 without being it shows
 * "<1%" / ">99%" (as formatPrice does with "<1¢"): a 0.999 trade is not a certainty.
 */
export function formatOdds(price: number): string {
  if (!Number.isFinite(price)) return "–";
  const percent = Math.round(Math.min(1, Math.max(0, price)) * 100);
  if (percent === 0 && price > 0) return "<1%";
  if (percent === 100 && price < 1) return ">99%";
  return `${percent}%`;
}

/** How long ago the trade happened: "just now", "4 min ago", "3 h ago", "128 days ago". */
export function formatTradeAge(timestamp: number, now: number): string {
  if (!Number.isFinite(timestamp) || Number.isNaN(new Date(timestamp).getTime())) return "unknown";
  return formatAge(new Date(timestamp).toISOString(), now);
}

/** The trader's name to show, or null: a "name" that is just a wallet address is no name. */
export function traderName(trade: Pick<WhaleTrade, "trader">): string | null {
  const name = trade.trader.name?.trim();
  return name && !/^0x[0-9a-f]{40}$/i.test(name) ? name : null;
}

/**
 * Where a trade's title leads on this site: its event's page when the market is one outcome of a
 * multi-outcome event (known from the shown events, `multiEvents`), else the market's own page; null
 * without a market slug.
 */
export function tradePath(
  trade: Pick<WhaleTrade, "eventSlug" | "marketSlug">,
  multiEvents: ReadonlySet<string>,
): string | null {
  if (trade.eventSlug && multiEvents.has(trade.eventSlug)) return eventPath(trade.eventSlug);
  return trade.marketSlug ? marketPath(trade.marketSlug) : null;
}

/** The trader's page on this site. */
export function traderPath(wallet: string): string {
  return `/trader/${wallet.toLowerCase()}`;
}

const PERIOD_WORDS: Record<NonNullable<Trader["period"]>, string> = {
  DAY: "today",
  WEEK: "this week",
  MONTH: "this month",
  ALL: "all time",
};

/**
 * Where the trader stands on the leaderboard, in words: "#12 this month · +$1.2M" for a ranked
 * trader, "Unranked this month" for one not on the board, "Rank unavailable" when the board could not
 * be read (nothing is guessed).
 */
export function rankLabel(trader: Trader): string {
  if (trader.period === null) return "Rank unavailable";
  const when = PERIOD_WORDS[trader.period];
  if (trader.rank === null) return `Unranked ${when}`;
  const pnl = trader.pnl === null ? "" : ` · ${formatPnl(trader.pnl)}`;
  return `#${trader.rank} ${when}${pnl}`;
}

/** SPEC: the wallet shortened to its first 6 and last 4 characters ("0x6d20…a165"). */
export function shortenAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** The taker's side said honestly: SPEC's "bought amount" is an amount sold when the whale sells. */
export function sideLabel(side: WhaleTrade["side"]): "Bought" | "Sold" {
  return side === "SELL" ? "Sold" : "Bought";
}

/**
 * What the size means for that side: a buyer can win it; a seller gave up the chance to be paid it.
 * Calling a seller's shares a "potential win" would misstate the trade.
 */
export function payoutLabel(side: WhaleTrade["side"]): "Potential win" | "Payout given up" {
  return side === "SELL" ? "Payout given up" : "Potential win";
}

export interface OutcomeBadge {
  label: string;
  /** SPEC §3: default style for YES, destructive otherwise. */
  variant: "default" | "destructive";
}

/** The outcome badge: "Yes" / "No", or the provider's own label (team names, Up/Down) for others. */
export function outcomeBadge(trade: Pick<WhaleTrade, "outcome" | "outcomeLabel">): OutcomeBadge {
  if (trade.outcome === "YES") return { label: "Yes", variant: "default" };
  if (trade.outcome === "NO") return { label: "No", variant: "destructive" };
  return { label: trade.outcomeLabel.trim() || "Other", variant: "destructive" };
}

// ---------------------------------------------------------------------------- filter and sort

export type OutcomeFilter = "all" | "yes" | "no";
export type TradeSort = "newest" | "largest";
/** Smallest trade shown, USD. */
export type MinAmount = "50000" | "100000" | "250000" | "1000000";
/** "1" on, "0" off: kept in the URL as `hideCertain=1` / `ranked=1`. */
export type Toggle = "0" | "1";

export interface WhaleView {
  outcome: OutcomeFilter;
  sort: TradeSort;
  min: MinAmount;
  /** Drop trades at a price of 0.95 or more, or 0.05 or less: buying a near-certain outcome. */
  hideCertain: Toggle;
  /** Only traders on the leaderboard. */
  ranked: Toggle;
  /** Only trades the fresh-wallet radar flags (a score of FRESH_SCORE_MIN or more). */
  fresh: Toggle;
}

export const DEFAULT_WHALE_VIEW: WhaleView = {
  outcome: "all",
  sort: "newest",
  min: "50000",
  hideCertain: "0",
  ranked: "0",
  fresh: "0",
};

export const OUTCOME_FILTERS: readonly { value: OutcomeFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

export const TRADE_SORTS: readonly { value: TradeSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "largest", label: "Largest" },
];

export const MIN_AMOUNTS: readonly { value: MinAmount; label: string }[] = [
  { value: "50000", label: "$50K+" },
  { value: "100000", label: "$100K+" },
  { value: "250000", label: "$250K+" },
  { value: "1000000", label: "$1M+" },
];

export const CERTAIN_TOGGLES: readonly { value: Toggle; label: string }[] = [
  { value: "0", label: "Show all" },
  { value: "1", label: "Hide ≥95¢ / ≤5¢" },
];

export const RANKED_TOGGLES: readonly { value: Toggle; label: string }[] = [
  { value: "0", label: "Everyone" },
  { value: "1", label: "Ranked only" },
];

export const FRESH_TOGGLES: readonly { value: Toggle; label: string }[] = [
  { value: "0", label: "Everyone" },
  { value: "1", label: "Fresh wallets only" },
];

/** Trades at this price or beyond (either way) buy a near-certain outcome. */
export const CERTAIN_PRICE = 0.95;

/** The view from the query string; anything unknown or odd falls back to the default (`queryChoice`). */
export function parseWhaleView(params: URLSearchParams): WhaleView {
  const d = DEFAULT_WHALE_VIEW;
  return {
    outcome: queryChoice(params, "outcome", OUTCOME_FILTERS, d.outcome),
    sort: queryChoice(params, "sort", TRADE_SORTS, d.sort),
    min: queryChoice(params, "min", MIN_AMOUNTS, d.min),
    hideCertain: queryChoice(params, "hideCertain", CERTAIN_TOGGLES, d.hideCertain),
    ranked: queryChoice(params, "ranked", RANKED_TOGGLES, d.ranked),
    fresh: queryChoice(params, "fresh", FRESH_TOGGLES, d.fresh),
  };
}

/**
 * What is wrong with the query's `fresh` (the radar filter), or null when it is absent, "0" or "1": a
 * filter a visitor cannot see applied must not silently show everything, so the page and the list answer 400.
 */
export function badFreshFilter(params: URLSearchParams): string | null {
  const values = params.getAll("fresh");
  if (values.length === 0) return null;
  if (values.length === 1 && (values[0] === "0" || values[0] === "1")) return null;
  return "Unknown fresh filter: use fresh=1 (fresh wallets only) or fresh=0 (everyone).";
}

/** The query string of a view ("" for the default, so the plain URL stays canonical). */
export function whaleViewSearch(view: WhaleView): string {
  const params = new URLSearchParams();
  for (const key of ["outcome", "sort", "min", "hideCertain", "ranked", "fresh"] as const) {
    if (view[key] !== DEFAULT_WHALE_VIEW[key]) params.set(key, view[key]);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

const FILTER_OUTCOME: Record<Exclude<OutcomeFilter, "all">, WhaleOutcome> = { yes: "YES", no: "NO" };

/** A near-certain outcome bought (or sold off): the price of the side traded is ≥ 0.95 or ≤ 0.05. */
export function isNearCertain(trade: Pick<WhaleTrade, "price">): boolean {
  return trade.price >= CERTAIN_PRICE || trade.price <= 1 - CERTAIN_PRICE;
}

/**
 * The trades to show. Yes / No keep only YES / NO trades: a named outcome (a team, "Up") is neither,
 * so it appears under All only; `min`, `hideCertain` and `ranked` narrow further. Newest sorts by
 * time; largest by dollars traded, newest first on ties.
 */
export function selectTrades(trades: readonly WhaleTrade[], view: WhaleView): WhaleTrade[] {
  const wanted = view.outcome === "all" ? null : FILTER_OUTCOME[view.outcome];
  const min = Number(view.min);
  const kept = trades.filter(
    (t) =>
      (wanted === null || t.outcome === wanted) &&
      tradeValue(t) >= min &&
      (view.hideCertain === "0" || !isNearCertain(t)) &&
      (view.ranked === "0" || t.trader.rank !== null) &&
      (view.fresh === "0" || t.radar?.fresh === true),
  );
  const newest = (a: WhaleTrade, b: WhaleTrade) => b.timestamp - a.timestamp;
  return kept.sort(
    view.sort === "largest" ? (a, b) => tradeValue(b) - tradeValue(a) || newest(a, b) : newest,
  );
}

// ------------------------------------------------------------------------------- refresh merge

export interface WhaleFeedState {
  snapshot: WhaleSnapshot;
  /** The last refresh failed (after its retries); the list shown is the previous one. */
  refreshFailed: boolean;
}

const OUTCOMES: readonly string[] = ["YES", "NO", "OTHER"];
const PERIODS: readonly unknown[] = ["DAY", "WEEK", "MONTH", "ALL", null];

const numberOrNull = (v: unknown) => v === null || (typeof v === "number" && Number.isFinite(v));

function isTrader(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.wallet === "string" &&
    (t.name === null || typeof t.name === "string") &&
    numberOrNull(t.rank) &&
    numberOrNull(t.pnl) &&
    numberOrNull(t.volume) &&
    PERIODS.includes(t.period)
  );
}

function isTrade(value: unknown): value is WhaleTrade {
  if (typeof value !== "object" || value === null) return false;
  const t = value as Record<string, unknown>;
  const text = (v: unknown) => typeof v === "string";
  const textOrNull = (v: unknown) => v === null || typeof v === "string";
  const finite = (v: unknown) => typeof v === "number" && Number.isFinite(v);
  return (
    text(t.id) &&
    text(t.marketId) &&
    text(t.title) &&
    typeof t.outcome === "string" &&
    OUTCOMES.includes(t.outcome) &&
    text(t.outcomeLabel) &&
    (t.side === "BUY" || t.side === "SELL") &&
    finite(t.size) &&
    finite(t.price) &&
    finite(t.timestamp) &&
    isTrader(t.trader) &&
    textOrNull(t.eventSlug) &&
    textOrNull(t.marketSlug)
  );
}

function isRadar(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.score === "number" &&
    Number.isFinite(r.score) &&
    typeof r.fresh === "boolean" &&
    Array.isArray(r.reasons) &&
    r.reasons.every((reason) => typeof reason === "string")
  );
}

/** A trade as read from a body: a radar that is not one reads as not checked (null), never as fresh. */
function withReadableRadar(trade: WhaleTrade): WhaleTrade {
  if (trade.radar === undefined || trade.radar === null || isRadar(trade.radar)) return trade;
  return { ...trade, radar: null };
}

/**
 * Reads a `GET /api/whales` body. Null when it is not a snapshot at all (a proxy's error page, a
 * truncated body); rows that are malformed are dropped rather than failing the whole refresh.
 */
export function parseWhalesResponse(json: unknown): WhaleSnapshot | null {
  if (typeof json !== "object" || json === null) return null;
  const body = json as Record<string, unknown>;
  if (!Array.isArray(body.trades) || typeof body.fetchedAt !== "string") return null;
  if (Number.isNaN(Date.parse(body.fetchedAt))) return null;
  return {
    trades: body.trades.filter(isTrade).map(withReadableRadar),
    fetchedAt: body.fetchedAt,
    ...(typeof body.error === "string" ? { error: body.error } : {}),
  };
}

/**
 * What the page shows after a refresh. `next` is null when the request failed after its retries.
 * A list already on screen is never blanked: a failure, or an answer with no trades while we hold
 * some, keeps the current list and flags the failure. An answer older than what we show (another
 * isolate's slower cache) is ignored quietly.
 */
export function applyRefresh(current: WhaleSnapshot, next: WhaleSnapshot | null): WhaleFeedState {
  if (next === null) return { snapshot: current, refreshFailed: true };
  if (current.trades.length > 0) {
    if (next.trades.length === 0) return { snapshot: current, refreshFailed: true };
    if (Date.parse(next.fetchedAt) < Date.parse(current.fetchedAt)) {
      return { snapshot: current, refreshFailed: false };
    }
  }
  return { snapshot: next, refreshFailed: next.error !== undefined && next.trades.length > 0 };
}
