/**
 * Where an event's markets stand in UMA's resolution: Gamma's state on each market (`umaResolutionStatus`
 * and its history), and for the markets in a live step (proposed or disputed) the Data API v2's details
 * (`/v2/resolutions`: the proposed answer, when, when it becomes final), one call of at most 20 conditions
 * kept under the event's slug. A resolved market's answer is Gamma's (its outcome priced exactly 1) and does
 * not change, so it costs no call; an event with no live step asks nothing. The Data API failing leaves
 * Gamma's states, said so.
 */
import type { EventResolutions, ResolutionRow } from "~/lib/event-page";
import { outcomeLabel } from "~/lib/outcomes";
import { type Resolution, resolutionOf, resolutionStateOf, type UmaResolution } from "~/lib/resolution";
import type { Market } from "~/lib/types";
import { type KeptAt, LOOKUPS, type Lookups, sayUnavailable } from "../lookups";
import { isConditionId } from "../polymarket/data-api";

/** Markets listed at most: one `/v2/resolutions` call's worth of conditions. */
export const MAX_RESOLUTIONS = 20;

export const RESOLUTIONS_UNAVAILABLE =
  "Polymarket's resolution details are unavailable right now: the states shown are Gamma's, without the proposed answer or its times.";

/** Live states first (proposed, disputed), then resolved markets, each group in Gamma's order. */
const ORDER = { proposed: 0, disputed: 0, resolved: 1 } as const;

/** The markets Gamma says are beyond open, live ones first, at most MAX_RESOLUTIONS; and how many more. */
export function marketsBeyondOpen(markets: readonly Market[]): { shown: Market[]; more: number } {
  const seen = new Set<string>();
  const beyond = markets.flatMap((m) => {
    const state = resolutionStateOf(m.resolution);
    if (state === null || state === "open" || seen.has(m.id)) return [];
    seen.add(m.id);
    return [{ market: m, rank: ORDER[state] }];
  });
  const sorted = beyond.sort((a, b) => a.rank - b.rank).map((b) => b.market);
  return { shown: sorted.slice(0, MAX_RESOLUTIONS), more: Math.max(0, sorted.length - MAX_RESOLUTIONS) };
}

/** The condition ids the Data API is asked for: the listed markets in a live step (proposed, disputed). */
function conditionsOf(markets: readonly Market[]): string[] {
  const live = markets.filter((m) => {
    const state = resolutionStateOf(m.resolution);
    return state === "proposed" || state === "disputed";
  });
  return [
    ...new Set(live.flatMap((m) => (m.conditionId && isConditionId(m.conditionId) ? [m.conditionId] : []))),
  ];
}

/** Where the Data API's answer for these markets is kept (for a page deciding whether to wait for it). */
export function resolutionsAt(slug: string, markets: readonly Market[]): KeptAt[] {
  const conditionIds = conditionsOf(marketsBeyondOpen(markets).shown);
  return conditionIds.length > 0 ? [LOOKUPS.resolutions.at({ slug, conditionIds })] : [];
}

/** One market's resolution from Gamma's fields and, where asked, the Data API's row. */
export function marketResolution(market: Market, v2: UmaResolution | null): Resolution {
  return resolutionOf({
    status: market.resolution,
    history: market.resolutionHistory,
    outcomes: market.outcomes.map((o) => o.label),
    prices: market.outcomes.map((o) => o.price),
    v2,
  });
}

/**
 * The Data API's rows of the event's listed markets in a live step, by condition id (empty when none is),
 * or why they cannot be had.
 */
export async function v2Resolutions(
  lookups: Lookups,
  slug: string,
  markets: readonly Market[],
): Promise<{ byCondition: Map<string, UmaResolution>; note: string | null }> {
  const conditionIds = conditionsOf(marketsBeyondOpen(markets).shown);
  if (conditionIds.length === 0) return { byCondition: new Map(), note: null };
  const kept = await lookups.resolutions({ slug, conditionIds });
  if (!kept.ok)
    return { byCondition: new Map(), note: sayUnavailable(kept, RESOLUTIONS_UNAVAILABLE).message };
  return { byCondition: new Map(kept.value.value.map((r) => [r.conditionId, r] as const)), note: null };
}

/** The event page's resolution section. */
export async function eventResolutions(
  lookups: Lookups,
  slug: string,
  markets: readonly Market[],
  source: string | null,
): Promise<EventResolutions> {
  const { shown, more } = marketsBeyondOpen(markets);
  const { byCondition, note } = await v2Resolutions(lookups, slug, markets);
  const rows: ResolutionRow[] = shown.map((m) => ({
    marketId: m.id,
    marketSlug: m.slug,
    label: outcomeLabel(m),
    resolution: marketResolution(m, m.conditionId ? (byCondition.get(m.conditionId) ?? null) : null),
  }));
  return { rows, more, source, note };
}
