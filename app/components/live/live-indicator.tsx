/**
 * The "Live" indicator, placed where a page says how fresh its data is. Its place is
 * kept from the first paint when scripts can run (`.live-slot`, app.css), so lighting up moves
 * nothing; without scripts the place takes no space and the indicator never shows.
 */
import type { LiveIndicatorState } from "~/lib/live-state";
import { useLiveIndicator } from "./hooks";

/** What the socket brings to the page: its prices (cards, event and market pages) or its trades. */
export type LiveSubject = "prices" | "trades";

export const LIVE_TEXT: Record<LiveSubject, string> = { prices: "Live prices", trades: "Live trades" };
export const RECONNECTING_TEXT = "Reconnecting…";

/** The indicator for a given state: "Live prices" with a dot, "Reconnecting…", or an empty place. */
export function LiveIndicatorView({
  state,
  subject = "prices",
}: {
  state: LiveIndicatorState;
  subject?: LiveSubject;
}) {
  return (
    <span className="live-slot" data-testid="live-indicator" data-state={state ?? "off"}>
      {state === "live" ? (
        <span className="inline-flex items-center gap-1.5 font-semibold text-emerald-800">
          <span aria-hidden="true" className="size-2 rounded-full bg-emerald-600" />
          {LIVE_TEXT[subject]}
        </span>
      ) : state === "reconnecting" ? (
        <span className="inline-flex items-center gap-1.5 font-semibold text-amber-900">
          <span aria-hidden="true" className="size-2 rounded-full border border-amber-700" />
          <span className="sr-only">{`${LIVE_TEXT[subject]}: `}</span>
          <span>{RECONNECTING_TEXT}</span>
        </span>
      ) : null}
    </span>
  );
}

/** The indicator as the tab's live socket says. */
export function LiveIndicator({ subject = "prices" }: { subject?: LiveSubject }) {
  return <LiveIndicatorView state={useLiveIndicator()} subject={subject} />;
}
