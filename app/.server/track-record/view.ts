/**
 * The track record as the page, the JSON export and the CSV read it: every call with its grading and its
 * forecast's score (two D1 queries), and the figures computed from exactly those rows: the headline
 * (headline.ts) and the breakdowns (metrics.ts) of the calls recorded under the current rules only; rows
 * recorded under earlier rules are listed and exported, never mixed into the figures (decision 0033).
 */

import { CATEGORIES } from "~/lib/categories";
import { ok, type Section, unavailable } from "~/lib/section";
import {
  type Call,
  type CallOutcome,
  HORIZONS,
  type RecordHeadline,
  type ReliabilityBin,
  type ScoredCall,
  type TrackSummary,
} from "~/lib/track-record";
import type { PendingWhy } from "~/lib/track-record-page";
import type { SwrCache } from "../cache/swr-cache";
import type { HistoryStore } from "../history/store";
import { createLog } from "../log";
import { scoreForecast } from "./event-forecast";
import { headlineOf, isCurrentRule } from "./headline";
import { horizonOf, reliability, summarise, summariseBy } from "./metrics";

const log = createLog("track-record");

export interface SummaryRow {
  key: string;
  label: string;
  summary: TrackSummary;
}

export interface TrackRecordData {
  /** Every call, oldest first, with its forecast's score; under every rule version. */
  calls: ScoredCall[];
  /** The edge over the market and the hit rates, of current-rule calls. */
  headline: RecordHeadline;
  /** The figures below are of current-rule calls only. */
  summary: TrackSummary;
  bySource: SummaryRow[];
  byCategory: SummaryRow[];
  byHorizon: SummaryRow[];
  reliability: ReliabilityBin[];
  /** Why each pending market is still pending (its last settlement check, or UMA's state), by market id. */
  pendingStates: Record<string, PendingWhy>;
}

const sourceLabel = (source: string) => (source === "estimate" ? "Rule-based estimate" : `Model ${source}`);
const categoryLabel = (slug: string) => CATEGORIES.find((c) => c.slug === slug)?.label ?? "Other";

/**
 * The whole record and its figures; unavailable when the Worker has no history database or it fails (the
 * page says so, the API answers 503).
 */
export async function readTrackRecord(history: HistoryStore | null): Promise<Section<TrackRecordData>> {
  const store = history?.calls;
  if (!store) return unavailable("The track record is unavailable: no history database.");
  let rows: Call[];
  let pending: Map<string, PendingWhy>;
  let resolutions: Map<string, CallOutcome>;
  try {
    [rows, pending, resolutions] = await Promise.all([
      store.allCalls(),
      store.pendingStates(),
      store.forecastResolutions(),
    ]);
  } catch (error) {
    log.error("unavailable", error);
    return unavailable("The track record is unavailable right now. Please try again shortly.");
  }
  const horizonLabel = (key: string) => HORIZONS.find((h) => h.key === key)?.label ?? key;
  const withLabels = (rows: { key: string; summary: TrackSummary }[], label: (key: string) => string) =>
    rows.map((r) => ({ ...r, label: label(r.key) }));
  const all = rows.map((call) => withScore(call, resolutions));
  const calls = all.filter(isCurrentRule);
  return ok({
    calls: all,
    headline: headlineOf(all),
    summary: summarise(calls),
    bySource: withLabels(
      summariseBy(calls, (c) => c.source),
      sourceLabel,
    ),
    byCategory: withLabels(
      summariseBy(calls, (c) => c.category),
      categoryLabel,
    ),
    byHorizon: withLabels(
      summariseBy(calls, (c) => horizonOf(c)),
      horizonLabel,
    ).sort((a, b) => HORIZONS.findIndex((h) => h.key === a.key) - HORIZONS.findIndex((h) => h.key === b.key)),
    reliability: reliability(calls),
    pendingStates: Object.fromEntries(pending),
  });
}

/** A call with its forecast's score (null without a recorded forecast). */
export function withScore(call: Call, resolutions: ReadonlyMap<string, CallOutcome>): ScoredCall {
  return { ...call, score: call.forecast ? scoreForecast(call.forecast, call.outcome, resolutions) : null };
}

const RECORD_MEMO_MS = 60_000;
const RECORD_KEY = "track-record:pages";

/**
 * The record as the site's pages and feeds read it: `readTrackRecord` kept a minute in the isolate's
 * memory (never KV). Calls are added by the 10-minute market build and graded by the market cron, so a
 * page render need not read every row again each time; a page may show a new call up to a minute late.
 * Only a record with calls is kept: a new deployment shows its first calls as soon as the first build
 * has recorded them, and a failure is read again next time.
 */
export function pageRecord(
  memo: Pick<SwrCache, "remembered">,
  history: HistoryStore | null,
): Promise<Section<TrackRecordData>> {
  return memo.remembered({
    key: RECORD_KEY,
    ttlMs: RECORD_MEMO_MS,
    load: () => readTrackRecord(history),
    keep: (record) => record.ok && record.value.calls.length > 0,
  });
}
