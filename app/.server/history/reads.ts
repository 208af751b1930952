/**
 * The market, event and trader pages' reads of the history database, kept a minute in the isolate's memory: the
 * history changes once per 10-minute slot, and a page render should not wait on four database round trips
 * that answer the same as a minute ago. Each answers a Section: a Worker without a database says so on
 * the page only; a failing one is also one log line.
 */

import type { SentimentStep } from "~/lib/market-page";
import { ok, type Section, unavailable } from "~/lib/section";
import type { Call } from "~/lib/track-record";
import type { WhaleTrade } from "~/lib/types";
import type { SwrCache } from "../cache/swr-cache";
import type { StoredPair } from "../kalshi/pairs";
import { createLog } from "../log";
import type { SmartAmong } from "./smart-wallets";
import type { EventMarket, EventSmartRow, HistoryStore, PricePoint, StoredWalletFacts } from "./store";
import type { UmaState } from "./uma-states";

const log = createLog("market");
const HISTORY_MEMO_MS = 60_000;
export const HISTORY_UNAVAILABLE = "History unavailable right now.";

/** The pages' reads of the history database (none when the Worker has no `DB`), each kept a minute. */
export class HistoryReads {
  constructor(
    private readonly store: HistoryStore | null,
    private readonly memo: Pick<SwrCache, "remembered">,
  ) {}

  /** Nothing to read: no rows, or why not (the Worker has no database). */
  none<T>(): Section<T[]> {
    return this.store ? ok([]) : unavailable(HISTORY_UNAVAILABLE);
  }

  private async read<T>(key: string, run: (store: HistoryStore) => Promise<T>): Promise<Section<T>> {
    const store = this.store;
    if (!store) return unavailable(HISTORY_UNAVAILABLE);
    try {
      return ok(
        await this.memo.remembered({ key: `history:${key}`, ttlMs: HISTORY_MEMO_MS, load: () => run(store) }),
      );
    } catch (error) {
      log.error(`history ${key} unavailable`, error);
      return unavailable(HISTORY_UNAVAILABLE);
    }
  }

  /** The markets kept as proposed or disputed in UMA's resolution (the cards' answers and final times). */
  liveUmaStates(): Promise<Section<UmaState[]>> {
    return this.read("uma-states", (store) => store.umaStates());
  }

  /** A market's points from `sinceT` (rounded down to its 10-minute slot, so the key holds for a slot). */
  points(marketId: string, sinceT: number): Promise<Section<PricePoint[]>> {
    const since = Math.floor(sinceT / 600) * 600;
    return this.read(`points:${marketId}:${since}`, (store) => store.points(marketId, since));
  }

  sentimentChanges(marketId: string): Promise<Section<SentimentStep[]>> {
    return this.read(`changes:${marketId}`, (store) => store.sentimentChanges(marketId, 20));
  }

  /** Stored whale trades in one market; none for a market without a condition id. */
  marketTrades(conditionId: string | null): Promise<Section<WhaleTrade[]>> {
    if (conditionId === null) return Promise.resolve(this.none());
    return this.read(`trades:${conditionId}`, (store) => store.whaleTradesForMarket(conditionId, 50));
  }

  /** The whale trades our cron stored for one wallet (the trader page). */
  walletTrades(wallet: string): Promise<Section<WhaleTrade[]>> {
    return this.read(`wallet-trades:${wallet}`, (store) => store.whaleTradesForWallet(wallet, 50));
  }

  /** The fresh-wallet radar's stored facts of the listed wallets (one query for them all), by wallet. */
  walletFacts(wallets: readonly string[]): Promise<Section<Map<string, StoredWalletFacts>>> {
    const unique = [...new Set(wallets.map((w) => w.toLowerCase()))].sort();
    if (unique.length === 0) return Promise.resolve(ok(new Map()));
    return this.read(`wallet-facts:${unique.join(",")}`, (store) => store.walletFacts(unique));
  }

  /** The market's track-record calls with their grading, newest first. */
  calls(marketId: string): Promise<Section<Call[]>> {
    return this.read(`calls:${marketId}`, (store) => store.calls.callsForMarket(marketId));
  }

  /** The markets recorded of an event (dearest latest price first, at most `limit`) and how many there are. */
  eventMarkets(
    eventSlug: string,
    limit: number,
  ): Promise<Section<{ markets: EventMarket[]; total: number }>> {
    return this.read(`event-markets:${eventSlug}:${limit}`, (store) => store.eventMarkets(eventSlug, limit));
  }

  /** The listed markets' prices at the listed slot times (keyed by the first and last, which hold for a slot). */
  pricesAt(
    marketIds: readonly string[],
    times: readonly number[],
  ): Promise<Section<Map<string, { t: number; prices: number[] }[]>>> {
    const key = `prices-at:${marketIds.join(",")}:${times[0]}:${times.at(-1)}:${times.length}`;
    return this.read(key, (store) => store.pricesAt(marketIds, times));
  }

  /** The whale trades our cron stored in any of an event's markets (keyed by the event: its own markets). */
  eventTrades(eventSlug: string, conditionIds: readonly string[]): Promise<Section<WhaleTrade[]>> {
    if (conditionIds.length === 0) return Promise.resolve(this.none());
    return this.read(`event-trades:${eventSlug}`, (store) => store.whaleTradesForMarkets(conditionIds, 50));
  }

  /**
   * Which of an event's holders and traders are smart (`asOf`: when the lookup they came from was made, so
   * the key holds while it is kept), and when the list was last replaced.
   */
  smartAmong(eventSlug: string, asOf: string, wallets: readonly string[]): Promise<Section<SmartAmong>> {
    return this.read(`smart-among:${eventSlug}:${asOf}`, (store) => store.smartWalletsAmong(wallets));
  }

  /** The events' smart-money rows at most `maxAgeMs` old at `now` (the cards' line), by event slug. */
  eventSmartMoney(now: number, maxAgeMs: number): Promise<Section<Map<string, EventSmartRow>>> {
    // Keyed by the minute: the rows change at most once a minute run.
    const minute = Math.floor(now / 60_000);
    return this.read(`event-smart-money:${minute}`, async (store) => {
      const rows = await store.eventSmartMoneySince(minute * 60_000 - maxAgeMs);
      return new Map(rows.map((r) => [r.eventSlug, r]));
    });
  }

  /** An event's Kalshi pairs; a Worker without a database has none (they live only there). */
  eventPairs(eventSlug: string): Promise<Section<StoredPair[]>> {
    if (!this.store) return Promise.resolve(ok([]));
    return this.read(`event-pairs:${eventSlug}`, (store) => store.eventPairs(eventSlug));
  }

  /** The track record's calls on any of an event's markets with their grading, newest first. */
  eventCalls(eventSlug: string, marketIds: readonly string[]): Promise<Section<Call[]>> {
    if (marketIds.length === 0) return Promise.resolve(this.none());
    return this.read(`event-calls:${eventSlug}`, (store) => store.calls.callsForMarkets(marketIds));
  }
}
