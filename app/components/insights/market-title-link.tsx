/** A market's title, linking to its Polymarket event when there is one. Titles are rendered as text. */
export function MarketTitleLink({ title, eventSlug }: { title: string; eventSlug: string | null }) {
  if (eventSlug === null) return <span className="font-medium break-words text-slate-900">{title}</span>;
  return (
    <a
      href={`https://polymarket.com/event/${encodeURIComponent(eventSlug)}`}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium break-words text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <span>{title}</span>
      <span className="sr-only"> (opens Polymarket in a new tab)</span>
    </a>
  );
}
