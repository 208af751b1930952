/** Track-record test rows: the fields a call recorded under rules v1 (decision 0033) reads with. */
import type { Call } from "~/lib/track-record";

export const V1_CALL_FIELDS = {
  ruleVersion: 1,
  sidePrice: null,
  eventId: null,
  eventSlug: null,
  eventTitle: null,
  callOutcome: null,
  forecast: null,
} as const satisfies Partial<Call>;
