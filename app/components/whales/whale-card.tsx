import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ExternalLink } from "~/components/ui/external-link";
import { Skeleton } from "~/components/ui/skeleton";
import { formatMoment } from "~/lib/format";
import { FRESH_BADGE, radarLine } from "~/lib/fresh-wallet";
import { eventUrl, profileUrl } from "~/lib/links";
import type { WhaleTrade } from "~/lib/types";
import {
  formatOdds,
  formatPotentialWin,
  formatTradeAge,
  formatTradeAmount,
  outcomeBadge,
  payoutLabel,
  shortenAddress,
  sideLabel,
  tradePath,
  traderName,
  traderPath,
} from "~/lib/whales";
import { TraderRank } from "./trader-rank";

const LINK =
  "text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700";

const NO_EVENTS: ReadonlySet<string> = new Set();

/** One large trade. Every text from the feed is rendered as text; hrefs are built from checked parts. */
export function WhaleCard({
  trade,
  now,
  multiEvents = NO_EVENTS,
}: {
  trade: WhaleTrade;
  now: number;
  /** Slugs of the shown multi-outcome events: their trades lead to the event page. */
  multiEvents?: ReadonlySet<string>;
}) {
  const badge = outcomeBadge(trade);
  const path = tradePath(trade, multiEvents);
  const side = sideLabel(trade.side);
  const event = eventUrl(trade.eventSlug);
  const profile = profileUrl(trade.trader.wallet);
  const wallet = shortenAddress(trade.trader.wallet);
  const name = traderName(trade);
  const trader = (
    <>
      {name && <span className="font-medium">{name} </span>}
      <span className="font-mono text-xs">{wallet}</span>
    </>
  );

  return (
    <Card className="flex h-full min-w-0 flex-col gap-3 p-4" data-testid="whale-trade">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Badge variant={badge.variant} className="max-w-full min-w-0">
          <span className="sr-only">Outcome: </span>
          <span className="truncate">{badge.label}</span>
        </Badge>
        <Badge variant="outline">{side}</Badge>
        {trade.radar?.fresh && (
          <span data-testid="fresh-badge">
            <Badge variant="warning">{FRESH_BADGE}</Badge>
          </span>
        )}
      </div>
      <h3 className="text-base leading-snug font-semibold break-words text-slate-900">
        {path ? (
          <a href={path} className={LINK}>
            {trade.title}
          </a>
        ) : (
          trade.title
        )}
      </h3>
      {event && (
        <ExternalLink
          href={event}
          className={`${LINK} -mt-2 inline-flex min-h-6 items-center self-start text-xs`}
        >
          Polymarket
        </ExternalLink>
      )}
      <dl className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 p-3">
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">{side}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="trade-amount">
            {formatTradeAmount(trade)}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">{payoutLabel(trade.side)}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="trade-payout">
            {formatPotentialWin(trade)}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">Odds</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="trade-odds">
            {formatOdds(trade.price)}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600">
        <time dateTime={new Date(trade.timestamp).toISOString()} data-testid="trade-time">
          {formatMoment(trade.timestamp, now)}
        </time>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        <span data-testid="trade-age">{formatTradeAge(trade.timestamp, now)}</span>
      </p>
      <div className="mt-auto flex min-w-0 flex-col gap-1 text-sm break-words text-slate-700">
        <p>
          <span className="text-slate-600">Trader: </span>
          {profile ? (
            <a href={traderPath(trade.trader.wallet)} className={LINK} data-testid="trader">
              {trader}
            </a>
          ) : (
            <span data-testid="trader">{trader}</span>
          )}
        </p>
        <TraderRank trader={trade.trader} />
        <p className="text-xs text-slate-600" data-testid="trade-radar">
          {radarLine(trade.radar)}
        </p>
      </div>
    </Card>
  );
}

/** A card-shaped placeholder while the first list loads. */
export function WhaleCardSkeleton() {
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="whale-skeleton">
      <div className="flex gap-2">
        <Skeleton className="h-5 w-16 rounded-full" />
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
      <Skeleton className="h-5 w-11/12" />
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-2/3" />
    </Card>
  );
}
