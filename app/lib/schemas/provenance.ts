/** Where a figure came from (decision 0001), as a schema: the API documents it, the code infers its type. */
import * as v from "valibot";

export const ProvenanceSchema = v.pipe(
  v.variant("kind", [
    v.object({
      kind: v.literal("live"),
      by: v.string(),
      at: v.optional(v.string()),
    }),
    v.object({ kind: v.literal("cached"), by: v.string(), at: v.string() }),
    v.object({
      kind: v.literal("partial"),
      by: v.string(),
      share: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
      method: v.string(),
    }),
    v.object({ kind: v.literal("estimated"), method: v.string() }),
    v.object({ kind: v.literal("sample") }),
  ]),
  v.description(
    "live: fetched from `by` within its freshness window; cached: fetched from `by` at `at`, now older; partial: `share` (0–1) from `by`, the rest estimated by `method`; estimated: every figure estimated by `method`; sample: built-in sample content.",
  ),
  v.metadata({ ref: "Provenance" }),
);

export const SnapshotProvenanceSchema = v.pipe(
  v.object({ markets: ProvenanceSchema, mentions: ProvenanceSchema, sentiment: ProvenanceSchema }),
  v.metadata({ ref: "SnapshotProvenance" }),
);

/**
 * Where an answer's figures came from: its prices (`markets`), and the forecasts' and X counts' when it
 * carries any (null when none of its events is among the busiest, which are the ones we forecast).
 */
export const AnswerProvenanceSchema = v.pipe(
  v.object({
    markets: ProvenanceSchema,
    mentions: v.nullable(ProvenanceSchema),
    sentiment: v.nullable(ProvenanceSchema),
  }),
  v.metadata({ ref: "AnswerProvenance" }),
);
