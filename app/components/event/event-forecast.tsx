import { type SidePair, useFirstSidePrice, useLive } from "~/components/live/hooks";
import { CallBadge } from "~/components/markets/call-badge";
import { Card } from "~/components/ui/card";
import { forecastBar, NO_FORECAST_TEXT, type OutcomeRow, outcomeSides } from "~/lib/event-page";
import { formatClockUtc, formatPrice } from "~/lib/format";
import { firstSidePrice } from "~/lib/live-state";
import { mentionCountText } from "~/lib/mentions";
import { analysisProvenance, provenanceText } from "~/lib/provenance";
import { edgeText } from "~/lib/sentiment";
import type { DisplayEvent, EventForecast as Forecast } from "~/lib/types";

const percentText = (p: number) => `${Math.round(p * 10) / 10}%`;

/** An outcome's row of the page (its price now), by market, and for a one-market event by side label. */
function rowOf(rows: readonly OutcomeRow[], marketId: string, label: string, multi: boolean) {
  return rows.find((r) => r.marketId === marketId && (multi || r.label === label));
}

/**
 * One outcome's pair of bars: the model's (solid) above the market's (striped), each with its figure in
 * words. The market's figure is the outcome's price now (pushed while live), and the verdict follows it.
 */
function BarPair({
  probability,
  rows,
  multi,
}: {
  probability: Forecast["probabilities"][number];
  rows: readonly OutcomeRow[];
  multi: boolean;
}) {
  const { marketId, label } = probability;
  const stored = rowOf(rows, marketId, label, multi)?.price ?? probability.market;
  const { price } = useFirstSidePrice(marketId, outcomeSides(rows, marketId, label, multi), stored);
  const bar = forecastBar(probability, price);
  return (
    <li className="flex flex-col gap-1" data-testid="forecast-bar">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-medium break-words text-slate-900">{bar.label}</span>
        <span className="text-xs text-slate-700" data-testid="forecast-verdict">
          {bar.verdict}
        </span>
      </div>
      <div className="grid grid-cols-[4.5rem_minmax(0,1fr)_3.25rem] items-center gap-x-2 gap-y-1 text-xs text-slate-700">
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
        <span className="text-right font-semibold text-slate-900 tabular-nums" data-testid="forecast-market">
          {percentText(bar.market)}
        </span>
      </div>
    </li>
  );
}

/**
 * The event's forecast beside its prices: the call (or why there is none) with its edge and the model's
 * confidence, per leading outcome the model's probability against the market's price now, the reasoning and
 * where it came from. An event outside the shown ones has no forecast, and says so.
 */
export function EventForecast({
  forecast,
  mentions,
  rows,
  multi,
}: {
  forecast: Forecast | null;
  mentions: DisplayEvent["mentions"] | null;
  /** The page's outcome rows: their prices are the current ones (fresher than the forecast's). */
  rows: readonly OutcomeRow[];
  multi: boolean;
}) {
  // Whether a price the bars show has moved from the price the call was worked out at (pushed live, or
  // fresher on this page than the forecast's): then the call says when its prices were.
  const probabilities = forecast?.probabilities ?? [];
  const shown = (p: (typeof probabilities)[number], price: number) =>
    formatPrice(price) !== formatPrice(p.market);
  const movedLive = useLive((s) =>
    probabilities.some((p) => {
      const [first, second] = outcomeSides(rows, p.marketId, p.label, multi);
      const live = firstSidePrice(s, p.marketId, first, second);
      return live !== null && shown(p, live);
    }),
  );
  const movedHere = probabilities.some((p) => {
    const row = rowOf(rows, p.marketId, p.label, multi);
    return row !== undefined && shown(p, row.price);
  });
  if (forecast === null) {
    return (
      <Card className="p-4 text-sm text-slate-700" data-testid="event-forecast">
        {`${NO_FORECAST_TEXT}. Any calls we recorded while it was among them are listed below.`}
      </Card>
    );
  }
  const { call } = forecast;
  const called = call ? rowOf(rows, call.marketId, call.outcome, multi) : undefined;
  // The side bought's price on the page: a multi-outcome row is its market's Yes.
  const current =
    called === undefined || !call ? null : multi && call.side === "buy_no" ? 1 - called.price : called.price;
  const labels: SidePair | null =
    multi || !call ? null : outcomeSides(rows, call.marketId, call.outcome, false);
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="event-forecast">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800" data-testid="forecast-call">
        <CallBadge forecast={forecast} labels={labels} current={current} />
        {call && call.edge !== null && <span data-testid="call-edge">{edgeText(call.edge)}</span>}
        {call && <span>{`${forecast.confidence}% confidence`}</span>}
      </div>
      {(movedLive || movedHere) && (
        <p className="text-xs text-slate-600" data-testid="forecast-priced">
          {`${call ? "Called" : "Worked out"} at the prices of ${formatClockUtc(forecast.pricedAt)}; the bars show the prices now.`}
        </p>
      )}
      {forecast.probabilities.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label="Model probability against market price">
          {forecast.probabilities.map((p) => (
            <BarPair key={p.marketId + p.label} probability={p} rows={rows} multi={multi} />
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
