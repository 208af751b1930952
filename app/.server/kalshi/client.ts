/**
 * Kalshi's Trade API v2, public market data without a key (decision 0057): the open events with their
 * markets, a page at a time. Prices are read from the `*_dollars` strings ("0.5400") and counts from the
 * `*_fp` strings ("1823.31"); the older integer-cent fields are read only where the dollar field is absent
 * (recent payloads no longer carry them). Multivariate (parlay) markets are left out: their "question" is
 * a combination of other markets, never one Polymarket lists. One odd market never rejects its page.
 */
import * as v from "valibot";
import { fetchJson, joinUrl, UpstreamError } from "../http";
import { Text } from "../polymarket/lenient";

export interface KalshiOptions {
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  sleep?: (ms: number) => Promise<void>;
}

/** One Kalshi market, as the crawl stores it. Prices are 0–1 (a contract pays $1), null when not quoted. */
export interface KalshiMarket {
  ticker: string;
  eventTicker: string;
  seriesTicker: string;
  /** The event's title ("Who will Trump nominate as Fed Chair?") and its period ("During Trump's term"). */
  eventTitle: string;
  eventSubtitle: string;
  /** The market's own question ("Will Trump next nominate Kevin Warsh as Fed Chair?"). */
  title: string;
  /** Its outcome label in a multi-outcome event (`yes_sub_title`: "Kevin Warsh", "Before April 1, 2026"). */
  label: string;
  category: string;
  /** The event's markets exclude each other (one winner). */
  mutuallyExclusive: boolean;
  /** "active" is the only status that trades. */
  status: string;
  lastPrice: number | null;
  yesBid: number | null;
  yesAsk: number | null;
  /** Contracts traded in the last 24 hours. */
  volume24h: number | null;
  /** ISO time the question is expected to end (`expected_expiration_time`), else trading closes; or null. */
  closeTime: string | null;
  /** The resolution rules in Kalshi's words (`rules_primary`). */
  rules: string;
  /** Kalshi's page for the market's series, where its rules are published. */
  rulesUrl: string;
}

export interface KalshiEventsPage {
  markets: KalshiMarket[];
  /** Events listed on the page (before any was left out). */
  events: number;
  /** The cursor of the next page, null on the last. */
  cursor: string | null;
}

/** A price in dollars ("0.5400") or, failing that, in cents (54); null when absent or outside 0–1. */
function price(dollars: unknown, cents: unknown): number | null {
  const value =
    typeof dollars === "string" && dollars.trim() !== ""
      ? Number(dollars)
      : typeof cents === "number"
        ? cents / 100
        : Number.NaN;
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
}

/** A count as a fixed-point string ("1823.31") or, failing that, an integer; null when absent or negative. */
function count(fp: unknown, whole: unknown): number | null {
  const value =
    typeof fp === "string" && fp.trim() !== "" ? Number(fp) : typeof whole === "number" ? whole : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? value : null;
}

const Ticker = v.pipe(v.string(), v.trim(), v.regex(/^[A-Z0-9][A-Z0-9._-]{0,99}$/i));

const MarketSchema = v.looseObject({
  ticker: Ticker,
  title: Text,
  yes_sub_title: Text,
  status: Text,
  close_time: v.optional(v.unknown()),
  expected_expiration_time: v.optional(v.unknown()),
  rules_primary: Text,
  mve_collection_ticker: v.optional(v.unknown()),
  last_price_dollars: v.optional(v.unknown()),
  last_price: v.optional(v.unknown()),
  yes_bid_dollars: v.optional(v.unknown()),
  yes_bid: v.optional(v.unknown()),
  yes_ask_dollars: v.optional(v.unknown()),
  yes_ask: v.optional(v.unknown()),
  volume_24h_fp: v.optional(v.unknown()),
  volume_24h: v.optional(v.unknown()),
});

const EventSchema = v.looseObject({
  event_ticker: Ticker,
  series_ticker: v.optional(Ticker),
  title: Text,
  sub_title: Text,
  category: Text,
  mutually_exclusive: v.optional(v.boolean(), false),
  markets: v.optional(v.array(v.unknown()), []),
});

const PageSchema = v.object({
  events: v.array(v.unknown()),
  cursor: v.optional(v.nullable(v.string()), null),
});

const isoTime = (value: unknown): string | null => {
  if (typeof value !== "string") return null;
  const ms = Date.parse(value);
  // Kalshi writes "0001-01-01T00:00:00Z" for an unset time.
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : null;
};

/** Multivariate (parlay) markets: a collection ticker, or the KXMVE series they are all listed under. */
function isMultivariate(ticker: string, collection: unknown): boolean {
  return (typeof collection === "string" && collection !== "") || /^KXMVE/i.test(ticker);
}

/** The markets of one listed event, or [] when the event cannot be read. */
export function readKalshiEvent(item: unknown): KalshiMarket[] {
  const event = v.safeParse(EventSchema, item);
  if (!event.success) return [];
  const e = event.output;
  const seriesTicker = e.series_ticker ?? e.event_ticker.split("-")[0] ?? e.event_ticker;
  if (isMultivariate(e.event_ticker, undefined)) return [];
  return e.markets.flatMap((raw): KalshiMarket[] => {
    const parsed = v.safeParse(MarketSchema, raw);
    if (!parsed.success) return [];
    const m = parsed.output;
    // A market without a question cannot be paired, and multivariate ones are never Polymarket's.
    if (m.title === "" || isMultivariate(m.ticker, m.mve_collection_ticker)) return [];
    return [
      {
        ticker: m.ticker,
        eventTicker: e.event_ticker,
        seriesTicker,
        eventTitle: e.title,
        eventSubtitle: e.sub_title,
        title: m.title,
        label: m.yes_sub_title,
        category: e.category,
        mutuallyExclusive: e.mutually_exclusive,
        status: m.status,
        lastPrice: price(m.last_price_dollars, m.last_price),
        yesBid: price(m.yes_bid_dollars, m.yes_bid),
        yesAsk: price(m.yes_ask_dollars, m.yes_ask),
        volume24h: count(m.volume_24h_fp, m.volume_24h),
        // Kalshi's close time is often the latest it allows (years out); the expected expiration is when the
        // question is meant to end, the date to set beside Polymarket's end date.
        closeTime: isoTime(m.expected_expiration_time) ?? isoTime(m.close_time),
        rules: m.rules_primary,
        rulesUrl: `https://kalshi.com/markets/${seriesTicker.toLowerCase()}`,
      },
    ];
  });
}

/** One `/events` answer read: its markets, how many events it listed and the next cursor. Throws on a wrong shape. */
export function readKalshiEventsPage(json: unknown): KalshiEventsPage {
  const page = v.safeParse(PageSchema, json);
  if (!page.success) throw new UpstreamError("kalshi", "shape", "Unexpected response from Kalshi");
  const cursor = page.output.cursor?.trim() ? page.output.cursor : null;
  return { markets: page.output.events.flatMap(readKalshiEvent), events: page.output.events.length, cursor };
}

/** Events a page asks for: Kalshi allows 200; 100 keeps a page with its nested markets to a few MB of JSON. */
export const KALSHI_PAGE_SIZE = 100;

/** `GET /events?status=open&with_nested_markets=true&limit=…[&cursor=…]`. Throws UpstreamError. */
export async function fetchKalshiEventsPage(
  cursor: string | null,
  opts: KalshiOptions,
): Promise<KalshiEventsPage> {
  const query = new URLSearchParams({
    status: "open",
    with_nested_markets: "true",
    limit: String(KALSHI_PAGE_SIZE),
  });
  if (cursor !== null) query.set("cursor", cursor);
  const json = await fetchJson(
    joinUrl(opts.baseUrl, `/events?${query}`),
    { method: "GET", headers: { accept: "application/json" } },
    {
      upstream: "kalshi",
      fetch: opts.fetch,
      timeoutMs: opts.timeoutMs,
      retries: opts.retries,
      retryBaseMs: opts.retryBaseMs,
      sleep: opts.sleep,
      statusMessage: (status) => `Kalshi API error: ${status}`,
    },
  );
  return readKalshiEventsPage(json);
}
