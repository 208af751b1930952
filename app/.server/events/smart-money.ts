/**
 * Smart money on one event (decision 0055): which outcomes it covers, what the Data API is asked for them
 * (the holders of their markets, with PnL, and the event's last 24 hours of trades) and the figures made from
 * the answer and the smart wallets among its wallets. Plain values in, plain values out: the event page,
 * the API and the minute cron's rotation share it.
 */
import { byPrice, type EventOutcomeOf, eventOutcomes } from "~/lib/outcomes";
import { type SmartMoney, type SmartOutcomeInput, type SmartWallet, smartMoney } from "~/lib/smart-money";
import type { Market } from "~/lib/types";
import { isConditionId } from "../polymarket/data-api";
import type { DataV2, V2TokenHolders, V2Trade } from "../polymarket/data-v2";

/** Outcomes covered at most: the dearest, whose markets one holders call names (20 conditions a call). */
export const SMART_MAX_OUTCOMES = 20;
/** The trades read: the last 24 hours, from one page of the newest 500. */
export const SMART_TRADES_WINDOW_MS = 86_400_000;
export const SMART_TRADE_PAGES = 1;

/** What the Data API is asked for one event's smart money. */
export interface SmartMoneyQuery {
  slug: string;
  /** Gamma's event id; null for an event that is one market of its own (no event trades then). */
  eventId: string | null;
  conditionIds: readonly string[];
}

/** A trade as kept: only what the figures read. */
export type SmartTrade = Pick<V2Trade, "wallet" | "tokenId" | "side" | "usd" | "at">;

/** The Data API's answer, as kept (the holders of each token, the trades of the last 24 hours). */
export interface SmartMoneyAnswer {
  holders: V2TokenHolders[];
  trades: SmartTrade[];
}

/** The outcomes smart money covers: the dearest SMART_MAX_OUTCOMES open ones whose market has a condition id. */
export function smartOutcomes(markets: readonly Market[], multi?: boolean): EventOutcomeOf[] {
  return byPrice(eventOutcomes({ markets: [...markets] }, multi))
    .filter((o) => o.market.conditionId !== null && isConditionId(o.market.conditionId))
    .slice(0, SMART_MAX_OUTCOMES);
}

/** The query for those outcomes (null when none has a condition id: nothing to ask). */
export function smartQuery(
  slug: string,
  eventId: string,
  outcomes: readonly EventOutcomeOf[],
): SmartMoneyQuery | null {
  const conditionIds = [
    ...new Set(outcomes.flatMap((o) => (o.market.conditionId ? [o.market.conditionId] : []))),
  ];
  if (conditionIds.length === 0) return null;
  // An event of one market made up by us ("market-<id>") has no Gamma event to ask trades of.
  return { slug, eventId: eventId.startsWith("market-") ? null : eventId, conditionIds };
}

/**
 * Asks the Data API: the holders of every condition with their PnL (`holders`: v2, or v2 then v1 where the
 * caller allows the fallback) and, for a Gamma event, one page of its newest trades, kept from `sinceMs`.
 */
export async function askSmartMoney(
  holders: (conditionIds: readonly string[]) => Promise<V2TokenHolders[]>,
  dataV2: Pick<DataV2, "eventTrades">,
  query: SmartMoneyQuery,
  sinceMs: number,
): Promise<SmartMoneyAnswer> {
  const [tokens, trades] = await Promise.all([
    holders(query.conditionIds),
    query.eventId === null ? [] : dataV2.eventTrades(query.eventId, sinceMs, SMART_TRADE_PAGES),
  ]);
  return {
    holders: tokens,
    trades: trades.map(({ wallet, tokenId, side, usd, at }) => ({ wallet, tokenId, side, usd, at })),
  };
}

/** Every wallet of the answer, each once: the ones to look up among the smart wallets. */
export function walletsOf(answer: SmartMoneyAnswer): string[] {
  return [
    ...new Set([
      ...answer.holders.flatMap((t) => t.holders.map((h) => h.wallet)),
      ...answer.trades.map((t) => t.wallet),
    ]),
  ];
}

/** The outcome's token: a multi-outcome event's market's Yes token, a one-market event's side's. */
const inputOf = (o: EventOutcomeOf): SmartOutcomeInput => ({
  key: o.key,
  label: o.label,
  price: o.price,
  tokenId: o.market.outcomes[o.side]?.tokenId ?? null,
});

/** The figures: per covered outcome, its smart holders and 24 h flow (trades since `now` − 24 h), and the lean. */
export function eventSmartMoney(
  outcomes: readonly EventOutcomeOf[],
  answer: SmartMoneyAnswer,
  smart: ReadonlyMap<string, SmartWallet>,
  now: number,
): SmartMoney {
  const holders = new Map(answer.holders.map((t) => [t.tokenId, t.holders] as const));
  const since = now - SMART_TRADES_WINDOW_MS;
  return smartMoney(
    outcomes.map(inputOf),
    holders,
    answer.trades.filter((t) => t.at >= since),
    smart,
  );
}
