/** The public API's response bodies as valibot schemas, built from the domain schemas the code's types come from. */
import * as v from "valibot";
import {
  CurrentAnalysisSchema,
  DisplayMarketSchema,
  HistoryPointSchema,
  MarketViewSchema,
} from "~/lib/schemas/market";
import { SnapshotProvenanceSchema } from "~/lib/schemas/provenance";
import {
  ExportedCallSchema,
  ExportedHeadlineSchema,
  ExportedSummarySchema,
} from "~/lib/schemas/track-record";
import { WhaleTradeSchema } from "~/lib/schemas/whale";

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

export const MarketListSchema = v.object({
  markets: v.array(DisplayMarketSchema),
  total: v.pipe(v.number(), v.description("Markets matching the filters, over every page")),
  nextCursor,
  fetchedAt: v.pipe(isoTime, v.description("When the snapshot was fetched from Polymarket")),
  stale: v.pipe(v.boolean(), v.description("Past its 15-minute freshness window")),
  provenance: SnapshotProvenanceSchema,
  ...refreshError,
});

export const MarketResponseSchema = v.object({
  market: MarketViewSchema,
  analysis: v.pipe(v.nullable(CurrentAnalysisSchema), v.description("Top-100 markets only")),
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

export const WhaleListSchema = v.object({
  trades: v.array(WhaleTradeSchema),
  fetchedAt: isoTime,
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
export type MarketResponse = v.InferOutput<typeof MarketResponseSchema>;
export type HistoryResponse = v.InferOutput<typeof HistoryResponseSchema>;
export type WhaleList = v.InferOutput<typeof WhaleListSchema>;
export type TrackRecordResponse = v.InferOutput<typeof TrackRecordResponseSchema>;
