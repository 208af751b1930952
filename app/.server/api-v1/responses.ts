/** The public API's response bodies as valibot schemas, built from the domain schemas the code's types come from. */
import * as v from "valibot";
import { DisplayEventSchema, EventDetailSchema, SearchEventSchema } from "~/lib/schemas/event";
import {
  CurrentAnalysisSchema,
  DisplayMarketSchema,
  HistoryPointSchema,
  MarketViewSchema,
} from "~/lib/schemas/market";
import { AnswerProvenanceSchema, ProvenanceSchema, SnapshotProvenanceSchema } from "~/lib/schemas/provenance";
import {
  ExportedCallSchema,
  ExportedHeadlineSchema,
  ExportedSummarySchema,
} from "~/lib/schemas/track-record";
import { WhaleRadarSchema, WhaleTradeSchema } from "~/lib/schemas/whale";

const isoTime = v.pipe(v.string(), v.description("ISO 8601 time"));
const nextCursor = v.pipe(
  v.nullable(v.string()),
  v.description("Pass as `cursor` for the next page; null on the last."),
);
/** Set when the latest refresh failed: what went wrong (the data is older, or the labelled sample). */
const refreshError = {
  error: v.optional(v.pipe(v.string(), v.description("Why the latest refresh failed, when it did"))),
  failingSince: v.optional(v.pipe(isoTime, v.description("When refreshes began failing"))),
};

export const ERROR_CODES = [
  "invalid_parameter",
  "not_found",
  "method_not_allowed",
  "rate_limited",
  "upgrade_required",
  "unauthorized",
  "payload_too_large",
  "alerts_unavailable",
  "alerts_full",
  "unavailable",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorSchema = v.pipe(
  v.object({
    error: v.object({
      code: v.picklist(ERROR_CODES),
      message: v.string(),
      parameter: v.optional(v.pipe(v.string(), v.description("The parameter that was wrong (400 only)"))),
    }),
  }),
  v.metadata({ ref: "Error" }),
);

const fraction = (what: string) => v.pipe(v.number(), v.description(`${what}, 0–1 (0.335 is 33.5¢)`));

/**
 * A market of the list as the API gives it: the card's fields with its prices in the API's one unit (0–1),
 * where the card (and the older /api/markets) keeps percent.
 */
export const ApiMarketSchema = v.pipe(
  v.object({
    ...DisplayMarketSchema.pipe[0].entries,
    yesPrice: fraction("The first outcome's price"),
    noPrice: fraction("The second outcome's price (1 − the first for a market of more than two)"),
  }),
  v.metadata({ ref: "Market" }),
);

export const MarketListSchema = v.object({
  markets: v.array(ApiMarketSchema),
  total: v.pipe(v.number(), v.description("Markets matching the filters, over every page")),
  nextCursor,
  fetchedAt: v.pipe(isoTime, v.description("When the snapshot was fetched from Polymarket")),
  stale: v.pipe(v.boolean(), v.description("Past its 15-minute freshness window")),
  provenance: SnapshotProvenanceSchema,
  ...refreshError,
});

export const EventListSchema = v.object({
  events: v.array(DisplayEventSchema),
  total: v.pipe(v.number(), v.description("Events matching the filters, over every page")),
  nextCursor,
  fetchedAt: v.pipe(isoTime, v.description("When the snapshot was fetched from Polymarket")),
  stale: v.pipe(v.boolean(), v.description("Past its 15-minute freshness window")),
  provenance: SnapshotProvenanceSchema,
  ...refreshError,
});

export const EventResponseSchema = EventDetailSchema;

export const SearchResponseSchema = v.object({
  source: v.pipe(
    v.picklist(["index", "snapshot"]),
    v.description(
      "index: every open Polymarket event (our search index); snapshot: only the busiest events, because the index is still being built or cannot be read (see note)",
    ),
  ),
  note: v.pipe(v.nullable(v.string()), v.description("Why the snapshot answered; null for the index")),
  events: v.pipe(
    v.array(SearchEventSchema),
    v.description(
      "Best match first (text relevance, then 24 h volume). forecast and mentions are null for events outside the busiest: we make no call on them. matchedOutcome is the outcome the words name, when they name one.",
    ),
  ),
  nextCursor,
  provenance: AnswerProvenanceSchema,
});

export const EventHistoryResponseSchema = v.object({
  slug: v.string(),
  range: v.picklist(["1d", "1w", "1m", "all"]),
  step: v.pipe(
    v.number(),
    v.description("Seconds between points: 600 (1d), 3600 (1w), 14400 (1m), whole days (all)"),
  ),
  outcomes: v.pipe(
    v.array(
      v.object({
        marketId: v.string(),
        marketSlug: v.nullable(v.string()),
        label: v.pipe(v.string(), v.description('The outcome ("Trump", or a one-market event\'s "Yes")')),
        question: v.pipe(v.string(), v.description("Its market's question")),
      }),
    ),
    v.description("In the order of each point's prices: dearest latest price first, at most 20"),
  ),
  outcomeCount: v.pipe(v.number(), v.description("Outcomes we have recorded for the event")),
  points: v.array(
    v.object({
      t: v.pipe(v.number(), v.description("Epoch seconds")),
      prices: v.pipe(
        v.array(v.nullable(v.number())),
        v.description("0–1 per outcome; null where we have no point at that time"),
      ),
    }),
  ),
  notes: v.optional(v.pipe(v.array(v.string()), v.description("Why the history is empty, when it is"))),
});

export const MarketResponseSchema = v.object({
  market: MarketViewSchema,
  analysis: v.pipe(v.nullable(CurrentAnalysisSchema), v.description("Top-100 markets only")),
  provenance: AnswerProvenanceSchema,
});

export const HistoryResponseSchema = v.object({
  slug: v.string(),
  range: v.picklist(["1d", "1w", "1m", "all"]),
  outcomes: v.pipe(v.array(v.string()), v.description("Labels, in the order of each point's prices")),
  points: v.array(HistoryPointSchema),
  notes: v.optional(
    v.pipe(v.array(v.string()), v.description("Parts of the history that could not be read")),
  ),
});

/** A listed whale trade: the trade and its fresh-wallet radar (null until its wallet is looked up). */
const ScoredWhaleTradeSchema = v.pipe(
  v.object({
    ...WhaleTradeSchema.pipe[0].entries,
    radar: v.pipe(
      v.nullable(WhaleRadarSchema),
      v.description("The fresh-wallet radar as of the trade; null while the wallet is not checked yet"),
    ),
  }),
  v.metadata({ ref: "ScoredWhaleTrade" }),
);

export const WhaleListSchema = v.object({
  trades: v.array(ScoredWhaleTradeSchema),
  fetchedAt: isoTime,
  provenance: v.object({ trades: ProvenanceSchema }),
  ...refreshError,
});

export const TrackRecordResponseSchema = v.object({
  headline: ExportedHeadlineSchema,
  summary: ExportedSummarySchema,
  calls: v.array(ExportedCallSchema),
  nextCursor,
});

export type ErrorBody = v.InferOutput<typeof ErrorSchema>;
export type MarketList = v.InferOutput<typeof MarketListSchema>;
export type ApiMarket = v.InferOutput<typeof ApiMarketSchema>;
export type EventList = v.InferOutput<typeof EventListSchema>;
export type EventResponse = v.InferOutput<typeof EventResponseSchema>;
export type SearchResponse = v.InferOutput<typeof SearchResponseSchema>;
export type EventHistoryResponse = v.InferOutput<typeof EventHistoryResponseSchema>;
export type MarketResponse = v.InferOutput<typeof MarketResponseSchema>;
export type HistoryResponse = v.InferOutput<typeof HistoryResponseSchema>;
export type WhaleList = v.InferOutput<typeof WhaleListSchema>;
export type TrackRecordResponse = v.InferOutput<typeof TrackRecordResponseSchema>;
