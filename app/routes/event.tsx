import { requestContext } from "~/.server/context";
import { eventPage } from "~/.server/pages/event";
import { EventPage } from "~/components/event/event-page";
import { eventPath } from "~/lib/event-page";
import { formatPrice } from "~/lib/format";
import { statusText } from "~/lib/market-page";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/event";

/**
 * `/event/:slug`: one event with every outcome and its order book, the leading outcomes' chart, the
 * forecast, calls, mentions, big trades and top holders. An event outside the snapshot that the search index
 * holds is drawn from the index, its rules, trades and holders on demand (decision 0037). An impossible slug
 * is a 404 without any D1 query or upstream call; an unknown one a 404 after Gamma says so. The 404 names the
 * slug and offers Polymarket's search for it (the root's error boundary renders it).
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return eventPage(context.get(requestContext), params.slug, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { event, outcomes } = loaderData;
  const prices = outcomes
    .slice(0, 3)
    .map((o) => `${o.label} ${formatPrice(o.price)}`)
    .join(", ");
  const more = outcomes.length > 3 ? ` and ${outcomes.length - 3} more outcomes` : "";
  return pageMeta({
    title: `${event.title} — Odds, Order Book & AI Forecast`,
    description: `${event.title}: ${prices}${more} on Polymarket (${statusText(event.status).toLowerCase()}). Order book, price chart, AI forecast, calls, trades over $10K and top holders.`,
    origin: rootData(matches).origin,
    path: eventPath(event.slug),
    type: "WebPage",
    structuredData: {
      about: {
        "@type": "Thing",
        name: event.title,
        ...(event.endDate ? { endDate: event.endDate } : {}),
        sameAs: `https://polymarket.com/event/${encodeURIComponent(event.slug)}`,
      },
      ...(event.image ? { image: event.image } : {}),
      isAccessibleForFree: true,
    },
  });
};

export default function Event({ loaderData }: Route.ComponentProps) {
  return <EventPage data={loaderData} />;
}
