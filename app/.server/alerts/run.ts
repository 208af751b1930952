/**
 * The alerts' part of each cron run (decision 0042). The minute run: whale trades in followed
 * events and trades of followed wallets (WALLETS_PER_RUN wallets a run, each in turn), and the states the
 * followed events' markets entered in UMA's resolution this run (decision 0053). The 10-minute run:
 * price moves against the prices recorded an hour before, and changed calls. The Kalshi run, after its crawl:
 * the followed events' cross-venue gaps (decision 0057). Off without the VAPID keys,
 * the database or the queue; a failure is the run's one log line and loses no data of the refresh.
 */
import type { ResolutionChange } from "~/lib/resolution";
import { ok, type Section } from "~/lib/section";
import type { WhaleTrade } from "~/lib/types";
import type { Deps } from "../deps";
import { slotOf } from "../history/slots";
import type { StoredMarkets } from "../snapshots/markets";
import { type AlertQueue, callChangesSince, dispatchAlerts, loadRuleSets } from "./dispatch";
import {
  followedEvents,
  followedWallets,
  matchCallChanges,
  matchGaps,
  matchPriceMoves,
  matchResolutions,
  matchTrades,
  walletsThisRun,
} from "./evaluate";
import { readPairGaps, rearmGaps } from "./gaps";

/** Followed wallets whose trades one minute run asks the Data API for (subrequests stay under 50). */
export const WALLETS_PER_RUN = 8;
/** The market run looks back this far for changed calls (its 10 minutes and a margin). */
const CALL_LOOKBACK_MS = 11 * 60 * 1000;

function enabled(deps: Deps, queue: AlertQueue | undefined): queue is AlertQueue {
  return Boolean(queue && deps.db && deps.config.vapidPublicKey && deps.config.vapidPrivateKey);
}

/**
 * The minute run: `whale` and `wallet` rules against the whale list and the polled wallets' trades,
 * `resolution` rules against the states entered this run.
 */
export async function tradeAlerts(
  deps: Deps,
  queue: AlertQueue | undefined,
  whaleTrades: readonly WhaleTrade[],
  resolutions: readonly ResolutionChange[] = [],
): Promise<Section<number>> {
  if (!enabled(deps, queue) || !deps.db) return ok(0);
  const sets = await loadRuleSets(deps.db);
  if (sets.length === 0) return ok(0);
  const now = deps.now();
  const wallets = walletsThisRun(followedWallets(sets), WALLETS_PER_RUN, Math.floor(now / 60_000));
  const polled = await Promise.allSettled(wallets.map((wallet) => deps.upstreams.data.userTrades(wallet)));
  const walletTrades = polled.flatMap((p) => (p.status === "fulfilled" ? p.value : []));
  const matches = [
    ...matchTrades(sets, [...whaleTrades, ...walletTrades], now),
    ...matchResolutions(sets, resolutions),
  ];
  return ok(await dispatchAlerts(deps.db, queue, matches, now));
}

/** The 10-minute run: `price_move` and `call_change` rules against the new snapshot and the record. */
export async function marketAlerts(
  deps: Deps,
  queue: AlertQueue | undefined,
  stored: StoredMarkets | null,
): Promise<Section<number>> {
  if (!enabled(deps, queue) || !deps.db || !deps.history) return ok(0);
  const now = deps.now();
  const sets = await loadRuleSets(deps.db, now);
  if (sets.length === 0) return ok(0);
  const moving = followedEvents(sets, "price_move");
  const markets = (stored?.markets ?? []).filter((m) => m.event && moving.has(m.event.slug));
  const hourAgo = slotOf(now) - 3_600;
  const past = new Map<string, number[]>();
  if (markets.length > 0) {
    const recorded = await deps.history.pricesAt(
      markets.map((m) => m.id),
      [hourAgo],
    );
    for (const [id, points] of recorded) if (points[0]) past.set(id, points[0].prices);
  }
  const titles = new Map((stored?.snapshot.events ?? []).map((e) => [e.slug, e.title]));
  const changes = await callChangesSince(
    deps.db,
    followedEvents(sets, "call_change"),
    now - CALL_LOOKBACK_MS,
  );
  const matches = [
    ...matchPriceMoves(sets, markets, past, titles, Math.floor(now / 3_600_000)),
    ...matchCallChanges(sets, changes),
  ];
  return ok(await dispatchAlerts(deps.db, queue, matches, now));
}

/**
 * The Kalshi run, after its crawl: `gap` rules against the followed events' pairs at Kalshi's new prices
 * (at most 5 D1 queries and a queue send: the rules, the pairs, the keys freed, the day's count, the batch).
 */
export async function gapAlerts(deps: Deps, queue: AlertQueue | undefined): Promise<Section<number>> {
  if (!enabled(deps, queue) || !deps.db) return ok(0);
  const sets = await loadRuleSets(deps.db);
  const events = followedEvents(sets, "gap");
  if (events.size === 0) return ok(0);
  const now = deps.now();
  const { matches, rearm } = matchGaps(sets, await readPairGaps(deps.db, events));
  await rearmGaps(deps.db, rearm, now);
  return ok(await dispatchAlerts(deps.db, queue, matches, now));
}
