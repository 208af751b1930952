import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { type ForecastBar, forecastBars, NO_FORECAST_TEXT } from "~/lib/event-page";
import { mentionCountText } from "~/lib/mentions";
import { analysisProvenance, provenanceText } from "~/lib/provenance";
import { recommendationLabel, recommendationVariant } from "~/lib/sentiment";
import type { DisplayEvent, EventForecast as Forecast } from "~/lib/types";

const percentText = (p: number) => `${Math.round(p)}%`;

/** One outcome's pair of bars: the model's (solid) above the market's (striped), each with its figure in words. */
function BarPair({ bar }: { bar: ForecastBar }) {
  return (
    <li className="flex flex-col gap-1" data-testid="forecast-bar">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-medium break-words text-slate-900">{bar.label}</span>
        <span className="text-xs text-slate-700">{bar.verdict}</span>
      </div>
      <div className="grid grid-cols-[4.5rem_minmax(0,1fr)_2.75rem] items-center gap-x-2 gap-y-1 text-xs text-slate-700">
        <span>Model</span>
        <span className="h-2.5 rounded-sm bg-slate-100" aria-hidden="true">
          <span className="block h-full rounded-sm bg-blue-700" style={{ width: `${bar.model}%` }} />
        </span>
        <span className="text-right font-semibold text-slate-900 tabular-nums">{percentText(bar.model)}</span>
        <span>Market</span>
        <span className="h-2.5 rounded-sm bg-slate-100" aria-hidden="true">
          <span
            className="block h-full rounded-sm bg-[repeating-linear-gradient(45deg,#475569_0_3px,#94a3b8_3px_6px)]"
            style={{ width: `${bar.market}%` }}
          />
        </span>
        <span className="text-right font-semibold text-slate-900 tabular-nums">
          {percentText(bar.market)}
        </span>
      </div>
    </li>
  );
}

/**
 * The event's forecast beside its prices: per leading outcome the model's probability against the
 * market's price, the call (or why there is none), the reasoning and where it came from. An event outside
 * the shown ones has no forecast, and says so.
 */
export function EventForecast({
  forecast,
  mentions,
}: {
  forecast: Forecast | null;
  mentions: DisplayEvent["mentions"] | null;
}) {
  if (forecast === null) {
    return (
      <Card className="p-4 text-sm text-slate-700" data-testid="event-forecast">
        {`${NO_FORECAST_TEXT}. Any calls we recorded while it was among them are listed below.`}
      </Card>
    );
  }
  const bars = forecastBars(forecast.probabilities);
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="event-forecast">
      <div className="flex flex-wrap items-center gap-2">
        {forecast.call ? (
          <>
            <Badge variant={recommendationVariant(forecast.call.recommendation)}>
              {recommendationLabel(forecast.call.recommendation)}
            </Badge>
            <span className="text-sm text-slate-800" data-testid="forecast-call">
              {`${forecast.call.outcome} at ${Math.round(forecast.call.sidePrice)}¢, ${forecast.confidence}% confidence`}
            </span>
          </>
        ) : (
          <span className="text-sm text-slate-800" data-testid="forecast-call">
            {forecast.noCall ?? "No call"}
          </span>
        )}
      </div>
      {bars.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label="Model probability against market price">
          {bars.map((bar) => (
            <BarPair key={bar.marketId + bar.label} bar={bar} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">
          The estimate gives no probability per outcome: only the model's forecast is drawn against the
          market.
        </p>
      )}
      <p className="text-sm text-slate-800">{forecast.reasoning}</p>
      <p className="text-xs text-slate-600">
        {provenanceText("sentiment", analysisProvenance(forecast.source))}
      </p>
      {mentions && <p className="text-sm text-slate-700">{mentionCountText(mentions, "now")}</p>}
    </Card>
  );
}
