/**
 * `/trader/:wallet`: the wallet's boards, record (win rate, PnL by category), fresh-wallet facts,
 * positions and trades. The boards (they give the name) and our D1 trades are awaited; the record, facts,
 * positions and Polymarket's trades render at once when their kept copies are fresh, else stream in. A
 * path that is not a wallet is a 404 without any upstream call; a wallet without activity a 404 after one.
 */
import type { WalletFactsView } from "~/lib/fresh-wallet";
import { type NowOrLater, ok, type Section } from "~/lib/section";
import { type PeriodStanding, traderDisplayName } from "~/lib/trader-page";
import type { RequestContext } from "../context";
import type { Deps } from "../deps";
import { LOOKUPS } from "../lookups";
import {
  lookedUpWalletFacts,
  profileUrl,
  standings,
  storedWalletFacts,
  type TraderPageData,
  traderPositions,
  traderProbe,
  traderTrades,
  traderWallet,
} from "../market/trader";
import { traderRecordSection } from "../market/trader-record";
import { sourcesOf } from "../sources";
import { notFound, nowOrLater, valueOrErrorPage } from "./loader-data";

export type { TraderPageData };

/** The page's data, or null when the wallet has no activity; `limited` over the client's lookup limit. */
export async function traderPageData(
  { deps }: RequestContext,
  wallet: string,
): Promise<Section<TraderPageData | null>> {
  const { lookups, reads } = sourcesOf(deps);
  const found = await traderProbe(lookups, reads, wallet);
  if (!found.ok || found.value === null) return found as Section<null>;
  const { probe, stored, others } = found.value;
  const [
    ours,
    otherRanks,
    { value: positions },
    { value: trades },
    { value: record },
    { value: walletFacts },
  ] = await Promise.all([
    stored,
    others,
    nowOrLater(deps, [LOOKUPS.traderPositions.at(wallet)], () => traderPositions(lookups, wallet)),
    nowOrLater(deps, [LOOKUPS.traderTrades.at(wallet)], () => traderTrades(lookups, stored, wallet)),
    nowOrLater(deps, [LOOKUPS.traderRecord.at(wallet)], () =>
      traderRecordSection(lookups, { db: deps.db, memo: deps.cache }, wallet),
    ),
    freshFacts(deps, { lookups, reads }, wallet, probe),
  ]);
  const ranks = standings(probe, otherRanks);
  const known = trades instanceof Promise ? (ours.ok ? ours.value : []) : trades.trades;
  return ok({
    wallet,
    name: traderDisplayName(ranks, known),
    profileUrl: profileUrl(wallet),
    now: deps.now(),
    ranks,
    positions,
    trades,
    record,
    walletFacts,
  });
}

/**
 * The fresh-wallet facts: the row our whale watch stored (D1) when there is one, else one lookup of the
 * wallet's activity (kept on demand; the wallet is known to have activity by now, so an unknown wallet
 * still costs only the probe's one call), streamed in when it is not kept fresh.
 */
async function freshFacts(
  deps: Deps,
  { lookups, reads }: Pick<ReturnType<typeof sourcesOf>, "lookups" | "reads">,
  wallet: string,
  probe: PeriodStanding,
): Promise<{ value: NowOrLater<Section<WalletFactsView>> }> {
  const stored = await storedWalletFacts(reads, wallet);
  if (stored !== null) return { value: ok(stored) };
  return nowOrLater(deps, [LOOKUPS.walletActivity.at(wallet)], () =>
    lookedUpWalletFacts(lookups, wallet, probe),
  );
}

export async function traderPage(ctx: RequestContext, param: string | undefined): Promise<TraderPageData> {
  const wallet = traderWallet(param);
  if (wallet === null) return notFound(`/trader/${param}`);
  const page = valueOrErrorPage(await traderPageData(ctx, wallet));
  return page ?? notFound(`/trader/${wallet} (no activity)`);
}
