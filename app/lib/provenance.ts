/** Where a figure came from, in words a visitor understands (decision 0001). */
import type { SnapshotSources } from "./types";

export type SourceKind = "live" | "partial" | "estimated" | "sample";

/** The model id from a sentiment source ("grok-4", "partial:grok-4", "estimated"). */
export function modelOf(sentimentSource: string): string | null {
  if (sentimentSource === "estimated") return null;
  return sentimentSource.startsWith("partial:") ? sentimentSource.slice("partial:".length) : sentimentSource;
}

export function sentimentKind(sentimentSource: string): SourceKind {
  if (sentimentSource === "estimated") return "estimated";
  return sentimentSource.startsWith("partial:") ? "partial" : "live";
}

export function marketsSourceText(sources: SnapshotSources): string {
  return sources.markets === "live"
    ? "Markets: live from Polymarket"
    : "Markets: sample data (the live feed is unavailable)";
}

export function mentionsSourceText(sources: SnapshotSources): string {
  if (sources.mentions === "live") return "X mentions: live counts from the X API";
  if (sources.mentions === "partial") return "X mentions: live for some topics, estimated for the rest";
  return "X mentions: estimated (no live X data)";
}

export function sentimentSourceText(sources: SnapshotSources): string {
  const model = modelOf(sources.sentiment);
  const kind = sentimentKind(sources.sentiment);
  if (kind === "live") return `Sentiment: AI analysis by ${model}`;
  if (kind === "partial") return `Sentiment: AI analysis by ${model}, estimates for the rest`;
  return "Sentiment: estimated from price moves (no AI analysis)";
}
