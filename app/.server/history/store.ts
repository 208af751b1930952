/**
 * The history database (D1), whose modules in this folder hold the only SQL in the app: one module
 * per table (its row type, its one row mapper and its SQL beside them: markets.ts, market-points.ts,
 * sentiment-changes.ts, whale-trades.ts, upstream-checks.ts, refresh-state.ts, calls.ts,
 * call-grades.ts, market-resolutions.ts, settlement-checks.ts, smart-wallets.ts, event-smart-money.ts), and this entry, which composes them and is what the rest of
 * the app imports. Every value is a bound parameter; rows come back typed. Writes are batched (one D1
 * call each, a write that spans tables too: the table modules prepare statements, this module batches
 * them) and idempotent, so a repeated cron run in the same 10-minute slot adds nothing.
 */

import type { SentimentStep } from "~/lib/market-page";
import type { Call, CallOutcome } from "~/lib/track-record";
import type { PendingWhy } from "~/lib/track-record-page";
import type { WhaleTrade } from "~/lib/types";
import { readEventPairs, type StoredPair } from "../kalshi/pairs";
import * as callGrades from "./call-grades";
import * as calls from "./calls";
import * as eventSmartMoney from "./event-smart-money";
import * as marketPoints from "./market-points";
import * as marketResolutions from "./market-resolutions";
import * as markets from "./markets";
import type { MarketObservation } from "./observation";
import * as refreshState from "./refresh-state";
import { changes } from "./rows";
import * as sentimentChanges from "./sentiment-changes";
import * as settlementChecks from "./settlement-checks";
import { slotOf } from "./slots";
import * as smartWallets from "./smart-wallets";
import * as umaStates from "./uma-states";
import * as upstreamChecks from "./upstream-checks";
import * as walletFacts from "./wallet-facts";
import * as whaleTrades from "./whale-trades";

export type { SettledMarket } from "./call-grades";
export type { CallInput, OpenMarket } from "./calls";
export type { EventSmartRow } from "./event-smart-money";
export type { PricePoint } from "./market-points";
export type { EventMarket, StoredMarket } from "./markets";
export type { MarketObservation } from "./observation";
export { D1RefreshState } from "./refresh-state";
export type { PendingMarket } from "./settlement-checks";
export { HOUR_SECONDS, SLOT_SECONDS, slotOf } from "./slots";
export type { CheckTally, UpstreamCheck } from "./upstream-checks";
export type { StoredWalletFacts } from "./wallet-facts";

/** The track record's calls and gradings (`calls`, `call_grades`, `market_resolutions`, `settlement_checks`). */
export class CallStore {
  constructor(private readonly db: D1Database) {}

  /**
   * Records each proposed call unless the last call recorded for its event and source called the same
   * market and side (the first call of an event always counts). One batch; idempotent per 10-minute slot.
   * Returns how many calls were added.
   */
  recordCalls(input: readonly calls.CallInput[], atMs: number): Promise<number> {
    return calls.insert(this.db, input, atMs);
  }

  /**
   * Markets to look up, those checked longest ago first: those with calls not graded yet and the outcome
   * markets recorded forecasts wait on.
   */
  openMarkets(limit: number): Promise<calls.OpenMarket[]> {
    return calls.openMarkets(this.db, limit);
  }

  /**
   * Grades every ungraded call of each settled market, records each settled market's resolution (what
   * event forecasts are scored from), and notes the markets still pending (with why). One batch over
   * `call_grades`, `market_resolutions` and `settlement_checks`; a repeated run adds nothing. Returns how
   * many calls were graded.
   */
  async settle(
    settled: readonly callGrades.SettledMarket[],
    pending: readonly settlementChecks.PendingMarket[],
    nowMs: number,
  ): Promise<number> {
    if (settled.length === 0 && pending.length === 0) return 0;
    const grade = callGrades.prepareGrade(this.db);
    const check = settlementChecks.prepareUpsert(this.db);
    const resolve = marketResolutions.prepareInsert(this.db);
    const results = await this.db.batch([
      ...settled.map((s) => grade(s, nowMs)),
      ...settled.map((s) => resolve(s, nowMs)),
      ...pending.map((p) => check(p, nowMs)),
    ]);
    return changes(results.slice(0, settled.length));
  }

  /** Every call with its grading, oldest first: what the summary and the CSV are computed from. */
  allCalls(): Promise<Call[]> {
    return calls.all(this.db);
  }

  /** How the outcome markets of recorded forecasts resolved, by market id (those resolved so far). */
  forecastResolutions(): Promise<Map<string, CallOutcome>> {
    return marketResolutions.forForecasts(this.db);
  }

  /** A market's calls with their grading, newest first. */
  callsForMarket(marketId: string): Promise<Call[]> {
    return calls.forMarket(this.db, marketId);
  }

  /** The calls on any of an event's markets with their grading, newest first. */
  callsForMarkets(marketIds: readonly string[]): Promise<Call[]> {
    return calls.forMarkets(this.db, marketIds);
  }

  /** Why each pending market is still pending, as the last settlement check found it. */
  pendingStates(): Promise<Map<string, PendingWhy>> {
    return settlementChecks.pendingStates(this.db);
  }
}

/** Reads and writes of the history database. Construct one per request or cron run. */
export class HistoryStore {
  /** The track record's calls and gradings (same database). */
  readonly calls: CallStore;

  constructor(private readonly db: D1Database) {
    this.calls = new CallStore(db);
  }

  /** One event's Polymarket ↔ Kalshi pairs with Kalshi's stored market (the pages' Kalshi line). */
  eventPairs(eventSlug: string): Promise<StoredPair[]> {
    return readEventPairs(this.db, eventSlug);
  }

  /**
   * Appends one point per market for the 10-minute slot of `atMs`, keeps each market's metadata
   * current and records a sentiment change where the label or recommendation differs from the last
   * one stored: one batch over `markets`, `market_points` and `sentiment_changes`. Idempotent per slot.
   * Returns how many points were added and market rows written.
   */
  async recordSnapshot(
    observed: readonly MarketObservation[],
    atMs: number,
  ): Promise<{ points: number; marketsWritten: number }> {
    if (observed.length === 0) return { points: 0, marketsWritten: 0 };
    const t = slotOf(atMs);
    const upsertMarket = markets.prepareUpsert(this.db);
    const insertPoint = marketPoints.prepareInsert(this.db);
    const insertChange = sentimentChanges.prepareInsert(this.db);
    // Three statements per market, in this order: its metadata, its point, its sentiment change.
    const results = await this.db.batch(
      observed.flatMap((m) => [upsertMarket(m, t), insertPoint(m, t), insertChange(m, t)]),
    );
    const nth = (offset: number) => results.filter((_, i) => i % 3 === offset);
    return { points: changes(nth(1)), marketsWritten: changes(nth(0)) };
  }

  /** Stores each trade once (keyed by transaction hash and fill). Returns how many were new. */
  recordWhaleTrades(trades: readonly WhaleTrade[]): Promise<number> {
    return whaleTrades.insert(this.db, trades);
  }

  /** Notes that history writes succeeded at `atMs` (the health check's "last write"). */
  noteHistoryWrite(atMs: number): Promise<void> {
    return refreshState.noteHistoryWrite(this.db, atMs);
  }

  /** When history writes last succeeded (epoch ms), or null before the first. Throws when D1 fails. */
  lastHistoryWrite(): Promise<number | null> {
    return refreshState.lastHistoryWrite(this.db);
  }

  /** When the smart wallets were last replaced (epoch ms), or null before the first time. */
  smartWalletsRefreshedAt(): Promise<number | null> {
    return smartWallets.refreshedAt(this.db);
  }

  /** Replaces the smart wallets (decision 0052) in one batch. */
  replaceSmartWallets(wallets: readonly smartWallets.BoardWallet[], atMs: number): Promise<void> {
    return smartWallets.replace(this.db, wallets, atMs);
  }

  /**
   * The markets kept as proposed or disputed in UMA's resolution (decision 0053), and the kept rows of
   * `conditionIds` whatever their state.
   */
  umaStates(conditionIds: readonly string[] = []): Promise<umaStates.UmaState[]> {
    return umaStates.followed(this.db, conditionIds);
  }

  /** Writes changed UMA states in one statement (unchanged rows are not rewritten). */
  writeUmaStates(states: readonly umaStates.UmaState[]): Promise<void> {
    return umaStates.write(this.db, states);
  }

  /** Which of `wallets` are smart, and when the list was last replaced (one round trip). */
  smartWalletsAmong(wallets: readonly string[]): Promise<smartWallets.SmartAmong> {
    return smartWallets.among(this.db, wallets);
  }

  /** Writes the events' smart-money rows that changed or are an hour old (decision 0055). */
  writeEventSmartMoney(rows: readonly eventSmartMoney.EventSmartRow[], nowMs: number): Promise<number> {
    return eventSmartMoney.upsert(this.db, rows, nowMs);
  }

  /** The events' smart-money rows computed since `sinceMs`. */
  eventSmartMoneySince(sinceMs: number): Promise<eventSmartMoney.EventSmartRow[]> {
    return eventSmartMoney.since(this.db, sinceMs);
  }

  /** The fresh-wallet radar's stored facts of the listed wallets, by wallet (one query). */
  walletFacts(wallets: readonly string[]): Promise<Map<string, walletFacts.StoredWalletFacts>> {
    return walletFacts.forWallets(this.db, wallets);
  }

  /** Writes looked-up wallets' facts (decision 0054) in one batch. Returns the rows written. */
  recordWalletFacts(facts: readonly walletFacts.StoredWalletFacts[]): Promise<number> {
    return walletFacts.upsert(this.db, facts);
  }

  /** Records what a cron run saw of each upstream. */
  recordChecks(checks: readonly upstreamChecks.UpstreamCheck[]): Promise<void> {
    return upstreamChecks.insert(this.db, checks);
  }

  /**
   * Retention: 10-minute points older than 30 days are thinned to the first point of each hour (and
   * marked as hourly); check records older than 31 days are dropped. One batch over `market_points`
   * and `upstream_checks`. Returns the rows removed.
   */
  async compact(nowMs: number): Promise<number> {
    const [thin, markHourly] = marketPoints.prepareCompaction(this.db, nowMs);
    const [points, , checks] = await this.db.batch([
      thin,
      markHourly,
      upstreamChecks.prepareExpiry(this.db, nowMs),
    ]);
    return (points?.meta.changes ?? 0) + (checks?.meta.changes ?? 0);
  }

  /** A market by its slug (the latest seen with it), or null. */
  marketBySlug(slug: string): Promise<markets.StoredMarket | null> {
    return markets.bySlug(this.db, slug);
  }

  /** The markets recorded of an event, dearest latest price first, at most `limit`, and how many there are. */
  eventMarkets(eventSlug: string, limit: number): Promise<{ markets: markets.EventMarket[]; total: number }> {
    return markets.byEvent(this.db, eventSlug, limit);
  }

  /** The listed markets' prices at exactly the listed slot times, by market id, oldest first. */
  pricesAt(
    marketIds: readonly string[],
    times: readonly number[],
  ): Promise<Map<string, { t: number; prices: number[] }[]>> {
    return marketPoints.pricesAt(this.db, marketIds, times);
  }

  /** A market's points from `sinceT` (epoch seconds) on, oldest first. */
  points(marketId: string, sinceT: number): Promise<marketPoints.PricePoint[]> {
    return marketPoints.since(this.db, marketId, sinceT);
  }

  /** A market's latest point, or null before its first. */
  lastPoint(marketId: string): Promise<marketPoints.PricePoint | null> {
    return marketPoints.latest(this.db, marketId);
  }

  /** The first outcome's price of each listed market at each hour from `sinceT` on: the cards' sparklines. */
  hourlyFirstPrices(
    marketIds: readonly string[],
    sinceT: number,
    untilT: number,
  ): Promise<Map<string, number[]>> {
    return marketPoints.hourlyFirstPrices(this.db, marketIds, sinceT, untilT);
  }

  /** Each recorded change of a market's sentiment label or recommendation, newest first. */
  sentimentChanges(marketId: string, limit = 50): Promise<SentimentStep[]> {
    return sentimentChanges.forMarket(this.db, marketId, limit);
  }

  /** Stored whale trades in a market (by condition id), newest first. */
  whaleTradesForMarket(conditionId: string, limit = 50): Promise<WhaleTrade[]> {
    return whaleTrades.forMarket(this.db, conditionId, limit);
  }

  /** Stored whale trades in any of an event's markets (by condition id), newest first. */
  whaleTradesForMarkets(conditionIds: readonly string[], limit = 50): Promise<WhaleTrade[]> {
    return whaleTrades.forMarkets(this.db, conditionIds, limit);
  }

  /** Stored whale trades of a wallet, newest first. */
  whaleTradesForWallet(wallet: string, limit = 50): Promise<WhaleTrade[]> {
    return whaleTrades.forWallet(this.db, wallet, limit);
  }

  /** Upstream checks since `sinceMs`, oldest first. */
  checksSince(sinceMs: number): Promise<upstreamChecks.UpstreamCheck[]> {
    return upstreamChecks.since(this.db, sinceMs);
  }

  /** Per upstream, for each of `sinceMs`: the checks since then counted by D1 (total, ok, mean latency, latest). */
  checkTallies(sinceMs: readonly number[]): Promise<upstreamChecks.CheckTally[][]> {
    return upstreamChecks.tallies(this.db, sinceMs);
  }

  /** Every failed check since `sinceMs` and each check that directly followed one, oldest first. */
  checksAroundFailures(sinceMs: number): Promise<upstreamChecks.UpstreamCheck[]> {
    return upstreamChecks.aroundFailures(this.db, sinceMs);
  }
}
