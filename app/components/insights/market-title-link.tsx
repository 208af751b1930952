import { ExternalLink } from "~/components/ui/external-link";
import { eventUrl } from "~/lib/links";
import { marketPath } from "~/lib/market-page";

const LINK =
  "font-medium break-words text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700";

/**
 * A market's title, leading to its page here when it has a slug; the Polymarket event page stays as
 * a secondary link. Titles are rendered as text.
 */
export function MarketTitleLink({
  title,
  slug,
  eventSlug,
}: {
  title: string;
  slug: string | null;
  eventSlug: string | null;
}) {
  const event = eventUrl(eventSlug);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      {slug ? (
        <a href={marketPath(slug)} className={LINK}>
          {title}
        </a>
      ) : (
        <span className="font-medium break-words text-slate-900">{title}</span>
      )}
      {event && (
        <ExternalLink
          href={event}
          className="inline-flex min-h-6 items-center text-xs text-blue-800 hover:underline"
        >
          Polymarket
        </ExternalLink>
      )}
    </span>
  );
}
