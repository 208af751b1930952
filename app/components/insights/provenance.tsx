import { RefreshNotice } from "~/components/ui/refresh-notice";
import type { Provenance, ProvenanceKind, ProvenanceLabel } from "~/lib/insights";

// Live reads green, everything standing in for live data amber; the words carry the meaning.
const STYLES: Record<ProvenanceKind, string> = {
  live: "bg-emerald-50 text-emerald-900 ring-emerald-600/30",
  partial: "bg-amber-50 text-amber-900 ring-amber-600/30",
  estimated: "bg-amber-50 text-amber-900 ring-amber-600/30",
  sample: "bg-amber-50 text-amber-900 ring-amber-600/30",
};

/** Where one kind of figure came from. Wraps, unlike Badge: model ids make long labels. */
export function ProvenanceTag({ source }: { source: ProvenanceLabel }) {
  return (
    <span
      data-testid="provenance"
      className={`inline-flex rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ${STYLES[source.kind]}`}
    >
      {source.label}
    </span>
  );
}

/** The 'Sample data' marker on every block of mock content. */
export function SampleDataTag() {
  return (
    <span className="inline-flex rounded-md bg-amber-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 ring-1 ring-amber-600/30">
      Sample data
    </span>
  );
}

/** Snapshot time and sources above a page's tabs, plus why the data may be old or sample. */
export function ProvenanceBar({
  provenance,
  show,
}: {
  provenance: Provenance;
  show: ReadonlyArray<"markets" | "mentions" | "sentiment">;
}) {
  const sample = provenance.markets.kind === "sample";
  return (
    <div className="flex flex-col gap-2" data-testid="provenance-bar">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span>
          Snapshot of {provenance.asOf} ({provenance.age})
        </span>
        {show.map((key) => (
          <ProvenanceTag key={key} source={provenance[key]} />
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
