import { Card } from "~/components/ui/card";
import { SampleDataTag } from "~/components/ui/provenance-tag";
import { type HeadlineMetric, SAMPLE_RESPONSE_METRIC } from "~/content/status";
import { formatUptime, type StatusHistory, uptimePercent } from "~/lib/uptime";

interface ShownMetric extends HeadlineMetric {
  sample: boolean;
}

type Figure = Pick<HeadlineMetric, "value" | "detail">;

const UNAVAILABLE: Figure = { value: "Unavailable", detail: "History unavailable" };

function feedUptime(history: StatusHistory): Figure {
  const feed = history.upstreams.find((u) => u.upstream === "gamma")?.uptime["30d"];
  if (!feed || uptimePercent(feed) === null)
    return { value: "No checks yet", detail: "Polymarket markets feed" };
  return { value: formatUptime(feed), detail: `${feed.ok} of ${feed.total} checks ok` };
}

function incidentCount({ incidents }: StatusHistory): Figure {
  const ongoing = incidents.filter((i) => i.endMs === null).length;
  const detail = ongoing > 0 ? `${ongoing} ongoing` : incidents.length > 0 ? "All resolved" : "None recorded";
  return { value: String(incidents.length), detail };
}

function upstreamsOperational({ upstreams }: StatusHistory): Figure {
  const checked = upstreams.filter((u) => u.state !== null);
  const operational = checked.filter((u) => u.state === "operational").length;
  const detail = "Per upstream's latest check";
  return { value: checked.length === 0 ? "No checks yet" : `${operational} of ${checked.length}`, detail };
}

/** The headline figures: three computed from the crons' checks, the page response time a sample. */
function keyMetrics(history: StatusHistory | null): ShownMetric[] {
  const measured = (id: string, label: string, figure: (h: StatusHistory) => Figure): ShownMetric => ({
    id,
    label,
    sample: false,
    ...(history ? figure(history) : UNAVAILABLE),
  });
  return [
    measured("uptime", "Market feed uptime (30 days)", feedUptime),
    { ...SAMPLE_RESPONSE_METRIC, sample: true },
    measured("incidents", "Incidents (30 days)", incidentCount),
    measured("upstreams", "Upstreams operational", upstreamsOperational),
  ];
}

export function KeyMetrics({ history }: { history: StatusHistory | null }) {
  return (
    <section aria-labelledby="metrics-heading" className="space-y-3">
      <h2 id="metrics-heading" className="text-xl font-semibold">
        Key metrics
      </h2>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {keyMetrics(history).map((metric) => (
          <li key={metric.id}>
            <Card className="h-full p-4">
              <p className="text-sm text-slate-600">{metric.label}</p>
              <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={`metric-${metric.id}`}>
                {metric.value}
              </p>
              <p className="mt-1 text-xs text-slate-600">{metric.detail}</p>
              {metric.sample && (
                <p className="mt-2">
                  <SampleDataTag />
                </p>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
