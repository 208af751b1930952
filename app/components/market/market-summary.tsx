import {
  classes,
  useLive,
  useLiveEvent,
  useLiveFlash,
  useLiveIndicator,
  useLiveResolution,
} from "~/components/live/hooks";
import { LiveIndicatorView } from "~/components/live/live-indicator";
import { CallBadge } from "~/components/markets/call-badge";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ExternalLink } from "~/components/ui/external-link";
import { LazyStarButton } from "~/components/watchlist/lazy-star";
import { formatClockUtc, formatDate, formatMoney, formatNumber, formatPrice } from "~/lib/format";
import { eventUrl, marketUrl } from "~/lib/links";
import { firstSidePrice, type LiveState, outcomePrice } from "~/lib/live-state";
import {
  type CurrentAnalysis,
  type MarketSource,
  type MarketStatus,
  type MarketView,
  statusText,
} from "~/lib/market-page";
import { hasEnded } from "~/lib/market-state";
import { analysisProvenance, provenanceText } from "~/lib/provenance";
import { edgeText } from "~/lib/sentiment";

export function sourceText(source: MarketSource): string {
  switch (source.kind) {
    case "snapshot":
      return source.stale
        ? `Prices from Polymarket, cached at ${formatClockUtc(source.at)}`
        : `Prices from Polymarket, fetched ${formatClockUtc(source.at)}`;
    case "gamma":
      return source.stale
        ? `Prices from Polymarket, cached at ${formatClockUtc(source.at)} (refresh failing)`
        : `Prices from Polymarket, fetched ${formatClockUtc(source.at)}`;
    case "history":
      return `Polymarket is unreachable: prices from our history at ${formatDate(source.at)} ${formatClockUtc(source.at)}`;
    case "index": {
      const updated = `Prices from our index of every open event, updated ${formatDate(source.at)} ${formatClockUtc(source.at)}`;
      return source.checkedAt === null
        ? updated
        : `${updated}; unchanged to the cent at our last check, ${formatDate(source.checkedAt)} ${formatClockUtc(source.checkedAt)}`;
    }
  }
}

/**
 * Where the prices came from, for a page whose prices can be pushed: while the socket delivers, the "Live
 * prices" indicator says so and the fetch time steps aside; once it stops, the fetch time is back (with
 * "Reconnecting…" while it is being reopened). Without scripts the fetch time shows, as it is.
 */
function LiveSource({ source, testId }: { source: MarketSource; testId: string }) {
  const state = useLiveIndicator();
  return (
    <>
      <span data-testid={testId} hidden={state === "live"}>
        {sourceText(source)}
      </span>
      <LiveIndicatorView state={state} />
    </>
  );
}

export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * A market's or an event's heading: image, title, status and where its prices came from, followed by
 * `live` (the "Live" indicator) when the prices can be pushed.
 */
export function PageHeading({
  page,
  sourceTestId,
  live = false,
}: {
  page: {
    image: string | null;
    title: string;
    /** The question the prices answer, when the title does not say it all (a one-market event's). */
    question?: string | null;
    status: MarketStatus;
    source: MarketSource;
  };
  sourceTestId: string;
  /** The prices can be pushed: the "Live prices" indicator stands in for the fetch time while they are. */
  live?: boolean;
}) {
  const statusVariant =
    page.status.kind === "open" ? "live" : page.status.kind === "resolved" ? "secondary" : "warning";
  return (
    <div className="flex items-start gap-4">
      {page.image ? (
        <img
          src={page.image}
          alt=""
          width={64}
          height={64}
          decoding="async"
          className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover"
        />
      ) : null}
      <div className="flex min-w-0 flex-col gap-2">
        <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{page.title}</h1>
        {page.question && (
          <p className="text-base break-words text-slate-800" data-testid="page-question">
            {page.question}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Badge variant={statusVariant}>{statusText(page.status)}</Badge>
          {live ? (
            <LiveSource source={page.source} testId={sourceTestId} />
          ) : (
            <span data-testid={sourceTestId}>{sourceText(page.source)}</span>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * One outcome's price. While live it follows the pushed price (a two-sided market's side from either
 * side's message), highlighted briefly when it changes.
 */
function OutcomeTile({
  marketId,
  title,
  outcome,
  other,
}: {
  marketId: string;
  title: string;
  outcome: { label: string; price: number };
  /** The market's other side when it has exactly two, else null. */
  other: string | null;
}) {
  const select = (s: LiveState) =>
    other === null
      ? outcomePrice(s, marketId, outcome.label)
      : firstSidePrice(s, marketId, outcome.label, other);
  const live = useLive(select);
  const price = formatPrice(live ?? outcome.price);
  const flash = useLiveFlash(
    price,
    live !== null,
    { key: `${marketId}\n${outcome.label}`, kind: "price", say: `${title} ${outcome.label} ${price}` },
    live ?? outcome.price,
  );
  return (
    <li className="card flex flex-col p-3">
      <span className="truncate text-sm text-slate-700" title={outcome.label}>
        {outcome.label}
      </span>
      <span className={classes("text-xl font-bold text-slate-900", flash)}>{price}</span>
    </li>
  );
}

/**
 * Title, status, every outcome's price, the figures and the link to Polymarket. A market of the
 * snapshot follows its event's live prices: they change in place, and a resolution pushed live shows
 * as the status.
 */
export function MarketSummary({ market, now }: { market: MarketView; now: number }) {
  const link = eventUrl(market.eventSlug) ?? marketUrl(market.title, null);
  const ended = hasEnded(market.endDate, now);
  const first = market.outcomes[0];
  const follow = market.source.kind === "snapshot" && market.eventSlug !== null;
  useLiveEvent(market.eventSlug, follow);
  const resolved = useLiveResolution(market.id, market.title);
  const status: MarketStatus = resolved
    ? { kind: "resolved", outcome: resolved.resolution.winner }
    : market.status;
  const pair = market.outcomes.length === 2 ? market.outcomes.map((o) => o.label) : null;
  return (
    <header className="flex flex-col gap-4">
      <PageHeading page={{ ...market, status }} sourceTestId="market-source" live={follow} />
      <ul
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6"
        aria-label="Outcomes"
        data-testid="outcomes"
      >
        {market.outcomes.map((o) => (
          <OutcomeTile
            key={o.label}
            marketId={market.id}
            title={market.title}
            outcome={o}
            other={pair?.find((label) => label !== o.label) ?? null}
          />
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="24h volume" value={market.volume24h === null ? "–" : formatMoney(market.volume24h)} />
        <Stat
          label="Total volume"
          value={market.totalVolume === null ? "–" : formatMoney(market.totalVolume)}
        />
        <Stat label="Liquidity" value={market.liquidity === null ? "–" : formatMoney(market.liquidity)} />
        <Stat
          label={ended ? "Ended" : "Ends"}
          value={market.endDate === null ? "No end date" : formatDate(market.endDate)}
        />
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <ExternalLink href={link} className="btn btn-outline" testId="polymarket-link">
          Trade on Polymarket
        </ExternalLink>
        {first ? (
          <LazyStarButton
            target={{ slug: market.slug, title: market.title, outcomeLabel: first.label, price: first.price }}
            labelled
          />
        ) : null}
      </div>
    </header>
  );
}

/**
 * The current AI call and mention count (markets in the top 100): its event's call, as the event's card
 * shows it (the same derived call, priced now while live), with its edge and the model's confidence.
 */
export function CurrentCall({ analysis, market }: { analysis: CurrentAnalysis | null; market: MarketView }) {
  if (analysis === null) {
    return (
      <Card className="p-4 text-sm text-slate-700" data-testid="current-call">
        This market is not among the 100 most traded right now, so it has no current AI analysis or mention
        count. Its history below shows what we recorded while it was.
      </Card>
    );
  }
  const { call } = analysis;
  const here = call !== null && call.marketId === market.id;
  const labels =
    market.outcomes.length === 2
      ? ([market.outcomes[0]?.label ?? "", market.outcomes[1]?.label ?? ""] as const)
      : null;
  return (
    <Card className="flex flex-col gap-2 p-4" data-testid="current-call">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">Current call</h2>
        <CallBadge forecast={analysis} labels={here ? labels : null} />
        {call && call.edge !== null && (
          <span className="text-sm text-slate-700" data-testid="call-edge">
            {edgeText(call.edge)}
          </span>
        )}
        <span className="text-sm text-slate-700">{`${analysis.sentiment}, ${analysis.confidence}% confidence`}</span>
      </div>
      {call && !here && (
        <p className="text-sm text-slate-700">The event's call is on another of its markets.</p>
      )}
      <p className="text-sm text-slate-800">{analysis.reasoning}</p>
      <p className="text-xs text-slate-600">
        {provenanceText("sentiment", analysisProvenance(analysis.source))}
      </p>
      <p className="text-sm text-slate-700">
        {`${formatNumber(analysis.mentions)} X mentions (${analysis.mentionsSource === "estimated" ? "estimated" : "live"})`}
      </p>
    </Card>
  );
}
