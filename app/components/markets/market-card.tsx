import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ExternalLink } from "~/components/ui/external-link";
import { Icon } from "~/components/ui/icon";
import { Sparkline } from "~/components/ui/sparkline";
import { LazyStarButton } from "~/components/watchlist/lazy-star";
import {
  formatCents,
  formatCentsPair,
  formatDate,
  formatMoney,
  formatNumber,
  formatSigned,
} from "~/lib/format";
import { httpsOnly, marketUrl, tradeUrl } from "~/lib/links";
import { marketPath } from "~/lib/market-page";
import { analysisProvenance, provenanceText } from "~/lib/provenance";
import { recommendationLabel, recommendationVariant, sentimentTone, sentimentTrend } from "~/lib/sentiment";
import type { DisplayMarket } from "~/lib/types";

const TONE_CLASS = {
  positive: "text-emerald-800",
  negative: "text-rose-800",
  neutral: "text-slate-700",
} as const;

/** "Ends Dec 31, 2026" or "Ended Dec 31, 2025": by the date against `now`, whatever the volume. */
function endLabel(endDate: string | null, now: number): string | null {
  if (!endDate) return null;
  const end = Date.parse(endDate);
  if (!Number.isFinite(end)) return null;
  return `${end > now ? "Ends" : "Ended"} ${formatDate(endDate)}`;
}

/** A price that is not a link: the trade links' colours without their hover. */
const PRICE_CLASS = {
  yes: "bg-emerald-50 text-emerald-900 ring-emerald-600/40",
  no: "bg-rose-50 text-rose-900 ring-rose-600/40",
} as const;

/**
 * One outcome's price. SPEC §2 has Yes/No buttons that only log; here they open the market on Polymarket
 * in a new tab (decision 0025: a trader expects a way to act). Without an event slug (the sample
 * markets) there is nowhere true to send them, so the price is plain text.
 */
function TradeLink({
  side,
  label,
  price,
  href,
}: {
  side: "yes" | "no";
  label: string;
  price: string;
  href: string | null;
}) {
  const text = `${label} ${price}`;
  if (!href) {
    return (
      <p
        className={`flex min-h-10 items-center justify-center rounded-md text-sm font-medium ring-1 ${PRICE_CLASS[side]}`}
        data-testid="trade-price"
      >
        {text}
      </p>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      // The name starts from the visible text ("Yes 31¢"), so speech input finds it (WCAG 2.5.3).
      aria-label={`Trade ${text} on Polymarket (opens in a new tab)`}
      className={`btn btn-${side}`}
      data-testid="trade-link"
    >
      {text}
    </a>
  );
}

/** SPEC §2 market card. Untrusted text (title, analysis) is only ever rendered as text. */
export function MarketCard({ market, now }: { market: DisplayMarket; now: number }) {
  const { sentiment } = market;
  const tone = sentimentTone(sentiment.score);
  const image = httpsOnly(market.image);
  const ends = endLabel(market.endDate, now);
  // One rounding for both sides, so the two prices shown always add up to 100¢.
  const prices = formatCentsPair(market.yesPrice);
  const trade = tradeUrl(market.eventSlug, market.slug);

  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="market" data-market-id={market.id}>
      <div className="flex items-start gap-3">
        {image ? (
          <img
            src={image}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
            className="size-14 shrink-0 rounded-lg bg-slate-100 object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-lg font-bold text-blue-800"
          >
            {market.title.slice(0, 1)}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="text-base leading-snug font-semibold">
            {market.slug ? (
              <a
                href={marketPath(market.slug)}
                className="text-slate-900 hover:text-blue-800 hover:underline"
              >
                {market.title}
              </a>
            ) : (
              market.title
            )}
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <span>{`${formatMoney(market.volume)} vol`}</span>
            {market.isLive && <Badge variant="live">LIVE</Badge>}
            {ends && <span>{ends}</span>}
            <ExternalLink
              href={marketUrl(market.title, market.eventSlug)}
              className="inline-flex min-h-6 items-center text-blue-800 hover:underline"
            >
              Polymarket
            </ExternalLink>
          </div>
          {market.spark && (
            <div className="mt-1 flex items-center gap-2 text-xs text-slate-600">
              <Sparkline values={market.spark} />
              <span>{`${market.yesLabel} 24h: ${formatCents((market.spark[0] ?? 0) * 100)} → ${prices.first}`}</span>
            </div>
          )}
        </div>
        {market.slug && (
          <LazyStarButton
            target={{
              slug: market.slug,
              title: market.title,
              outcomeLabel: market.yesLabel,
              price: market.yesPrice / 100,
            }}
            className="-mt-2 -mr-2"
          />
        )}
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className={`inline-flex items-center gap-1 text-lg font-bold ${TONE_CLASS[tone]}`}>
          <Icon name={sentimentTrend(sentiment.score)} />
          {formatSigned(sentiment.score)}
          <span className="sr-only">{` sentiment score (${tone})`}</span>
        </span>
        <span className="text-sm text-slate-700">{`${sentiment.confidence}% confidence`}</span>
        <Badge variant={recommendationVariant(sentiment.recommendation)}>
          {recommendationLabel(sentiment.recommendation)}
        </Badge>
      </div>

      <p className="line-clamp-3 text-sm text-slate-700">{sentiment.grokAnalysis}</p>
      <p className="text-xs text-slate-600">
        {provenanceText("sentiment", analysisProvenance(sentiment.source))}
      </p>

      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className="inline-flex items-center gap-1.5">
          {market.isTwitterLive && (
            <span className="relative flex size-2" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-500 opacity-75" />
              <span className="relative inline-flex size-2 rounded-full bg-emerald-600" />
            </span>
          )}
          <span>
            {`${formatNumber(sentiment.twitterBuzz)} X mentions (${market.mentionsSource === "estimated" ? "estimated" : "live"})`}
          </span>
        </span>
        {market.twitterTrending && <Badge variant="warning">Trending</Badge>}
      </div>

      <div className="mt-auto grid grid-cols-2 gap-2 pt-1">
        <TradeLink side="yes" label={market.yesLabel} price={prices.first} href={trade} />
        <TradeLink side="no" label={market.noLabel} price={prices.second} href={trade} />
      </div>
    </Card>
  );
}
