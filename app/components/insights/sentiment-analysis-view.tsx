import { CallBadge } from "~/components/markets/call-badge";
import { Badge } from "~/components/ui/badge";
import { ProvenanceTag } from "~/components/ui/provenance-tag";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { COMING_SOON_TABS } from "~/content/sentiment-analysis";
import { formatMoney, formatNumber, formatShare, formatSigned } from "~/lib/format";
import type { SentimentInsights, SentimentRow } from "~/lib/insights/sentiment-analysis";
import { eventsText } from "~/lib/insights/shared";
import { distinctQueriesText } from "~/lib/mentions";
import { SCORE_RANGE_TEXT } from "~/lib/sentiment";
import { BarList } from "./bar-list";
import { ComingSoonPanel } from "./coming-soon-panel";
import { EventRow, EventRows } from "./event-row";
import { EmptyNote, InsightCard, PageHeader, PanelHeading, StatGrid, StatTile } from "./layout";
import { ProvenanceBar } from "./provenance";
import { SnapshotAwait } from "./snapshot-await";

type Insights = SentimentInsights | Promise<SentimentInsights>;

const NO_EVENTS = "No events available right now.";

/** The Social Sentiment tab: X mention counts, one per event, grouped by the topic X was asked about. */
export function SocialPanel({ data }: { data: SentimentInsights }) {
  const estimated = data.provenance.mentions.kind !== "live";
  return (
    <>
      <PanelHeading
        title="Social Sentiment"
        tags={<ProvenanceTag subject="mentions" provenance={data.provenance.mentions} />}
      >
        X (Twitter) mention counts for the {eventsText(data.eventCount)} in the current snapshot. X is asked
        once per event, about a query derived from its title, so an event's markets share one count, and
        events whose titles give the same query share it too: the total counts each query once.
        {estimated &&
          " Estimated counts are fixed stand-ins used while live X data is unavailable; they are not real buzz."}
      </PanelHeading>
      <div className="flex flex-col gap-4">
        <StatGrid>
          <StatTile
            label="X mentions tracked"
            value={formatNumber(data.totalMentions)}
            detail={`${distinctQueriesText(data.queryCount)}, each counted once`}
          />
          <StatTile label="Topics tracked" value={formatNumber(data.topicCount)} />
          <StatTile label="Trending topics" value={formatNumber(data.trendingTopicCount)} />
          <StatTile label="Events covered" value={formatNumber(data.eventCount)} />
        </StatGrid>
        <InsightCard
          title="Most-mentioned events"
          tags={<ProvenanceTag subject="mentions" provenance={data.provenance.mentions} />}
          description="Topics with the most X mentions, each with its highest-volume event."
        >
          {data.eventCount === 0 ? (
            <EmptyNote>{NO_EVENTS}</EmptyNote>
          ) : data.topics.length === 0 ? (
            <EmptyNote>No X mentions counted for these events yet.</EmptyNote>
          ) : (
            <EventRows label="Most-mentioned events">
              {data.topics.map((t) => (
                <EventRow
                  key={t.topic}
                  event={t.lead}
                  detail={
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span>
                        Topic “{t.topic}” · {eventsText(t.eventCount)}
                      </span>
                      {t.trending && <Badge variant="warning">Trending</Badge>}
                    </span>
                  }
                  figure={formatNumber(t.mentions)}
                  unit="mentions"
                />
              ))}
            </EventRows>
          )}
        </InsightCard>
      </div>
    </>
  );
}

function SentimentList({ label, rows }: { label: string; rows: readonly SentimentRow[] }) {
  if (rows.length === 0) return <EmptyNote>No event leans this way right now.</EmptyNote>;
  return (
    <EventRows label={label}>
      {rows.map((r) => (
        <EventRow
          key={r.event.id}
          event={r.event}
          detail={
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <CallBadge forecast={{ call: r.call, noCall: null }} />
              <span>
                {r.confidence}% confidence · {formatMoney(r.event.volume)} volume
              </span>
            </span>
          }
          figure={formatSigned(r.score)}
          unit="score"
        />
      ))}
    </EventRows>
  );
}

/** The AI Analysis tab: one forecast per event, its call, score and confidence. */
export function AiPanel({ data }: { data: SentimentInsights }) {
  const { provenance } = data;
  const total = data.eventCount;
  return (
    <>
      <PanelHeading
        title="AI Analysis"
        tags={<ProvenanceTag subject="sentiment" provenance={provenance.sentiment} />}
      >
        One forecast per event: its score ({SCORE_RANGE_TEXT}), confidence and call, across the{" "}
        {eventsText(total)} in the current snapshot. An event is bullish when its call buys yes, bearish when
        it buys no, neutral without a call.
        {provenance.sentiment.kind !== "live" &&
          " Estimated forecasts are derived from each event's 24-hour price moves, not from a language model."}
      </PanelHeading>
      <div className="flex flex-col gap-4">
        <StatGrid>
          <StatTile
            label="Bullish events (BUY YES)"
            value={formatNumber(data.bullishCount)}
            detail={`${formatShare(data.bullishCount, total)} of events`}
          />
          <StatTile
            label="Bearish events (BUY NO)"
            value={formatNumber(data.bearishCount)}
            detail={`${formatShare(data.bearishCount, total)} of events`}
          />
          <StatTile
            label="Neutral events"
            value={formatNumber(data.neutralCount)}
            detail={`${formatShare(data.neutralCount, total)} of events`}
          />
          <StatTile
            label="Average confidence"
            value={`${data.averageConfidence}%`}
            detail={`${data.modelAnalysed} of ${eventsText(total)} forecast by the model`}
          />
        </StatGrid>
        <InsightCard
          title="Confidence distribution"
          tags={<ProvenanceTag subject="sentiment" provenance={provenance.sentiment} />}
          description="How many events' forecasts fall in each confidence band."
        >
          {total === 0 ? (
            <EmptyNote>{NO_EVENTS}</EmptyNote>
          ) : (
            <BarList
              label="Events by confidence"
              rows={data.confidence.map((b) => ({
                key: b.label,
                label: b.label,
                value: b.count,
                display: `${b.count} (${formatShare(b.count, total)})`,
              }))}
            />
          )}
        </InsightCard>
        <div className="grid gap-4 lg:grid-cols-2">
          <InsightCard
            title="Most bullish"
            tags={<ProvenanceTag subject="sentiment" provenance={provenance.sentiment} />}
            description="Events with the highest forecast scores above +20."
          >
            <SentimentList label="Most bullish events" rows={data.mostBullish} />
          </InsightCard>
          <InsightCard
            title="Most bearish"
            tags={<ProvenanceTag subject="sentiment" provenance={provenance.sentiment} />}
            description="Events with the lowest forecast scores below −20."
          >
            <SentimentList label="Most bearish events" rows={data.mostBearish} />
          </InsightCard>
        </div>
      </div>
    </>
  );
}

/** /sentiment-analysis: real aggregates in the first two tabs, the other two not built yet. */
export function SentimentAnalysisView({ insights }: { insights: Insights }) {
  return (
    <>
      <PageHeader title="Sentiment Analysis" badges={<Badge>BETA</Badge>}>
        What X is talking about and what the forecasts say across the events OddsPulse tracks, with where each
        figure came from.
      </PageHeader>
      <div className="mb-4">
        <SnapshotAwait resolve={insights} fallback={null}>
          {(data) => (
            <ProvenanceBar provenance={data.provenance} show={["markets", "mentions", "sentiment"]} />
          )}
        </SnapshotAwait>
      </div>
      <Tabs defaultValue="social">
        <TabsList label="Sentiment analysis views">
          <TabsTrigger value="social">Social Sentiment</TabsTrigger>
          <TabsTrigger value="ai">AI Analysis</TabsTrigger>
          {COMING_SOON_TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label} <Badge variant="outline">Coming Soon</Badge>
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="social">
          <SnapshotAwait resolve={insights}>{(data) => <SocialPanel data={data} />}</SnapshotAwait>
        </TabsContent>
        <TabsContent value="ai">
          <SnapshotAwait resolve={insights}>{(data) => <AiPanel data={data} />}</SnapshotAwait>
        </TabsContent>
        {COMING_SOON_TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <ComingSoonPanel heading={tab.heading} text={tab.text} planned={tab.planned} />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
