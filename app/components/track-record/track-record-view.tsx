import type { ReactNode } from "react";
import { formatNumber } from "~/lib/format";
import type { PageParam, TrackRecordPageData, TrackRecordView } from "~/lib/track-record-page";
import { OpenCalls, SettledCalls } from "./call-lists";
import { LINK } from "./call-parts";
import { EdgeHeadline, HeadlineFigures } from "./headline-figures";
import { MethodSection } from "./method-section";
import { ReliabilityDiagram } from "./reliability-diagram";
import { SummaryTable } from "./summary-table";

function PageSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="flex scroll-mt-24 flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {intro && <p className="max-w-3xl text-sm text-slate-700">{intro}</p>}
      {children}
    </section>
  );
}

/** What the horizon rows leave out, so that they and this line add up to the calls recorded. */
function noHorizonText(noHorizon: number, calls: number): string | null {
  if (calls === 0) return null;
  const total = `${formatNumber(calls)} ${calls === 1 ? "call" : "calls"} recorded`;
  if (noHorizon === 0) return `Every call has a horizon: the rows make the ${total}.`;
  const these = noHorizon === 1 ? "1 call has" : `${formatNumber(noHorizon)} calls have`;
  return (
    `${these} no horizon yet and ${noHorizon === 1 ? "is" : "are"} in no row: not settled, and the market has no end date or had passed it when the call was made. ` +
    `The rows and ${noHorizon === 1 ? "this call" : "these"} make the ${total}.`
  );
}

function Record({ record, now }: { record: TrackRecordView; now: number }) {
  const current: Record<PageParam, number> = { graded: record.settled.page, open: record.open.page };
  return (
    <>
      <PageSection id="figures" title="The record so far">
        <EdgeHeadline headline={record.headline} />
        <HeadlineFigures summary={record.summary} />
      </PageSection>
      <PageSection
        id="reliability"
        title="Reliability of the model's probabilities"
        intro="When the model says 70%, does it happen about 70% of the time? Points on the diagonal are well calibrated; below it, the model was too confident in the first outcome."
      >
        <ReliabilityDiagram bins={record.reliability} />
      </PageSection>
      <PageSection id="breakdown" title="By source, category and horizon">
        <SummaryTable id="by-source" title="By source" groupLabel="Source" rows={record.bySource} />
        <SummaryTable id="by-category" title="By category" groupLabel="Category" rows={record.byCategory} />
        <SummaryTable
          id="by-horizon"
          title="By horizon (call to resolution)"
          groupLabel="Horizon"
          rows={record.byHorizon}
          note={noHorizonText(record.noHorizon, record.summary.calls)}
        />
      </PageSection>
      <PageSection
        id="settled"
        title="Settled calls"
        intro="Graded and void calls, the most recently settled first. Each price is that of what the call bought (No's for a BUY NO); a NEUTRAL call shows the first outcome's."
      >
        <SettledCalls page={record.settled} current={current} now={now} />
      </PageSection>
      <PageSection
        id="open"
        title="Open calls"
        intro="Calls whose event has not resolved yet, the newest first."
      >
        <OpenCalls page={record.open} current={current} now={now} />
      </PageSection>
    </>
  );
}

/** `/track-record`: the figures, the reliability diagram, the breakdowns, every call, and the method. */
export function TrackRecordPage({ data }: { data: TrackRecordPageData }) {
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Track Record</h1>
        <p className="max-w-3xl text-slate-700">
          Every call this site shows on an event is recorded when it is shown, under rules that keep it honest
          (the event open, before its end date, the side priced 5–95¢), and graded when the event resolves,
          good or bad. Read{" "}
          <a href="#method" className={LINK}>
            how the record is kept
          </a>{" "}
          or download it and check every figure yourself.
        </p>
      </header>
      {data.record ? (
        <Record record={data.record} now={data.now} />
      ) : (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
          data-testid="record-unavailable"
        >
          {data.unavailable}
        </p>
      )}
      <MethodSection minEdgePoints={data.minEdgePoints} />
    </div>
  );
}
