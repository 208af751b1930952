/**
 * The track record for anyone to recompute: the JSON export (paged by cursor; the summary and headline of
 * current-rule rows, decision 0033) and the CSV (every row, every rule version). Conventions
 * (app/lib/track-record.ts): `priceAtCall` and `modelProbability` are 0–1 of the called market's first
 * outcome; `outcome: "yes"` means it won; times are ISO 8601 UTC. Two fields say what the pages show
 * (decision 0024): `sideOutcome`, the outcome the call's price is of (what a buy bought, the first outcome
 * for a hold), and `sidePriceAtCall`, its price at the call. Each row carries its `ruleVersion`, its
 * recorded `sidePrice` (the entry price) and, with a forecast, the vectors and scores the headline is made of.
 */
import Papa from "papaparse";
import type { InferOutput } from "valibot";
import type {
  ExportedCallSchema,
  ExportedHeadlineSchema,
  ExportedSummarySchema,
} from "~/lib/schemas/track-record";
import {
  entryPrice,
  type RecordHeadline,
  type ScoredCall,
  sideQuote,
  type TrackSummary,
} from "~/lib/track-record";
import { pageAfter } from "../cursor";
import { paperReturn } from "./metrics";

/** Calls per JSON page. */
export const EXPORT_PAGE_SIZE = 100;

/** One exported row; the schema (app/lib/schemas/track-record.ts) documents every field. */
export type ExportedCall = InferOutput<typeof ExportedCallSchema>;
export type ExportedSummary = InferOutput<typeof ExportedSummarySchema>;
export type ExportedHeadline = InferOutput<typeof ExportedHeadlineSchema>;

export function exportCall(call: ScoredCall): ExportedCall {
  const quote = sideQuote(call.side, call.outcomes, call.priceAtCall);
  const score = call.score?.state === "scored" ? call.score : null;
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
    sidePriceAtCall: entryPrice(call) ?? quote.price,
    ruleVersion: call.ruleVersion,
    sidePrice: call.sidePrice,
    eventId: call.eventId,
    eventSlug: call.eventSlug,
    eventTitle: call.eventTitle,
    callOutcome: call.callOutcome,
    forecastOutcomes: call.forecast ? [...call.forecast.labels] : null,
    forecast: call.forecast ? [...call.forecast.probabilities] : null,
    marketPrices: call.forecast ? [...call.forecast.marketPrices] : null,
    scoreState: call.score?.state ?? null,
    winner: score?.winner ?? null,
    brier: score?.brier ?? null,
    logScore: score?.logScore ?? null,
    marketBrier: score?.marketBrier ?? null,
    marketLogScore: score?.marketLogScore ?? null,
    smartMoney: call.smartMoney ?? null,
  };
}

export function exportHeadline(h: RecordHeadline): ExportedHeadline {
  return { ...h };
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
  calls: readonly ScoredCall[],
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
  // Event calls (decision 0033); the arrays are JSON text in their cells.
  "ruleVersion",
  "sidePrice",
  "eventId",
  "eventSlug",
  "eventTitle",
  "callOutcome",
  "forecastOutcomes",
  "forecast",
  "marketPrices",
  "scoreState",
  "winner",
  "brier",
  "logScore",
  "marketBrier",
  "marketLogScore",
  // What the model was given of smart money (decision 0055).
  "smartMoney",
] as const satisfies readonly (keyof ExportedCall)[];

/** Every call, one row each, with a header row. Empty cells are nulls (pending, no probability). */
export function exportCsv(calls: readonly ScoredCall[]): string {
  const rows = calls.map((call) => {
    const row = exportCall(call);
    return CSV_COLUMNS.map((column) => {
      const cell = row[column];
      return Array.isArray(cell) ? JSON.stringify(cell) : (cell ?? "");
    });
  });
  // Quote every text cell: a question starting with =, + or - stays text in a spreadsheet too.
  return `${Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { escapeFormulae: true, newline: "\n" })}\n`;
}
