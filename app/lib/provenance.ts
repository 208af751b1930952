/**
 * Where a figure came from (decision 0001): one union, produced by the data layer, said in words by
 * one function and shown by one component (components/ui/provenance-tag.tsx). Client-safe.
 */
import type { InferOutput } from "valibot";
import { formatClockUtc } from "./format";
import type {
  AnswerProvenanceSchema,
  ProvenanceSchema,
  SnapshotProvenanceSchema,
} from "./schemas/provenance";

/** live / cached / partial / estimated / sample: see ProvenanceSchema (app/lib/schemas/provenance.ts). */
export type Provenance = InferOutput<typeof ProvenanceSchema>;

export type ProvenanceKind = Provenance["kind"];

/** What a snapshot's three kinds of figure are made of. */
export type SnapshotProvenance = InferOutput<typeof SnapshotProvenanceSchema>;
/** What one answer's prices, forecasts and X counts are made of. */
export type AnswerProvenance = InferOutput<typeof AnswerProvenanceSchema>;

/** What a figure is about: a snapshot's part, or the whale trades (their own snapshot). */
export type Subject = keyof SnapshotProvenance | "trades";

const SUBJECTS: Record<Subject, { label: string; live: (by: string) => string }> = {
  markets: { label: "Markets", live: (by) => `live from ${by}` },
  trades: { label: "Trades", live: (by) => `live from ${by}` },
  mentions: { label: "X mentions", live: (by) => `live from ${by}` },
  sentiment: { label: "Sentiment", live: (by) => `AI analysis by ${by}` },
};

/** The one way a provenance is said: "Sentiment: AI analysis by grok-4 for 80%, estimated for the rest". */
export function provenanceText(subject: Subject, p: Provenance): string {
  const { label, live } = SUBJECTS[subject];
  switch (p.kind) {
    case "live":
      return `${label}: ${live(p.by)}`;
    case "cached":
      return `${label}: from ${p.by}, cached at ${formatClockUtc(p.at)}`;
    case "partial":
      return `${label}: ${live(p.by)} for ${Math.round(p.share * 100)}%, estimated for the rest`;
    case "estimated":
      return `${label}: estimated from ${p.method}`;
    case "sample":
      return `${label}: sample data`;
  }
}

/** The short form for badges: "Live", "Cached", "Partly estimated", "Estimated", "Sample data". */
export const PROVENANCE_SHORT: Record<ProvenanceKind, string> = {
  live: "Live",
  cached: "Cached",
  partial: "Partly estimated",
  estimated: "Estimated",
  sample: "Sample data",
};

/** The model behind a sentiment provenance, when any analysis came from one. */
export function modelOf(p: Provenance): string | null {
  return p.kind === "live" || p.kind === "cached" || p.kind === "partial" ? p.by : null;
}

/** Whether every figure came from the upstream (live or cached), none estimated or sample. */
export function isAllReal(p: Provenance): boolean {
  return p.kind === "live" || p.kind === "cached";
}

// The data layer's words for what stands in for missing data.
export const SENTIMENT_ESTIMATE_METHOD = "24h price moves";
export const MENTIONS_ESTIMATE_METHOD = "topic baselines";
export const POLYMARKET = "Polymarket";
export const X_API = "the X API";

/**
 * A mix of live and estimated figures: live when all are from `by`, estimated when none are (or there
 * are none), partial with the live share otherwise.
 */
export function mixProvenance(
  liveCount: number,
  total: number,
  by: string,
  at: string,
  method: string,
): Provenance {
  if (total === 0 || liveCount === 0) return { kind: "estimated", method };
  if (liveCount === total) return { kind: "live", by, at };
  return { kind: "partial", by, share: liveCount / total, method };
}

/** One market's analysis source ("estimated" or a model id) as a provenance. */
export function analysisProvenance(source: string): Provenance {
  return source === "estimated"
    ? { kind: "estimated", method: SENTIMENT_ESTIMATE_METHOD }
    : { kind: "live", by: source };
}

/** Where one X count came from: the X API, or the labelled estimate. */
export function mentionsProvenance(source: "live" | "estimated"): Provenance {
  return source === "live"
    ? { kind: "live", by: X_API }
    : { kind: "estimated", method: MENTIONS_ESTIMATE_METHOD };
}

/**
 * Where prices read at `at` came from: live from `by` within their freshness, cached at `at` once older
 * (`stale`).
 */
export function fetchedProvenance(by: string, at: string, stale: boolean): Provenance {
  return stale ? { kind: "cached", by, at } : { kind: "live", by, at };
}
