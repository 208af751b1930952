import {
  classes,
  mirrorFlash,
  type SidePair,
  useFirstSidePrice,
  useLiveEvent,
  useLiveFlash,
  useLiveResolution,
} from "~/components/live/hooks";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ExternalLink } from "~/components/ui/external-link";
import { Icon } from "~/components/ui/icon";
import { Sparkline } from "~/components/ui/sparkline";
import { LazyStarButton } from "~/components/watchlist/lazy-star";
import type { CardEvent, CardForecast } from "~/lib/dashboard";
import { formatMoney, formatPoints, formatPrice, formatPricePair, formatSigned } from "~/lib/format";
import { eventUrl, httpsOnly, marketUrl, tradeUrl } from "~/lib/links";
import { changeNow } from "~/lib/live-state";
import { marketPath } from "~/lib/market-page";
import { endWords } from "~/lib/market-state";
import { mentionCountText } from "~/lib/mentions";
import { analysisProvenance, provenanceText } from "~/lib/provenance";
import { cardResolutionLine } from "~/lib/resolution";
import { edgeText, sentimentTone, sentimentTrend } from "~/lib/sentiment";
import { CallBadge } from "./call-badge";

const TONE_CLASS = {
  positive: "text-emerald-800",
  negative: "text-rose-800",
  neutral: "text-slate-700",
} as const;

/**
 * "Ends Dec 31, 2026", "Ended Dec 31, 2025", or "Markets end between Nov 7, 2028 and Sep 1, 2029": from
 * its markets' own end dates against `now`, whatever the volume.
 */
function endLabel(event: Pick<CardEvent, "endDate" | "endsFrom">, now: number): string | null {
  const end = endWords(event, now);
  return end ? `${end.label} ${end.value}` : null;
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
  flash,
}: {
  side: "yes" | "no";
  label: string;
  price: string;
  href: string | null;
  /** The live highlight's class while the price has just changed, else "". */
  flash: string;
}) {
  const text = `${label} ${price}`;
  if (!href) {
    return (
      <p
        className={classes(
          `flex min-h-10 items-center justify-center rounded-md text-sm font-medium ring-1 ${PRICE_CLASS[side]}`,
          flash,
        )}
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
      className={classes(`btn btn-${side}`, flash)}
      data-testid="trade-link"
    >
      {text}
    </a>
  );
}

/** "+3.2 pts 24h" for the leading outcome's move; the arrow's direction is also said in words. */
function ChangeChip({ points, label }: { points: number; label: string }) {
  const trend = points > 0.05 ? "up" : points < -0.05 ? "down" : "flat";
  const tone = trend === "up" ? "text-emerald-800" : trend === "down" ? "text-rose-800" : "text-slate-700";
  return (
    <span className={`inline-flex items-center gap-1 text-xs font-medium ${tone}`} data-testid="change-24h">
      <Icon name={trend} />
      {`${formatPoints(points)} 24h`}
      <span className="sr-only">{` (${label})`}</span>
    </span>
  );
}

/** The second side a multi-outcome event's outcome is priced against: its market's "No". */
const MULTI_SIDES: SidePair = ["Yes", "No"];

/** One leading outcome of a multi-outcome event: its market's Yes price and 24 h move, kept current while live. */
function OutcomeRow({ outcome, title }: { outcome: CardEvent["outcomes"][number]; title: string }) {
  const { price: now, pushed } = useFirstSidePrice(outcome.marketId, MULTI_SIDES, outcome.price);
  const resolved = useLiveResolution(outcome.marketId, `${title}: ${outcome.label}`);
  const price = formatPrice(now);
  const flash = useLiveFlash(
    price,
    pushed,
    { key: outcome.marketId, kind: "price", say: `${title}: ${outcome.label} ${price}` },
    now,
  );
  return (
    <li className="outcome-row" data-testid="outcome">
      <span className="min-w-0 flex-1 truncate">
        {outcome.marketSlug ? (
          <a href={marketPath(outcome.marketSlug)} className="link-quiet">
            {outcome.label}
          </a>
        ) : (
          outcome.label
        )}
      </span>
      {resolved ? (
        <span className="text-xs font-semibold whitespace-nowrap text-slate-800" data-testid="live-resolved">
          {resolved.text}
        </span>
      ) : (
        <span className="outcome-move">{formatPoints(changeNow(outcome, now))}</span>
      )}
      <span className={classes("outcome-price", flash)}>{price}</span>
    </li>
  );
}

/** A multi-outcome event's leading outcomes: each links to its market page, with price and 24 h move. */
function OutcomeRows({ event }: { event: CardEvent }) {
  return (
    <div className="mt-auto pt-1">
      <ul className="divide-y divide-slate-100 text-sm" aria-label="Leading outcomes">
        {event.outcomes.map((o) => (
          <OutcomeRow key={o.marketId} outcome={o} title={event.title} />
        ))}
      </ul>
      {event.moreOutcomes > 0 && (
        <a
          href={event.href}
          className="mt-1 inline-flex min-h-10 items-center text-sm font-medium text-blue-800 hover:underline"
        >
          {`+${event.moreOutcomes} more`}
          <span className="sr-only">{` outcomes of ${event.title}`}</span>
        </a>
      )}
    </div>
  );
}

/** Said on the card of an event outside the snapshot (a search of every open event): no forecast of ours. */
export const NO_CALL_TEXT = "No AI call for this event (outside the 100 busiest)";

/** Our forecast of an event: score, confidence, call with its edge, reasoning and where it came from. */
function ForecastBlock({ forecast, labels }: { forecast: CardForecast; labels: SidePair | null }) {
  const tone = sentimentTone(forecast.score);
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className={`inline-flex items-center gap-1 text-lg font-bold ${TONE_CLASS[tone]}`}>
          <Icon name={sentimentTrend(forecast.score)} />
          {formatSigned(forecast.score)}
          <span className="sr-only">{` sentiment score (${tone})`}</span>
        </span>
        <CallBadge forecast={forecast} labels={labels} />
        {forecast.call?.edge !== null && forecast.call?.edge !== undefined && (
          <span className="text-sm text-slate-700" data-testid="call-edge">
            {edgeText(forecast.call.edge)}
          </span>
        )}
        <span className="text-sm text-slate-700">{`${forecast.confidence}% confidence`}</span>
      </div>

      <p className="line-clamp-3 text-sm text-slate-700">{forecast.reasoning || "No analysis available"}</p>
      <p className="text-xs text-slate-600">
        {provenanceText("sentiment", analysisProvenance(forecast.source))}
      </p>
    </>
  );
}

/** The event's X mentions: one count, and the query it is of (derived from the title). */
function MentionsLine({ mentions }: { mentions: NonNullable<CardEvent["mentions"]> }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span className="inline-flex items-center gap-1.5">
        {mentions.source === "live" && (
          <span className="relative flex size-2" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-500 opacity-75" />
            <span className="relative inline-flex size-2 rounded-full bg-emerald-600" />
          </span>
        )}
        <span>{mentionCountText(mentions)}</span>
      </span>
      {mentions.trending && <Badge variant="warning">Trending</Badge>}
    </div>
  );
}

/**
 * SPEC §2 card, one per event: a one-market event shows its two sides as trade links, a
 * multi-outcome event its leading three outcomes and "+N more". An event outside the snapshot (found by a
 * search of every open event) has the same prices, volume, outcomes, dates and links, and says it has no
 * call of ours instead of the forecast and X count. Untrusted text (titles, the analysis) is only ever
 * rendered as text.
 */
export function EventCard({ event, now }: { event: CardEvent; now: number }) {
  const { forecast, mentions } = event;
  const image = httpsOnly(event.image);
  const ends = endLabel(event, now);
  const single = event.multi ? null : event.outcomes;
  const first = event.outcomes[0];
  // A sample event (SPEC §8) has no page and nothing to trade: `href` is "".
  const href = event.href || null;
  // Live prices for the events the hub watches: those of the snapshot (the ones with our forecast).
  useLiveEvent(event.slug, href !== null && forecast !== null);
  const sides: SidePair = single ? [first?.label ?? "", single[1]?.label ?? ""] : MULTI_SIDES;
  const leading = useFirstSidePrice(first?.marketId, sides, first?.price ?? 0);
  const resolved = useLiveResolution(single ? first?.marketId : null, event.title);
  // One rounding for both sides, so the two prices shown always add up to 100¢.
  const prices = formatPricePair(leading.price);
  const flash = useLiveFlash(
    prices.first,
    leading.pushed && single !== null,
    {
      key: first?.marketId ?? event.id,
      kind: "price",
      say: `${event.title} ${first?.label ?? ""} ${prices.first}`,
    },
    leading.price,
  );
  const trade = single && first && href ? tradeUrl(event.slug, first.marketSlug) : null;

  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="event-card" data-event-id={event.id}>
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
            {event.title.slice(0, 1)}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="text-base leading-snug font-semibold">
            {href ? (
              <a href={href} className="link-quiet">
                {event.title}
              </a>
            ) : (
              event.title
            )}
          </h3>
          {event.question && (
            <p className="mt-0.5 text-sm text-slate-700" data-testid="event-question">
              {event.question}
            </p>
          )}
          <div className="card-meta">
            <span>{`${formatMoney(event.volume)} vol`}</span>
            {event.isLive && !resolved && <Badge variant="live">LIVE</Badge>}
            {ends && <span>{ends}</span>}
            <ChangeChip
              points={first ? changeNow(first, leading.price) : event.priceChange24h}
              label={`${first?.label ?? "leading outcome"}, 24 hours`}
            />
            <ExternalLink
              href={(href && eventUrl(event.slug)) || marketUrl(event.title, null)}
              className="inline-flex min-h-6 items-center text-blue-800 hover:underline"
            >
              Polymarket
            </ExternalLink>
          </div>
          {event.spark && first && (
            <div className="mt-1 flex items-center gap-2 text-xs text-slate-600">
              <Sparkline values={event.spark} />
              <span>{`${first.label} 24h: ${formatPrice(event.spark[0] ?? 0)} → ${prices.first}`}</span>
            </div>
          )}
        </div>
        {single && first?.marketSlug && (
          <LazyStarButton
            target={{
              slug: first.marketSlug,
              title: event.title,
              outcomeLabel: first.label,
              price: first.price,
            }}
            className="-mt-2 -mr-2"
          />
        )}
      </div>

      {forecast ? (
        <ForecastBlock forecast={forecast} labels={single ? sides : null} />
      ) : (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="no-call">
          {NO_CALL_TEXT}
        </p>
      )}
      {mentions && <MentionsLine mentions={mentions} />}
      {event.smartMoney && (
        <p className="text-sm text-slate-700" data-testid="smart-money-line">
          {event.smartMoney}
        </p>
      )}
      {event.resolution && !resolved && (
        <p className="text-sm font-medium text-amber-900" data-testid="card-resolution">
          {cardResolutionLine(event.resolution)}
        </p>
      )}

      {resolved && (
        <p className="text-sm font-semibold text-slate-800" data-testid="live-resolved">
          {resolved.text}
        </p>
      )}
      {single && first ? (
        <div className="mt-auto grid grid-cols-2 gap-2 pt-1">
          <TradeLink side="yes" label={first.label} price={prices.first} href={trade} flash={flash} />
          <TradeLink
            side="no"
            label={single[1]?.label ?? "No"}
            price={prices.second}
            href={trade}
            flash={mirrorFlash(flash)}
          />
        </div>
      ) : (
        <OutcomeRows event={event} />
      )}
    </Card>
  );
}
