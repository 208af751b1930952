/**
 * UMA's resolution of the shown markets, followed by the minute cron (decision 0053): the markets the
 * snapshot (Gamma) says are proposed or disputed, and those kept as such in D1 (a market leaves the
 * snapshot once it closes, so its resolution is followed there), are asked of `/v2/resolutions` in one call
 * of at most 20 conditions, only when there are any; a market kept as resolved is not asked again. What
 * changed is written in one statement and handed to the resolution alerts. The Data API failing, a market
 * kept already stays as kept, and a new one is kept with Gamma's state (without an answer or time). Cost a
 * run: one D1 read, and only with such markets one upstream call and at most one write.
 */
import type { ResolutionChange, ResolutionState } from "~/lib/resolution";
import { ok, type Section } from "~/lib/section";
import type { Market } from "~/lib/types";
import type { HistoryStore } from "../history/store";
import type { UmaState } from "../history/uma-states";
import { describeFailure } from "../http";
import { createLog } from "../log";
import { MAX_RESOLUTIONS, marketResolution } from "../market/resolutions";
import { isConditionId } from "../polymarket/data-api";
import type { DataV2, V2Resolution } from "../polymarket/data-v2";

const log = createLog("resolution");

const isLive = (state: ResolutionState | null): boolean => state === "proposed" || state === "disputed";

/** The snapshot's markets Gamma says are proposed or disputed, by condition id. */
function liveInSnapshot(markets: readonly Market[]): Map<string, Market> {
  const live = new Map<string, Market>();
  for (const market of markets) {
    const { conditionId } = market;
    if (!conditionId || !isConditionId(conditionId) || !market.event) continue;
    if (isLive(marketResolution(market, null).state)) live.set(conditionId, market);
  }
  return live;
}

const same = (a: UmaState, b: UmaState) =>
  a.state === b.state && a.answer === b.answer && a.finalMs === b.finalMs && a.wasDisputed === b.wasDisputed;

/**
 * One run: reads the kept live states, asks the Data API for them and the snapshot's live markets, writes
 * what changed. Answers the states entered (proposed, disputed, resolved) for the alerts.
 */
export async function refreshUmaStates(
  history: Pick<HistoryStore, "umaStates" | "writeUmaStates">,
  dataV2: Pick<DataV2, "resolutions">,
  markets: readonly Market[] | null,
  now: number,
): Promise<Section<ResolutionChange[]>> {
  const shown = liveInSnapshot(markets ?? []);
  // The kept live rows, and the kept rows of the snapshot's live markets whatever their state (a market
  // the Data API already calls resolved may still be proposed in Gamma's word for a few minutes).
  const kept = new Map((await history.umaStates([...shown.keys()])).map((s) => [s.conditionId, s] as const));
  const done = (id: string) => kept.get(id)?.state === "resolved";
  // The snapshot's first (they are what the cards show), then those only D1 still follows.
  const asked = [...new Set([...shown.keys(), ...kept.keys()])]
    .filter((id) => !done(id))
    .slice(0, MAX_RESOLUTIONS);
  if (asked.length === 0) return ok([]);
  let answers: Map<string, V2Resolution> | null = null;
  try {
    answers = new Map((await dataV2.resolutions(asked)).map((r) => [r.conditionId, r] as const));
  } catch (error) {
    log.warn(`/v2/resolutions failed (${describeFailure(error)}): Gamma's states stand for this run`);
  }
  const next: UmaState[] = [];
  for (const conditionId of asked) {
    const market = shown.get(conditionId);
    const before = kept.get(conditionId);
    const v2 = answers?.get(conditionId) ?? null;
    // Without the Data API's word a kept market stays as kept (its answer and time are not dropped); a
    // market only D1 follows needs that word.
    if (answers === null && before) continue;
    if (!market && !v2) continue;
    const resolution = market
      ? marketResolution(market, v2)
      : {
          state: v2?.state ?? "open",
          answer: null,
          finalAt: v2?.state === "resolved" ? null : (v2?.expectedFinalAt ?? null),
          wasDisputed: v2?.wasDisputed ?? false,
        };
    const state: UmaState = {
      conditionId,
      marketId: market?.id ?? before?.marketId ?? "",
      eventSlug: market?.event?.slug ?? before?.eventSlug ?? "",
      // The question itself: an alert names the market without its event's title beside it.
      label: market ? market.title : (before?.label ?? ""),
      state: resolution.state,
      // A market D1 follows alone has no outcome labels at hand: its kept answer stands until resolved.
      answer: market ? resolution.answer : resolution.state === "resolved" ? null : (before?.answer ?? null),
      finalMs: resolution.finalAt,
      wasDisputed: resolution.wasDisputed || (before?.wasDisputed ?? false),
      changedMs: before && before.state === resolution.state ? before.changedMs : now,
    };
    if (state.marketId === "" || state.eventSlug === "") continue;
    if (!before || !same(before, state)) next.push(state);
  }
  await history.writeUmaStates(next);
  return ok(
    next.flatMap((s) => {
      const entered = !kept.has(s.conditionId) || kept.get(s.conditionId)?.state !== s.state;
      return entered && s.state !== "open"
        ? [
            {
              eventSlug: s.eventSlug,
              marketId: s.marketId,
              label: s.label,
              state: s.state,
              answer: s.answer,
              finalMs: s.finalMs,
            },
          ]
        : [];
    }),
  );
}
