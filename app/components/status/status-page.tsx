import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { SampleDataTag } from "~/components/ui/provenance-tag";
import { HEADLINE_METRICS, OVERALL_STATUS } from "~/content/status";
import { PipelineSection, type PipelineView } from "./pipeline-section";
import { StatusTabs } from "./status-tabs";

/** SPEC §2 status page: static sample content, clearly labelled, plus the real pipeline section. */
export function StatusPage({ pipeline }: { pipeline: PipelineView }) {
  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">System Status</h1>
          <p className="mt-1 text-slate-700">Health of the OddsPulse site and its data pipeline.</p>
        </div>
        {/* SPEC §2: the button has no behaviour; the note it points to says what is static. */}
        <Button variant="outline" aria-describedby="status-sample-note" className="self-start">
          Refresh Status
        </Button>
      </div>

      <p
        id="status-sample-note"
        className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      >
        <strong>Sample data:</strong> the overall status, metrics, services, incidents, maintenance and
        performance figures on this page are static examples, not measurements. The Data pipeline section is
        real: it is read from the Worker's cache each time this page loads.
      </p>

      <div className="flex items-center gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-900 shadow-sm">
        <Icon name="check" className="size-8" />
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-xl font-semibold">{OVERALL_STATUS}</h2>
          <SampleDataTag />
        </div>
      </div>

      <section aria-labelledby="metrics-heading" className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="metrics-heading" className="text-xl font-semibold">
            Key metrics
          </h2>
          <SampleDataTag />
        </div>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {HEADLINE_METRICS.map((metric) => (
            <li key={metric.id}>
              <Card className="h-full p-4">
                <p className="text-sm text-slate-600">{metric.label}</p>
                <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={`metric-${metric.id}`}>
                  {metric.value}
                </p>
                <p className="mt-1 text-xs text-slate-600">{metric.detail}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <PipelineSection view={pipeline} />

      <section aria-labelledby="details-heading" className="space-y-3">
        <h2 id="details-heading" className="sr-only">
          Status details
        </h2>
        <StatusTabs />
      </section>
    </div>
  );
}
