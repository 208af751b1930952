import {
  PROVENANCE_SHORT,
  type Provenance,
  type ProvenanceKind,
  provenanceText,
  type Subject,
} from "~/lib/provenance";

// Live and cached read green, everything standing in for live data amber; the words carry the meaning.
const STYLES: Record<ProvenanceKind, string> = {
  live: "bg-emerald-50 text-emerald-900 ring-emerald-600/30",
  cached: "bg-emerald-50 text-emerald-900 ring-emerald-600/30",
  partial: "bg-amber-50 text-amber-900 ring-amber-600/30",
  estimated: "bg-amber-50 text-amber-900 ring-amber-600/30",
  sample: "bg-amber-50 text-amber-900 ring-amber-600/30",
};

const TAG = "inline-flex rounded-md px-2 py-0.5 text-xs font-semibold ring-1";

/** Where one kind of figure came from, in the site's one wording. Wraps: model ids make long labels. */
export function ProvenanceTag({ subject, provenance }: { subject: Subject; provenance: Provenance }) {
  return (
    <span
      data-testid="provenance"
      data-kind={provenance.kind}
      className={`${TAG} ${STYLES[provenance.kind]}`}
    >
      {provenanceText(subject, provenance)}
    </span>
  );
}

/** The one label of sample content, on every page that shows any. */
export function SampleDataTag() {
  return <span className={`${TAG} whitespace-nowrap ${STYLES.sample}`}>{PROVENANCE_SHORT.sample}</span>;
}
