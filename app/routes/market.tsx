import { data } from "react-router";
import { requestContext } from "~/.server/context";
import { marketPageData } from "~/.server/market/page";
import { resolveMarket } from "~/.server/market/resolve";
import { valueOrErrorPage } from "~/.server/pages/loader-data";
import { MarketPage } from "~/components/market/market-page";
import { CHART_RANGES, parseChartRange } from "~/lib/chart";
import { formatPrice } from "~/lib/format";
import { marketPath, statusText } from "~/lib/market-page";
import { missingPage } from "~/lib/not-found";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/market";

/**
 * `/market/:slug`: one market with its chart, calls, mentions, big trades, holders and sibling markets.
 * An impossible slug is a 404 without any upstream call; an unknown one a 404 after Gamma says so. The 404
 * names the slug and offers Polymarket's search for it (the root's error boundary renders it).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { deps } = context.get(requestContext);
  const range = parseChartRange(new URL(request.url).searchParams.get("range"));
  if (range === null) {
    throw data(`Unknown range: use one of ${CHART_RANGES.map((r) => r.value).join(", ")}.`, { status: 400 });
  }
  const resolved = valueOrErrorPage(await resolveMarket(deps, params.slug));
  if (resolved === null) {
    console.warn(`[404] GET /market/${params.slug}`);
    throw data(missingPage("market", params.slug), { status: 404 });
  }
  return marketPageData(deps, resolved, range);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { market } = loaderData;
  const prices = market.outcomes
    .slice(0, 3)
    .map((o) => `${o.label} ${formatPrice(o.price)}`)
    .join(", ");
  return pageMeta({
    title: `${market.title} — Odds, Chart & Whale Trades`,
    description: `${market.title}: ${prices} on Polymarket (${statusText(market.status).toLowerCase()}). Price history, AI sentiment calls, X mentions, trades over $10K and top holders.`,
    origin: rootData(matches).origin,
    path: marketPath(market.slug),
    type: "WebPage",
    structuredData: {
      about: {
        "@type": "Thing",
        name: market.title,
        ...(market.eventSlug
          ? { sameAs: `https://polymarket.com/event/${encodeURIComponent(market.eventSlug)}` }
          : {}),
      },
      ...(market.image ? { image: market.image } : {}),
      isAccessibleForFree: true,
    },
  });
};

export default function Market({ loaderData }: Route.ComponentProps) {
  return <MarketPage data={loaderData} />;
}
