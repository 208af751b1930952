/**
 * What the market page's upstreams answer, as pure functions of the request (msw handlers and the
 * fixture server alike). Markets and events come from the recorded Gamma payloads; where a route has no
 * recording of its own the answer is built from recorded items in the route's documented shape:
 *
 * - `GET /markets/slug/<slug>`: a recorded market (active list, the prices-history event's markets, the
 *   resolved keyset market, the Up/Down market, the closed events' markets) with its `events` entry.
 * - `GET /markets/keyset?id=…`: the recorded markets above by id (settlement of the track record).
 * - `GET /events/slug/<slug>`: a recorded event (open or closed), or for the active list the market's
 *   embedded event with its recorded markets as `markets[]` (as the events list is served), its dates
 *   replayed as if recorded now like the list's (`replayedAt`).
 * - `GET /holders?market=<conditionId>`: no real capture exists (fixtures README). Built from the
 *   documented shape `[{ token, holders: [{ proxyWallet, name, pseudonym, amount, outcomeIndex }] }]`
 *   with the recorded leaderboard's wallets and names, amounts fixed per rank.
 * - `GET /v2/holders`, `GET /v2/trades?event_id=`: recorded v2 rows re-keyed onto the recorded markets,
 *   with the recorded leaderboard's wallets among them (`v2HoldersFor`, `v2EventTradesFor`).
 * - `POST /books` with `[{ token_id }]`: the one recorded book (`clob-book-1.json`) for each token asked,
 *   under that token's id (no capture of `/books` itself; its answer is documented as an array of such books).
 * - `GET /prices-history?market=<token>`: the recorded token's histories (1d, 1w, max) shifted so the
 *   last point is now (the recordings are from February 2026); any other token has `{ history: [] }`,
 *   as the CLOB answers for a token without trades.
 * - The events of the recorded markets in UMA's resolution (gamma-markets-uma-proposed-disputed-13.json):
 *   each market's embedded event with the recorded markets of it (the recording holds only those), as is.
 * - `GET /v2/resolutions?condition=<id>,<id>`: no capture names these markets. For each asked condition of
 *   a recorded market, the recorded v2 row of its Gamma state (proposed, disputed: the polyoxide capture's
 *   two rows; resolved: a resolved capture; else the "active" capture) under the asked condition id, in the
 *   recorded `{ data }` envelope; unknown conditions are left out. `offset` is a 400, as v2 answers.
 */

import recordedBook from "../fixtures/polymarket/clob-book-1.json" with { type: "json" };
import history1d from "../fixtures/polymarket/clob-prices-history-1d.json" with { type: "json" };
import history1w from "../fixtures/polymarket/clob-prices-history-1w-f5.json" with { type: "json" };
import historyMax from "../fixtures/polymarket/clob-prices-history-max.json" with { type: "json" };
import leaderboard from "../fixtures/polymarket/data-leaderboard-month-pnl-50.json" with { type: "json" };
import eventForHistory from "../fixtures/polymarket/gamma-event-for-prices-history.json" with {
  type: "json",
};
import closedEvents from "../fixtures/polymarket/gamma-events-149.json" with { type: "json" };
import activeMarkets from "../fixtures/polymarket/gamma-markets-active-100.json" with { type: "json" };
import resolvedKeyset from "../fixtures/polymarket/gamma-markets-keyset-resolved-1.json" with {
  type: "json",
};
import umaMarkets from "../fixtures/polymarket/gamma-markets-uma-proposed-disputed-13.json" with {
  type: "json",
};
import updown from "../fixtures/polymarket/gamma-markets-updown-1.json" with { type: "json" };
import v2Active from "../fixtures/polymarket-data-v2/adriancova__data-v2-resolutions-v2-active.json" with {
  type: "json",
};
import v2Resolved from "../fixtures/polymarket-data-v2/adriancova__data-v2-resolutions-v2-resolved.json" with {
  type: "json",
};
import v2HoldersPnl from "../fixtures/polymarket-data-v2/polyoxide__v2_holders_include_pnl.json" with {
  type: "json",
};
import v2Pending from "../fixtures/polymarket-data-v2/polyoxide__v2_resolutions_pending_disputed_proposed.json" with {
  type: "json",
};
import v2Trades from "../fixtures/polymarket-data-v2/polyoxide__v2_trades.json" with { type: "json" };
import { eventsOf, MARKETS_RECORDED_AT, replayedAt } from "./upstream-answers.ts";

type Json = Record<string, unknown>;

interface EventRecord extends Json {
  slug: string;
  title: string;
  markets: Json[];
}

/** The recorded market whose Yes token the three CLOB histories belong to (fixtures README). */
export const HISTORY_MARKET_SLUG = "microstrategy-sells-any-bitcoin-by-december-31-2026";
export const HISTORY_TOKEN = "111128191581505463501777127559667396812474366956707382672202929745167742497287";
export const HISTORY_EVENT_SLUG = "microstrategy-sell-any-bitcoin-in-2025";

function asEvent(raw: unknown): EventRecord | null {
  const event = raw as Json;
  if (typeof event.slug !== "string" || !Array.isArray(event.markets)) return null;
  // Every field as recorded (the event page reads its id, rules, dates and status).
  return { ...event, slug: event.slug, title: String(event.title ?? ""), markets: event.markets as Json[] };
}

const events = new Map<string, EventRecord>();
const markets = new Map<string, Json>();

function addEvent(event: EventRecord): void {
  if (!events.has(event.slug)) events.set(event.slug, event);
  for (const market of event.markets) {
    const slug = market.slug;
    if (typeof slug === "string" && !markets.has(slug)) {
      markets.set(slug, { ...market, events: [{ slug: event.slug, title: event.title }] });
    }
  }
}

/**
 * The active list replayed as if recorded when this module loads, as the keyset list is served
 * (upstreams.ts): a market's page and its event's page read the same end dates as its card.
 */
const replayedActive = replayedAt(activeMarkets as Json[], MARKETS_RECORDED_AT, Date.now());
for (const market of replayedActive) {
  if (typeof market.slug === "string") markets.set(market.slug, market);
}
// The active list's events as the events list serves them: each embedded event with its recorded markets.
for (const event of eventsOf(replayedActive)) {
  const record = asEvent(event);
  if (record) events.set(record.slug, record);
}
for (const raw of [...(eventForHistory as unknown[]), ...(closedEvents as unknown[])]) {
  const event = asEvent(raw);
  if (event) addEvent(event);
}
// The markets in UMA's resolution, under their events (a disputed one, a closed one proposed, and more).
for (const event of eventsOf(umaMarkets as Json[])) {
  const record = asEvent(event);
  if (record) addEvent(record);
}
for (const market of [...(resolvedKeyset.markets as Json[]), ...(updown as Json[])]) {
  if (typeof market.slug === "string" && !markets.has(market.slug)) markets.set(market.slug, market);
}

/** `GET /markets/slug/<slug>`: the market, or null (Gamma answers 404). */
export function marketBySlug(slug: string): Json | null {
  return markets.get(slug) ?? null;
}

/** `GET /events/slug/<slug>`: the event with its markets, or null (404). */
export function eventBySlug(slug: string): EventRecord | null {
  return events.get(slug) ?? null;
}

function tokensOf(market: Json): string[] {
  const raw = market.clobTokenIds;
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== "string") return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

function marketByCondition(conditionId: string): Json | null {
  for (const market of markets.values()) if (market.conditionId === conditionId) return market;
  return null;
}

/** `GET /holders?market=<conditionId>`: five holders per outcome token (none for an unknown market). */
export function holdersFor(conditionId: string): unknown[] {
  const market = marketByCondition(conditionId);
  if (!market) return [];
  const board = leaderboard as { proxyWallet: string; userName: string }[];
  return tokensOf(market).map((token, outcomeIndex) => ({
    token,
    holders: board.slice(outcomeIndex * 5, outcomeIndex * 5 + 5).map((entry, rank) => ({
      proxyWallet: entry.proxyWallet,
      name: entry.userName,
      pseudonym: "",
      bio: "",
      profileImage: "",
      displayUsernamePublic: true,
      asset: token,
      amount: 250_000 - rank * 40_000 - outcomeIndex * 7_000,
      outcomeIndex,
    })),
  }));
}

/** The recorded v2 holder rows (with PnL): the template of every v2 holder answered. */
const v2HolderRows = (v2HoldersPnl as { data: { holders: Json[] }[] }).data.flatMap((t) => t.holders);

function outcomePricesOf(market: Json): number[] {
  const raw = market.outcomePrices;
  try {
    const parsed: unknown = typeof raw === "string" ? JSON.parse(raw) : raw;
    return Array.isArray(parsed) ? parsed.map(Number) : [];
  } catch {
    return [];
  }
}

/**
 * `GET /v2/holders?condition=<id>,<id>&include_pnl=true`: no capture of a market the recorded lists hold
 * exists, so each outcome token's holders are the recorded v2 holder rows (`polyoxide__v2_holders_include_pnl`,
 * their fields, names and entry prices as recorded) re-keyed: the first outcome is held by the recorded
 * monthly board's wallets 1–4 (ranked on the test's all-time board) and by the two recorded holders of
 * that file's first token (on no board); the second by board wallets 5–6 (fewer than three) and the
 * file's other two holders. Amounts fall by rank as in `holdersFor`; the current price is the market's.
 */
export function v2HoldersFor(params: URLSearchParams): Json {
  const conditions = (params.get("condition") ?? "").split(",").filter(Boolean);
  const board = leaderboard as { proxyWallet: string; userName: string }[];
  const includePnl = params.get("include_pnl") === "true";
  const data = conditions.flatMap((conditionId) => {
    const market = marketByCondition(conditionId);
    if (!market) return [];
    const prices = outcomePricesOf(market);
    return tokensOf(market).map((token, outcomeIndex) => {
      const ranked = outcomeIndex === 0 ? board.slice(0, 4) : board.slice(4, 6);
      const unranked = v2HolderRows.slice(outcomeIndex * 2, outcomeIndex * 2 + 2);
      const price = prices[outcomeIndex] ?? 0;
      const chosen: Json[] = [
        ...ranked.map((entry, rank) => ({
          ...v2HolderRows[rank % v2HolderRows.length],
          proxy_wallet: entry.proxyWallet,
          name: entry.userName,
          pseudonym: "",
          display_username_public: true,
          amount: 250_000 - rank * 40_000 - outcomeIndex * 7_000,
        })),
        ...unranked,
      ];
      const rows = chosen.map((row) => {
        const amount = Number(row.amount);
        const avg = Number(row.avg_price);
        const pnl = includePnl
          ? {
              avg_price: avg,
              entry_cost_usdc: amount * avg,
              current_price: price,
              current_value: amount * price,
              realized_pnl: 0,
              unrealized_pnl: amount * (price - avg),
              total_pnl: amount * (price - avg),
            }
          : {};
        const {
          avg_price: _a,
          entry_cost_usdc: _e,
          current_price: _c,
          current_value: _v,
          realized_pnl: _r,
          unrealized_pnl: _u,
          total_pnl: _t,
          ...plain
        } = row;
        return { ...plain, token_id: token, outcome_index: outcomeIndex, ...pnl };
      });
      return { token_id: token, holders: rows };
    });
  });
  return { data, pagination: { limit: 20, has_more: false, next_cursor: null } };
}

/**
 * `GET /v2/trades?event_id=<id>`: the event's trades of the last day, built from the recorded v2 trade row
 * (`polyoxide__v2_trades`, its fields as recorded) in the event's first market: board wallets 1 and 2 buy its
 * first outcome ($30,000 and $18,000), board wallet 5 sells its second ($4,000) and a recorded trader on no
 * board buys the first ($9,000), an hour ago (`nowMs`). Any other event: an empty page.
 */
export function v2EventTradesFor(params: URLSearchParams, nowMs: number): Json {
  const event = [...events.values()].find((e) => String(e.id) === params.get("event_id"));
  const market = event?.markets[0];
  const tokens = market ? tokensOf(market) : [];
  if (!event || !market || tokens.length < 2) {
    return { data: [], pagination: { limit: 500, has_more: false, next_cursor: null } };
  }
  const board = leaderboard as { proxyWallet: string }[];
  const [template] = (v2Trades as { data: Json[] }).data;
  const prices = outcomePricesOf(market);
  const at = Math.floor(nowMs / 1000) - 3600;
  const trade = (wallet: string, side: "BUY" | "SELL", outcome: number, usd: number, n: number) => {
    const price = prices[outcome] || 0.5;
    return {
      ...template,
      proxy_wallet: wallet,
      side,
      token_id: tokens[outcome],
      condition_id: market.conditionId,
      size: usd / price,
      price,
      timestamp: at - n,
      title: market.question,
      slug: market.slug,
      event_slug: event.slug,
      outcome_index: outcome,
      transaction_hash: `0xsmart${n}`,
    };
  };
  const data = [
    trade(board[0]?.proxyWallet ?? "", "BUY", 0, 30_000, 1),
    trade(board[1]?.proxyWallet ?? "", "BUY", 0, 18_000, 2),
    trade(board[4]?.proxyWallet ?? "", "SELL", 1, 4_000, 3),
    trade(String(template?.proxy_wallet ?? ""), "BUY", 0, 9_000, 4),
  ];
  return { data, pagination: { limit: 500, has_more: false, next_cursor: null } };
}

const HISTORIES: Record<string, { history: { t: number; p: number }[] }> = {
  "1d": history1d,
  "1w": history1w,
  "1m": historyMax,
  max: historyMax,
};

/** `GET /prices-history?market=<token>&interval=…`: the recorded history ending now, or none. */
export function priceHistoryFor(
  token: string,
  interval: string,
  nowSec: number,
): { history: { t: number; p: number }[] } {
  const recorded = HISTORIES[interval];
  if (token !== HISTORY_TOKEN || !recorded) return { history: [] };
  const last = recorded.history.at(-1)?.t ?? nowSec;
  const shift = nowSec - last;
  const since = interval === "1m" ? nowSec - 30 * 86_400 : Number.NEGATIVE_INFINITY;
  return {
    history: recorded.history.map((p) => ({ t: p.t + shift, p: p.p })).filter((p) => p.t >= since),
  };
}

/**
 * `GET /markets/keyset?id=…&id=…[&closed=true]`: the recorded markets with those ids (closed ones only
 * with `closed=true`), in the route's `{ markets }` shape. Ids nobody recorded are simply absent.
 */
export function marketsByIds(ids: readonly string[], closedOnly: boolean): { markets: Json[] } {
  const wanted = new Set(ids);
  const found = new Map<string, Json>();
  for (const market of markets.values()) {
    const id = String(market.id);
    if (wanted.has(id) && !found.has(id) && (!closedOnly || market.closed === true)) found.set(id, market);
  }
  return { markets: [...found.values()] };
}

/** `POST /books`: the recorded book for each well-formed `{ token_id }` asked (at most 20, as the CLOB takes). */
export function booksFor(body: unknown): unknown[] {
  if (!Array.isArray(body)) return [];
  return body.slice(0, 20).flatMap((item) => {
    const token = (item as { token_id?: unknown } | null)?.token_id;
    return typeof token === "string" ? [{ ...recordedBook, asset_id: token }] : [];
  });
}

/** Recorded v2 resolution rows by the Gamma state they answer for. */
const V2_ROW_OF: Record<string, Json | undefined> = {
  disputed: v2Pending.data.find((r) => r.status === "disputed"),
  proposed: v2Pending.data.find((r) => r.status === "proposed"),
  resolved: v2Resolved.data[0],
};

/** `GET /v2/resolutions?condition=…`: a recorded row per recorded market asked (see the top of this file). */
export function v2ResolutionsFor(params: URLSearchParams): { status: number; body: unknown } {
  if (params.has("offset")) return { status: 400, body: { error: "offset is not supported; use cursor" } };
  const asked = (params.get("condition") ?? "").split(",").filter((id) => id !== "");
  const data = asked.flatMap((conditionId) => {
    const market = marketByCondition(conditionId);
    if (!market) return [];
    const row = V2_ROW_OF[String(market.umaResolutionStatus ?? "")] ?? v2Active.data[0];
    return row ? [{ ...row, condition_id: conditionId }] : [];
  });
  return { status: 200, body: { data } };
}
