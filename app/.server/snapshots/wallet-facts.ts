/**
 * The fresh-wallet radar's facts (decision 0054). The minute cron looks up, newest trades first, the
 * wallets of whale trades with no facts stored or facts older than a week: at most WALLET_LOOKUPS_PER_RUN
 * wallets a run (two Data API calls each at most), written in one batch. Pages read the stored facts and
 * score each trade at render (`withWalletRadar`).
 */
import { withRadar } from "~/lib/fresh-wallet";
import { ok, type Section, unavailable } from "~/lib/section";
import type { WhaleSnapshot, WhaleTrade } from "~/lib/types";
import type { HistoryReads } from "../history/reads";
import type { HistoryStore, StoredWalletFacts } from "../history/store";
import { describeFailure } from "../http";
import type { DataV2 } from "../polymarket/data-v2";

/** Wallets one minute run looks up at most (each costs one or two upstream calls). */
export const WALLET_LOOKUPS_PER_RUN = 2;
/** Stored facts are looked up again when older than this: a wallet's history changes slowly. */
export const WALLET_FACTS_MAX_AGE_MS = 7 * 86_400_000;

/** The wallets to look up this run: of the newest trades first, those with no facts or old ones. */
export function walletsToLookUp(
  trades: readonly WhaleTrade[],
  stored: ReadonlyMap<string, StoredWalletFacts>,
  now: number,
): string[] {
  const wanted: string[] = [];
  for (const trade of [...trades].sort((a, b) => b.timestamp - a.timestamp)) {
    const wallet = trade.trader.wallet.toLowerCase();
    if (wanted.includes(wallet)) continue;
    const facts = stored.get(wallet);
    if (facts && now - facts.checkedAt < WALLET_FACTS_MAX_AGE_MS) continue;
    wanted.push(wallet);
    if (wanted.length === WALLET_LOOKUPS_PER_RUN) break;
  }
  return wanted;
}

/**
 * One run's lookups: one D1 read for the shown wallets, at most WALLET_LOOKUPS_PER_RUN wallets asked
 * (≤ 2 calls each), one D1 batch for those answered. A wallet whose lookup fails is written nothing
 * and asked again next run. Answers how many wallets were written.
 */
export async function lookUpWalletFacts(
  history: Pick<HistoryStore, "walletFacts" | "recordWalletFacts">,
  dataV2: Pick<DataV2, "walletFacts">,
  trades: readonly WhaleTrade[],
  now: number,
): Promise<Section<number>> {
  if (trades.length === 0) return ok(0);
  const stored = await history.walletFacts(trades.map((t) => t.trader.wallet.toLowerCase()));
  const wallets = walletsToLookUp(trades, stored, now);
  if (wallets.length === 0) return ok(0);
  const answers = await Promise.allSettled(wallets.map((wallet) => dataV2.walletFacts(wallet)));
  const found: StoredWalletFacts[] = [];
  const failed: string[] = [];
  answers.forEach((answer, i) => {
    const wallet = wallets[i] as string;
    if (answer.status === "fulfilled") found.push({ wallet, ...answer.value, checkedAt: now });
    else failed.push(`${wallet}: ${describeFailure(answer.reason)}`);
  });
  if (found.length > 0) await history.recordWalletFacts(found);
  if (failed.length > 0) {
    return unavailable(
      `${failed.length} wallet lookup(s) failed, ${found.length} written (${failed.join("; ")})`,
    );
  }
  return ok(found.length);
}

/** The snapshot with each trade's radar, from the facts stored for its wallet (null where none are). */
export async function withWalletRadar(reads: HistoryReads, snapshot: WhaleSnapshot): Promise<WhaleSnapshot> {
  const facts = await reads.walletFacts(snapshot.trades.map((t) => t.trader.wallet));
  return { ...snapshot, trades: withRadar(snapshot.trades, facts.ok ? facts.value : new Map()) };
}
