import { AlertButton } from "~/components/alerts/alert-button";
import { PageHeading, Stat } from "~/components/market/market-summary";
import { ExternalLink } from "~/components/ui/external-link";
import type { EventRulesView, EventView } from "~/lib/event-page";
import { formatMoney } from "~/lib/format";
import { eventUrl, httpsOnly } from "~/lib/links";
import { endWords } from "~/lib/market-state";

/**
 * Title, image, status, the event's figures and end date, and the link to Polymarket; `live`: the
 * prices can be pushed, and the "Live" indicator stands beside where they came from.
 */
export function EventSummary({ event, now, live }: { event: EventView; now: number; live: boolean }) {
  const end = endWords(event, now);
  const link = eventUrl(event.slug);
  return (
    <header className="flex flex-col gap-4">
      <PageHeading page={event} sourceTestId="event-source" live={live} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="24h volume" value={formatMoney(event.volume24h)} />
        <Stat label="Total volume" value={formatMoney(event.volume)} />
        <Stat label="Liquidity" value={formatMoney(event.liquidity)} />
        <Stat label={end?.label ?? "Ends"} value={end?.value ?? "No end date"} />
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        {link ? (
          <ExternalLink href={link} className="btn btn-outline" testId="polymarket-link">
            Trade on Polymarket
          </ExternalLink>
        ) : null}
        <AlertButton target={{ kind: "event", slug: event.slug, title: event.title }} />
      </div>
    </header>
  );
}

/** The rules (Gamma's description) and the resolution source: a link only when it is an https URL. */
export function EventRules({ rules }: { rules: EventRulesView }) {
  const source = rules.resolutionSource;
  const href = source ? httpsOnly(source) : null;
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-800" data-testid="event-rules">
      {rules.description ? (
        <p className="break-words whitespace-pre-line">{rules.description}</p>
      ) : (
        <p className="text-slate-700">Polymarket gives no rules for this event.</p>
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
