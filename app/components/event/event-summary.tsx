import { sourceText } from "~/components/market/market-summary";
import { Badge } from "~/components/ui/badge";
import { ExternalLink } from "~/components/ui/external-link";
import type { EventView } from "~/lib/event-page";
import { formatDate, formatMoney } from "~/lib/format";
import { eventUrl, httpsOnly } from "~/lib/links";
import { statusText } from "~/lib/market-page";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** Title, image, status, the event's figures and end date, and the link to Polymarket. */
export function EventSummary({ event, now }: { event: EventView; now: number }) {
  const statusVariant =
    event.status.kind === "open" ? "live" : event.status.kind === "resolved" ? "secondary" : "warning";
  const ended = event.endDate !== null && Date.parse(event.endDate) <= now;
  const link = eventUrl(event.slug);
  return (
    <header className="flex flex-col gap-4">
      <div className="flex items-start gap-4">
        {event.image ? (
          <img
            src={event.image}
            alt=""
            width={64}
            height={64}
            decoding="async"
            className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover"
          />
        ) : null}
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{event.title}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <Badge variant={statusVariant}>{statusText(event.status)}</Badge>
            <span data-testid="event-source">{sourceText(event.source)}</span>
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="24h volume" value={formatMoney(event.volume24h)} />
        <Stat label="Total volume" value={formatMoney(event.volume)} />
        <Stat label="Liquidity" value={formatMoney(event.liquidity)} />
        <Stat
          label={ended ? "Ended" : "Ends"}
          value={event.endDate === null ? "No end date" : formatDate(event.endDate)}
        />
      </dl>
      {link ? (
        <div>
          <ExternalLink href={link} className="btn btn-outline" testId="polymarket-link">
            Trade on Polymarket
          </ExternalLink>
        </div>
      ) : null}
    </header>
  );
}

/** The rules (Gamma's description) and the resolution source: a link only when it is an https URL. */
export function EventRules({ event }: { event: EventView }) {
  const source = event.resolutionSource;
  const href = source ? httpsOnly(source) : null;
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-800" data-testid="event-rules">
      {event.description ? (
        <p className="break-words whitespace-pre-line">{event.description}</p>
      ) : (
        <p className="text-slate-700">
          {event.source.kind === "gamma"
            ? "Polymarket gives no rules for this event."
            : "The rules are unavailable while Polymarket is unreachable."}
        </p>
      )}
      <p className="break-words text-slate-700">
        <span className="font-semibold">Resolution source: </span>
        {href ? (
          <ExternalLink href={href} className="text-blue-800 underline-offset-2 hover:underline">
            {source ?? ""}
          </ExternalLink>
        ) : (
          (source ?? "not given (see the rules)")
        )}
      </p>
    </div>
  );
}
