/**
 * The public API's parameters as valibot schemas: the validator middleware parses requests with them
 * and the OpenAPI document describes them (typeMode "output": the parsed types, with their bounds).
 * Query values arrive as strings; a repeated parameter arrives as a list and is refused.
 */
import * as v from "valibot";
import { CATEGORIES } from "~/lib/categories";
import { CHART_RANGES } from "~/lib/chart";
import { ENDED_OPTIONS, type EndedFilter, SORT_OPTIONS } from "~/lib/list-view";
import { SEARCH_MAX_LENGTH } from "~/lib/search";
import { MAX_SLUG_LENGTH } from "../polymarket/gamma";

const oneOf = (values: readonly string[]) => `use one of ${values.join(", ")}`;

/** A whole number in a query string, checked against its bounds after parsing. */
function wholeNumber(name: string, min: number, max: number, fallback: number, description: string) {
  return v.pipe(
    v.optional(v.string(`${name} must be given once`), String(fallback)),
    v.regex(/^\d{1,12}$/, `${name} must be a whole number`),
    v.transform(Number),
    v.number(),
    v.integer(),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
    v.description(`${description} Default ${fallback}.`),
  );
}

export const MARKET_SORTS = ["volume", "change", "ending", "sentiment"] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];
const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug);
export const MAX_LIMIT = 100;

export const MarketsQuerySchema = v.object({
  category: v.optional(
    v.pipe(
      v.picklist(CATEGORY_SLUGS, `category: ${oneOf(CATEGORY_SLUGS)}`),
      v.description("Only markets of this category (the site's category pages)."),
    ),
  ),
  q: v.optional(
    v.pipe(
      v.string("q must be given once"),
      v.maxLength(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`),
      v.description("Case-insensitive text the title must contain."),
    ),
  ),
  sort: v.optional(
    v.pipe(
      v.picklist(MARKET_SORTS, `sort: ${oneOf(MARKET_SORTS)}`),
      v.description(
        "volume: total volume, largest first (default); change: largest 24 h move either way first; ending: soonest end date first, ended and undated last; sentiment: strongest signal (|score|) first.",
      ),
    ),
    "volume",
  ),
  limit: wholeNumber("limit", 1, MAX_LIMIT, 50, "Markets per page."),
  cursor: v.optional(
    v.pipe(v.string("cursor must be given once"), v.description("The nextCursor of the previous page.")),
  ),
});

/** `/search`: the text, a category, a page size and the previous page's cursor. */
export const SearchQuerySchema = v.object({
  q: v.optional(
    v.pipe(
      v.string("q must be given once"),
      v.maxLength(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`),
      v.description(
        "Words to find in an event's title, its outcomes or its tags (each word must match; the last may be the start of a word). Operators and quotes are plain text. Empty: every open event by 24 h volume.",
      ),
    ),
    "",
  ),
  category: v.optional(
    v.pipe(
      v.picklist(CATEGORY_SLUGS, `category: ${oneOf(CATEGORY_SLUGS)}`),
      v.description("Only events of this category (the site's category pages)."),
    ),
  ),
  limit: wholeNumber("limit", 1, MAX_LIMIT, 20, "Events per page."),
  cursor: v.optional(
    v.pipe(v.string("cursor must be given once"), v.description("The nextCursor of the previous page.")),
  ),
});
export type SearchQuery = v.InferOutput<typeof SearchQuerySchema>;

/** A Polymarket slug in the path: anything else is a 400 naming `slug`, answered without an upstream call. */
const slugParam = (description: string) =>
  v.object({
    slug: v.pipe(
      v.string(),
      v.maxLength(MAX_SLUG_LENGTH, `slug must be at most ${MAX_SLUG_LENGTH} characters`),
      v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug: lowercase letters, digits and single hyphens"),
      v.description(description),
    ),
  });

export const SlugParamSchema = slugParam("The market's Polymarket slug, as in /market/{slug}.");
export const EventSlugParamSchema = slugParam("The event's Polymarket slug, as in /event/{slug}.");

const EVENT_SORTS = SORT_OPTIONS.map((o) => o.value);
const ENDED = ENDED_OPTIONS.map((o) => o.value);
/** The API lists every event of the snapshot unless asked to hide ended ones (decision 0032). */
export const EVENTS_DEFAULT_ENDED: EndedFilter = "show";

export const EventsQuerySchema = v.object({
  category: v.optional(
    v.pipe(
      v.picklist(CATEGORY_SLUGS, `category: ${oneOf(CATEGORY_SLUGS)}`),
      v.description(
        "Only events of this category (the site's category pages: Gamma's tags, else title keywords).",
      ),
    ),
  ),
  q: v.optional(
    v.pipe(
      v.string("q must be given once"),
      v.maxLength(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`),
      v.description("Case-insensitive text the title or one of the listed outcomes must contain."),
    ),
  ),
  sort: v.optional(
    v.pipe(
      v.picklist(EVENT_SORTS, `sort: ${oneOf(EVENT_SORTS)}`),
      v.description(
        "volume: 24 h volume, largest first (default); change: largest 24 h move of the leading outcome either way first; ending: soonest future end first, then ended (latest first), undated last; new: latest start first; liquidity: largest first.",
      ),
    ),
    "volume",
  ),
  ended: v.optional(
    v.pipe(
      v.picklist(ENDED, `ended: ${oneOf(ENDED)}`),
      v.description(
        "show (default): every event; hide: leave out events past their end date (still open while they await resolution).",
      ),
    ),
    EVENTS_DEFAULT_ENDED,
  ),
  limit: wholeNumber("limit", 1, MAX_LIMIT, 50, "Events per page."),
  cursor: v.optional(
    v.pipe(v.string("cursor must be given once"), v.description("The nextCursor of the previous page.")),
  ),
});

const RANGES = CHART_RANGES.map((r) => r.value);
export const HistoryQuerySchema = v.object({
  range: v.optional(
    v.pipe(v.picklist(RANGES, `range: ${oneOf(RANGES)}`), v.description("1d, 1w (default), 1m or all.")),
    "1w",
  ),
});

export const WHALE_MIN_USD = 50_000;
const WHALE_OUTCOMES = ["yes", "no", "other"] as const;
const FRESH_VALUES = ["0", "1"] as const;
export const WhalesQuerySchema = v.object({
  minUsd: wholeNumber(
    "minUsd",
    WHALE_MIN_USD,
    1_000_000_000,
    WHALE_MIN_USD,
    "Smallest trade value (shares × price) in USD.",
  ),
  outcome: v.optional(
    v.pipe(
      v.picklist(WHALE_OUTCOMES, `outcome: ${oneOf(WHALE_OUTCOMES)}`),
      v.description("yes, no, or other (a named outcome such as a team). Default: all."),
    ),
  ),
  since: v.optional(
    v.pipe(
      v.string("since must be given once"),
      v.isoTimestamp("since must be an ISO 8601 time with a zone, e.g. 2026-11-23T12:00:00Z"),
      v.description("Only trades at or after this time."),
    ),
  ),
  fresh: v.optional(
    v.pipe(
      v.picklist(FRESH_VALUES, `fresh: ${oneOf(FRESH_VALUES)}`),
      v.description(
        "1: only trades the fresh-wallet radar flags (a score of 50 or more); 0 (default): every trade.",
      ),
    ),
  ),
});

export const CursorQuerySchema = v.object({
  cursor: v.optional(
    v.pipe(v.string("cursor must be given once"), v.description("The nextCursor of the previous page.")),
  ),
});

export type MarketsQuery = v.InferOutput<typeof MarketsQuerySchema>;
export type EventsQuery = v.InferOutput<typeof EventsQuerySchema>;
export type WhalesQuery = v.InferOutput<typeof WhalesQuerySchema>;
