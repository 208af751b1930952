import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ProvenanceTag } from "~/components/ui/provenance-tag";
import { type DatasetKey, PIPELINE_DATASETS, type PipelineDataset } from "~/content/status";
import { formatAge, formatClockUtc } from "~/lib/format";
import type { DatasetAge } from "~/lib/overall-status";
import type { Provenance, Subject } from "~/lib/provenance";
import { SectionHeader } from "./section-header";

/** One dataset's last successful refresh, as the status loader reads it from KV. */
export interface DatasetStatus {
  /** ISO time, or null when it never succeeded (or KV holds nothing yet). */
  at: string | null;
  /** Fresh or stale as the overall status judged it (markets and whale trades; the others ride on markets). */
  state?: DatasetAge["state"];
  /** What the stored data is made of (decision 0001), null when nothing is stored. */
  provenance: Provenance | null;
  /** Which upstream route served the latest refresh (markets: the keyset or the legacy list). */
  route?: string | null;
  /** Set while refreshes fail: since when (ISO) and the latest failure. */
  failing?: { since: string; error: string } | null;
  /** AI sentiment: shown events whose model call disagreed with its own probabilities, and of how many. */
  disagreements?: { count: number; of: number };
}

export interface PipelineView {
  datasets: Record<DatasetKey, DatasetStatus>;
  /** Epoch ms of the loader run: ages are computed against it so server and browser render alike. */
  checkedAt: number;
  /** Freshness windows from the config (MARKETS_FRESH_SECONDS, WHALES_FRESH_SECONDS). */
  freshSeconds: { markets: number; whales: number };
}

/** The Gamma list that served the markets, in words. */
function routeLabel(route: string): string {
  if (route === "events") return "Gamma events list (/events/keyset)";
  if (route === "keyset")
    return "Gamma markets list (/markets/keyset), grouped by event: the events list was unavailable";
  if (route === "legacy") return "Gamma legacy list (/markets, deprecated): the keyset route was unavailable";
  return route;
}

function freshnessWindow(key: DatasetKey, view: PipelineView): number | null {
  if (key === "markets") return view.freshSeconds.markets;
  if (key === "whales") return view.freshSeconds.whales;
  // Mentions and sentiment ride on the markets refresh; their own times only say when they were last live.
  return null;
}

function formatWindow(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

/** Which figures each dataset's provenance speaks of (trades are market data, from Polymarket). */
const PROVENANCE_SUBJECT: Record<DatasetKey, Subject> = {
  markets: "markets",
  whales: "trades",
  mentions: "mentions",
  sentiment: "sentiment",
};

function DatasetCard({ dataset, view }: { dataset: PipelineDataset; view: PipelineView }) {
  const status = view.datasets[dataset.key];
  const freshFor = freshnessWindow(dataset.key, view);
  const freshness = status.state === "fresh" ? "Fresh" : status.state === "stale" ? "Stale" : null;
  const headingId = `pipeline-${dataset.key}-heading`;
  return (
    <Card className="p-4" data-testid={`pipeline-${dataset.key}`}>
      <section aria-labelledby={headingId}>
        <div className="flex items-start justify-between gap-2">
          <h3 id={headingId} className="font-semibold">
            {dataset.label}
          </h3>
          {freshness && <Badge variant={freshness === "Fresh" ? "yes" : "warning"}>{freshness}</Badge>}
        </div>
        <p className="text-xs text-slate-600">{dataset.upstream}</p>
        <dl className="mt-3 space-y-2 text-sm">
          <div>
            <dt className="text-xs font-medium text-slate-600">{dataset.meaning}</dt>
            <dd data-testid="pipeline-time" className="font-medium text-slate-900">
              {status.at === null ? (
                "never"
              ) : (
                <>
                  <time dateTime={status.at}>{formatClockUtc(status.at)}</time>
                  <span className="text-slate-600"> · {formatAge(status.at, view.checkedAt)}</span>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">Current source</dt>
            <dd data-testid="pipeline-source">
              {status.provenance ? (
                <ProvenanceTag subject={PROVENANCE_SUBJECT[dataset.key]} provenance={status.provenance} />
              ) : (
                "No data yet"
              )}
            </dd>
          </div>
          {status.disagreements && (
            <div>
              <dt className="text-xs font-medium text-slate-600">Calls set aside</dt>
              <dd data-testid="pipeline-disagreements">
                {status.disagreements.count === 0
                  ? `None: every model call agreed with its own probabilities (${status.disagreements.of} events)`
                  : `${status.disagreements.count} of ${status.disagreements.of} model calls disagreed with the model's own probabilities; the calls they derive were shown instead`}
              </dd>
            </div>
          )}
          {status.route && (
            <div>
              <dt className="text-xs font-medium text-slate-600">Served by</dt>
              <dd data-testid="pipeline-route">{routeLabel(status.route)}</dd>
            </div>
          )}
          {status.failing && (
            <div className="rounded bg-amber-50 p-2 text-amber-900" data-testid="pipeline-failing">
              <dt className="text-xs font-medium">Refresh failing</dt>
              <dd>
                Since <time dateTime={status.failing.since}>{formatClockUtc(status.failing.since)}</time>:{" "}
                {status.failing.error}
              </dd>
            </div>
          )}
          <div>
            <dt className="text-xs font-medium text-slate-600">Schedule</dt>
            <dd>
              {dataset.schedule}
              {freshFor !== null && `; fresh for ${formatWindow(freshFor)}`}
            </dd>
          </div>
        </dl>
      </section>
    </Card>
  );
}

/** The one measured section of the status page: when each cached dataset last refreshed successfully. */
export function PipelineSection({ view }: { view: PipelineView }) {
  const checked = new Date(view.checkedAt).toISOString();
  return (
    <section aria-labelledby="pipeline-heading" className="space-y-3">
      <SectionHeader
        id="pipeline-heading"
        title="Data pipeline"
        badge={<Badge variant="default">Live</Badge>}
      >
        Read from the Worker's cache when this page loaded (
        <time dateTime={checked}>{formatClockUtc(checked)}</time>). Times are UTC; "never" means no successful
        refresh is stored yet.
      </SectionHeader>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {PIPELINE_DATASETS.map((dataset) => (
          <DatasetCard key={dataset.key} dataset={dataset} view={view} />
        ))}
      </div>
    </section>
  );
}
