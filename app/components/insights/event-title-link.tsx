import { ExternalLink } from "~/components/ui/external-link";
import type { EventSummary } from "~/lib/insights/shared";
import { eventUrl } from "~/lib/links";

const LINK =
  "font-medium break-words text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700";

/**
 * An event's title, leading to its page here (`href`: the event page, or a one-market event's market
 * page), then the outcome the row is about when there is one ("2026 NBA Champion · Boston Celtics"); the
 * Polymarket event page stays as a secondary link. A sample event has no page: its title is plain text and
 * nothing links out. Titles are rendered as text.
 */
export function EventTitleLink({ event, outcome }: { event: EventSummary; outcome?: string | undefined }) {
  const polymarket = event.href ? eventUrl(event.slug) : null;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className="break-words">
        {event.href ? (
          <a href={event.href} className={LINK}>
            {event.title}
          </a>
        ) : (
          <span className="font-medium text-slate-900">{event.title}</span>
        )}
        {outcome && <span className="font-medium text-slate-900">{` · ${outcome}`}</span>}
      </span>
      {polymarket && (
        <ExternalLink
          href={polymarket}
          className="inline-flex min-h-6 items-center text-xs text-blue-800 hover:underline"
        >
          Polymarket
        </ExternalLink>
      )}
    </span>
  );
}
