/**
 * What `/track-record`, `/trading-signals` and a market page's "Our calls" section show of the track
 * record (client-safe): the page's shapes, its pagination and the words for sides, sources and why a
 * call is still pending. The figures themselves are computed on the server (track-record/metrics.ts).
 */
import { formatDate, formatPrice } from "./format";
import {
  type Call,
  type CallOutcome,
  type CallSide,
  type RecordHeadline,
  type ReliabilityBin,
  sideQuote,
  type TrackSummary,
} from "./track-record";
import type { Recommendation } from "./types";

/** Rows per page of the graded and open call lists. */
export const CALLS_PER_PAGE = 20;
/** Open calls `/trading-signals` lists at most (the rest are on the track record's open list). */
export const SIGNALS_SHOWN = 50;
/** The two page parameters of `/track-record`. */
export const PAGE_PARAMS = { settled: "graded", open: "open" } as const;
export type PageParam = (typeof PAGE_PARAMS)[keyof typeof PAGE_PARAMS];

/** A call with its paper return per $1 (null unless graded yes/no and not a hold). */
export interface CallWithReturn extends Call {
  return: number | null;
}

export interface SummaryRowView {
  key: string;
  label: string;
  summary: TrackSummary;
}

/** One row of the call lists: only what the table shows. */
export interface CallRowView {
  id: string;
  slug: string | null;
  question: string;
  side: CallSide;
  source: string;
  calledAt: number;
  /** The first outcome's price at the call, 0..1 (shown through `quoteText`, as the side's price). */
  priceAtCall: number;
  /** The market's outcome labels at the call (the sides' names). */
  outcomes: readonly string[];
  /** The event and the outcome called (null for rule-version-1 calls, made on markets). */
  eventTitle: string | null;
  callOutcome: string | null;
  /** The call rules it was recorded under. */
  ruleVersion: number;
}

export interface SettledCallView extends CallRowView {
  outcome: CallOutcome;
  settledAt: number | null;
  return: number | null;
}

export interface OpenCallView extends CallRowView {
  /** Why it is not graded yet, in words. */
  pending: string;
}

export interface CallPage<T> {
  rows: T[];
  /** 1-based, clamped to the last page. */
  page: number;
  pages: number;
  total: number;
}

export interface TrackRecordView {
  /** The edge over the market and the hit rates, of current-rule calls (decision 0033). */
  headline: RecordHeadline;
  /** The figures below and the breakdowns are of current-rule calls too. */
  summary: TrackSummary;
  bySource: SummaryRowView[];
  byCategory: SummaryRowView[];
  byHorizon: SummaryRowView[];
  /** Calls in no horizon row (not settled, and no end date or one already past at the call). */
  noHorizon: number;
  reliability: ReliabilityBin[];
  settled: CallPage<SettledCallView>;
  open: CallPage<OpenCallView>;
}

/** `/track-record`'s loader data: the record, or the visitor-facing reason it cannot be read. */
export interface TrackRecordPageData {
  now: number;
  /** The smallest edge (points) a model forecast's call needs (CALL_MIN_EDGE_POINTS): the method says it. */
  minEdgePoints: number;
  record: TrackRecordView | null;
  unavailable: string | null;
}

/** One standing call on `/trading-signals`. */
export interface SignalView extends CallRowView {
  /** The current card's confidence (percent) when the card is of the call's source; else null. */
  confidence: number | null;
  /** The first outcome's price now (0..1) from the current snapshot; null when not shown there. */
  priceNow: number | null;
}

export interface TradingSignalsData {
  now: number;
  /** Null when the track record cannot be read (with `unavailable` saying so). */
  signals: SignalView[] | null;
  /** Standing calls in all (the list shows the first SIGNALS_SHOWN). */
  total: number;
  summary: TrackSummary | null;
  unavailable: string | null;
}

const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

/**
 * A page parameter: absent → 1; a whole number from 1 → that number; anything else → null (the
 * loader answers 400). Numbers past the last page are clamped by `pageOf`, not refused: the open list
 * shrinks as calls are graded, so yesterday's `?open=5` may be past the end today.
 */
export function parsePageNumber(value: string | null): number | null {
  if (value === null) return 1;
  return PAGE_NUMBER.test(value) ? Number(value) : null;
}

/** The requested page of `items` (CALLS_PER_PAGE each), clamped to the pages there are. */
export function pageOf<T>(items: readonly T[], requested: number, size = CALLS_PER_PAGE): CallPage<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const page = Math.min(Math.max(1, requested), pages);
  return { rows: items.slice((page - 1) * size, page * size), page, pages, total: items.length };
}

/** The URL of a page of one list, keeping the other list's page (page 1 is left out of the URL). */
export function pageHref(
  current: Readonly<Record<PageParam, number>>,
  param: PageParam,
  page: number,
  anchor: string,
): string {
  const pages = { ...current, [param]: page };
  const query = (Object.values(PAGE_PARAMS) as PageParam[])
    .filter((key) => pages[key] > 1)
    .map((key) => `${key}=${pages[key]}`)
    .join("&");
  return `/track-record${query ? `?${query}` : ""}#${anchor}`;
}

const SIDE_RECOMMENDATION: Record<CallSide, Recommendation> = {
  buy_yes: "BUY_YES",
  buy_no: "BUY_NO",
  hold: "NEUTRAL",
};

/** The card's recommendation a call recorded (a hold is the card's NEUTRAL). */
export function recommendationOf(side: CallSide): Recommendation {
  return SIDE_RECOMMENDATION[side];
}

/**
 * A call's price as every page, feed and export shows it (decision 0024): of what the call bought, named
 * ("No 99¢" for a BUY NO at a 1¢ first outcome), the first outcome's for a hold; "—" for no price.
 */
export function quoteText(side: CallSide, outcomes: readonly string[], firstPrice: number | null): string {
  if (firstPrice === null) return "—";
  const quote = sideQuote(side, outcomes, firstPrice);
  // In floating point 0.595 × 100 is 59.4999…: rounded to 8 decimals first, a half cent stays one.
  return `${quote.outcome} ${formatPrice(quote.price)}`;
}

/** Who made the call: the labelled estimate or the model by its id. */
export function callSourceText(source: string): string {
  return source === "estimate" ? "Rule-based estimate" : `Model ${source}`;
}

const OUTCOME_TEXT: Record<CallOutcome, string> = {
  yes: "First outcome won",
  no: "First outcome lost",
  void: "Void (50/50)",
};

/** How a call's market resolved, in words ("pending" while it has not). */
export function outcomeText(outcome: CallOutcome | null): string {
  return outcome === null ? "Pending" : OUTCOME_TEXT[outcome];
}

/** A settlement check's state (track-record/settle.ts) in words. */
const PENDING_TEXT: Record<string, string> = {
  open: "Still open on Polymarket",
  proposed: "Resolution proposed, not final yet",
  disputed: "Resolution disputed",
  unresolved: "Closed, not resolved yet",
  "unclear-prices": "Resolved prices are not exactly 1 and 0",
  unknown: "Unknown to Polymarket",
  "not closed or unknown": "Not closed yet, or unknown to Polymarket",
};

/** Why a market is still pending (a settlement check's state, or UMA's), and the answer proposed when known. */
export interface PendingWhy {
  state: string;
  answer: string | null;
}

/**
 * Why a call is still open: UMA's state with the proposed answer ("Answer proposed (Yes), not final yet"),
 * else the last settlement check's finding when its market was looked up, else its end date (not due yet)
 * or that it awaits its first look.
 */
export function pendingText(why: PendingWhy | undefined, endDate: string | null, now: number): string {
  if (why?.answer && why.state === "proposed") return `Answer proposed (${why.answer}), not final yet`;
  if (why?.answer && why.state === "disputed") return `Disputed (${why.answer} proposed): UMA's vote decides`;
  if (why !== undefined) return PENDING_TEXT[why.state] ?? why.state;
  const end = endDate === null ? Number.NaN : Date.parse(endDate);
  if (Number.isFinite(end) && end > now) return `Market open, ends ${formatDate(end)}`;
  if (Number.isFinite(end)) return "Ended, awaiting its settlement check";
  return "Market open, no end date";
}

/** What a list row shows of a call (the track record's lists, the trading signals). */
export function callRow(call: Call) {
  return {
    id: call.id,
    slug: call.slug,
    question: call.question,
    side: call.side,
    source: call.source,
    calledAt: call.calledAt,
    priceAtCall: call.priceAtCall,
    outcomes: call.outcomes,
    eventTitle: call.eventTitle,
    callOutcome: call.callOutcome,
    ruleVersion: call.ruleVersion,
  };
}
