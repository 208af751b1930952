import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { SampleDataTag } from "~/components/ui/provenance-tag";
import { OVERALL_STATUS } from "~/content/status";
import type { StatusHistory } from "~/lib/uptime";
import { KeyMetrics } from "./key-metrics";
import { PipelineSection, type PipelineView } from "./pipeline-section";
import { StatusTabs } from "./status-tabs";
import { UpstreamSection } from "./upstream-section";

/** What the status loader measures: the pipeline (KV) and the upstreams' checks (D1; null when unavailable). */
export interface StatusView {
  pipeline: PipelineView;
  history: StatusHistory | null;
}

/** SPEC §2 status page: measured sections where the Worker records data, labelled samples elsewhere. */
export function StatusPage({ view }: { view: StatusView }) {
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
        <strong>What is real:</strong> the Data pipeline section, read from the Worker's cache when this page
        loads; the Upstream uptime section, the Recent Incidents list and the market feed uptime, incident and
        upstream figures among the key metrics, all computed from the checks each cron run records. The
        average response time, the overall status line, the Web Application and Public JSON API rows,
        scheduled maintenance and the performance figures are marked <strong>Sample data</strong>: they are
        static examples, not measurements.
      </p>

      <div className="flex items-center gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-900 shadow-sm">
        <Icon name="check" className="size-8" />
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-xl font-semibold">{OVERALL_STATUS}</h2>
          <SampleDataTag />
        </div>
      </div>

      <KeyMetrics history={view.history} />

      <PipelineSection view={view.pipeline} />

      <UpstreamSection history={view.history} />

      <section aria-labelledby="details-heading" className="space-y-3">
        <h2 id="details-heading" className="sr-only">
          Status details
        </h2>
        <StatusTabs history={view.history} />
      </section>
    </div>
  );
}
