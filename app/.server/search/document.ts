/**
 * What the search index stores of one Gamma event (pure): its row, its full-text row, and the two hashes
 * that decide what a crawl rewrites (decision 0034): `priceHash` over the whole row with its figures
 * quantised (prices to the cent, the 24 h change to the point, volumes and liquidity to two significant
 * digits), so noise writes nothing; `textHash` over the slug and the full-text row's text, whose change also
 * rewrites the full-text row. Also the row's markets read back as `Market`s, whichever names they were
 * written with.
 */
import * as v from "valibot";
import { eventCategories } from "~/lib/categories";
import { toPercent } from "~/lib/format";
import { fnv1a } from "~/lib/hash";
import type { Market, MarketEvent } from "~/lib/types";

/** A Gamma event id: a decimal number (it is the row's key and its full-text rowid). */
const EVENT_ID = /^[1-9]\d{0,14}$/;

/**
 * One market as the row stores it (the JSON column `markets`): the `Market` fields a card and the event page
 * read of it. The index keeps no rules text, image, total volume, liquidity or condition id of a market
 * (`marketOfRow` fills them as unknown).
 */
export type RowMarket = Pick<
  Market,
  | "id"
  | "slug"
  | "title"
  | "groupTitle"
  | "outcomes"
  | "firstPriceChange24h"
  | "volume24h"
  | "closed"
  | "endDate"
>;

/** An event's row as a crawl writes it: the event's own figures and its markets (not the index's fields). */
export type IndexedEventBody = Pick<
  MarketEvent,
  "id" | "slug" | "title" | "image" | "tags" | "endDate" | "volume" | "volume24h" | "liquidity" | "negRisk"
> & {
  /** Its open markets in Gamma's order, then its resolved ones (`closed`). */
  markets: RowMarket[];
};

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

function toRowMarket(market: Market, closed: boolean): RowMarket {
  return {
    id: market.id,
    slug: market.slug,
    title: market.title,
    groupTitle: market.groupTitle,
    outcomes: market.outcomes,
    firstPriceChange24h: market.firstPriceChange24h,
    volume24h: market.volume24h,
    closed,
    endDate: market.endDate,
  };
}

/** The fields a row's market has under either set of names. */
const ROW_MARKET = {
  id: v.string(),
  slug: v.nullable(v.string()),
  outcomes: v.array(v.object({ label: v.string(), price: v.number(), tokenId: v.nullable(v.string()) })),
  volume24h: v.number(),
  closed: v.boolean(),
};

/**
 * A row's market as read: as written today, or as written before the row kept `Market`'s names (`question`,
 * `label`, and `change24h` in percentage points, read to the same hundredth of a point). A row keeps the
 * names it was written with until a figure moves (`planWrites`), so both are read.
 *
 * The market's own end date (written since decision 0047) is not read: this schema never read it, so every
 * market of the index ends with its event, as the cards and pages have always shown it. Reading it changes
 * what they show, and is a change of its own.
 */
export const RowMarketsSchema = v.array(
  v.union([
    v.object({
      ...ROW_MARKET,
      title: v.string(),
      groupTitle: v.nullable(v.string()),
      firstPriceChange24h: v.number(),
    }),
    v.pipe(
      v.object({ ...ROW_MARKET, question: v.string(), label: v.nullable(v.string()), change24h: v.number() }),
      v.transform(({ question, label, change24h, ...market }) => ({
        ...market,
        title: question,
        groupTitle: label,
        firstPriceChange24h: Math.round(change24h * 100) / 10_000,
      })),
    ),
  ]),
);

/**
 * A row's market as the index's `Market`: what the row keeps, its event's tags, slug and end date, its
 * headline labels from its outcomes, and none of what the index does not keep (no rules text, image, total
 * volume, liquidity, condition id or resolution).
 */
export function marketOfRow(
  market: Omit<RowMarket, "endDate">,
  event: Pick<MarketEvent, "slug" | "endDate" | "tags">,
): Market {
  const [first] = market.outcomes;
  const second = market.outcomes.length === 2 ? market.outcomes[1] : undefined;
  return {
    id: market.id,
    slug: market.slug,
    title: market.title,
    groupTitle: market.groupTitle,
    description: "",
    image: null,
    endDate: event.endDate,
    volume: null,
    volume24h: market.volume24h,
    liquidity: null,
    outcomes: market.outcomes,
    yesLabel: first?.label ?? "Yes",
    noLabel: second?.label ?? (market.outcomes.length > 2 ? "Other" : "No"),
    firstPriceChange24h: market.firstPriceChange24h,
    tags: event.tags.map((t) => t.label),
    event: { slug: event.slug },
    conditionId: null,
    closed: market.closed,
    resolution: null,
    resolutionHistory: [],
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
    // In the order and the units of the rows written before the row kept `Market`'s names (the change in
    // points), so their hashes still match and an unchanged event writes nothing.
    body.markets.map((m) => [
      m.id,
      m.slug,
      m.title,
      m.groupTitle,
      m.closed,
      Math.round(toPercent(m.firstPriceChange24h)),
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
      ...event.markets.map((m) => toRowMarket(m, false)),
      ...event.resolved.map((m) => toRowMarket(m, true)),
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
