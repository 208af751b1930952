/**
 * `/track-record`'s view of the record: every figure (of current-rule calls, headline.ts and metrics.ts),
 * and only the rows of the requested pages of the settled and open lists (every rule version, each row
 * tagged with its own), so the page's data stays small however long the record grows.
 */

import { data } from "react-router";
import type { Call } from "~/lib/track-record";
import {
  type CallPage,
  callRow,
  type OpenCallView,
  PAGE_PARAMS,
  type PendingWhy,
  pageOf,
  parsePageNumber,
  pendingText,
  type SettledCallView,
  type TrackRecordPageData,
} from "~/lib/track-record-page";
import type { RequestContext } from "../context";
import { isCurrentRule } from "../track-record/headline";
import { horizonOf, paperReturn } from "../track-record/metrics";
import { pageRecord } from "../track-record/view";

export interface RequestedPages {
  graded: number;
  open: number;
}

/** Settled calls (graded yes/no and void), the most recently settled first. */
export function settledPage(calls: readonly Call[], page: number): CallPage<SettledCallView> {
  const settled = calls
    .filter((c): c is Call & { outcome: NonNullable<Call["outcome"]> } => c.outcome !== null)
    .sort((a, b) => (b.settledAt ?? 0) - (a.settledAt ?? 0) || b.calledAt - a.calledAt);
  const slice = pageOf(settled, page);
  return {
    ...slice,
    rows: slice.rows.map((c) => ({
      ...callRow(c),
      outcome: c.outcome,
      settledAt: c.settledAt,
      return: paperReturn(c.side, c.priceAtCall, c.outcome),
    })),
  };
}

/** Calls not graded yet, the newest first, each with why it is still open. */
export function openPage(
  calls: readonly Call[],
  pendingStates: Readonly<Record<string, PendingWhy>>,
  page: number,
  now: number,
): CallPage<OpenCallView> {
  const open = calls.filter((c) => c.outcome === null).sort((a, b) => b.calledAt - a.calledAt);
  const slice = pageOf(open, page);
  return {
    ...slice,
    rows: slice.rows.map((c) => ({
      ...callRow(c),
      pending: pendingText(pendingStates[c.marketId], c.endDate, now),
    })),
  };
}

/** The page's data; a missing or failing database is the page's message, never an error page. */
async function trackRecordPageData(
  { deps }: RequestContext,
  pages: RequestedPages,
): Promise<TrackRecordPageData> {
  const now = deps.now();
  const minEdgePoints = deps.config.callMinEdgePoints;
  const read = await pageRecord(deps.cache, deps.history);
  if (!read.ok) {
    return { now, minEdgePoints, record: null, unavailable: "The track record is unavailable right now." };
  }
  const record = read.value;
  return {
    now,
    minEdgePoints,
    unavailable: null,
    record: {
      headline: record.headline,
      summary: record.summary,
      bySource: record.bySource,
      byCategory: record.byCategory,
      byHorizon: record.byHorizon,
      noHorizon: record.calls.filter((c) => isCurrentRule(c) && horizonOf(c) === null).length,
      reliability: record.reliability,
      settled: settledPage(record.calls, pages.graded),
      open: openPage(record.calls, record.pendingStates, pages.open, now),
    },
  };
}

/** The page's loader: the pages of each list the URL asks for (a 400 for a page that is not a whole number). */
export function trackRecordPage(ctx: RequestContext, url: URL): Promise<TrackRecordPageData> {
  const graded = parsePageNumber(url.searchParams.get(PAGE_PARAMS.settled));
  const open = parsePageNumber(url.searchParams.get(PAGE_PARAMS.open));
  if (graded === null || open === null) {
    const name = graded === null ? PAGE_PARAMS.settled : PAGE_PARAMS.open;
    throw data(`Bad page number: ?${name}= takes a whole number from 1.`, { status: 400 });
  }
  return trackRecordPageData(ctx, { graded, open });
}
