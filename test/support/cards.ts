/** An event's card as a snapshot build makes it, at the default edge threshold (tests of views and rules). */
import { callStateOf, toDisplayEvent } from "~/.server/events/card";
import { DEFAULT_MIN_EDGE_POINTS } from "~/.server/track-record/call-rules";
import type { DisplayEvent, EventAnalysis, MarketEvent, MentionCount } from "~/lib/types";

export function displayEvent(
  event: MarketEvent,
  analysis: EventAnalysis,
  mention: MentionCount | undefined,
  now: number,
  spark?: number[],
): DisplayEvent {
  const state = callStateOf(event, analysis, now, DEFAULT_MIN_EDGE_POINTS);
  return toDisplayEvent(event, analysis, state, mention, now, spark);
}
