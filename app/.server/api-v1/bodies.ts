/**
 * Each endpoint's answer as data: a body with how long it may be cached, or an error. The router sends
 * them; the /api-access reference calls the same functions for its example responses.
 */

import { categoryBySlug } from "~/lib/categories";
import type { ChartRange } from "~/lib/chart";
import { gapCents } from "~/lib/cross-venue";
import { sourceProvenance } from "~/lib/market-page";
import { outcomeLabel } from "~/lib/outcomes";
import { analysisProvenance, fetchedProvenance, mentionsProvenance, POLYMARKET } from "~/lib/provenance";
import { type Section, unavailable as sectionUnavailable, type Unavailable } from "~/lib/section";
import { publishedSmartMoney, SMART_MONEY_UNAVAILABLE, type SmartMoneyView } from "~/lib/smart-money";
import type { DisplayMarket, Market, MarketSnapshot } from "~/lib/types";
import type { Deps } from "../deps";
import { eventHistory, NOT_RECORDED, rangeStep } from "../events/history";
import { smartOutcomes, smartQuery } from "../events/smart-money";
import { smartMoneySection } from "../events/smart-money-section";
import { kalshiRows, type PairReads, type ShownMarket, shownMarkets } from "../kalshi/pair-views";
import { LOOKUPS, type Lookups, sayUnavailable } from "../lookups";
import { historyPoints, outcomeHistory } from "../market/price-history";
import { marketResolution, v2Resolutions } from "../market/resolutions";
import { ON_DEMAND_FRESH_SECONDS, resolveMarket } from "../market/resolve";
import { readEvent } from "../search/event-detail";
import { SearchCursorError } from "../search/query";
import { searchOpenEvents } from "../search/results";
import { findShownEvent, marketSnapshot } from "../snapshots/markets";
import type { Health } from "../snapshots/status";
import { readHealth } from "../snapshots/status";
import { withWalletRadar } from "../snapshots/wallet-facts";
import { whaleSnapshot } from "../snapshots/whales";
import { type Sources, searchSourcesOf, sourcesOf, statusSourcesOf } from "../sources";
import { exportHeadline, exportPage, exportSummary } from "../track-record/export";
import { readTrackRecord } from "../track-record/view";
import type { EventsQuery, MarketsQuery, SearchQuery, WhalesQuery } from "./params";
import { selectEvents, selectMarkets, selectWhales } from "./queries";
import type {
  ApiMarket,
  ErrorCode,
  EventHistoryResponse,
  EventList,
  EventResponse,
  HistoryResponse,
  MarketList,
  MarketResponse,
  SearchResponse,
  TrackRecordResponse,
  WhaleList,
} from "./responses";

export type Answer<T> =
  | {
      ok: true;
      body: T;
      maxAge: number;
      /** 503 for a body that says the service is degraded (the status); 200 otherwise. */
      status?: 503;
      retryAfter?: number;
    }
  | {
      ok: false;
      status: 400 | 404 | 429 | 503;
      code: ErrorCode;
      message: string;
      parameter?: string;
      /** Seconds to wait before asking again (429 and 503: sent as Retry-After). */
      retryAfter?: number;
    };

/** Seconds a 503 asks clients to wait: the back-off a failing upstream gets (at least a minute). */
const UNAVAILABLE_RETRY_SECONDS = 60;

/** Seconds until data fetched at `fetchedAt` turns stale (0 once it has). */
export function freshFor(fetchedAt: string, freshSeconds: number, now: number): number {
  const at = Date.parse(fetchedAt);
  if (!Number.isFinite(at)) return 0;
  return Math.max(0, Math.min(freshSeconds, Math.ceil(freshSeconds - (now - at) / 1000)));
}

const HISTORY_MAX_AGE = 300;
const RECORD_MAX_AGE = 60;
const STATUS_MAX_AGE = 15;

const badCursor = (message: string) =>
  ({ ok: false, status: 400, code: "invalid_parameter", parameter: "cursor", message }) as const;

const unavailable = (message: string) =>
  ({ ok: false, status: 503, code: "unavailable", message, retryAfter: UNAVAILABLE_RETRY_SECONDS }) as const;

/** A page of the snapshot's list with the snapshot's time, staleness, provenance and failure: cached while fresh. */
function snapshotPage<P extends object>(deps: Deps, snapshot: MarketSnapshot, page: P) {
  const { provenance, fetchedAt, error, failingSince } = snapshot;
  return {
    ok: true as const,
    maxAge: freshFor(fetchedAt, deps.config.marketsFreshSeconds, deps.now()),
    body: {
      ...page,
      fetchedAt,
      stale: snapshot.stale ?? false,
      provenance,
      ...(error ? { error } : {}),
      ...(failingSince ? { failingSince } : {}),
    },
  };
}

/** A Section's failure as an answer: 429 over the client's lookup limit, else 503. */
const failed = (failure: Unavailable) =>
  failure.reason === "limited"
    ? ({
        ok: false,
        status: 429,
        code: "rate_limited",
        message: failure.message,
        retryAfter: failure.retryAfterSeconds ?? UNAVAILABLE_RETRY_SECONDS,
      } as const)
    : unavailable(failure.message);

/** A percent price (0..100, to the hundredth) in the API's unit, 0..1 without float noise: 2.65 → 0.0265. */
const fraction = (percent: number): number => Math.round(percent * 100) / 10_000;

/** A market of the list in the API's one unit: prices 0–1 (the card keeps percent for its view). */
function apiMarket(market: DisplayMarket): ApiMarket {
  return { ...market, yesPrice: fraction(market.yesPrice), noPrice: fraction(market.noPrice) };
}

export async function marketsAnswer(deps: Deps, query: MarketsQuery): Promise<Answer<MarketList>> {
  const snapshot = await marketSnapshot.get(deps);
  const page = selectMarkets(snapshot.markets, query, deps.now());
  if (page === null)
    return badCursor(
      "cursor names no market of this list (the snapshot has changed): start again without it",
    );
  return snapshotPage(deps, snapshot, { ...page, markets: page.markets.map(apiMarket) });
}

export async function eventsAnswer(deps: Deps, query: EventsQuery): Promise<Answer<EventList>> {
  const snapshot = await marketSnapshot.get(deps);
  const page = selectEvents(snapshot.events, query, deps.now());
  if (page === null)
    return badCursor("cursor names no event of this list (the snapshot has changed): start again without it");
  return snapshotPage(deps, snapshot, page);
}

/** Seconds an answer from the index (a search, an indexed event) may be kept: it takes in a few Gamma pages a minute. */
const INDEX_MAX_AGE = 60;

/** A page of the search over every open event (the snapshot's events when the index cannot answer). */
export async function searchAnswer(deps: Deps, query: SearchQuery): Promise<Answer<SearchResponse>> {
  try {
    const found = await searchOpenEvents(searchSourcesOf(deps), {
      q: query.q,
      limit: query.limit,
      cursor: query.cursor ?? null,
      category: categoryBySlug(query.category),
    });
    return {
      ok: true,
      maxAge: INDEX_MAX_AGE,
      body: {
        source: found.source,
        note: found.fallback,
        events: found.events.map((event) => ({ ...event, matchedOutcome: found.outcomeNamed(event) })),
        nextCursor: found.nextCursor,
        provenance: found.provenance,
      },
    };
  } catch (error) {
    if (error instanceof SearchCursorError) return badCursor(error.message);
    throw error;
  }
}

/** Each market's UMA state in the answer's words; the Data API asked for those proposed or disputed. */
async function resolutionsOf(
  lookups: Lookups,
  slug: string,
  markets: readonly Market[],
): Promise<{ rows: NonNullable<EventResponse["resolutions"]>; note: string | null }> {
  const { byCondition, note } = await v2Resolutions(lookups, slug, markets);
  const rows = markets.map((m) => {
    const r = marketResolution(m, m.conditionId ? (byCondition.get(m.conditionId) ?? null) : null);
    return {
      marketId: m.id,
      marketSlug: m.slug,
      label: outcomeLabel(m),
      state: r.state,
      answer: r.answer,
      finalAt: r.finalAt === null ? null : new Date(r.finalAt).toISOString(),
      wasDisputed: r.wasDisputed,
    };
  });
  return { rows, note };
}

/** Seconds an answer that says part of it could not be read may be kept. */
const PARTIAL_MAX_AGE = 60;

/**
 * An event's smart money over its dearest open outcomes: a shown event's markets from the snapshot, any
 * other's from Gamma's answer (kept; `readEvent` asked it already).
 */
/**
 * An event answered from the index: an index answer never asks Gamma, so its smart money (which needs
 * Gamma's condition ids) is read only once Gamma's event is kept (its page has been opened).
 */
export const SMART_MONEY_NOT_KEPT =
  "Smart money is read for this event once its page has been opened (/event/{slug}); not read yet.";

/** Whether Gamma's event is kept fresh: then reading it calls no upstream. */
async function gammaEventKept(deps: Deps, slug: string): Promise<boolean> {
  const { key, freshMs } = LOOKUPS.event.at(slug);
  return (await deps.onDemand.peek(key, freshMs)) !== null;
}

async function smartMoneyOf(
  deps: Deps,
  sources: Sources,
  slug: string,
  fromIndex: boolean,
): Promise<Section<SmartMoneyView>> {
  const shown = findShownEvent(await sources.snapshot(), slug);
  let markets: Market[];
  let id: string;
  if (shown) {
    markets = shown.markets;
    id = shown.card.id;
  } else {
    if (fromIndex && !(await gammaEventKept(deps, slug))) {
      return sectionUnavailable(SMART_MONEY_NOT_KEPT.replace("{slug}", slug), "empty");
    }
    const read = await sources.lookups.event(slug);
    if (!read.ok) return sayUnavailable(read, SMART_MONEY_UNAVAILABLE);
    if (read.value.value === null) return sectionUnavailable(SMART_MONEY_UNAVAILABLE, "empty");
    markets = read.value.value.markets;
    id = read.value.value.id;
  }
  const outcomes = smartOutcomes(markets, shown?.card.multi);
  return smartMoneySection(sources, outcomes, smartQuery(slug, id, outcomes));
}

type KalshiPairBody = NonNullable<EventResponse["kalshi"]>[number];

/**
 * The markets of an event as the answer prices them, in its outcomes' order: Gamma's or the snapshot's markets
 * where read, else the outcomes listed (a one-market event's Yes side; no end date, so the end dates are not
 * compared).
 */
function answerMarkets(
  detail: Pick<EventResponse, "event" | "outcomes">,
  markets: readonly Market[] | null,
): ShownMarket[] {
  if (markets !== null) {
    // In the order of the answer's outcomes (dearest first), as the event page lists its pairs.
    const rank = new Map(detail.outcomes.map((o, i) => [o.marketId, i] as const).reverse());
    const ranked = [...markets].sort(
      (a, b) => (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER),
    );
    return shownMarkets(ranked, detail.event.multi);
  }
  const byId = new Map<string, ShownMarket>();
  for (const o of detail.outcomes) {
    const kept = byId.get(o.marketId);
    if (kept && o.label !== "Yes") continue;
    byId.set(o.marketId, {
      marketId: o.marketId,
      endDate: null,
      label: o.label,
      price: o.price,
      sides: [o.label, ""],
    });
  }
  return [...byId.values()];
}

/** The event's Kalshi pairs with the gap to the price the answer gives; null when D1 cannot be read. */
async function kalshiOf(
  reads: PairReads,
  detail: Pick<EventResponse, "event" | "outcomes" | "fetchedAt">,
  markets: readonly Market[] | null,
): Promise<Section<KalshiPairBody[]>> {
  const rows = await kalshiRows(reads, detail.event.slug, answerMarkets(detail, markets), detail.fetchedAt);
  if (!rows.ok) return rows;
  return {
    ok: true,
    value: rows.value.map(({ kalshi: k, polymarket }) => ({
      polymarketId: k.polymarketId,
      ticker: k.ticker,
      title: k.title,
      url: k.url,
      rulesUrl: k.rulesUrl,
      price: k.price,
      bid: k.bid,
      ask: k.ask,
      volume24h: k.volume24h,
      readAt: new Date(k.readMs).toISOString(),
      closed: k.closed,
      gap: k.price === null ? null : gapCents(k.price, polymarket.price),
      score: k.score,
      reasons: k.reasons,
      decidedBy: k.decidedBy,
      endDatesApartDays: k.endDatesApartDays,
    })),
  };
}

export async function eventAnswer(deps: Deps, slug: string): Promise<Answer<EventResponse>> {
  const sources = sourcesOf(deps);
  const read = await readEvent(sources, slug);
  if (!read.ok) return failed(read);
  if (read.value === null)
    return { ok: false, status: 404, code: "not_found", message: `No event with slug ${slug}` };
  const { detail: base, from, markets } = read.value;
  const [money, resolutions, kalshi] = await Promise.all([
    smartMoneyOf(deps, sources, slug, from === "index"),
    markets === null ? null : resolutionsOf(sources.lookups, slug, markets),
    kalshiOf(sources.reads, base, markets),
  ]);
  const notes = [
    ...(base.notes ?? []),
    ...(money.ok ? [] : [money.message]),
    ...(kalshi.ok ? [] : [kalshi.message]),
    ...(resolutions?.note ? [resolutions.note] : []),
  ];
  const detail: EventResponse = {
    ...base,
    smartMoney: money.ok ? publishedSmartMoney(money.value) : null,
    resolutions: resolutions?.rows ?? null,
    kalshi: kalshi.ok ? kalshi.value : null,
    ...(notes.length > 0 ? { notes } : {}),
  };
  // An index row may be days old and still right to the cent (it is rewritten only when a price moves).
  const maxAge =
    from === "index"
      ? INDEX_MAX_AGE
      : freshFor(
          detail.fetchedAt,
          from === "snapshot" ? deps.config.marketsFreshSeconds : ON_DEMAND_FRESH_SECONDS,
          deps.now(),
        );
  return { ok: true, maxAge: detail.notes ? Math.min(PARTIAL_MAX_AGE, maxAge) : maxAge, body: detail };
}

/**
 * An event's recorded prices over the range. Nothing recorded: the event is looked for (404 when
 * Polymarket does not know it) and the answer is empty, with why.
 */
export async function eventHistoryAnswer(
  deps: Deps,
  slug: string,
  range: ChartRange,
): Promise<Answer<EventHistoryResponse>> {
  const history = await eventHistory(sourcesOf(deps).reads, slug, range, Math.floor(deps.now() / 1000));
  if (!history.ok) return unavailable(history.message);
  if (history.value === null) {
    const event = await eventAnswer(deps, slug);
    if (!event.ok) return event;
    return {
      ok: true,
      maxAge: PARTIAL_MAX_AGE,
      body: {
        slug,
        range,
        step: rangeStep(range),
        outcomes: [],
        outcomeCount: 0,
        points: [],
        notes: [NOT_RECORDED],
      },
    };
  }
  return { ok: true, maxAge: HISTORY_MAX_AGE, body: { slug, range, ...history.value } };
}

export async function marketAnswer(deps: Deps, slug: string): Promise<Answer<MarketResponse>> {
  const read = await resolveMarket(sourcesOf(deps), slug);
  if (!read.ok) return failed(read);
  const resolved = read.value;
  if (resolved === null)
    return { ok: false, status: 404, code: "not_found", message: `No market with slug ${slug}` };
  const { source } = resolved.view;
  const maxAge = source.kind === "history" ? 60 : freshFor(source.at, ON_DEMAND_FRESH_SECONDS, deps.now());
  const { analysis } = resolved;
  const provenance = {
    markets: sourceProvenance(source),
    sentiment: analysis ? analysisProvenance(analysis.source) : null,
    mentions: analysis ? mentionsProvenance(analysis.mentionsSource) : null,
  };
  return { ok: true, maxAge, body: { market: resolved.view, analysis, provenance } };
}

export async function historyAnswer(
  deps: Deps,
  slug: string,
  range: ChartRange,
): Promise<Answer<HistoryResponse>> {
  const market = await marketAnswer(deps, slug);
  if (!market.ok) return market;
  const view = market.body.market;
  const { series, notes } = await outcomeHistory(sourcesOf(deps), view, range, Math.floor(deps.now() / 1000));
  return {
    ok: true,
    maxAge: notes.length > 0 ? 60 : HISTORY_MAX_AGE,
    body: {
      slug: view.slug,
      range,
      outcomes: series.map((s) => s.label),
      points: historyPoints(series),
      ...(notes.length > 0 ? { notes } : {}),
    },
  };
}

export async function whalesAnswer(deps: Deps, query: WhalesQuery): Promise<Answer<WhaleList>> {
  const { trades, fetchedAt, error, failingSince } = await withWalletRadar(
    sourcesOf(deps).reads,
    await whaleSnapshot.get(deps),
  );
  return {
    ok: true,
    maxAge: freshFor(fetchedAt, deps.config.whalesFreshSeconds, deps.now()),
    body: {
      trades: selectWhales(trades, query).map((t) => ({ ...t, radar: t.radar ?? null })),
      fetchedAt,
      // A failing refresh serves the trades of the last good one: cached at its time.
      provenance: { trades: fetchedProvenance(POLYMARKET, fetchedAt, error !== undefined) },
      ...(error ? { error } : {}),
      ...(failingSince ? { failingSince } : {}),
    },
  };
}

export async function trackRecordAnswer(
  deps: Deps,
  cursor: string | undefined,
): Promise<Answer<TrackRecordResponse>> {
  const record = await readTrackRecord(deps.history);
  if (!record.ok) return unavailable(record.message);
  const page = exportPage(record.value.calls, cursor ?? null);
  if (page === null) return badCursor("cursor names no call: use the nextCursor of a previous page");
  return {
    ok: true,
    maxAge: RECORD_MAX_AGE,
    body: {
      headline: exportHeadline(record.value.headline),
      summary: exportSummary(record.value.summary),
      ...page,
    },
  };
}

/** The pipeline's health: 200 when ok, 503 (same body, with Retry-After) when degraded. */
export async function statusAnswer(deps: Deps): Promise<Answer<Health>> {
  const body = await readHealth(statusSourcesOf(deps));
  if (body.ok) return { ok: true, maxAge: STATUS_MAX_AGE, body };
  return { ok: true, maxAge: 0, body, status: 503, retryAfter: UNAVAILABLE_RETRY_SECONDS };
}

/**
 * The part of a status answer that says something has changed: everything but the ages and this check's
 * own read time, which grow with the clock (its ETag is made from this).
 */
export function statusVersion(health: Health): unknown {
  const { history, snapshots } = health;
  const ageless = <T extends { ageSeconds: number | null }>({ ageSeconds: _, ...rest }: T) => rest;
  return {
    ...health,
    history: { ...history, lastReadAt: null },
    snapshots: { ...snapshots, markets: ageless(snapshots.markets), whales: ageless(snapshots.whales) },
  };
}
