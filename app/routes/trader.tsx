import { requestContext } from "~/.server/context";
import { traderPage } from "~/.server/pages/trader";
import { TraderPage } from "~/components/trader/trader-page";
import { pageMeta, rootData } from "~/lib/seo";
import { monthlySummary } from "~/lib/trader-page";
import { shortenAddress, traderPath } from "~/lib/whales";
import type { Route } from "./+types/trader";

/**
 * `/trader/:wallet`: a wallet's leaderboard standing, record, open positions and large trades. Anything that
 * is not 0x + 40 hex digits is the site's 404 page without any upstream call; a wallet without any
 * activity is a 404 after one (decision 0021); over the client's lookup limit, a 429.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  return traderPage(context.get(requestContext), params.wallet);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { wallet, name, ranks } = loaderData;
  const who = name ?? shortenAddress(wallet);
  return pageMeta({
    title: `${who} — Polymarket Trader`,
    description: `${who} on Polymarket: ${monthlySummary(ranks)}. Rank and PnL on the day, week, month and all-time leaderboards, win rate and PnL by category, open positions and trades over $10K.`,
    origin: rootData(matches).origin,
    path: traderPath(wallet),
    type: "ProfilePage",
    structuredData: {
      mainEntity: { "@type": "Person", name: who, identifier: wallet, sameAs: loaderData.profileUrl },
      isAccessibleForFree: true,
    },
  });
};

export default function Trader({ loaderData }: Route.ComponentProps) {
  return <TraderPage data={loaderData} />;
}
