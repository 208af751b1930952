/**
 * `/whale-watch`: the whale snapshot with each trade's fresh-wallet radar (the wallet facts stored in D1,
 * scored at render), and which events are multi-outcome (from the cached cards only).
 */
import { data } from "react-router";
import type { WhaleSnapshot } from "~/lib/types";
import { badFreshFilter } from "~/lib/whales";
import type { RequestContext } from "../context";
import { marketSnapshot } from "../snapshots/markets";
import { withWalletRadar } from "../snapshots/wallet-facts";
import { whaleSnapshot } from "../snapshots/whales";
import { sourcesOf } from "../sources";

export async function whaleWatchPage({ deps }: RequestContext, url: URL) {
  const bad = badFreshFilter(url.searchParams);
  if (bad !== null) throw data(bad, { status: 400 });
  const { reads } = sourcesOf(deps);
  const [whales, markets] = await Promise.all([
    whaleSnapshot.view(deps, (snapshot) => snapshot),
    // The cached cards only (never an upstream call): which events are multi-outcome.
    marketSnapshot.read(deps),
  ]);
  const multiEvents = markets?.events.flatMap((e) => (e.multi ? [e.slug] : [])) ?? [];
  const scored = (snapshot: WhaleSnapshot) => withWalletRadar(reads, snapshot);
  // A cached list is scored before the first byte; a cold one streams, scored when it arrives.
  const snapshot = whales.value instanceof Promise ? whales.value.then(scored) : await scored(whales.value);
  return { now: deps.now(), snapshot, multiEvents };
}
