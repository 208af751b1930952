import { Button } from "~/components/ui/button";
import type { OverallStatus } from "~/lib/overall-status";
import { REFRESH_SENTENCE } from "~/lib/refresh-cadence";
import type { StatusHistory } from "~/lib/uptime";
import { KeyMetrics } from "./key-metrics";
import { OVERALL_STYLE, OverallHeadline } from "./overall-status";
import { PipelineSection, type PipelineView } from "./pipeline-section";
import { StatusTabs } from "./status-tabs";
import { type ModelAsks, UpstreamSection } from "./upstream-section";

/**
 * What the status loader measures: the pipeline (KV), the upstreams' checks (D1; null when unavailable),
 * the overall status over both (the help center and the health answers compute the same) and when the
 * market refreshes last asked the model.
 */
export interface StatusView {
  pipeline: PipelineView;
  history: StatusHistory | null;
  overall: OverallStatus;
  model: ModelAsks;
}

/** Why the overall line says what it says, in one sentence. */
function overallBasis(overall: OverallStatus): string {
  switch (overall.state) {
    case "unavailable":
      return "Every dataset is fresh, but the record of upstream checks could not be read just now.";
    case "unchecked":
      return "Every dataset is fresh; no cron run has checked an upstream yet.";
    default:
      return "From the latest check of each upstream the crons call and the age of each dataset.";
  }
}

/** The overall line over the checks and the datasets (the help center's sidebar says the same). */
function OverallBanner({ overall }: { overall: OverallStatus }) {
  return (
    <div
      className={`rounded-xl border p-5 shadow-sm ${OVERALL_STYLE[overall.state].tone}`}
      data-testid="overall-banner"
    >
      <OverallHeadline status={overall} as="h2" className="text-xl font-semibold" />
      <p className="mt-1 text-sm">{overallBasis(overall)}</p>
    </div>
  );
}

/** SPEC §2 status page: measured sections where the Worker records data, labelled samples elsewhere. */
export function StatusPage({ view }: { view: StatusView }) {
  const { overall } = view;
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

      <OverallBanner overall={overall} />

      <p
        id="status-sample-note"
        className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      >
        <strong>What is real:</strong> the Upstream uptime section and the Recent Incidents list, computed
        from the checks each cron run records; the Data pipeline section, read from the Worker's cache when
        this page loads; and the overall line and the key metrics, computed from both. {REFRESH_SENTENCE} The
        Web Application and Public JSON API rows, scheduled maintenance and the performance figures are marked{" "}
        <strong>Sample data</strong>: they are static examples, not measurements.
      </p>

      <KeyMetrics history={view.history} overall={overall} />

      <PipelineSection view={view.pipeline} />

      <UpstreamSection history={view.history} model={view.model} />

      <section aria-labelledby="details-heading" className="space-y-3">
        <h2 id="details-heading" className="sr-only">
          Status details
        </h2>
        <StatusTabs history={view.history} />
      </section>
    </div>
  );
}
