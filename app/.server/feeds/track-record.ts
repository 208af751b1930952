/**
 * The track record's feed: one entry per recorded call (dated when it was made) and one per grading
 * (dated when its market settled), newest first, at most FEED_ENTRIES_MAX. Each price is named and is
 * the price of what the call bought (`quoteText`: "No 99¢" for a BUY NO at a 1¢ first outcome), as on
 * the pages; the sides and winners are named by the call's outcome labels. A call on an event (rules v2,
 * decision 0033) names the event and the outcome called; every entry says its rule version and entry price.
 */
import { FEED_ENTRIES_MAX, feedUrls, TRACK_RECORD_FEED_TITLE } from "~/lib/feeds";
import { formatDate, formatPerDollar, formatPrice, formatRatio } from "~/lib/format";
import { marketPath } from "~/lib/market-page";
import { type Call, entryPrice, type ScoredCall, sideLabels } from "~/lib/track-record";
import { callSourceText, outcomeText, quoteText } from "~/lib/track-record-page";
import { paperReturn } from "../track-record/metrics";
import { entryUrn, type FeedEntry, type FeedMeta } from "./build";

const PAGE = "/track-record";

const cents = (price: number) => formatPrice(price);

/**
 * What the call said, with the price of what it buys: "buy Yes … at Yes 62¢", "buy No … at No 38¢",
 * "neutral … with Yes at 38¢". The side keeps the card's words (BUY YES / BUY NO); the price names the
 * outcome, so a team market reads "buy No … at Celtics 38¢".
 */
function callWords(call: Call): { side: string; price: string } {
  if (call.side === "hold") {
    return {
      side: "neutral",
      price: `with ${sideLabels(call.outcomes).first} at ${cents(call.priceAtCall)}`,
    };
  }
  const side = call.side === "buy_yes" ? "buy Yes" : "buy No";
  return { side, price: `at ${quoteText(call.side, call.outcomes, call.priceAtCall)}` };
}

function link(call: Call, origin: string): string {
  return `${origin}${call.slug ? marketPath(call.slug) : PAGE}`;
}

/**
 * What was called on what: an event's call names the outcome in the event ("buy Yes · Trump on Who wins
 * in 2028?"), a version-1 call the side on the market ("buy Yes on Will it rain?").
 */
function subject(call: Call, side: string, quoted = false): string {
  const q = quoted ? '"' : "";
  if (call.eventTitle === null || call.callOutcome === null) return `${side} on ${q}${call.question}${q}`;
  return `buy ${call.callOutcome} on ${q}${call.eventTitle}${q}`;
}

/** "Entry price 62¢, call rules v2." (a hold paid nothing: only the rules). */
function terms(call: Call): string {
  const paid = entryPrice(call);
  return `${paid === null ? "" : `Entry price ${cents(paid)}, `}call rules v${call.ruleVersion}.`;
}

/** "Call: buy Yes on Will it rain? at 62¢ (Model x)". */
export function callEntry(call: Call, origin: string): FeedEntry {
  const { side, price } = callWords(call);
  const what = subject(call, side);
  const { first } = sideLabels(call.outcomes);
  // A buy of the second side is priced at 1 − the first outcome's price: say what that was too.
  const firstPrice = call.side === "buy_no" ? `, when ${first} traded at ${cents(call.priceAtCall)}` : "";
  const model =
    call.modelProbability === null ? "" : ` The model put ${first} at ${formatRatio(call.modelProbability)}.`;
  const ends = call.endDate ? ` The market ends ${formatDate(call.endDate)}.` : "";
  return {
    id: entryUrn("call", call.id),
    title: `Call: ${what} ${price} (${callSourceText(call.source)})`,
    link: link(call, origin),
    date: new Date(call.calledAt),
    summary: `${callSourceText(call.source)} called ${subject(call, side, true)} ${price}${firstPrice}.${model}${ends} ${terms(call)}`,
  };
}

/** The grading's result in a few words: "hit, Yes won, +$1.50 per $1" (the winner by its label). */
function result(call: Call & { outcome: NonNullable<Call["outcome"]> }): string {
  if (call.outcome === "void") return call.side === "hold" ? "void (50/50)" : "void (50/50), not counted";
  const { first, second } = sideLabels(call.outcomes);
  const won = `${call.outcome === "yes" ? first : second} won`;
  if (call.side === "hold") return `${won}, no stake (neutral call)`;
  const hit = (call.side === "buy_yes") === (call.outcome === "yes") ? "hit" : "miss";
  const paper = paperReturn(call.side, call.priceAtCall, call.outcome);
  return `${hit}, ${won}${paper === null ? "" : `, ${formatPerDollar(paper)} per $1`}`;
}

/** "The forecast scored Brier 0.42 against the market's 0.50." once scored; else nothing. */
function scoreWords(call: Call | ScoredCall): string {
  const score = "score" in call ? call.score : null;
  if (score?.state !== "scored") return "";
  const three = (n: number) => n.toFixed(3);
  return ` The forecast scored Brier ${three(score.brier)} (log ${three(score.logScore)}) against the market's Brier ${three(score.marketBrier)} (log ${three(score.marketLogScore)}).`;
}

/** "Graded: buy Yes on Will it rain?: hit, Yes won, +$1.50 per $1"; null while the call is pending. */
export function gradeEntry(call: Call | ScoredCall, origin: string): FeedEntry | null {
  if (call.outcome === null || call.settledAt === null) return null;
  const graded = { ...call, outcome: call.outcome };
  const { side, price } = callWords(call);
  const what = subject(call, side);
  const paper = paperReturn(call.side, call.priceAtCall, call.outcome);
  return {
    id: entryUrn("grade", call.id),
    title: `Graded: ${what}: ${result(graded)}`,
    link: link(call, origin),
    date: new Date(call.settledAt),
    summary:
      `${callSourceText(call.source)}'s call to ${subject(call, side, true)} ${price} (${formatDate(call.calledAt)}) ` +
      `was graded: ${outcomeText(call.outcome)}.` +
      (paper === null ? "" : ` Paper return: ${formatPerDollar(paper)} per $1 staked.`) +
      `${scoreWords(call)} ${terms(call)}`,
  };
}

/** The newest calls and gradings of the record (every call, in any order). `now` dates an empty feed. */
export function trackRecordFeed(
  calls: readonly (Call | ScoredCall)[],
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
        "Every call OddsPulse records on a Polymarket event (the outcome called, its entry price and the call rules it was recorded under), and its grading and forecast score when the event resolves.",
      link: `${origin}${PAGE}`,
      links: feedUrls(origin, PAGE),
      updated: entries[0]?.date ?? new Date(now),
    },
    entries,
  };
}
