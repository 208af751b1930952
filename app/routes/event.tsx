import { data } from "react-router";
import { requestContext } from "~/.server/context";
import { eventPageData } from "~/.server/event-page/page";
import { resolveEvent } from "~/.server/event-page/resolve";
import { valueOrErrorPage } from "~/.server/pages/loader-data";
import { EventPage } from "~/components/event/event-page";
import { CHART_RANGES, parseChartRange } from "~/lib/chart";
import { eventPath } from "~/lib/event-page";
import { formatPrice } from "~/lib/format";
import { statusText } from "~/lib/market-page";
import { missingPage } from "~/lib/not-found";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/event";

/**
 * `/event/:slug`: one event with every outcome and its order book, the leading outcomes' chart, the
 * forecast, calls, mentions, big trades and top holders. An event outside the snapshot that the search index
 * holds is drawn from the index, its rules, trades and holders on demand (decision 0037). An impossible slug
 * is a 404 without any D1 query or upstream call; an unknown one a 404 after Gamma says so. The 404 names the
 * slug and offers Polymarket's search for it (the root's error boundary renders it).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { deps } = context.get(requestContext);
  const range = parseChartRange(new URL(request.url).searchParams.get("range"));
  if (range === null) {
    throw data(`Unknown range: use one of ${CHART_RANGES.map((r) => r.value).join(", ")}.`, { status: 400 });
  }
  const resolved = valueOrErrorPage(await resolveEvent(deps, params.slug));
  if (resolved === null) {
    console.warn(`[404] GET /event/${params.slug}`);
    throw data(missingPage("event", params.slug), { status: 404 });
  }
  return eventPageData(deps, resolved, range);
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
