/**
 * How the pages say X mention counts: each count with the query it is of, and totals that add each
 * distinct query once (events whose titles give one query share its count; decision 0049).
 */
import { formatNumber } from "./format";
import type { MentionsSource } from "./types";

/** An event's X count as its card carries it. */
export interface QueryCount {
  count: number;
  /** The keyword X was asked about; "" when none was. */
  query: string;
  source: MentionsSource;
}

/**
 * `1,234 X mentions of “Bitcoin” (live)`; `when` ("now") goes after the query. Without a query the
 * count is said alone. Plain text: the query comes from a market title and is rendered as text only.
 */
export function mentionCountText(mentions: QueryCount, when = ""): string {
  const of = mentions.query ? ` of “${mentions.query}”` : "";
  const source = mentions.source === "estimated" ? "estimated" : "live";
  return `${formatNumber(mentions.count)} X mentions${of}${when ? ` ${when}` : ""} (${source})`;
}

/** X mentions over some events, each distinct query once. */
export interface MentionTotal {
  total: number;
  /** Distinct queries added up. */
  queries: number;
}

/**
 * The total of some events' X counts, each distinct query counted once: two events that share a query
 * were counted by one X search, and adding both would count its posts twice.
 */
export function mentionTotal(
  events: readonly { mentions: Pick<QueryCount, "count" | "query"> }[],
): MentionTotal {
  const counts = new Map<string, number>();
  for (const { mentions } of events) {
    // One query has one count; the larger is kept should two ever differ.
    counts.set(mentions.query, Math.max(counts.get(mentions.query) ?? 0, mentions.count));
  }
  let total = 0;
  for (const count of counts.values()) total += count;
  return { total, queries: counts.size };
}

/** "1 distinct query", "37 distinct queries". */
export function distinctQueriesText(queries: number): string {
  return `${formatNumber(queries)} distinct ${queries === 1 ? "query" : "queries"}`;
}
