import { LINK } from "~/components/track-record/call-parts";
import { Badge } from "~/components/ui/badge";
import { ProvenanceTag, SampleDataTag } from "~/components/ui/provenance-tag";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import {
  type RiskLevel,
  SAMPLE_FORECAST_ACCURACY,
  SAMPLE_FORECASTS,
  SAMPLE_RISK_INDICATORS,
} from "~/content/market-intelligence";
import { formatMoney, formatNumber, formatPoints, formatPrice, formatShare } from "~/lib/format";
import type { MarketIntelligence } from "~/lib/insights/market-intelligence";
import { type EventSummary, eventsText } from "~/lib/insights/shared";
import { BarList } from "./bar-list";
import { EventRow, EventRows } from "./event-row";
import { EmptyNote, InsightCard, PageHeader, PanelHeading, StatGrid, StatTile } from "./layout";
import { ProvenanceBar } from "./provenance";
import { SnapshotAwait } from "./snapshot-await";

type Intelligence = MarketIntelligence | Promise<MarketIntelligence>;

const NO_EVENTS = "No events available right now.";

/** The outcome a row is about, named beside the title when the event has several. */
const outcomeOf = (event: EventSummary, label: string) => (event.multi ? label : undefined);

/** The Market Analytics tab: the events' own figures, volume by category, and the biggest movers. */
export function AnalyticsPanel({ data }: { data: MarketIntelligence }) {
  const { provenance } = data;
  return (
    <>
      <PanelHeading
        title="Market Analytics"
        tags={<ProvenanceTag subject="markets" provenance={provenance.markets} />}
      >
        Volume, liquidity and price moves of the {eventsText(data.eventCount)} in the current snapshot, each
        counted once with its own figures.
      </PanelHeading>
      <div className="flex flex-col gap-4">
        <StatGrid>
          <StatTile
            label="Events tracked"
            value={formatNumber(data.eventCount)}
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
            description="Total traded volume per category, with its number of events. An event can belong to several categories, so rows can add up to more than the total."
          >
            {data.categories.length === 0 ? (
              <EmptyNote>{NO_EVENTS}</EmptyNote>
            ) : (
              <BarList
                label="Volume by category"
                rows={data.categories.map((c) => ({
                  key: c.slug,
                  label: `${c.label} (${c.eventCount})`,
                  value: c.volume,
                  display: `${formatMoney(c.volume)} · ${formatShare(c.volume, data.totalVolume)}`,
                }))}
              />
            )}
          </InsightCard>
          <InsightCard
            title="Biggest 24h movers"
            tags={<ProvenanceTag subject="markets" provenance={provenance.markets} />}
            description="Largest 24-hour price change, in percentage points: one row per event, for its outcome that moved most."
          >
            {data.movers.length === 0 ? (
              <EmptyNote>No price moved in the last 24 hours.</EmptyNote>
            ) : (
              <EventRows label="Biggest 24h movers">
                {data.movers.map(({ event, outcome }) => (
                  <EventRow
                    key={event.id}
                    event={event}
                    outcome={outcomeOf(event, outcome.label)}
                    detail={`${event.multi ? "Now" : outcome.label} ${formatPrice(outcome.price)} · ${formatMoney(event.volume)} volume`}
                    figure={formatPoints(outcome.priceChange24h)}
                    unit="24h change"
                  />
                ))}
              </EventRows>
            )}
          </InsightCard>
        </div>
      </div>
    </>
  );
}

/** The Opportunities tab: where the model's forecast and the market price disagree most. */
export function OpportunitiesPanel({ data }: { data: MarketIntelligence }) {
  const { provenance } = data;
  return (
    <>
      <PanelHeading
        title="Opportunities"
        tags={<ProvenanceTag subject="sentiment" provenance={provenance.sentiment} />}
      >
        Events where the model's forecast and the market price disagree most. Not financial advice.
      </PanelHeading>
      <InsightCard
        title="Widest gap between the model's forecast and the market price"
        tags={<ProvenanceTag subject="sentiment" provenance={provenance.sentiment} />}
        description="Gap = the model's probability of an outcome minus its price, in percentage points. One row per event, for the outcome the model disagrees with most."
      >
        {data.eventCount === 0 ? (
          <EmptyNote>{NO_EVENTS}</EmptyNote>
        ) : data.modelForecasts === 0 ? (
          <EmptyNote>
            No model forecasts yet: the current forecasts are estimates from 24-hour price moves, which give
            no probabilities, so there is no gap to show.
          </EmptyNote>
        ) : (
          <EventRows label="Widest forecast gaps">
            {data.gaps.map(({ event, label, model, market, gap }) => (
              <EventRow
                key={event.id}
                event={event}
                outcome={outcomeOf(event, label)}
                detail={`${event.multi ? "" : `${label}: `}model ${Math.round(model)}% · price ${formatPrice(market / 100)} · ${
                  gap > 0 ? "the model rates it above the price" : "the model rates it below the price"
                }`}
                figure={formatPoints(gap)}
                unit="gap"
              />
            ))}
          </EventRows>
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

export function RiskPanel({ data }: { data: MarketIntelligence }) {
  return (
    <>
      <PanelHeading title="Risk Analysis">
        When events resolve, from the snapshot; the risk indicators are sample content until a risk model
        exists.
      </PanelHeading>
      <div className="grid gap-4 lg:grid-cols-2">
        <InsightCard
          title="Events closing soonest"
          tags={<ProvenanceTag subject="markets" provenance={data.provenance.markets} />}
          description="End dates still ahead, one row per event; prices can swing sharply close to resolution."
        >
          {data.closing.length === 0 ? (
            <EmptyNote>No event in the snapshot has an end date ahead.</EmptyNote>
          ) : (
            <EventRows label="Events closing soonest">
              {data.closing.map(({ event, endDate, closesIn, leader }) => (
                <EventRow
                  key={event.id}
                  event={event}
                  detail={`Ends ${endDate}${
                    leader
                      ? event.multi
                        ? ` · ${leader.label} leads at ${formatPrice(leader.price)}`
                        : ` · ${leader.label} ${formatPrice(leader.price)}`
                      : ""
                  }`}
                  figure={closesIn}
                />
              ))}
            </EventRows>
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
        The model's forecast for each of the busiest events is on the event's page, beside the market's prices
        (the Opportunities tab lists the widest gaps), and every forecast is scored when its event resolves,
        on the{" "}
        <a href="/track-record" className={LINK}>
          Track Record
        </a>
        . The figures below are samples of a planned forecast summary.
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
        Volume, price moves, forecast gaps and resolution dates across the events OddsPulse tracks.
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
