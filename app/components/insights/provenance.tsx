import { ProvenanceTag } from "~/components/ui/provenance-tag";
import { RefreshNotice } from "~/components/ui/refresh-notice";
import type { PageProvenance } from "~/lib/insights/shared";
import type { SnapshotProvenance } from "~/lib/provenance";

/** Snapshot time and sources above a page's tabs, plus why the data may be old or sample. */
export function ProvenanceBar({
  provenance,
  show,
}: {
  provenance: PageProvenance;
  show: readonly (keyof SnapshotProvenance)[];
}) {
  const sample = provenance.markets.kind === "sample";
  return (
    <div className="flex flex-col gap-2" data-testid="provenance-bar">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span>
          Snapshot of {provenance.asOf} ({provenance.age})
        </span>
        {show.map((key) => (
          <ProvenanceTag key={key} subject={key} provenance={provenance[key]} />
        ))}
      </div>
      {sample && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-600/30">
          <strong>Sample data:</strong> the market feed is unavailable, so the figures below come from three
          built-in sample markets.
        </p>
      )}
      {provenance.failing !== null && (
        <RefreshNotice failingSince={provenance.failing.since} fetchedAt={provenance.failing.fetchedAt} />
      )}
    </div>
  );
}
