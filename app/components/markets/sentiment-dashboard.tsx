import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Skeleton } from "~/components/ui/skeleton";
import { Tooltip } from "~/components/ui/tooltip";
import { formatMoney, formatNumber, formatShare } from "~/lib/format";
import { modelOf, PROVENANCE_SHORT, provenanceText, type SnapshotProvenance } from "~/lib/provenance";
import type { DashboardCounts } from "~/lib/sentiment";

function Header({ refreshing, onRefresh }: { refreshing: boolean; onRefresh?: () => void }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 id="dashboard-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Market Sentiment Intelligence
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          AI-powered analysis with X sentiment data (markets refreshed every 10 minutes)
        </p>
      </div>
      <Button
        variant="outline"
        onClick={onRefresh}
        disabled={refreshing || !onRefresh}
        aria-busy={refreshing}
      >
        <Icon name="refresh" className={`size-4 ${refreshing ? "animate-spin" : ""}`} />
        Refresh Data
      </Button>
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-700">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
      {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
    </Card>
  );
}

function SentimentCard({ title, count, badge }: { title: string; count: number; badge: ReactNode }) {
  return (
    <Card className="flex items-center justify-between p-4">
      <div>
        <p className="text-sm font-medium text-slate-700">{title}</p>
        <p className="mt-1 text-3xl font-bold">{count}</p>
      </div>
      {badge}
    </Card>
  );
}

function InfoCard({
  title,
  badge,
  tip,
  children,
}: {
  title: string;
  badge: ReactNode;
  tip: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-1 text-base font-semibold">
          {title}
          <Tooltip content={tip}>
            <button
              type="button"
              className="inline-flex size-6 items-center justify-center rounded-full text-slate-600 hover:text-slate-900"
              aria-label={`About ${title}`}
            >
              <Icon name="info" />
            </button>
          </Tooltip>
        </h2>
        {badge}
      </div>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
    </Card>
  );
}

/**
 * SPEC §2 sentiment dashboard. The SPEC's labels ('Real Volume', 'Real X Mentions', 'Live Updates',
 * 'AI Powered') are used only when the figure is live; estimates and samples say so in words.
 */
export function SentimentDashboard({
  counts,
  totalMentions,
  provenance,
  refreshing,
  onRefresh,
}: {
  counts: DashboardCounts;
  totalMentions: number;
  provenance: SnapshotProvenance;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const sample = provenance.markets.kind === "sample";
  const model = modelOf(provenance.sentiment);
  const mentionsLive = provenance.mentions.kind === "live";
  const mentionsLabel = mentionsLive
    ? "Real X Mentions"
    : provenance.mentions.kind === "partial"
      ? "X Mentions (partly estimated)"
      : "Estimated X Mentions";
  const mentionsText = provenanceText("mentions", provenance.mentions);
  const sentimentText = provenanceText("sentiment", provenance.sentiment);

  return (
    <section aria-labelledby="dashboard-heading" className="space-y-4">
      <Header refreshing={refreshing} onRefresh={onRefresh} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label={sample ? "Sample Markets" : "Live Markets"}
          value={formatNumber(sample ? counts.total : counts.live)}
          note={sample ? "Sample data" : `of ${counts.total} shown`}
        />
        <Figure label={sample ? "Volume (sample data)" : "Real Volume"} value={formatMoney(counts.volume)} />
        <Figure
          label={mentionsLabel}
          value={formatNumber(totalMentions)}
          note={mentionsLive ? undefined : PROVENANCE_SHORT[provenance.mentions.kind]}
        />
        <Figure
          label={model ? "AI Analyses" : "Sentiment Estimates"}
          value={formatNumber(model ? counts.modelAnalysed : counts.total)}
          note={model ? undefined : "No AI analysis: estimated from price moves"}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <SentimentCard
          title="Bullish Markets"
          count={counts.bullish}
          badge={<Badge variant="yes">{formatShare(counts.bullish, counts.total)}</Badge>}
        />
        <SentimentCard
          title="Bearish Markets"
          count={counts.bearish}
          badge={<Badge variant="no">{formatShare(counts.bearish, counts.total)}</Badge>}
        />
        <SentimentCard
          title="Neutral Markets"
          count={counts.neutral}
          badge={<Badge variant="secondary">Stable</Badge>}
        />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <InfoCard
          title="X Sentiment Tracking"
          badge={
            <Badge variant={mentionsLive ? "live" : "outline"}>
              {mentionsLive ? "Live Updates" : PROVENANCE_SHORT[provenance.mentions.kind]}
            </Badge>
          }
          tip={mentionsText}
        >
          <p>
            Tracking <strong>{formatNumber(totalMentions)}</strong> mentions across the markets shown.
          </p>
          <p className="mt-1 text-xs text-slate-600">{mentionsText}</p>
        </InfoCard>
        <InfoCard
          title="AI Market Analysis"
          badge={
            <Badge variant={model ? "default" : "outline"}>
              {model ? "AI Powered" : PROVENANCE_SHORT[provenance.sentiment.kind]}
            </Badge>
          }
          tip={sentimentText}
        >
          <p>
            <strong>{counts.modelAnalysed}</strong> of <strong>{counts.total}</strong> markets analysed by the
            model · average confidence <strong>{counts.averageConfidence}%</strong>
          </p>
          <p className="mt-1 text-xs text-slate-600">{sentimentText}</p>
        </InfoCard>
      </div>
    </section>
  );
}

/** Streams first on a cold cache: the heading is real, the figures are placeholders. */
export function SentimentDashboardSkeleton() {
  return (
    <section aria-label="Loading market sentiment" aria-busy="true" className="space-y-4">
      <Header refreshing />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {["a", "b", "c", "d"].map((k) => (
          <Card key={k} className="space-y-2 p-4">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-7 w-2/3" />
          </Card>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {["a", "b", "c"].map((k) => (
          <Card key={k} className="space-y-2 p-4">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-8 w-1/4" />
          </Card>
        ))}
      </div>
    </section>
  );
}
