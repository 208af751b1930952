/**
 * The track record for anyone to recompute: the JSON export (paged by cursor, the summary over every
 * row) and the CSV (every row). Conventions (app/lib/track-record.ts): prices and probabilities are 0–1
 * of the market's first outcome; `outcome: "yes"` means the first outcome won; times are ISO 8601 UTC.
 * Two fields say what the pages show (decision 0024): `sideOutcome`, the outcome the call's price is of
 * (what a buy bought, the first outcome for a hold), and `sidePriceAtCall`, its price at the call.
 */
import Papa from "papaparse";
import type { InferOutput } from "valibot";
import type { ExportedCallSchema, ExportedSummarySchema } from "~/lib/schemas/track-record";
import { type Call, sideQuote, type TrackSummary } from "~/lib/track-record";
import { pageAfter } from "../cursor";
import { paperReturn } from "./metrics";

/** Calls per JSON page. */
export const EXPORT_PAGE_SIZE = 100;

/** One exported row; the schema (app/lib/schemas/track-record.ts) documents every field. */
export type ExportedCall = InferOutput<typeof ExportedCallSchema>;
export type ExportedSummary = InferOutput<typeof ExportedSummarySchema>;

export function exportCall(call: Call): ExportedCall {
  const quote = sideQuote(call.side, call.outcomes, call.priceAtCall);
  return {
    id: call.id,
    marketId: call.marketId,
    slug: call.slug,
    question: call.question,
    category: call.category,
    side: call.side,
    source: call.source,
    calledAt: new Date(call.calledAt).toISOString(),
    priceAtCall: call.priceAtCall,
    modelProbability: call.modelProbability,
    endDate: call.endDate,
    outcome: call.outcome,
    settledAt: call.settledAt === null ? null : new Date(call.settledAt).toISOString(),
    return: paperReturn(call.side, call.priceAtCall, call.outcome),
    sideOutcome: quote.outcome,
    sidePriceAtCall: quote.price,
  };
}

export function exportSummary(s: TrackSummary): ExportedSummary {
  const { calls, graded, pending, holds, hitRate, hitRateLow, hitRateHigh, meanReturn, favouriteReturn } = s;
  return {
    calls,
    graded,
    pending,
    void: s.void,
    holds,
    hitRate,
    hitRateLow,
    hitRateHigh,
    meanReturn,
    favouriteReturn,
    brierModel: s.brierModel,
    brierMarket: s.brierMarket,
    skill: s.skill,
  };
}

/** One page of calls (oldest first) after `cursor`, or null when the cursor names no call. */
export function exportPage(
  calls: readonly Call[],
  cursor: string | null,
): { calls: ExportedCall[]; nextCursor: string | null } | null {
  const page = pageAfter(calls, (c) => c.id, cursor, EXPORT_PAGE_SIZE);
  return page && { calls: page.items.map(exportCall), nextCursor: page.nextCursor };
}

export const CSV_COLUMNS = [
  "id",
  "marketId",
  "slug",
  "question",
  "category",
  "side",
  "source",
  "calledAt",
  "priceAtCall",
  "modelProbability",
  "endDate",
  "outcome",
  "settledAt",
  "return",
  // Added after the others so a reader that takes columns by position still finds them where they were.
  "sideOutcome",
  "sidePriceAtCall",
] as const satisfies readonly (keyof ExportedCall)[];

/** Every call, one row each, with a header row. Empty cells are nulls (pending, no probability). */
export function exportCsv(calls: readonly Call[]): string {
  const rows = calls.map((call) => {
    const row = exportCall(call);
    return CSV_COLUMNS.map((column) => row[column] ?? "");
  });
  // Quote every text cell: a question starting with =, + or - stays text in a spreadsheet too.
  return `${Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { escapeFormulae: true, newline: "\n" })}\n`;
}
