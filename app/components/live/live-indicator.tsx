/**
 * The "Live" indicator (issue 25 §2), placed where a page says how fresh its data is. Its place is
 * kept from the first paint when scripts can run (`.live-slot`, app.css), so lighting up moves
 * nothing; without scripts the place takes no space and the indicator never shows.
 */
import type { LiveIndicatorState } from "~/lib/live-state";
import { useLiveIndicator } from "./hooks";

export const LIVE_TEXT = "Live prices";
export const RECONNECTING_TEXT = "Reconnecting…";

/** The indicator for a given state: "Live prices" with a dot, "Reconnecting…", or an empty place. */
export function LiveIndicatorView({ state }: { state: LiveIndicatorState }) {
  return (
    <span className="live-slot" data-testid="live-indicator" data-state={state ?? "off"}>
      {state === "live" ? (
        <span className="inline-flex items-center gap-1.5 font-semibold text-emerald-800">
          <span aria-hidden="true" className="size-2 rounded-full bg-emerald-600" />
          {LIVE_TEXT}
        </span>
      ) : state === "reconnecting" ? (
        <span className="inline-flex items-center gap-1.5 font-semibold text-amber-900">
          <span aria-hidden="true" className="size-2 rounded-full border border-amber-700" />
          <span className="sr-only">Live prices: </span>
          {RECONNECTING_TEXT}
        </span>
      ) : null}
    </span>
  );
}

/** The indicator as the tab's live socket says. */
export function LiveIndicator() {
  return <LiveIndicatorView state={useLiveIndicator()} />;
}
