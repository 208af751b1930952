import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { Skeleton } from "~/components/ui/skeleton";
import { Tooltip } from "~/components/ui/tooltip";
import { type DashboardScope, scopeText } from "~/lib/dashboard";
import { formatMoney, formatNumber, formatShare } from "~/lib/format";
import { distinctQueriesText } from "~/lib/mentions";
import { modelOf, PROVENANCE_SHORT, provenanceText, type SnapshotProvenance } from "~/lib/provenance";
import { MARKETS_REFRESH_NOTE } from "~/lib/refresh-cadence";
import type { DashboardCounts } from "~/lib/sentiment";

function Header({ refreshing, onRefresh }: { refreshing: boolean; onRefresh?: () => void }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 id="dashboard-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Market Sentiment Intelligence
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          AI-powered analysis with X sentiment data ({MARKETS_REFRESH_NOTE})
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

/** A headline figure: a small tile on phones (two a row), a card from `sm` up. */
function Figure({ id, label, value, note }: { id: string; label: string; value: string; note?: string }) {
  return (
    <Card className="p-3 sm:p-4">
      <p className="text-xs text-slate-700 sm:text-sm">{label}</p>
      <p className="mt-0.5 text-xl font-bold tabular-nums sm:mt-1 sm:text-2xl" data-testid={`figure-${id}`}>
        {value}
      </p>
      {note && <p className="mt-0.5 text-xs text-slate-600 sm:mt-1">{note}</p>}
    </Card>
  );
}

/** Bullish / Bearish / Neutral: three a row at every width, stacked inside on phones. */
function SentimentCard({
  id,
  title,
  count,
  badge,
}: {
  id: string;
  title: string;
  count: number;
  badge: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4">
      <div>
        <p className="text-xs font-medium text-slate-700 sm:text-sm">{title}</p>
        <p className="text-xl font-bold tabular-nums sm:mt-1 sm:text-3xl" data-testid={`count-${id}`}>
          {count}
        </p>
      </div>
      <div>{badge}</div>
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
    <Card className="p-3 sm:p-4">
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
 * 'AI Powered') are used only when the figure is live; estimates and samples say so in words. Every
 * figure counts the markets the grid lists (its category and search), and says which.
 */
export function SentimentDashboard({
  counts,
  totalMentions,
  mentionQueries,
  provenance,
  scope,
  refreshing,
  onRefresh,
}: {
  counts: DashboardCounts;
  /** Each distinct query's count once. */
  totalMentions: number;
  /** The distinct queries that total adds up. */
  mentionQueries: number;
  provenance: SnapshotProvenance;
  scope: DashboardScope;
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
  const counted = scopeText(scope, counts.total);
  const queries = distinctQueriesText(mentionQueries);

  return (
    <section aria-labelledby="dashboard-heading" className="space-y-3 sm:space-y-4">
      <Header refreshing={refreshing} onRefresh={onRefresh} />
      <p className="text-sm text-slate-700" data-testid="dashboard-scope">
        Figures below count the <strong>{counted}</strong> listed here.
      </p>
      <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
        <Figure
          id="live"
          label={sample ? "Sample Markets" : "Live Markets"}
          value={formatNumber(sample ? counts.total : counts.live)}
          note={sample ? "Sample data" : `of ${counted}`}
        />
        <Figure
          id="volume"
          label={sample ? "Volume (sample data)" : "Real Volume"}
          value={formatMoney(counts.volume)}
        />
        <Figure
          id="mentions"
          label={mentionsLabel}
          value={formatNumber(totalMentions)}
          note={mentionsLive ? queries : `${PROVENANCE_SHORT[provenance.mentions.kind]} · ${queries}`}
        />
        <Figure
          id="analyses"
          label={model ? "AI Analyses" : "Sentiment Estimates"}
          value={formatNumber(model ? counts.modelAnalysed : counts.total)}
          note={model ? undefined : "From price moves, no AI"}
        />
      </div>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        <SentimentCard
          id="bullish"
          title="Bullish Markets"
          count={counts.bullish}
          badge={<Badge variant="yes">{formatShare(counts.bullish, counts.total)}</Badge>}
        />
        <SentimentCard
          id="bearish"
          title="Bearish Markets"
          count={counts.bearish}
          badge={<Badge variant="no">{formatShare(counts.bearish, counts.total)}</Badge>}
        />
        <SentimentCard
          id="neutral"
          title="Neutral Markets"
          count={counts.neutral}
          badge={<Badge variant="secondary">Stable</Badge>}
        />
      </div>
      <div className="grid gap-2 sm:gap-3 md:grid-cols-2">
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
            Tracking <strong>{formatNumber(totalMentions)}</strong> X mentions across {queries}, each counted
            once.
          </p>
          <p className="mt-1 hidden text-xs text-slate-600 sm:block">{mentionsText}</p>
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
          <p data-testid="analysed">
            <strong>{counts.modelAnalysed}</strong> of <strong>{counted}</strong> analysed by the model ·
            average confidence <strong>{counts.averageConfidence}%</strong>
          </p>
          <p className="mt-1 hidden text-xs text-slate-600 sm:block">{sentimentText}</p>
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
      <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
        {["a", "b", "c", "d"].map((k) => (
          <Card key={k} className="space-y-2 p-3 sm:p-4">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-7 w-2/3" />
          </Card>
        ))}
      </div>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {["a", "b", "c"].map((k) => (
          <Card key={k} className="space-y-2 p-3 sm:p-4">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-8 w-1/4" />
          </Card>
        ))}
      </div>
    </section>
  );
}
