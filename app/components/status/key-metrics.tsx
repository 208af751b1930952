import { Card } from "~/components/ui/card";
import type { OverallStatus } from "~/lib/overall-status";
import { formatUptime, type StatusHistory, uptimePercent } from "~/lib/uptime";
import { datasetsFigure, incidentsFigure, lastCheckFigure, type OverallFigure } from "./overall-status";
import { SectionHeader } from "./section-header";

interface ShownMetric extends OverallFigure {
  id: string;
  label: string;
}

const UNAVAILABLE: OverallFigure = { value: "Unavailable", detail: "History unavailable" };

function feedUptime(history: StatusHistory): OverallFigure {
  const feed = history.upstreams.find((u) => u.upstream === "gamma")?.uptime["30d"];
  if (!feed || uptimePercent(feed) === null)
    return { value: "No checks yet", detail: "Polymarket markets feed" };
  return { value: formatUptime(feed), detail: `${feed.ok} of ${feed.total} checks ok` };
}

function upstreamsOperational({ upstreams }: StatusHistory): OverallFigure {
  const checked = upstreams.filter((u) => u.state !== null);
  const operational = checked.filter((u) => u.state === "operational").length;
  const detail = "Per upstream's latest check";
  return { value: checked.length === 0 ? "No checks yet" : `${operational} of ${checked.length}`, detail };
}

/**
 * The headline figures, all measured: from the crons' checks, and the datasets fresh beside the upstreams
 * operational, so no figure reads all-good under a stale dataset. Incidents, datasets and the last check
 * come from the overall status (the help center's sidebar shows the same). No sample figure is a headline.
 */
function keyMetrics(history: StatusHistory | null, overall: OverallStatus): ShownMetric[] {
  const fromHistory = (figure: (h: StatusHistory) => OverallFigure) =>
    history ? figure(history) : UNAVAILABLE;
  return [
    { id: "uptime", label: "Market feed uptime (30 days)", ...fromHistory(feedUptime) },
    { id: "incidents", label: "Incidents (30 days)", ...incidentsFigure(overall) },
    { id: "upstreams", label: "Upstreams operational", ...fromHistory(upstreamsOperational) },
    { id: "datasets", label: "Datasets fresh", ...datasetsFigure(overall) },
    { id: "last-check", label: "Last check", ...lastCheckFigure(overall) },
  ];
}

export function KeyMetrics({ history, overall }: { history: StatusHistory | null; overall: OverallStatus }) {
  return (
    <section aria-labelledby="metrics-heading" className="space-y-3">
      <SectionHeader id="metrics-heading" title="Key metrics" />
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {keyMetrics(history, overall).map((metric) => (
          <li key={metric.id}>
            <Card className="h-full p-4">
              <p className="text-sm text-slate-600">{metric.label}</p>
              <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={`metric-${metric.id}`}>
                {metric.value}
              </p>
              <p className="mt-1 text-xs text-slate-600" data-testid={`metric-${metric.id}-detail`}>
                {metric.detail}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
