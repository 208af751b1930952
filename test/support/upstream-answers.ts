/**
 * What each upstream answers, as pure functions of the request: shared by the msw handlers (workerd
 * tests) and the fixture server (browser tests, bench), so both stand in for the upstreams alike.
 *
 * Gamma's keyset list is served from recorded markets as the real route pages them (upstreams.md):
 * `{ markets, next_cursor }`, `limit` capped at 100, the next page asked with `after_cursor`, no
 * `next_cursor` on the last page, `offset` refused with 422.
 */

import kalshiFirstPage from "../fixtures/kalshi/bobaoxu__events_nested_2events.json" with { type: "json" };
import kalshiIranEvents from "../fixtures/kalshi/iran-project__events_nested_14_EXTRACT.json" with {
  type: "json",
};
import leaderboardFixture from "../fixtures/polymarket/data-leaderboard-month-pnl-50.json" with {
  type: "json",
};
import positionsFixture from "../fixtures/polymarket/data-positions-2.json" with { type: "json" };
import v2EmptyPage from "../fixtures/polymarket-data-v2/adriancova__data-v2-trades-v2-empty.json" with {
  type: "json",
};
import v2Redeemable from "../fixtures/polymarket-data-v2/golden-burger__data_v2_positions_redeemable.json" with {
  type: "json",
};
import v2PartialActivity from "../fixtures/polymarket-data-v2/polyoxide__v2_activity.json" with {
  type: "json",
};
import v2Leaderboard from "../fixtures/polymarket-data-v2/polyoxide__v2_leaderboard.json" with {
  type: "json",
};
import v2OpenPositions from "../fixtures/polymarket-data-v2/polyoxide__v2_positions.json" with {
  type: "json",
};
import v2Activity from "../fixtures/polymarket-data-v2/pysdk__activity.data.json" with { type: "json" };
import v2Standing from "../fixtures/polymarket-data-v2/pysdk__leaderboard_standing_user.data.json" with {
  type: "json",
};

/** Headers the deprecated offset list answers with today. */
export const LEGACY_LIST_HEADERS = {
  sunset: "Fri, 01 May 2026 00:00:00 GMT",
  warning: '299 - "GET /markets is deprecated: use /markets/keyset"',
} as const;

/** An opaque cursor for a position in the list (real cursors are opaque base64 too). */
function cursorFor(position: number): string {
  return btoa(JSON.stringify({ p: position })).replace(/=+$/, "");
}

function positionOf(cursor: string): number | null {
  try {
    const parsed = JSON.parse(atob(cursor)) as { p?: unknown };
    return typeof parsed.p === "number" && Number.isInteger(parsed.p) && parsed.p >= 0 ? parsed.p : null;
  } catch {
    return null;
  }
}

export type KeysetAnswer =
  | { status: 200; body: { [list: string]: unknown } }
  | { status: 422; body: { error: string } };

/**
 * The answer of `GET /markets/keyset` for a query, over `markets` (already in the requested order).
 * `pageSize` stands in for how many the upstream puts on a page (at most `limit`, at most 100).
 */
export function keysetAnswer(
  markets: readonly unknown[],
  query: URLSearchParams,
  pageSize = 100,
  list: "markets" | "events" = "markets",
): KeysetAnswer {
  if (query.has("offset"))
    return { status: 422, body: { error: "offset is not supported: use after_cursor" } };
  const limit = Math.min(100, Math.max(1, Number(query.get("limit") ?? 20) || 20), pageSize);
  const cursor = query.get("after_cursor");
  // Any other cursor name is ignored and page 1 comes back, as on the real route.
  const start = cursor === null ? 0 : (positionOf(cursor) ?? 0);
  const end = start + limit;
  const page = markets.slice(start, end);
  return {
    status: 200,
    body: end < markets.length ? { [list]: page, next_cursor: cursorFor(end) } : { [list]: page },
  };
}

/**
 * Kalshi's open events with their markets, as the test upstreams list them: the recorded first page's two
 * events, then the 14 recorded Iran-related ones (kalshi/ in the fixtures README).
 */
export const KALSHI_EVENTS: readonly unknown[] = [...kalshiFirstPage.events, ...kalshiIranEvents];

/**
 * Kalshi `GET /events?status=open&with_nested_markets=true&limit=&cursor=` over `events`, paged as the real
 * route pages: `{ cursor, events, milestones }`, `limit` 1–200 (default 200; `pageSize` stands in for a
 * smaller page), the next page asked with `cursor`, an empty `cursor` on the last page. Without
 * `with_nested_markets=true` the events come without `markets`; another `status` than open lists none (the
 * recorded events are all open). A limit over 200 answers 400, as Kalshi does.
 */
export function kalshiEventsAnswer(
  query: URLSearchParams,
  pageSize = 200,
  events: readonly unknown[] = KALSHI_EVENTS,
): { status: number; body: unknown } {
  const asked = Number(query.get("limit") ?? 200);
  if (!Number.isInteger(asked) || asked < 1 || asked > 200) {
    return { status: 400, body: { error: { code: "invalid_parameters", message: "limit must be 1-200" } } };
  }
  const status = query.get("status");
  const listed = status === null || status === "open" ? events : [];
  const limit = Math.min(asked, pageSize);
  const cursor = query.get("cursor");
  const start = cursor ? (positionOf(cursor) ?? 0) : 0;
  const end = start + limit;
  const nested = query.get("with_nested_markets") === "true";
  const page = listed
    .slice(start, end)
    .map((e) =>
      nested ? e : Object.fromEntries(Object.entries(e as Json).filter(([k]) => k !== "markets")),
    );
  return {
    status: 200,
    body: { cursor: end < listed.length ? cursorFor(end) : "", events: page, milestones: [] },
  };
}

/** X API v2 recent counts for any query: two full days, the second not trending (820 posts in all). */
export function xCountsAnswer() {
  return {
    data: [
      { start: "2026-11-20T00:00:00.000Z", end: "2026-11-21T00:00:00.000Z", tweet_count: 400 },
      { start: "2026-11-21T00:00:00.000Z", end: "2026-11-22T00:00:00.000Z", tweet_count: 420 },
    ],
    meta: { total_tweet_count: 820 },
  };
}

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
}

/** How far the test model's probability of an event's dearest outcome departs from its price (0..1). */
export const MODEL_LEAN = 0.1;

/**
 * An OpenAI-compatible chat completion for exactly the events it was sent. Per event its probability of
 * the dearest outcome leans MODEL_LEAN above the price when that costs over 60¢, below it under 40¢, and
 * not at all between; the other outcomes keep their prices, scaled so the listed total stays what the
 * prices add up to. Its stated call is buy-yes on the dearest outcome over 60¢ (agreeing with its
 * probabilities) and, like the model a trader caught, buy-yes under 40¢ too, which its own probabilities
 * contradict: the site must call buy-no there, from the probabilities.
 */
export function modelAnswer(body: ChatRequest) {
  const user = body.messages.find((m) => m.role === "user")?.content ?? "{}";
  const { events } = JSON.parse(user) as {
    events: { eventId: string; outcomes: { outcome: string; priceCents: number }[] }[];
  };
  const forecasts = events.map((e) => {
    const prices = e.outcomes.map((o) => o.priceCents / 100);
    const lead = prices[0] ?? 0.5;
    const lean = lead > 0.6 ? MODEL_LEAN : lead < 0.4 ? -MODEL_LEAN : 0;
    const leadP = Math.min(1, Math.max(0, lead + lean));
    const rest = prices.slice(1).reduce((sum, p) => sum + p, 0);
    // The others share what the lead gave up or took, in proportion to their prices.
    const scale = rest > 0 ? Math.max(0, rest - (leadP - lead)) / rest : 1;
    const side = lean === 0 ? "none" : "buy_yes";
    return {
      eventId: e.eventId,
      probabilities: e.outcomes.map((o, i) => ({
        outcome: o.outcome,
        probability: Math.round((i === 0 ? leadP : (prices[i] ?? 0) * scale) * 1000) / 1000,
      })),
      callOutcome: side === "none" ? null : (e.outcomes[0]?.outcome ?? null),
      callSide: side,
      confidence: 72,
      reasoning: `Model view on ${e.eventId}.`,
    };
  });
  return {
    id: "chatcmpl-test",
    model: body.model,
    choices: [{ index: 0, message: { role: "assistant", content: JSON.stringify({ forecasts }) } }],
  };
}

/**
 * The Data API leaderboard from the recorded monthly PnL board (50 traders, one page): `offset` past it
 * answers `[]` (the board ends), `user=<wallet>` answers that wallet's row on the monthly board or `[]`.
 * Only the monthly PnL board was recorded: other periods and orders answer `[]` (nobody ranked), except
 * that every wallet with recorded activity is on the all-time board (as on Polymarket, where any wallet
 * that ever traded has an all-time row): an all-time `user=` lookup of a recorded trader answers its
 * monthly row (figures made up from the recorded ones; decision 0021), of any other wallet `[]`.
 */
export function leaderboardAnswer(params: URLSearchParams): unknown[] {
  const period = (params.get("timePeriod") ?? "DAY").toUpperCase();
  const pnl = (params.get("orderBy") ?? "PNL").toUpperCase() === "PNL";
  const user = params.get("user")?.toLowerCase();
  if (user && period === "ALL" && pnl) {
    return leaderboardFixture.filter((row) => row.proxyWallet.toLowerCase() === user);
  }
  if (period !== "MONTH" || !pnl) return [];
  if (user) return leaderboardFixture.filter((row) => row.proxyWallet.toLowerCase() === user);
  const offset = Number(params.get("offset") ?? "0");
  const limit = Math.min(50, Number(params.get("limit") ?? "50"));
  return leaderboardFixture.slice(offset, offset + limit);
}

/**
 * The Data API v2 board: its recorded first page (two wallets, `has_more` with a cursor); for that page's
 * cursor, a second page made of the recorded monthly board's 50 wallets in v2's row shape (ranks 3–52,
 * their names, PnL and volume as recorded; the last page); for any other cursor, the recorded empty page.
 * `offset` is refused with a 400, as v2 does.
 */
export function v2LeaderboardAnswer(params: URLSearchParams): { status: number; body: unknown } {
  if (params.has("offset")) return { status: 400, body: { error: "offset is not supported; use cursor" } };
  const user = params.get("user")?.toLowerCase();
  if (user !== undefined) return v2StandingAnswer(user);
  const cursor = params.get("cursor");
  if (cursor === null) return { status: 200, body: v2Leaderboard };
  if (cursor !== v2Leaderboard.pagination.next_cursor) return { status: 200, body: v2EmptyPage };
  const data = leaderboardFixture.map((row, i) => ({
    rank: i + 3,
    user_id: row.proxyWallet,
    pnl: row.pnl,
    volume: row.vol,
    user_name: row.userName,
    profile_image: row.profileImage,
    x_username: row.xUsername,
    verified: row.verifiedBadge,
  }));
  return { status: 200, body: { data, pagination: { limit: 100, has_more: false, next_cursor: null } } };
}

/** The wallet of the recorded v2 activity and standing (py-sdk's fixtures): its two trades are all it has. */
export const V2_ACTIVITY_WALLET = "0x7c3db723f1d4d8cb9c550095203b686cb11e5c6b";
/** The wallet of the recorded v2 activity page that has more pages (polyoxide's fixture). */
export const V2_BUSY_WALLET = "0x379a410a36c101e3b8dfb6c90d1176eb0def4b1a";

/** `/v2/leaderboard?user=`: the recorded standing of its wallet; a 404 for a wallet not on the board. */
function v2StandingAnswer(user: string): { status: number; body: unknown } {
  if (user === V2_ACTIVITY_WALLET) return { status: 200, body: { data: v2Standing } };
  return { status: 404, body: { error: "user not found" } };
}

/**
 * `/v2/activity?user=`: py-sdk's recorded rows (envelope stripped) as its wallet's whole history (one
 * page, no more); polyoxide's recorded first page (`has_more`) for its wallet; an empty page for anyone else.
 */
export function v2ActivityAnswer(params: URLSearchParams): { status: number; body: unknown } {
  if (params.has("offset")) return { status: 400, body: { error: "offset is not supported; use cursor" } };
  const user = params.get("user")?.toLowerCase();
  const empty = { data: [], pagination: { limit: 100, has_more: false, next_cursor: null } };
  if (user === V2_ACTIVITY_WALLET) {
    return { status: 200, body: { ...empty, data: v2Activity } };
  }
  if (user === V2_BUSY_WALLET) return { status: 200, body: v2PartialActivity };
  return { status: 200, body: empty };
}

/** The wallet of the recorded positions (rank 1 on the recorded monthly board). */
export const POSITIONS_WALLET = "0x09b428f7c2b469786286214aa5c90dd9015f7320";

/** Data API `/positions?user=`: the recorded positions for their wallet, `[]` for any other. */
export function positionsAnswer(params: URLSearchParams): unknown[] {
  return params.get("user")?.toLowerCase() === POSITIONS_WALLET ? positionsFixture : [];
}

type Json = Record<string, unknown>;

/** A page of v2 rows that is the last. */
const lastPage = (data: unknown[]) => ({
  data,
  pagination: { limit: 100, offset: 0, has_more: false, next_cursor: null },
});

/**
 * The recorded wallet's lost positions in v2's shape: its recorded v1 positions (both resolved, both
 * paid nothing), field for field; labelled REDEEMABLE, as v2 labels the rows of its REDEEMABLE_LOST list.
 */
export function v2LostPositions(): Json[] {
  return positionsFixture.map((p) => ({
    proxy_wallet: p.proxyWallet,
    token_id: p.asset,
    condition_id: p.conditionId,
    current_size: p.size,
    avg_price: p.avgPrice,
    total_cost_usdc: p.initialValue,
    current_price: p.curPrice,
    current_value: p.currentValue,
    realized_pnl: p.realizedPnl,
    total_pnl: p.cashPnl,
    status: "REDEEMABLE",
    redeemable: p.redeemable,
    title: p.title,
    slug: p.slug,
    event_id: p.eventId,
    event_slug: p.eventSlug,
    outcome: p.outcome,
    outcome_index: p.outcomeIndex,
    end_date: p.endDate,
  }));
}

/**
 * Closed positions: the recorded open v2 rows as if sold at their recorded price (no size left, the
 * recorded PnL realised). No CLOSED list was recorded; these keep every other recorded figure.
 */
export function v2ClosedPositions(): Json[] {
  return v2OpenPositions.data.map((p) => ({
    ...p,
    current_size: 0,
    current_value: 0,
    realized_pnl: p.total_pnl,
    unrealized_pnl: 0,
    status: "CLOSED",
  }));
}

/**
 * Data API v2 `/v2/positions?user=&status=`: for the recorded positions' wallet, REDEEMABLE answers the
 * recorded page (two won positions, `has_more`; any cursor then the recorded empty page), REDEEMABLE_LOST
 * its lost ones and CLOSED the closed ones built above, OPEN the recorded open page; any other wallet the
 * recorded empty page. `offset` is refused with a 400, as v2 does.
 */
export function v2PositionsAnswer(params: URLSearchParams): { status: number; body: unknown } {
  if (params.has("offset")) return { status: 400, body: { error: "offset is not supported; use cursor" } };
  if (params.get("user")?.toLowerCase() !== POSITIONS_WALLET || params.has("cursor")) {
    return { status: 200, body: v2EmptyPage };
  }
  switch ((params.get("status") ?? "OPEN").toUpperCase()) {
    case "REDEEMABLE":
      return { status: 200, body: v2Redeemable };
    case "REDEEMABLE_LOST":
      return { status: 200, body: lastPage(v2LostPositions()) };
    case "CLOSED":
      return { status: 200, body: lastPage(v2ClosedPositions()) };
    default:
      return { status: 200, body: v2OpenPositions };
  }
}

/**
 * Gamma's events list built from recorded markets: each market's embedded `events[0]` with its member
 * markets as `markets[]`, in the order their markets first appear in the recorded list (which Gamma
 * ordered by 24 h volume). The recorded top-100 markets belong to 20 events. A market without an event
 * is left out.
 */
export function eventsOf(markets: readonly unknown[]): Json[] {
  const events = new Map<string, Json & { markets: unknown[] }>();
  for (const market of markets as Json[]) {
    const embedded = (market.events as Json[] | undefined)?.[0];
    const slug = typeof embedded?.slug === "string" ? embedded.slug : null;
    if (!embedded || !slug) continue;
    const event = events.get(slug) ?? { ...embedded, markets: [] };
    events.set(slug, event);
    const { events: _events, ...member } = market;
    event.markets.push(member);
  }
  return [...events.values()];
}

/** When the recorded top-100 markets (gamma-markets-active-100.json) were recorded (fixtures README). */
export const MARKETS_RECORDED_AT = Date.parse("2026-02-13T12:00:00Z");

/** The date fields of a Gamma market or event that say where it stands in time. */
const DATE_FIELDS = new Set(["endDate", "startDate", "endDateIso", "startDateIso", "createdAt", "updatedAt"]);

/**
 * A recorded payload replayed as if recorded `now`: every date field of every market and event in it moved by
 * `now − recordedAt` (decision 0030). A market that had ended a week before the recording has ended a week
 * before the test runs, one ending next month ends next month: "hide ended" and the record's end-date rule
 * see what a visitor on the recording day saw, on any day the tests run.
 */
export function replayedAt<T>(payload: T, recordedAt: number, now: number): T {
  const offset = now - recordedAt;
  const shift = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(shift);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => {
        if (DATE_FIELDS.has(key) && typeof field === "string") {
          const ms = Date.parse(field);
          if (!Number.isFinite(ms)) return [key, field];
          const moved = new Date(ms + offset).toISOString();
          // Date-only fields ("2025-12-31") stay date-only.
          return [key, /^\d{4}-\d{2}-\d{2}$/.test(field) ? moved.slice(0, 10) : moved];
        }
        return [key, shift(field)];
      }),
    );
  };
  return shift(payload) as T;
}
