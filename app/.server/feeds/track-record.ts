/**
 * The track record's feed: one entry per recorded call (dated when it was made) and one per grading
 * (dated when its market settled), newest first, at most FEED_ENTRIES_MAX. Prices and outcomes follow
 * the record's conventions (app/lib/track-record.ts: they refer to the first outcome, "Yes").
 */
import { FEED_ENTRIES_MAX, feedUrls, TRACK_RECORD_FEED_TITLE } from "~/lib/feeds";
import { formatCents, formatDate, formatPerDollar, formatRatio } from "~/lib/format";
import { marketPath } from "~/lib/market-page";
import type { Call } from "~/lib/track-record";
import { callSourceText, outcomeText } from "~/lib/track-record-page";
import { paperReturn } from "../track-record/metrics";
import { entryUrn, type FeedEntry, type FeedMeta } from "./build";

const PAGE = "/track-record";

const cents = (price: number) => formatCents(price * 100);

/** What the call said, with the price of what it buys: "buy Yes … at 62¢", "buy No … at 38¢", "neutral". */
function callWords(call: Call): { side: string; price: string } {
  if (call.side === "buy_yes") return { side: "buy Yes", price: `at ${cents(call.priceAtCall)}` };
  if (call.side === "buy_no") return { side: "buy No", price: `at ${cents(1 - call.priceAtCall)}` };
  return { side: "neutral", price: `with Yes at ${cents(call.priceAtCall)}` };
}

function link(call: Call, origin: string): string {
  return `${origin}${call.slug ? marketPath(call.slug) : PAGE}`;
}

/** "Call: buy Yes on Will it rain? at 62¢ (Model x)". */
export function callEntry(call: Call, origin: string): FeedEntry {
  const { side, price } = callWords(call);
  const model =
    call.modelProbability === null ? "" : ` The model put Yes at ${formatRatio(call.modelProbability)}.`;
  const ends = call.endDate ? ` The market ends ${formatDate(call.endDate)}.` : "";
  return {
    id: entryUrn("call", call.id),
    title: `Call: ${side} on ${call.question} ${price} (${callSourceText(call.source)})`,
    link: link(call, origin),
    date: new Date(call.calledAt),
    summary: `${callSourceText(call.source)} called ${side} on "${call.question}" when Yes traded at ${cents(call.priceAtCall)}.${model}${ends}`,
  };
}

/** The grading's result in a few words: "hit, Yes won, +$1.50 per $1". */
function result(call: Call & { outcome: NonNullable<Call["outcome"]> }): string {
  if (call.outcome === "void") return call.side === "hold" ? "void (50/50)" : "void (50/50), not counted";
  const won = call.outcome === "yes" ? "Yes won" : "No won";
  if (call.side === "hold") return `${won}, no stake (neutral call)`;
  const hit = (call.side === "buy_yes") === (call.outcome === "yes") ? "hit" : "miss";
  const paper = paperReturn(call.side, call.priceAtCall, call.outcome);
  return `${hit}, ${won}${paper === null ? "" : `, ${formatPerDollar(paper)} per $1`}`;
}

/** "Graded: buy Yes on Will it rain?: hit, Yes won, +$1.50 per $1"; null while the call is pending. */
export function gradeEntry(call: Call, origin: string): FeedEntry | null {
  if (call.outcome === null || call.settledAt === null) return null;
  const graded = { ...call, outcome: call.outcome };
  const { side, price } = callWords(call);
  const paper = paperReturn(call.side, call.priceAtCall, call.outcome);
  return {
    id: entryUrn("grade", call.id),
    title: `Graded: ${side} on ${call.question}: ${result(graded)}`,
    link: link(call, origin),
    date: new Date(call.settledAt),
    summary:
      `${callSourceText(call.source)}'s call to ${side} ${price} on "${call.question}" (${formatDate(call.calledAt)}) ` +
      `was graded: ${outcomeText(call.outcome)}.` +
      (paper === null ? "" : ` Paper return: ${formatPerDollar(paper)} per $1 staked.`),
  };
}

/** The newest calls and gradings of the record (every call, in any order). `now` dates an empty feed. */
export function trackRecordFeed(
  calls: readonly Call[],
  origin: string,
  now: number,
): { meta: FeedMeta; entries: FeedEntry[] } {
  const all = calls.flatMap((call) => {
    const grade = gradeEntry(call, origin);
    return grade ? [callEntry(call, origin), grade] : [callEntry(call, origin)];
  });
  // Newest first; at the same moment a grading before a call, then by id, so the order is stable.
  const entries = all
    .sort(
      (a, b) =>
        b.date.getTime() - a.date.getTime() ||
        Number(b.id.startsWith("urn:oddspulse:grade:")) - Number(a.id.startsWith("urn:oddspulse:grade:")) ||
        (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    )
    .slice(0, FEED_ENTRIES_MAX);
  return {
    meta: {
      title: TRACK_RECORD_FEED_TITLE,
      description:
        "Every call OddsPulse shows (buy Yes, buy No or neutral), when it is recorded, and its grading when the Polymarket market resolves.",
      link: `${origin}${PAGE}`,
      links: feedUrls(origin, PAGE),
      updated: entries[0]?.date ?? new Date(now),
    },
    entries,
  };
}
