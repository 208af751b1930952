import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { SampleDataTag } from "~/components/ui/provenance-tag";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import {
  SAMPLE_ACTIVE_SIGNALS,
  SAMPLE_ALERTS,
  SAMPLE_HISTORY,
  SAMPLE_MONTHLY,
  SAMPLE_PERFORMANCE,
  type SignalType,
} from "~/content/signals";
import { formatCents, formatDate } from "~/lib/format";
import { recommendationLabel, recommendationVariant } from "~/lib/sentiment";
import { BarList } from "./bar-list";
import { InsightCard, PageHeader, PanelHeading, StatGrid, StatTile } from "./layout";

function SignalBadge({ type }: { type: SignalType }) {
  return <Badge variant={recommendationVariant(type)}>{recommendationLabel(type)}</Badge>;
}

/** Sample prices are 0..1 like the planned API; shown in cents like the rest of the site. */
function cents(price: number): string {
  return formatCents(price * 100);
}

function PerformancePanel() {
  return (
    <>
      <PanelHeading title="Performance" tags={<SampleDataTag />}>
        Illustrative figures of the planned signal service. They are not results: no signal has been issued.
      </PanelHeading>
      <div className="flex flex-col gap-4">
        <StatGrid>
          {SAMPLE_PERFORMANCE.map((s) => (
            <StatTile key={s.label} label={`${s.label} (sample)`} value={s.value} detail={s.detail} />
          ))}
        </StatGrid>
        <InsightCard title="Monthly win rate" tags={<SampleDataTag />}>
          <BarList
            label="Sample monthly win rate"
            rows={SAMPLE_MONTHLY.map((m) => ({
              key: m.month,
              label: `${m.month} (${m.signals} signals)`,
              value: m.winRate,
              display: `${m.winRate}%`,
            }))}
          />
        </InsightCard>
      </div>
    </>
  );
}

function ActivePanel() {
  return (
    <>
      <PanelHeading title="Active Signals" tags={<SampleDataTag />}>
        How an open signal will look: direction, confidence, entry, target and stop-loss prices.
      </PanelHeading>
      <ul aria-label="Sample active signals" className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {SAMPLE_ACTIVE_SIGNALS.map((s) => (
          <li key={s.id}>
            <Card className="h-full p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <SignalBadge type={s.type} />
                <SampleDataTag />
              </div>
              <p className="mt-2 font-medium text-slate-900">{s.marketTitle}</p>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600">Confidence</dt>
                <dd className="text-right font-medium tabular-nums">{s.confidence}%</dd>
                <dt className="text-slate-600">Entry</dt>
                <dd className="text-right font-medium tabular-nums">{cents(s.entryPrice)}</dd>
                <dt className="text-slate-600">Target</dt>
                <dd className="text-right font-medium tabular-nums">{cents(s.targetPrice)}</dd>
                <dt className="text-slate-600">Stop loss</dt>
                <dd className="text-right font-medium tabular-nums">{cents(s.stopLoss)}</dd>
                <dt className="text-slate-600">Issued</dt>
                <dd className="text-right tabular-nums">{formatDate(s.createdAt)}</dd>
              </dl>
            </Card>
          </li>
        ))}
      </ul>
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

function HistoryPanel() {
  return (
    <>
      <PanelHeading title="History" tags={<SampleDataTag />}>
        How closed signals will be reported, wins and losses alike.
      </PanelHeading>
      <InsightCard title="Closed signals" tags={<SampleDataTag />}>
        <ul aria-label="Sample closed signals" className="divide-y divide-slate-100">
          {SAMPLE_HISTORY.map((h) => (
            <li key={h.id} className="flex items-start justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{h.marketTitle}</p>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                  <SignalBadge type={h.type} />
                  <span>
                    {cents(h.entryPrice)} → {cents(h.exitPrice)}
                  </span>
                  <span>{h.outcome}</span>
                  <span>{formatDate(h.closedAt)}</span>
                </p>
              </div>
              <p className="shrink-0 text-sm font-semibold tabular-nums">
                {h.returnPercent > 0 ? "+" : ""}
                {h.returnPercent.toFixed(1)}%
              </p>
            </li>
          ))}
        </ul>
      </InsightCard>
    </>
  );
}

/** /trading-signals: the seed's mock figures, every block labelled 'Sample data'. */
export function TradingSignalsView() {
  return (
    <>
      <PageHeader title="Trading Signals" badges={<SampleDataTag />}>
        Signals with entry, target and stop-loss prices are planned.
      </PageHeader>
      <p
        role="note"
        className="mb-6 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-600/30"
      >
        <strong>Sample data:</strong> trading signals are not live. Every figure on this page is illustrative
        sample content, not a track record, and nothing here is financial advice.
      </p>
      <Tabs defaultValue="performance">
        <TabsList label="Trading signal views">
          <TabsTrigger value="performance">Performance</TabsTrigger>
          <TabsTrigger value="active">Active Signals</TabsTrigger>
          <TabsTrigger value="alerts">Alerts</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="performance">
          <PerformancePanel />
        </TabsContent>
        <TabsContent value="active">
          <ActivePanel />
        </TabsContent>
        <TabsContent value="alerts">
          <AlertsPanel />
        </TabsContent>
        <TabsContent value="history">
          <HistoryPanel />
        </TabsContent>
      </Tabs>
    </>
  );
}
