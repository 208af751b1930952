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
      v.nullable(v.picklist(["events", "keyset", "legacy"])),
      v.description("The Gamma list that served the last refresh"),
    ),
  }),
  whales: v.object({ ...DatasetHealthSchema.entries, provenance: v.nullable(ProvenanceSchema) }),
  mentions: v.object({ liveAt: nullableIso, provenance: v.nullable(ProvenanceSchema) }),
  sentiment: v.object({ modelAt: nullableIso, provenance: v.nullable(ProvenanceSchema) }),
});

export const HistoryHealthSchema = v.object({
  ok: v.pipe(v.boolean(), v.description("The history database answered this check")),
  lastWriteAt: v.pipe(nullableIso, v.description("The last successful history write (the crons' runs)")),
  lastReadAt: v.pipe(nullableIso, v.description("The last successful read of it (this check, when ok)")),
  error: v.nullable(v.string()),
});

export const HealthSchema = v.pipe(
  v.object({
    ok: v.pipe(
      v.boolean(),
      v.description("true only when every snapshot is fresh and the history database answers"),
    ),
    state: v.pipe(v.picklist(["ok", "degraded"]), v.description("ok, or degraded with the reasons")),
    reasons: v.pipe(v.array(v.string()), v.description("Why the state is degraded; empty when ok")),
    snapshots: PipelineStatusSchema,
    history: HistoryHealthSchema,
  }),
  v.metadata({ ref: "Health" }),
);
