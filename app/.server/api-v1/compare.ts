/**
 * `GET /api/v1/compare` (decision 0057): what `/compare` shows, as JSON: the matched Polymarket ↔ Kalshi
 * markets by gap after fees with the page's filters. Its parameters, body and answer live here together.
 */
import * as v from "valibot";
import { CATEGORIES } from "~/lib/categories";
import { MAX_MIN_GAP_CENTS, MIN_GAP_PATTERN, NOT_ARBITRAGE } from "~/lib/compare";
import type { Deps } from "../deps";
import { compareData } from "../pages/compare";
import type { Answer } from "./bodies";

const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug);
const COMPARE_MAX_AGE = 60;

export const CompareQuerySchema = v.object({
  category: v.optional(
    v.pipe(
      v.picklist(CATEGORY_SLUGS, `category: use one of ${CATEGORY_SLUGS.join(", ")}`),
      v.description("Only pairs whose Polymarket event is of this category (the site's category pages)."),
    ),
  ),
  min_gap: v.optional(
    v.pipe(
      v.string("min_gap must be given once"),
      v.regex(MIN_GAP_PATTERN, "min_gap must be a number of cents, e.g. 2 or 2.5"),
      v.transform(Number),
      v.number(),
      v.maxValue(MAX_MIN_GAP_CENTS, `min_gap must be at most ${MAX_MIN_GAP_CENTS}`),
      v.description("Only pairs whose gap after fees is at least this many cents a contract."),
    ),
  ),
});
export type CompareQuery = v.InferOutput<typeof CompareQuerySchema>;

const isoTime = v.pipe(v.string(), v.description("ISO 8601 time"));
const price = (what: string) => v.pipe(v.number(), v.description(`${what}, 0–1 (dollars a contract)`));

const ComparePairSchema = v.pipe(
  v.object({
    polymarket: v.object({
      id: v.string(),
      question: v.string(),
      eventSlug: v.string(),
      eventTitle: v.string(),
      category: v.nullable(v.string()),
      yes: price("Yes price"),
      readAt: v.pipe(isoTime, v.description("When this price was read")),
      url: v.nullable(v.string()),
      rulesUrl: v.pipe(v.nullable(v.string()), v.description("Its event on Polymarket, where the rules are")),
      endDate: v.nullable(isoTime),
    }),
    kalshi: v.object({
      ticker: v.string(),
      question: v.string(),
      label: v.pipe(v.string(), v.description("Its outcome or period (yes_sub_title)")),
      yes: price("Yes price: the last trade, else the quote's middle"),
      bid: v.nullable(price("Yes bid")),
      ask: v.nullable(price("Yes ask")),
      volume24h: v.pipe(v.nullable(v.number()), v.description("Contracts traded in 24 h")),
      readAt: v.pipe(isoTime, v.description("When Kalshi's figures were read")),
      url: v.pipe(
        v.string(),
        v.description("Its event page on kalshi.com (the link the event and market pages show)"),
      ),
      rulesUrl: v.pipe(v.string(), v.description("The series page on kalshi.com, where the rules are")),
      closeTime: v.nullable(isoTime),
    }),
    gap: v.pipe(v.number(), v.description("Kalshi's Yes price minus Polymarket's, dollars a contract")),
    gapAfterFees: v.pipe(
      v.number(),
      v.description(
        "|gap| minus both venues' taker fees a contract on a 100-contract trade (Yes on the cheaper venue, No on the other); negative when the fees exceed the gap",
      ),
    ),
    kalshiFee: v.pipe(
      v.number(),
      v.description("Kalshi's fee a contract: ⌈0.07 × 100 × P × (1 − P)⌉ to the cent / 100"),
    ),
    polymarketFee: v.pipe(
      v.nullable(v.number()),
      v.description(
        "Polymarket's fee a contract (0 where its fees are off); null when not known, so not included",
      ),
    ),
    feesIncluded: v.boolean(),
    match: v.object({
      score: v.pipe(v.number(), v.description("The matcher's 0–1 (1 for a pair confirmed by hand)")),
      decidedBy: v.picklist(["score", "confirmed"]),
      reasons: v.array(v.string()),
      matchedAt: isoTime,
    }),
    endDatesApartDays: v.pipe(
      v.nullable(v.number()),
      v.description("Whole days between the two end dates when more than a day apart, else null"),
    ),
  }),
  v.metadata({ ref: "ComparePair" }),
);

export const CompareResponseSchema = v.object({
  state: v.pipe(
    v.picklist(["pairs", "none-above", "no-pairs"]),
    v.description(
      "pairs: some pass the filters; none-above: pairs, none passing; no-pairs: none matched yet",
    ),
  ),
  pairs: v.array(ComparePairSchema),
  total: v.pipe(v.number(), v.description("Pairs before the filters")),
  filters: v.object({ category: v.nullable(v.string()), minGapCents: v.nullable(v.number()) }),
  message: v.pipe(
    v.nullable(v.string()),
    v.description(
      "Set when the prices may be old: Kalshi not read in full lately, or the database failing (its last read answered)",
    ),
  ),
  kalshiReadAt: v.pipe(v.nullable(isoTime), v.description("When Kalshi's markets were last read in full")),
  polymarketReadAt: v.nullable(isoTime),
  note: v.pipe(v.string(), v.description(NOT_ARBITRAGE)),
});
export type CompareResponse = v.InferOutput<typeof CompareResponseSchema>;

/** The answer: 503 when the pairs cannot be read. */
export async function compareAnswer(deps: Deps, query: CompareQuery): Promise<Answer<CompareResponse>> {
  const data = await compareData(deps, {
    category: query.category ?? null,
    minGapCents: query.min_gap ?? null,
  });
  if (data.state === "unavailable")
    return {
      ok: false,
      status: 503,
      code: "unavailable",
      message: data.message ?? "unavailable",
      retryAfter: 60,
    };
  return {
    ok: true,
    maxAge: COMPARE_MAX_AGE,
    body: {
      state: data.state,
      pairs: data.rows,
      total: data.total,
      filters: data.filters,
      message: data.message,
      kalshiReadAt: data.kalshiReadAt,
      polymarketReadAt: data.polymarketReadAt,
      note: NOT_ARBITRAGE,
    },
  };
}
