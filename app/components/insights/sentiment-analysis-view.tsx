import { Badge } from "~/components/ui/badge";
import { ProvenanceTag } from "~/components/ui/provenance-tag";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { COMING_SOON_TABS } from "~/content/sentiment-analysis";
import { formatMoney, formatNumber, formatShare, formatSigned } from "~/lib/format";
import type { SentimentInsights } from "~/lib/insights/sentiment-analysis";
import type { MarketSummary } from "~/lib/insights/shared";
import { recommendationLabel, recommendationVariant, SCORE_RANGE_TEXT } from "~/lib/sentiment";
import { BarList } from "./bar-list";
import { ComingSoonPanel } from "./coming-soon-panel";
import { EmptyNote, InsightCard, PageHeader, PanelHeading, StatGrid, StatTile } from "./layout";
import { MarketRow, MarketRows } from "./market-row";
import { ProvenanceBar } from "./provenance";
import { SnapshotAwait } from "./snapshot-await";

type Insights = SentimentInsights | Promise<SentimentInsights>;

const NO_MARKETS = "No markets available right now.";

function SocialPanel({ data }: { data: SentimentInsights }) {
  const estimated = data.provenance.mentions.kind !== "live";
  return (
    <>
      <PanelHeading
        title="Social Sentiment"
        tags={<ProvenanceTag subject="mentions" provenance={data.provenance.mentions} />}
      >
        X (Twitter) mention counts for the topics of the {data.marketCount} markets in the current snapshot.
        Counts are per topic derived from each market's title, so markets on the same topic share one count.
        {estimated &&
          " Estimated counts are fixed stand-ins used while live X data is unavailable; they are not real buzz."}
      </PanelHeading>
      <div className="flex flex-col gap-4">
        <StatGrid>
          <StatTile
            label="X mentions tracked"
            value={formatNumber(data.totalMentions)}
            detail="Each topic once"
          />
          <StatTile label="Topics tracked" value={formatNumber(data.topicCount)} />
          <StatTile label="Trending topics" value={formatNumber(data.trendingTopicCount)} />
          <StatTile label="Markets covered" value={formatNumber(data.marketCount)} />
        </StatGrid>
        <InsightCard
          title="Most-mentioned markets"
          tags={<ProvenanceTag subject="mentions" provenance={data.provenance.mentions} />}
          description="Topics with the most X mentions, each with its highest-volume market."
        >
          {data.topics.length === 0 ? (
            <EmptyNote>{NO_MARKETS}</EmptyNote>
          ) : (
            <MarketRows label="Most-mentioned markets">
              {data.topics.map((t) => (
                <MarketRow
                  key={t.topic}
                  title={t.lead.title}
                  slug={t.lead.slug}
                  eventSlug={t.lead.eventSlug}
                  detail={
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span>
                        Topic “{t.topic}” · {t.marketCount} {t.marketCount === 1 ? "market" : "markets"}
                      </span>
                      {t.trending && <Badge variant="warning">Trending</Badge>}
                    </span>
                  }
                  figure={formatNumber(t.mentions)}
                  unit="mentions"
                />
              ))}
            </MarketRows>
          )}
        </InsightCard>
      </div>
    </>
  );
}

function SentimentList({ label, markets }: { label: string; markets: readonly MarketSummary[] }) {
  if (markets.length === 0) return <EmptyNote>No market leans this way right now.</EmptyNote>;
  return (
    <MarketRows label={label}>
      {markets.map((m) => (
        <MarketRow
          key={m.id}
          title={m.title}
          slug={m.slug}
          eventSlug={m.eventSlug}
          detail={
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Badge variant={recommendationVariant(m.recommendation)}>
                {recommendationLabel(m.recommendation)}
              </Badge>
              <span>
                {m.confidence}% confidence · {formatMoney(m.volume)} volume
              </span>
            </span>
          }
          figure={formatSigned(m.score)}
          unit="score"
        />
      ))}
    </MarketRows>
  );
}

function AiPanel({ data }: { data: SentimentInsights }) {
  const { provenance } = data;
  const total = data.marketCount;
  return (
    <>
      <PanelHeading
        title="AI Analysis"
        tags={<ProvenanceTag subject="sentiment" provenance={provenance.sentiment} />}
      >
        Sentiment scores ({SCORE_RANGE_TEXT}), confidence and recommendations across the current snapshot.
        {provenance.sentiment.kind !== "live" &&
          " Estimated analyses are derived from each market's 24-hour price move, not from a language model."}
      </PanelHeading>
      <div className="flex flex-col gap-4">
        <StatGrid>
          <StatTile
            label="Bullish (BUY YES)"
            value={formatNumber(data.bullishCount)}
            detail={`${formatShare(data.bullishCount, total)} of markets`}
          />
          <StatTile
            label="Bearish (BUY NO)"
            value={formatNumber(data.bearishCount)}
            detail={`${formatShare(data.bearishCount, total)} of markets`}
          />
          <StatTile
            label="Neutral"
            value={formatNumber(data.neutralCount)}
            detail={`${formatShare(data.neutralCount, total)} of markets`}
          />
          <StatTile
            label="Average confidence"
            value={`${data.averageConfidence}%`}
            detail={`${data.modelAnalysed} of ${total} analysed by the model`}
          />
        </StatGrid>
        <InsightCard
          title="Confidence distribution"
          tags={<ProvenanceTag subject="sentiment" provenance={provenance.sentiment} />}
          description="How many analyses fall in each confidence band."
        >
          {total === 0 ? (
            <EmptyNote>{NO_MARKETS}</EmptyNote>
          ) : (
            <BarList
              label="Analyses by confidence"
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
            description="Highest sentiment scores above +20."
          >
            <SentimentList label="Most bullish markets" markets={data.mostBullish} />
          </InsightCard>
          <InsightCard
            title="Most bearish"
            tags={<ProvenanceTag subject="sentiment" provenance={provenance.sentiment} />}
            description="Lowest sentiment scores below −20."
          >
            <SentimentList label="Most bearish markets" markets={data.mostBearish} />
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
        What X is talking about and what the sentiment analysis says across the markets OddsPulse tracks, with
        where each figure came from.
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
