/**
 * `/trading-signals`: the standing calls — each event's latest call per source under the current rules,
 * when it is a buy and not graded yet — with the event card's confidence (when the card is of the call's
 * source) and the called market's price now, from the cached market snapshot (never an upstream call).
 * Calls recorded under older rules (version 1: one per shown market, long shots included) stay on the
 * track record, not here: they are not what the cards call now (decision 0033).
 */

import { CALL_RULES_VERSION, type Call } from "~/lib/track-record";
import { callRow, SIGNALS_SHOWN, type SignalView, type TradingSignalsData } from "~/lib/track-record-page";
import type { DisplayEvent, DisplayMarket } from "~/lib/types";
import type { RequestContext } from "../context";
import { marketSnapshot } from "../snapshots/markets";
import { pageRecord } from "../track-record/view";

/** The card's forecast source as calls name it (the estimate is "estimate" there). */
const callSourceOf = (card: DisplayEvent) =>
  card.forecast.source === "estimated" ? "estimate" : card.forecast.source;

/**
 * Each event's latest current-rule call per source: a later call of the same source supersedes an earlier
 * one, on whichever outcome of the event it was.
 */
export function standingCalls(calls: readonly Call[]): Call[] {
  const latest = new Map<string, Call>();
  for (const call of calls) {
    if (call.ruleVersion !== CALL_RULES_VERSION) continue;
    const key = `${call.eventId ?? call.marketId}\u0000${call.source}`;
    const kept = latest.get(key);
    if (!kept || call.calledAt >= kept.calledAt) latest.set(key, call);
  }
  return [...latest.values()].filter((c) => c.side !== "hold" && c.outcome === null);
}

/** What the snapshot shows now: the event cards and the market bodies (for the called market's price). */
export interface ShownNow {
  events: readonly DisplayEvent[];
  markets: readonly DisplayMarket[];
}

/** Standing calls with confidence and price now, highest confidence first, unknown confidence last. */
export function signalsOf(calls: readonly Call[], shown: ShownNow): SignalView[] {
  const events = new Map(shown.events.map((card) => [card.id, card]));
  const markets = new Map(shown.markets.map((market) => [market.id, market]));
  return standingCalls(calls)
    .map((call) => {
      const card = call.eventId === null ? undefined : events.get(call.eventId);
      const market = markets.get(call.marketId);
      return {
        ...callRow(call),
        confidence: card && callSourceOf(card) === call.source ? card.forecast.confidence : null,
        priceNow: market ? market.yesPrice / 100 : null,
      };
    })
    .sort(
      (a, b) =>
        (b.confidence ?? -1) - (a.confidence ?? -1) || b.calledAt - a.calledAt || a.id.localeCompare(b.id),
    );
}

const NOTHING_SHOWN: ShownNow = { events: [], markets: [] };

export async function tradingSignalsPage({ deps }: RequestContext): Promise<TradingSignalsData> {
  const now = deps.now();
  const [record, snapshot] = await Promise.all([
    pageRecord(deps.cache, deps.history).then((read) => (read.ok ? read.value : null)),
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
  const shown = snapshot && snapshot.provenance.markets.kind !== "sample" ? snapshot : NOTHING_SHOWN;
  const signals = signalsOf(record.calls, shown);
  return {
    now,
    signals: signals.slice(0, SIGNALS_SHOWN),
    total: signals.length,
    summary: record.summary,
    unavailable: null,
  };
}
