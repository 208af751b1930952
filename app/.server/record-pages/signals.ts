/**
 * `/trading-signals`: the standing calls — each market's latest call per source when it is a buy and
 * not graded yet — with the current card's confidence (when the card is of the call's source) and the
 * price now, from the cached market snapshot (never an upstream call).
 */

import type { Call } from "~/lib/track-record";
import { SIGNALS_SHOWN, type SignalView, type TradingSignalsData } from "~/lib/track-record-page";
import type { DisplayMarket } from "~/lib/types";
import type { Deps } from "../deps";
import { marketSnapshot } from "../snapshots/markets";
import { pageRecord } from "./read";

/** The card's analysis source as calls name it (the estimate is "estimate" there). */
const callSourceOf = (card: DisplayMarket) =>
  card.sentiment.source === "estimated" ? "estimate" : card.sentiment.source;

/** Each market's latest call per source (a later call supersedes an earlier one of the same source). */
export function standingCalls(calls: readonly Call[]): Call[] {
  const latest = new Map<string, Call>();
  for (const call of calls) {
    const key = `${call.marketId}\u0000${call.source}`;
    const kept = latest.get(key);
    if (!kept || call.calledAt >= kept.calledAt) latest.set(key, call);
  }
  return [...latest.values()].filter((c) => c.side !== "hold" && c.outcome === null);
}

/** Standing calls with confidence and price now, highest confidence first, unknown confidence last. */
export function signalsOf(calls: readonly Call[], cards: readonly DisplayMarket[]): SignalView[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  return standingCalls(calls)
    .map((call) => {
      const card = byId.get(call.marketId);
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
        confidence: card && callSourceOf(card) === call.source ? card.sentiment.confidence : null,
        priceNow: card ? card.yesPrice / 100 : null,
      };
    })
    .sort(
      (a, b) =>
        (b.confidence ?? -1) - (a.confidence ?? -1) || b.calledAt - a.calledAt || a.id.localeCompare(b.id),
    );
}

export async function tradingSignalsData(deps: Deps): Promise<TradingSignalsData> {
  const now = deps.now();
  const [record, snapshot] = await Promise.all([
    pageRecord(deps).then((read) => (read.ok ? read.value : null)),
    marketSnapshot.read(deps),
  ]);
  if (record === null) {
    return {
      now,
      signals: null,
      total: 0,
      summary: null,
      unavailable: "The track record is unavailable right now, so the open calls cannot be listed.",
    };
  }
  const cards = snapshot && snapshot.provenance.markets.kind !== "sample" ? snapshot.markets : [];
  const signals = signalsOf(record.calls, cards);
  return {
    now,
    signals: signals.slice(0, SIGNALS_SHOWN),
    total: signals.length,
    summary: record.summary,
    unavailable: null,
  };
}
