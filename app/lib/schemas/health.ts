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
  sentiment: v.object({
    modelAt: v.pipe(nullableIso, v.description("The last market refresh the model returned analyses to")),
    askedAt: v.pipe(
      nullableIso,
      v.description("The last market refresh that asked the model, whatever it answered"),
    ),
    analyses: v.pipe(
      v.number(),
      v.description("Shown events whose analysis is the model's (asked then, or kept while still current)"),
    ),
    disagreements: v.pipe(
      v.number(),
      v.description(
        "Shown events whose model call disagreed with the model's own probabilities at the last market refresh: the call derived from the probabilities was shown and recorded instead",
      ),
    ),
    provenance: v.nullable(ProvenanceSchema),
  }),
});

export const HistoryHealthSchema = v.object({
  ok: v.pipe(v.boolean(), v.description("The history database answered this check")),
  lastWriteAt: v.pipe(nullableIso, v.description("The last successful history write (the crons' runs)")),
  lastReadAt: v.pipe(nullableIso, v.description("The last successful read of it (this check, when ok)")),
  error: v.nullable(v.string()),
});

/** The overall state as the status page says it (app/lib/overall-status.ts). */
export const OverallStateSchema = v.picklist(["operational", "degraded", "unchecked", "unavailable"]);

export const HealthSchema = v.pipe(
  v.object({
    ok: v.pipe(
      v.boolean(),
      v.description(
        "true when nothing is known to be wrong: every snapshot fresh, the history database answering, no upstream's latest check failed (overall operational, or unchecked before the first check)",
      ),
    ),
    state: v.pipe(
      v.picklist(["ok", "degraded"]),
      v.description("ok when `ok`, else degraded (overall degraded or unavailable), with the reasons"),
    ),
    overall: v.pipe(
      OverallStateSchema,
      v.description(
        "The status page's state: operational, degraded, unchecked (no check yet) or unavailable",
      ),
    ),
    headline: v.pipe(v.string(), v.description("The status page's overall line, word for word")),
    reasons: v.pipe(
      v.array(v.string()),
      v.description(
        "What is wrong: failing upstreams, stale or missing snapshots, the history; empty when ok",
      ),
    ),
    snapshots: PipelineStatusSchema,
    history: HistoryHealthSchema,
  }),
  v.metadata({ ref: "Health" }),
);
