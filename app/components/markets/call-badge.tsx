import { type SidePair, useFirstSidePrice } from "~/components/live/hooks";
import { Badge } from "~/components/ui/badge";
import { callText, recommendationVariant } from "~/lib/sentiment";
import type { EventCall, EventForecast } from "~/lib/types";

/**
 * How the live prices name the side a call bought, then its mirror: a multi-outcome event's "Yes"/"No"
 * (either way round), or a one-market event's own side labels (`labels`, in the market's order).
 */
export function boughtSides(call: Pick<EventCall, "side" | "outcome">, labels: SidePair | null): SidePair {
  // A multi-outcome call names its outcome ("No · Newsom"): its market's sides are Yes and No.
  if (labels === null || call.outcome.includes(" · ")) {
    return call.side === "buy_yes" ? ["Yes", "No"] : ["No", "Yes"];
  }
  const [first, second] = labels;
  return call.outcome === second ? [second, first] : [first, second];
}

/**
 * An event's call ("BUY NO · 250k–500k at 75¢", the price of the side bought), or why there is none (the
 * rules: a small edge, near-certain, ended). Once the side's price moves from the call's (pushed live, or
 * `current` on a page with fresher prices) it says both: "called at 75¢ · now 81¢". The event card, the
 * event page and the insight pages' rows draw it alike.
 */
export function CallBadge({
  forecast,
  labels = null,
  current = null,
}: {
  forecast: Pick<EventForecast, "call" | "noCall">;
  /** A one-market event's two side labels in its market's order; null for a multi-outcome event. */
  labels?: SidePair | null;
  /** The side bought's price as the page shows it now (0..1), when fresher than the call's. */
  current?: number | null;
}) {
  const { call } = forecast;
  const sides = call ? boughtSides(call, labels) : (["Yes", "No"] as const);
  const { price: now } = useFirstSidePrice(call?.marketId, sides, current ?? call?.sidePrice ?? 0);
  if (!call) {
    return (
      <Badge variant="secondary" className="whitespace-normal">
        {forecast.noCall ?? "No call"}
      </Badge>
    );
  }
  return (
    <Badge variant={recommendationVariant(call.recommendation)} className="whitespace-normal">
      <span data-testid="call-text">{callText(call, now)}</span>
    </Badge>
  );
}
