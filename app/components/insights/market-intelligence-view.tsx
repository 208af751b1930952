import { Badge } from "~/components/ui/badge";
import { ProvenanceTag, SampleDataTag } from "~/components/ui/provenance-tag";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import {
  type RiskLevel,
  SAMPLE_FORECAST_ACCURACY,
  SAMPLE_FORECASTS,
  SAMPLE_RISK_INDICATORS,
} from "~/content/market-intelligence";
import { formatCents, formatMoney, formatNumber, formatPoints, formatShare } from "~/lib/format";
import type { MarketIntelligence } from "~/lib/insights/market-intelligence";
import { BarList } from "./bar-list";
import { EmptyNote, InsightCard, PageHeader, PanelHeading, StatGrid, StatTile } from "./layout";
import { MarketRow, MarketRows } from "./market-row";
import { ProvenanceBar } from "./provenance";
import { SnapshotAwait } from "./snapshot-await";

type Intelligence = MarketIntelligence | Promise<MarketIntelligence>;

const NO_MARKETS = "No markets available right now.";

function AnalyticsPanel({ data }: { data: MarketIntelligence }) {
  const { provenance } = data;
  return (
    <>
      <PanelHeading
        title="Market Analytics"
        tags={<ProvenanceTag subject="markets" provenance={provenance.markets} />}
      >
        Volume, liquidity and price moves of the {data.marketCount} markets in the current snapshot.
      </PanelHeading>
      <div className="flex flex-col gap-4">
        <StatGrid>
          <StatTile
            label="Markets tracked"
            value={formatNumber(data.marketCount)}
            detail={`${data.liveCount} live`}
          />
          <StatTile label="Total volume" value={formatMoney(data.totalVolume)} />
          <StatTile label="24h volume" value={formatMoney(data.volume24h)} />
          <StatTile label="Liquidity" value={formatMoney(data.liquidity)} />
        </StatGrid>
        <div className="grid gap-4 lg:grid-cols-2">
          <InsightCard
            title="Volume by category"
            tags={<ProvenanceTag subject="markets" provenance={provenance.markets} />}
            description="Total traded volume per category. A market can belong to several categories, so rows can add up to more than the total."
          >
            {data.categories.length === 0 ? (
              <EmptyNote>{NO_MARKETS}</EmptyNote>
            ) : (
              <BarList
                label="Volume by category"
                rows={data.categories.map((c) => ({
                  key: c.slug,
                  label: `${c.label} (${c.marketCount})`,
                  value: c.volume,
                  display: `${formatMoney(c.volume)} · ${formatShare(c.volume, data.totalVolume)}`,
                }))}
              />
            )}
          </InsightCard>
          <InsightCard
            title="Biggest 24h movers"
            tags={<ProvenanceTag subject="markets" provenance={provenance.markets} />}
            description="Largest change of the Yes price over 24 hours, in percentage points."
          >
            {data.movers.length === 0 ? (
              <EmptyNote>No price moved in the last 24 hours.</EmptyNote>
            ) : (
              <MarketRows label="Biggest 24h movers">
                {data.movers.map((m) => (
                  <MarketRow
                    key={m.id}
                    title={m.title}
                    slug={m.slug}
                    eventSlug={m.eventSlug}
                    detail={`${m.yesLabel} ${formatCents(m.yesPrice)} · ${formatMoney(m.volume)} volume`}
                    figure={formatPoints(m.priceChange24h)}
                    unit="24h change"
                  />
                ))}
              </MarketRows>
            )}
          </InsightCard>
        </div>
      </div>
    </>
  );
}

function OpportunitiesPanel({ data }: { data: MarketIntelligence }) {
  const { provenance } = data;
  return (
    <>
      <PanelHeading
        title="Opportunities"
        tags={<ProvenanceTag subject="sentiment" provenance={provenance.sentiment} />}
      >
        Markets where the sentiment analysis and the market price disagree most. Not financial advice.
      </PanelHeading>
      <InsightCard
        title="Widest gap between AI sentiment and market price"
        tags={<ProvenanceTag subject="sentiment" provenance={provenance.sentiment} />}
        description="Gap = sentiment-implied probability (50% + score ÷ 2) minus the Yes price. Only markets with a BUY YES or BUY NO call are ranked; a neutral analysis takes no side."
      >
        {data.gaps.length === 0 ? (
          <EmptyNote>No analysis takes a side right now.</EmptyNote>
        ) : (
          <MarketRows label="Widest sentiment gaps">
            {data.gaps.map(({ market, impliedYes, gap }) => (
              <MarketRow
                key={market.id}
                title={market.title}
                slug={market.slug}
                eventSlug={market.eventSlug}
                detail={`Price ${formatCents(market.yesPrice)} · sentiment implies ${Math.round(impliedYes)}% · ${
                  gap > 0 ? "sentiment more bullish than the price" : "sentiment more bearish than the price"
                }`}
                figure={formatPoints(gap)}
                unit="gap"
              />
            ))}
          </MarketRows>
        )}
      </InsightCard>
    </>
  );
}

const RISK_VARIANT: Record<RiskLevel, "yes" | "warning" | "no"> = {
  Low: "yes",
  Medium: "warning",
  High: "no",
};

function RiskPanel({ data }: { data: MarketIntelligence }) {
  return (
    <>
      <PanelHeading title="Risk Analysis">
        When markets resolve, from the snapshot; the risk indicators are sample content until a risk model
        exists.
      </PanelHeading>
      <div className="grid gap-4 lg:grid-cols-2">
        <InsightCard
          title="Markets closing soonest"
          tags={<ProvenanceTag subject="markets" provenance={data.provenance.markets} />}
          description="End dates still ahead; prices can swing sharply close to resolution."
        >
          {data.closing.length === 0 ? (
            <EmptyNote>No market in the snapshot has an end date ahead.</EmptyNote>
          ) : (
            <MarketRows label="Markets closing soonest">
              {data.closing.map(({ market, endDate, closesIn }) => (
                <MarketRow
                  key={market.id}
                  title={market.title}
                  slug={market.slug}
                  eventSlug={market.eventSlug}
                  detail={`Ends ${endDate} · ${market.yesLabel} ${formatCents(market.yesPrice)}`}
                  figure={closesIn}
                />
              ))}
            </MarketRows>
          )}
        </InsightCard>
        <InsightCard
          title="Risk indicators"
          tags={<SampleDataTag />}
          description="Illustrative levels, not computed from any market."
        >
          <ul className="divide-y divide-slate-100">
            {SAMPLE_RISK_INDICATORS.map((r) => (
              <li key={r.name} className="flex items-start justify-between gap-3 py-2.5">
                <div>
                  <p className="font-medium text-slate-900">{r.name}</p>
                  <p className="text-xs text-slate-600">{r.text}</p>
                </div>
                <Badge variant={RISK_VARIANT[r.level]}>{r.level}</Badge>
              </li>
            ))}
          </ul>
        </InsightCard>
      </div>
    </>
  );
}

function ForecastsPanel() {
  return (
    <>
      <PanelHeading title="Forecasts" tags={<SampleDataTag />}>
        Forecast models are not live yet. This tab shows the planned layout with sample figures for the three
        built-in sample markets; a market's own price is its crowd forecast.
      </PanelHeading>
      <InsightCard
        title="Model forecasts"
        tags={<SampleDataTag />}
        description={`Sample: forecast accuracy ${SAMPLE_FORECAST_ACCURACY} (illustrative, not measured).`}
      >
        <ul aria-label="Sample forecasts" className="divide-y divide-slate-100">
          {SAMPLE_FORECASTS.map((f) => (
            <li key={f.marketTitle} className="flex items-start justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{f.marketTitle}</p>
                <p className="text-xs text-slate-600">
                  Price {f.marketPrice}% · horizon {f.horizon}
                </p>
              </div>
              <p className="shrink-0 text-right text-sm font-semibold tabular-nums">
                {f.forecast}%<span className="block text-xs font-normal text-slate-600">forecast</span>
              </p>
            </li>
          ))}
        </ul>
      </InsightCard>
    </>
  );
}

/** /market-intelligence: snapshot figures in the first three tabs, labelled sample content elsewhere. */
export function MarketIntelligenceView({ intelligence }: { intelligence: Intelligence }) {
  return (
    <>
      <PageHeader title="Market Intelligence">
        Volume, price moves, sentiment gaps and resolution dates across the markets OddsPulse tracks.
      </PageHeader>
      <div className="mb-4">
        <SnapshotAwait resolve={intelligence} fallback={null}>
          {(data) => <ProvenanceBar provenance={data.provenance} show={["markets", "sentiment"]} />}
        </SnapshotAwait>
      </div>
      <Tabs defaultValue="analytics">
        <TabsList label="Market intelligence views">
          <TabsTrigger value="analytics">Market Analytics</TabsTrigger>
          <TabsTrigger value="opportunities">Opportunities</TabsTrigger>
          <TabsTrigger value="risk">Risk Analysis</TabsTrigger>
          <TabsTrigger value="forecasts">Forecasts</TabsTrigger>
        </TabsList>
        <TabsContent value="analytics">
          <SnapshotAwait resolve={intelligence}>{(data) => <AnalyticsPanel data={data} />}</SnapshotAwait>
        </TabsContent>
        <TabsContent value="opportunities">
          <SnapshotAwait resolve={intelligence}>{(data) => <OpportunitiesPanel data={data} />}</SnapshotAwait>
        </TabsContent>
        <TabsContent value="risk">
          <SnapshotAwait resolve={intelligence}>{(data) => <RiskPanel data={data} />}</SnapshotAwait>
        </TabsContent>
        <TabsContent value="forecasts">
          <ForecastsPanel />
        </TabsContent>
      </Tabs>
    </>
  );
}
