/**
 * Which alert rules the crons' new data matches (decision 0042), as pure functions from the
 * subscriptions and the data to matches; `alerts/dispatch.ts` records and queues them. Each match carries
 * its rule key (at most once per 15 minutes) and a dedupe key (never twice for the same trade or move).
 */
import { gapCents, gapText } from "~/lib/cross-venue";
import { formatClockUtc, formatMoney, formatPrice } from "~/lib/format";
import { type ResolutionChange, VOTE_WORDS } from "~/lib/resolution";
import { type AlertRule, ruleKey } from "~/lib/schemas/alerts";
import type { CallSide } from "~/lib/track-record";
import type { Market, WhaleTrade } from "~/lib/types";

/** What the service worker shows (its JSON payload). */
export interface AlertNotification {
  title: string;
  body: string;
  /** The page to open, a path on this site. */
  url: string;
  /** Replaces an earlier notification of the same rule and subject. */
  tag: string;
}

export interface AlertMatch {
  subscriptionId: string;
  ruleKey: string;
  dedupeKey: string;
  notification: AlertNotification;
  urgency: "high" | "normal";
}

/** A subscription as the evaluation needs it. */
export interface RuleSet {
  id: string;
  createdMs: number;
  rules: readonly AlertRule[];
}

/** Trades older than this are never alerted (a wallet's first poll must not replay its history). */
export const TRADE_ALERT_WINDOW_MS = 60 * 60 * 1000;

const usd = (trade: WhaleTrade) => trade.size * trade.price;
const shortWallet = (wallet: string) => `${wallet.slice(0, 6)}…${wallet.slice(-4)}`;
const tradeLine = (trade: WhaleTrade) =>
  `${trade.side === "BUY" ? "Bought" : "Sold"} ${trade.outcomeLabel} at ${formatPrice(trade.price)}`;

/** Trades of the last hour, and none from before the minute the visitor subscribed. */
function recent(trade: WhaleTrade, set: RuleSet, now: number): boolean {
  return trade.timestamp >= Math.max(set.createdMs - 60_000, now - TRADE_ALERT_WINDOW_MS);
}

/** Whale trades in followed events (`whale` rules) and trades of followed wallets (`wallet` rules). */
export function matchTrades(
  sets: readonly RuleSet[],
  trades: readonly WhaleTrade[],
  now: number,
): AlertMatch[] {
  const out: AlertMatch[] = [];
  for (const set of sets) {
    for (const rule of set.rules) {
      if (rule.type !== "whale" && rule.type !== "wallet") continue;
      for (const trade of trades) {
        if (!recent(trade, set, now) || usd(trade) < rule.minUsd) continue;
        if (rule.type === "whale" && trade.eventSlug === rule.event) {
          out.push({
            subscriptionId: set.id,
            ruleKey: ruleKey(rule),
            dedupeKey: `trade:${trade.id}`,
            notification: {
              title: `Whale trade: ${formatMoney(usd(trade))} on ${trade.outcomeLabel}`,
              body: `${trade.title}: ${tradeLine(trade)}, by ${trade.trader.name ?? shortWallet(trade.trader.wallet)}`,
              url: `/event/${rule.event}`,
              tag: `whale:${rule.event}`,
            },
            urgency: "high",
          });
        } else if (rule.type === "wallet" && trade.trader.wallet.toLowerCase() === rule.wallet) {
          out.push({
            subscriptionId: set.id,
            ruleKey: ruleKey(rule),
            dedupeKey: `trade:${trade.id}`,
            notification: {
              title: `${trade.trader.name ?? shortWallet(rule.wallet)} traded ${formatMoney(usd(trade))}`,
              body: `${trade.title}: ${tradeLine(trade)}`,
              url: `/trader/${rule.wallet}`,
              tag: `wallet:${rule.wallet}`,
            },
            urgency: "high",
          });
        }
      }
    }
  }
  return out;
}

/** Every followed wallet, once, in a stable order (the round robin of wallet polls). */
export function followedWallets(sets: readonly RuleSet[]): string[] {
  const wallets = new Set<string>();
  for (const set of sets) for (const rule of set.rules) if (rule.type === "wallet") wallets.add(rule.wallet);
  return [...wallets].sort();
}

/** The wallets to poll this minute: `perRun` of them, the next slice each minute, every wallet in turn. */
export function walletsThisRun(wallets: readonly string[], perRun: number, minute: number): string[] {
  if (wallets.length <= perRun) return [...wallets];
  const slices = Math.ceil(wallets.length / perRun);
  const slice = minute % slices;
  return wallets.slice(slice * perRun, slice * perRun + perRun);
}

/** Every followed event slug of a rule type. */
export function followedEvents(
  sets: readonly RuleSet[],
  type: "price_move" | "call_change" | "gap",
): Set<string> {
  const events = new Set<string>();
  for (const set of sets) for (const rule of set.rules) if (rule.type === type) events.add(rule.event);
  return events;
}

/**
 * `price_move`: an outcome of a followed event that moved at least the rule's points since the recorded price
 * an hour ago. `past` holds each market's prices then (by market id, in its outcomes' order); `hour` names
 * the hour-long window, so the same move is not sent twice while it lasts.
 */
export function matchPriceMoves(
  sets: readonly RuleSet[],
  markets: readonly Market[],
  past: ReadonlyMap<string, readonly number[]>,
  eventTitles: ReadonlyMap<string, string>,
  hour: number,
): AlertMatch[] {
  const moves: { event: string; title: string; market: Market; label: string; from: number; to: number }[] =
    [];
  for (const market of markets) {
    const event = market.event?.slug;
    const before = past.get(market.id);
    if (!event || !before || market.closed) continue;
    const title = eventTitles.get(event) ?? market.title;
    market.outcomes.forEach((outcome, i) => {
      const from = before[i];
      if (from === undefined) return;
      // A bucket of a multi-market event is named by its bucket ("Trump · Yes").
      const label = market.groupTitle ? `${market.groupTitle} · ${outcome.label}` : outcome.label;
      moves.push({ event, title, market, label, from, to: outcome.price });
    });
  }
  const out: AlertMatch[] = [];
  for (const set of sets) {
    for (const rule of set.rules) {
      if (rule.type !== "price_move") continue;
      for (const move of moves) {
        const points = (move.to - move.from) * 100;
        if (move.event !== rule.event || Math.abs(points) < rule.points) continue;
        const direction = points > 0 ? "up" : "down";
        out.push({
          subscriptionId: set.id,
          ruleKey: ruleKey(rule),
          dedupeKey: `move:${move.market.id}:${move.label}:${rule.points}:${direction}:${hour}`,
          notification: {
            title: `${move.title}: ${move.label} ${direction} ${Math.round(Math.abs(points))} points`,
            body: `${move.label} went from ${formatPrice(move.from)} to ${formatPrice(move.to)} within an hour`,
            url: `/event/${rule.event}`,
            tag: `move:${rule.event}`,
          },
          urgency: "normal",
        });
      }
    }
  }
  return out;
}

/** A call the record kept in this run that replaced an earlier one of the same event. */
export interface CallChange {
  id: string;
  eventSlug: string;
  eventTitle: string;
  side: CallSide;
  callOutcome: string | null;
  sidePrice: number | null;
}

const SIDE_LABEL: Record<CallSide, string> = { buy_yes: "Buy Yes", buy_no: "Buy No", hold: "Hold" };

/** `call_change`: each followed event whose call changed. */
export function matchCallChanges(sets: readonly RuleSet[], changes: readonly CallChange[]): AlertMatch[] {
  const out: AlertMatch[] = [];
  for (const set of sets) {
    for (const rule of set.rules) {
      if (rule.type !== "call_change") continue;
      for (const change of changes) {
        if (change.eventSlug !== rule.event) continue;
        const what = [SIDE_LABEL[change.side], change.callOutcome].filter(Boolean).join(" · ");
        const price = change.sidePrice === null ? "" : ` at ${formatPrice(change.sidePrice)}`;
        out.push({
          subscriptionId: set.id,
          ruleKey: ruleKey(rule),
          dedupeKey: `call:${change.id}`,
          notification: {
            title: `Our call changed: ${change.eventTitle}`,
            body: `Now: ${what}${price}`,
            url: `/event/${rule.event}`,
            tag: `call:${rule.event}`,
          },
          urgency: "normal",
        });
      }
    }
  }
  return out;
}

/** The notification's words for each state. */
function resolutionWords(change: ResolutionChange): { title: string; body: string } {
  switch (change.state) {
    case "proposed": {
      const final =
        change.finalMs === null ? "" : ` Final at ${formatClockUtc(change.finalMs)} unless disputed.`;
      return {
        title: `Answer proposed: ${change.label}`,
        body: `${change.answer === null ? "An answer was proposed to UMA." : `Proposed: ${change.answer}.`}${final}`,
      };
    }
    case "disputed":
      return {
        title: `Disputed: ${change.label}`,
        body: `The proposed answer was disputed: UMA's vote decides (${VOTE_WORDS}).`,
      };
    case "resolved":
      return {
        title: `Resolved: ${change.label}`,
        body: change.answer === null ? "The answer is final." : `Final answer: ${change.answer}.`,
      };
  }
}

/**
 * `resolution`: a market of a followed event that entered a state of UMA's resolution (proposed, disputed,
 * resolved). Each market's state is sent once per subscription (its dedupe key), whatever later runs see.
 */
export function matchResolutions(
  sets: readonly RuleSet[],
  changes: readonly ResolutionChange[],
): AlertMatch[] {
  const out: AlertMatch[] = [];
  for (const set of sets) {
    for (const rule of set.rules) {
      if (rule.type !== "resolution") continue;
      for (const change of changes) {
        if (change.eventSlug !== rule.event) continue;
        out.push({
          subscriptionId: set.id,
          ruleKey: ruleKey(rule),
          dedupeKey: `resolution:${change.marketId}:${change.state}`,
          notification: {
            ...resolutionWords(change),
            url: `/event/${rule.event}`,
            tag: `resolution:${rule.event}`,
          },
          urgency: change.state === "resolved" ? "normal" : "high",
        });
      }
    }
  }
  return out;
}

/** A pair of a followed event at Kalshi's latest price and Polymarket's (the index's), both 0–1. */
export interface PairGap {
  eventSlug: string;
  eventTitle: string;
  polymarketId: string;
  ticker: string;
  /** The Polymarket market's name in its event. */
  label: string;
  kalshi: number;
  polymarket: number;
}

/** A pair's crossing of a threshold: sent once, until the gap falls back under it (then its key is freed). */
export function gapDedupeKey(gap: Pick<PairGap, "polymarketId" | "ticker">, cents: number): string {
  return `gap:${gap.polymarketId}:${gap.ticker}:${cents}`;
}

/**
 * `gap`: a pair of a followed event whose Kalshi and Polymarket prices are at least the rule's cents apart.
 * `rearm`: the keys of the pairs now under a followed threshold, freed so the next crossing is sent again.
 */
export function matchGaps(
  sets: readonly RuleSet[],
  gaps: readonly PairGap[],
): { matches: AlertMatch[]; rearm: { subscriptionId: string; dedupeKey: string }[] } {
  const matches: AlertMatch[] = [];
  const rearm: { subscriptionId: string; dedupeKey: string }[] = [];
  for (const set of sets) {
    for (const rule of set.rules) {
      if (rule.type !== "gap") continue;
      for (const gap of gaps) {
        if (gap.eventSlug !== rule.event) continue;
        const cents = gapCents(gap.kalshi, gap.polymarket);
        const dedupeKey = gapDedupeKey(gap, rule.cents);
        if (Math.abs(cents) < rule.cents) {
          rearm.push({ subscriptionId: set.id, dedupeKey });
          continue;
        }
        matches.push({
          subscriptionId: set.id,
          ruleKey: ruleKey(rule),
          dedupeKey,
          notification: {
            title: `${gap.eventTitle}: ${gap.label} ${gapText(gap.kalshi, gap.polymarket)} on Kalshi`,
            body: `Kalshi ${formatPrice(gap.kalshi)}, Polymarket ${formatPrice(gap.polymarket)} (before fees; the two venues' rules can differ)`,
            url: `/event/${rule.event}`,
            tag: `gap:${rule.event}`,
          },
          urgency: "normal",
        });
      }
    }
  }
  return { matches, rearm };
}
