/** `/whale-watch`: the whale snapshot, and which events are multi-outcome (from the cached cards only). */
import type { RequestContext } from "../context";
import { marketSnapshot } from "../snapshots/markets";
import { whaleSnapshot } from "../snapshots/whales";

export async function whaleWatchPage({ deps }: RequestContext) {
  const [whales, markets] = await Promise.all([
    whaleSnapshot.view(deps, (snapshot) => snapshot),
    // The cached cards only (never an upstream call): which events are multi-outcome.
    marketSnapshot.read(deps),
  ]);
  const multiEvents = markets?.events.flatMap((e) => (e.multi ? [e.slug] : [])) ?? [];
  return { now: deps.now(), snapshot: whales.value, multiEvents };
}
