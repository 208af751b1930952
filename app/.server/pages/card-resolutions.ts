/**
 * The cards' resolution line with the Data API's answer and time (decision 0053): a card names its event's
 * market proposed or disputed from the snapshot (Gamma's state); the minute cron keeps what
 * `/v2/resolutions` says of those markets in D1. Only when a listed card names one is that read (one query,
 * kept a minute), so a list without any costs no database query.
 */
import type { CardEvent } from "~/lib/dashboard";
import type { HistoryReads } from "../history/reads";

export async function withUmaStates<T extends { events: CardEvent[] }>(
  reads: HistoryReads,
  data: T,
): Promise<T> {
  if (!data.events.some((e) => e.resolution !== null)) return data;
  const kept = await reads.liveUmaStates();
  if (!kept.ok) return data;
  const byMarket = new Map(kept.value.map((s) => [s.marketId, s] as const));
  return {
    ...data,
    events: data.events.map((event) => {
      const said = event.resolution;
      const state = said ? byMarket.get(said.marketId) : undefined;
      if (!said || !state || (state.state !== "proposed" && state.state !== "disputed")) return event;
      return {
        ...event,
        resolution: {
          ...said,
          // The Data API's word is the newer (the snapshot's is up to 10 minutes old).
          state: state.state,
          answer: state.answer,
          finalAt: state.finalMs === null ? null : new Date(state.finalMs).toISOString(),
        },
      };
    }),
  };
}
