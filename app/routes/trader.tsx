import { data } from "react-router";
import { requestContext } from "~/.server/context";
import { valueOrErrorPage } from "~/.server/snapshots/loader-data";
import { traderPageData, traderWallet } from "~/.server/trader/page";
import { MarketSection, SectionMessage, SectionSkeleton } from "~/components/market/market-sections";
import { BoardStandings, PositionList, TraderTradeList } from "~/components/trader/trader-sections";
import { Deferred } from "~/components/ui/deferred";
import { pageMeta, rootData } from "~/lib/seo";
import { monthlySummary } from "~/lib/trader-page";
import { shortenAddress, traderPath } from "~/lib/whales";
import type { Route } from "./+types/trader";

/**
 * `/trader/:wallet`: a wallet's leaderboard standing, open positions and large trades. Anything that
 * is not 0x + 40 hex digits is the site's 404 page without any upstream call; a wallet without any
 * activity is a 404 after one (decision 0021); over the client's lookup limit, a 429.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { deps } = context.get(requestContext);
  const wallet = traderWallet(params.wallet);
  if (wallet === null) {
    console.warn(`[404] GET /trader/${params.wallet}`);
    throw data(null, { status: 404 });
  }
  const page = valueOrErrorPage(await traderPageData(deps, wallet));
  if (page === null) {
    console.warn(`[404] GET /trader/${wallet} (no activity)`);
    throw data(null, { status: 404 });
  }
  return page;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { wallet, name, ranks } = loaderData;
  const who = name ?? shortenAddress(wallet);
  return pageMeta({
    title: `${who} — Polymarket Trader`,
    description: `${who} on Polymarket: ${monthlySummary(ranks)}. Rank and PnL on the day, week, month and all-time leaderboards, open positions and trades over $10K.`,
    origin: rootData(matches).origin,
    path: traderPath(wallet),
    type: "ProfilePage",
    structuredData: {
      mainEntity: { "@type": "Person", name: who, identifier: wallet, sameAs: loaderData.profileUrl },
      isAccessibleForFree: true,
    },
  });
};

export default function TraderPage({ loaderData }: Route.ComponentProps) {
  const { wallet, name, profileUrl, now, ranks, positions, trades } = loaderData;
  return (
    <article className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium text-slate-600">Polymarket trader</p>
        <h1 className="text-3xl font-bold break-words text-slate-900" data-testid="trader-name">
          {name ?? shortenAddress(wallet)}
        </h1>
        <p className="font-mono text-xs break-words text-slate-700 sm:text-sm" data-testid="trader-wallet">
          {wallet}
        </p>
        <p className="text-sm">
          <a
            href={profileUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-blue-800 underline-offset-2 hover:underline"
          >
            Profile on Polymarket
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </header>

      <MarketSection id="ranks" title="Leaderboard rank and PnL">
        <BoardStandings ranks={ranks} />
      </MarketSection>

      <div className="grid gap-8 lg:grid-cols-2">
        <MarketSection id="positions" title="Open positions">
          <Deferred
            value={positions}
            fallback={<SectionSkeleton />}
            errorElement={<SectionMessage>Open positions are unavailable right now.</SectionMessage>}
          >
            {(result) =>
              result.ok ? (
                <PositionList positions={result.value} />
              ) : (
                <SectionMessage>{result.message}</SectionMessage>
              )
            }
          </Deferred>
        </MarketSection>

        <MarketSection id="trades" title="Recent trades over $10K">
          <Deferred
            value={trades}
            fallback={<SectionSkeleton />}
            errorElement={<SectionMessage>Trades are unavailable right now.</SectionMessage>}
          >
            {(result) => <TraderTradeList trades={result} now={now} />}
          </Deferred>
        </MarketSection>
      </div>
    </article>
  );
}
