/** The data pipeline's state as `/api/health` and `/api/v1/status` give it. */
import * as v from "valibot";
import { ProvenanceSchema } from "./provenance";

export const SnapshotStateSchema = v.picklist(["fresh", "stale", "fallback", "missing"]);

const nullableIso = v.nullable(v.pipe(v.string(), v.description("ISO 8601 time")));

export const DatasetHealthSchema = v.object({
  state: SnapshotStateSchema,
  fetchedAt: nullableIso,
  ageSeconds: v.nullable(v.number()),
  freshSeconds: v.number(),
  lastAttemptAt: nullableIso,
  failingSince: nullableIso,
  error: v.nullable(v.string()),
});

export const PipelineStatusSchema = v.object({
  markets: v.object({
    ...DatasetHealthSchema.entries,
    provenance: v.nullable(ProvenanceSchema),
    route: v.pipe(
      v.nullable(v.picklist(["keyset", "legacy"])),
      v.description("The Gamma list that served the last refresh"),
    ),
  }),
  whales: v.object({ ...DatasetHealthSchema.entries, provenance: v.nullable(ProvenanceSchema) }),
  mentions: v.object({ liveAt: nullableIso, provenance: v.nullable(ProvenanceSchema) }),
  sentiment: v.object({ modelAt: nullableIso, provenance: v.nullable(ProvenanceSchema) }),
});

export const HealthSchema = v.pipe(
  v.object({
    ok: v.pipe(v.boolean(), v.description("false when pages can only show the sample markets")),
    snapshots: PipelineStatusSchema,
  }),
  v.metadata({ ref: "Health" }),
);
