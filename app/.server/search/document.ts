/**
 * What the search index stores of one Gamma event (pure): its row (an `IndexedEvent` without the index's
 * own fields), its full-text row, and the two hashes that decide what a crawl rewrites (decision 0034):
 * `priceHash` over the whole row with its figures quantised (prices to the cent, the 24 h change to the
 * point, volumes and liquidity to two significant digits), so noise writes nothing; `textHash` over the
 * slug and the full-text row's text, whose change also rewrites the full-text row.
 */
import { eventCategories } from "~/lib/categories";
import { fnv1a } from "~/lib/hash";
import type { IndexedEvent, IndexedMarket, Market, MarketEvent } from "~/lib/types";

/** A Gamma event id: a decimal number (it is the row's key and its full-text rowid). */
const EVENT_ID = /^[1-9]\d{0,14}$/;

/** An event's row as a crawl writes it: everything of `IndexedEvent` the index does not add itself. */
export type IndexedEventBody = Omit<IndexedEvent, "closed" | "updatedAt">;

/** The full-text row: the columns of `search_fts`. */
export interface FullText {
  title: string;
  /** The open markets' questions, group titles and outcome labels, each once. */
  outcomes: string;
  /** The tag labels. */
  tags: string;
  /** Its category slugs, space-separated (a category page's search filters on them). */
  categories: string;
}

export interface IndexDocument {
  /** The numeric id (row key and full-text rowid). */
  id: number;
  body: IndexedEventBody;
  text: FullText;
  textHash: string;
  priceHash: string;
}

/** `value` to two significant digits (0 for nothing): 12,345 → 12,000; 0.0123 → 0.012. */
export function twoDigits(value: number): number {
  return Number.isFinite(value) && value > 0 ? Number(value.toPrecision(2)) : 0;
}

/** A price (0..1) in whole cents. */
export function cents(price: number): number {
  return Math.round(price * 100);
}

/** A 64-bit hash of `text` (two 32-bit FNV-1a runs from different starting states), as 16 hex digits. */
export function hashText(text: string): string {
  const hex = (n: number) => n.toString(16).padStart(8, "0");
  return `${hex(fnv1a(text))}${hex(fnv1a(`\u0001${text}`))}`;
}

function toIndexedMarket(market: Market, closed: boolean): IndexedMarket {
  return {
    id: market.id,
    slug: market.slug,
    question: market.title,
    label: market.groupTitle,
    outcomes: market.outcomes,
    change24h: market.priceChange24h,
    volume24h: market.volume24h,
    closed,
    endDate: market.endDate,
  };
}

/** Each text once, in order, empties left out. */
function distinct(texts: readonly (string | null)[]): string[] {
  return [...new Set(texts.map((t) => (t ?? "").trim()).filter((t) => t !== ""))];
}

function fullText(event: MarketEvent): FullText {
  return {
    title: event.title.trim(),
    outcomes: distinct(
      event.markets.flatMap((m) => [m.title, m.groupTitle, ...m.outcomes.map((o) => o.label)]),
    ).join("\n"),
    tags: distinct(event.tags.map((t) => t.label)).join("\n"),
    categories: eventCategories(event).join(" "),
  };
}

/**
 * The whole row with its figures quantised: equal for two answers a card cannot tell apart. (Its text is in
 * here too, so any change of the row changes this hash; the text hash says whether the full-text row must
 * be rewritten too.) A market's own end date rides along with the row but does not rewrite it by itself: it
 * rarely changes, and hashing it would rewrite every row of the index once, a day's D1 writes.
 */
function quantised(body: IndexedEventBody): unknown[] {
  return [
    body.slug,
    body.title,
    body.image,
    body.tags,
    body.endDate,
    body.negRisk,
    twoDigits(body.volume),
    twoDigits(body.volume24h),
    twoDigits(body.liquidity),
    body.markets.map((m) => [
      m.id,
      m.slug,
      m.question,
      m.label,
      m.closed,
      Math.round(m.change24h),
      twoDigits(m.volume24h),
      m.outcomes.map((o) => [o.label, cents(o.price), o.tokenId]),
    ]),
  ];
}

/**
 * The index's document for a normalised open event (gamma-events.ts), or null when its id is not Gamma's
 * numeric id (it could not be keyed).
 */
export function toIndexDocument(event: MarketEvent): IndexDocument | null {
  if (!EVENT_ID.test(event.id)) return null;
  const body: IndexedEventBody = {
    id: event.id,
    slug: event.slug,
    title: event.title.trim(),
    image: event.image,
    tags: event.tags,
    endDate: event.endDate,
    volume: event.volume,
    volume24h: event.volume24h,
    liquidity: event.liquidity,
    negRisk: event.negRisk,
    markets: [
      ...event.markets.map((m) => toIndexedMarket(m, false)),
      ...event.resolved.map((m) => toIndexedMarket(m, true)),
    ],
  };
  const text = fullText(event);
  return {
    id: Number(event.id),
    body,
    text,
    textHash: hashText(JSON.stringify([event.slug, text.title, text.outcomes, text.tags, text.categories])),
    priceHash: hashText(JSON.stringify(quantised(body))),
  };
}
