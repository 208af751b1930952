import { LINK } from "~/components/track-record/call-parts";
import { HeadlineFigures } from "~/components/track-record/headline-figures";
import { OpenSignals } from "~/components/track-record/open-signals";
import { Badge } from "~/components/ui/badge";
import { SampleDataTag } from "~/components/ui/provenance-tag";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { SAMPLE_ALERTS } from "~/content/signals";
import { formatDate } from "~/lib/format";
import type { TradingSignalsData } from "~/lib/track-record-page";
import { InsightCard, PageHeader, PanelHeading } from "./layout";

function Unavailable({ children }: { children: string }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      {children}
    </p>
  );
}

function OpenCallsPanel({ data }: { data: TradingSignalsData }) {
  return (
    <>
      <PanelHeading title="Open calls">
        Each event's current BUY YES or BUY NO call that has not been graded yet, highest confidence first.
        Every one is recorded and will be graded in public when its event resolves. Calls recorded under
        earlier rules are on the track record.
      </PanelHeading>
      {data.signals === null ? (
        <Unavailable>{data.unavailable ?? "The track record is unavailable right now."}</Unavailable>
      ) : (
        <OpenSignals signals={data.signals} total={data.total} now={data.now} />
      )}
    </>
  );
}

function PerformancePanel({ data }: { data: TradingSignalsData }) {
  return (
    <>
      <PanelHeading title="Performance">
        How the calls have turned out so far, from the track record: every call graded against how its event
        resolved.{" "}
        <a href="/track-record" className={LINK}>
          The full track record and its method
        </a>
        .
      </PanelHeading>
      {data.summary === null ? (
        <Unavailable>{data.unavailable ?? "The track record is unavailable right now."}</Unavailable>
      ) : (
        <HeadlineFigures summary={data.summary} />
      )}
    </>
  );
}

const ALERT_LABEL = { price: "Price", sentiment: "Sentiment", whale: "Whale" } as const;

function AlertsPanel() {
  return (
    <>
      <PanelHeading title="Alerts" tags={<SampleDataTag />}>
        Alerts on price moves, sentiment flips and whale trades are planned. There are no accounts to deliver
        them to yet, so these are examples.
      </PanelHeading>
      <InsightCard title="Recent alerts" tags={<SampleDataTag />}>
        <ul aria-label="Sample alerts" className="divide-y divide-slate-100">
          {SAMPLE_ALERTS.map((a) => (
            <li
              key={a.id}
              className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  <span>{a.title}</span>
                  <Badge variant="secondary">{ALERT_LABEL[a.kind]}</Badge>
                </p>
                <p className="text-sm text-slate-700">{a.text}</p>
              </div>
              <p className="shrink-0 text-xs text-slate-600 tabular-nums">{formatDate(a.at)}</p>
            </li>
          ))}
        </ul>
      </InsightCard>
    </>
  );
}

/** /trading-signals: the open calls of the track record and its figures; the alerts are still samples. */
export function TradingSignalsView({ data }: { data: TradingSignalsData }) {
  return (
    <>
      <PageHeader title="Trading Signals">
        The calls the site stands behind right now, with the price when each was made and the price now. Every
        call is recorded when shown and graded when its event resolves, on the{" "}
        <a href="/track-record" className={LINK}>
          Track Record
        </a>{" "}
        page. Nothing here is financial advice.
      </PageHeader>
      <Tabs defaultValue="open">
        <TabsList label="Trading signal views">
          <TabsTrigger value="open">Open Calls</TabsTrigger>
          <TabsTrigger value="performance">Performance</TabsTrigger>
          <TabsTrigger value="alerts">Alerts</TabsTrigger>
        </TabsList>
        <TabsContent value="open">
          <OpenCallsPanel data={data} />
        </TabsContent>
        <TabsContent value="performance">
          <PerformancePanel data={data} />
        </TabsContent>
        <TabsContent value="alerts">
          <AlertsPanel />
        </TabsContent>
      </Tabs>
    </>
  );
}
