import { Badge } from "~/components/ui/badge";
import { formatCents } from "~/lib/format";
import { recommendationLabel, recommendationVariant } from "~/lib/sentiment";
import type { EventForecast } from "~/lib/types";

/**
 * An event's call ("BUY NO · 250k–500k at 75¢", the price of the side bought), or why there is none (the
 * record's rules: near-certain, ended). The event card and the insight pages' rows draw it alike.
 */
export function CallBadge({ forecast }: { forecast: Pick<EventForecast, "call" | "noCall"> }) {
  const { call } = forecast;
  if (!call) {
    return (
      <Badge variant="secondary" className="whitespace-normal">
        {forecast.noCall ?? "No call"}
      </Badge>
    );
  }
  return (
    <Badge variant={recommendationVariant(call.recommendation)}>
      {`${recommendationLabel(call.recommendation)}${call.outcome.includes(" · ") ? ` ${call.outcome.slice(call.outcome.indexOf(" · "))}` : ""} at ${formatCents(call.sidePrice)}`}
    </Badge>
  );
}
