/**
 * `/compare` and `GET /api/v1/compare` (decision 0057): the stored pairs (D1, kept a minute in the isolate)
 * priced with the shown Polymarket markets (the cached snapshot) and Kalshi's stored figures, filtered by
 * the URL. No upstream is called for a visitor: Kalshi's prices are the crawl's, each with when it was read.
 * A failing database is the page's message; Kalshi not read in full lately keeps the last stored prices
 * with their times and says so.
 */
import { data } from "react-router";
import {
  type CompareData,
  type CompareFilters,
  compareRows,
  filterRows,
  parseCompareFilters,
  type ShownMarketInput,
} from "~/lib/compare";
import { errorMessage } from "~/lib/errors";
import { formatMoment } from "~/lib/format";
import type { Deps } from "../deps";
import { readOpenPairs, type StoredPair } from "../kalshi/pairs";
import { readKalshiCrawl } from "../kalshi/store";
import { createLog } from "../log";
import type { CachedMarkets } from "../snapshots/markets";
import { sourcesOf } from "../sources";

const log = createLog("kalshi");
const PAIRS_MEMO_MS = 60_000;

/** Kalshi is "not read lately" when its last full pass is older than this many passes (and half an hour). */
const PASSES_LATE = 3;
const LATE_AT_LEAST_MS = 30 * 60_000;

export const COMPARE_UNAVAILABLE = "The matched markets cannot be read right now.";
const LAST_READ_SHOWN =
  "The matched markets cannot be read right now: these are the last read, each price with when it was read.";

/** Each isolate's last good read (keyed by its cache), shown with its times while the database fails. */
const lastRead = new WeakMap<object, Stored>();

/** The shown Polymarket markets by id, as the comparison reads them. */
function shownMarkets(cached: CachedMarkets): Map<string, ShownMarketInput> {
  const { snapshot, markets = [] } = cached.value;
  const eventOf = new Map(snapshot.events.flatMap((e) => e.outcomes.map((o) => [o.marketId, e] as const)));
  const bySlug = new Map(snapshot.events.map((e) => [e.slug, e]));
  const shown = new Map<string, ShownMarketInput>();
  for (const m of markets) {
    const event = eventOf.get(m.id) ?? (m.event ? bySlug.get(m.event.slug) : undefined);
    const yes = m.outcomes[0]?.price;
    if (!event || yes === undefined || m.closed) continue;
    shown.set(m.id, {
      id: m.id,
      slug: m.slug,
      question: m.title,
      eventTitle: event.title,
      category: event.category as ShownMarketInput["category"],
      yes,
      endDate: m.endDate ?? event.endDate,
      fee: m.fee,
    });
  }
  return shown;
}

interface Stored {
  pairs: StoredPair[];
  lastFullPassMs: number | null;
}

/** The answer for some filters (the page and the API share it). */
export async function compareData(deps: Deps, filters: CompareFilters): Promise<CompareData> {
  const sources = sourcesOf(deps);
  const base = { filters, rows: [], total: 0, kalshiReadAt: null, polymarketReadAt: null };
  const db = deps.db;
  if (!db) return { ...base, state: "unavailable", message: COMPARE_UNAVAILABLE };
  let stored: Stored;
  let failed = false;
  try {
    stored = await deps.cache.remembered({
      key: "compare:pairs",
      ttlMs: PAIRS_MEMO_MS,
      load: async (): Promise<Stored> => {
        const [pairs, crawl] = await Promise.all([readOpenPairs(db), readKalshiCrawl(db)]);
        return { pairs, lastFullPassMs: crawl.lastFullPassMs };
      },
    });
    lastRead.set(deps.cache, stored);
  } catch (error) {
    log.error(`compare pairs unavailable: ${errorMessage(error)}`);
    const last = lastRead.get(deps.cache);
    if (!last) return { ...base, state: "unavailable", message: COMPARE_UNAVAILABLE };
    stored = last;
    failed = true;
  }
  const cached = await sources.snapshot();
  const polymarketReadAt = cached?.value.snapshot.fetchedAt ?? null;
  const kalshiReadAt = stored.lastFullPassMs === null ? null : new Date(stored.lastFullPassMs).toISOString();
  const all =
    cached && polymarketReadAt ? compareRows(stored.pairs, shownMarkets(cached), polymarketReadAt) : [];
  const rows = filterRows(all, filters);
  const late =
    stored.lastFullPassMs !== null &&
    sources.now - stored.lastFullPassMs >
      Math.max(LATE_AT_LEAST_MS, PASSES_LATE * deps.config.kalshiPassMinutes * 60_000);
  const message = failed
    ? LAST_READ_SHOWN
    : late
      ? `Kalshi has not been read in full since ${formatMoment(stored.lastFullPassMs ?? 0, sources.now)}: its prices below are the last stored, each with when it was read.`
      : null;
  return {
    filters,
    rows,
    total: all.length,
    kalshiReadAt,
    polymarketReadAt,
    message,
    state: all.length === 0 ? "no-pairs" : rows.length === 0 ? "none-above" : "pairs",
  };
}

/** `/compare`'s loader: bad filters are a 400 that says what was wrong. */
export async function comparePage(
  { deps }: { deps: Deps },
  url: URL,
): Promise<{ compare: CompareData; now: number }> {
  const parsed = parseCompareFilters(url.searchParams);
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  return { compare: await compareData(deps, parsed.filters), now: deps.now() };
}
