import { requestContext } from "~/.server/context";
import { marketPage } from "~/.server/pages/market";
import { MarketPage } from "~/components/market/market-page";
import { formatPrice } from "~/lib/format";
import { marketPath, statusText } from "~/lib/market-page";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/market";

/**
 * `/market/:slug`: one market with its chart, calls, mentions, big trades, holders and sibling markets.
 * An impossible slug is a 404 without any upstream call; an unknown one a 404 after Gamma says so. The 404
 * names the slug and offers Polymarket's search for it (the root's error boundary renders it).
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return marketPage(context.get(requestContext), params.slug, new URL(request.url));
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
