import { requestContext } from "~/.server/context";
import { dashboardPage } from "~/.server/pages/dashboard";
import { DashboardView } from "~/components/markets/dashboard-view";
import { MarketGridError, MarketGridSkeleton } from "~/components/markets/market-grid";
import { SentimentDashboardSkeleton } from "~/components/markets/sentiment-dashboard";
import { Deferred } from "~/components/ui/deferred";
import { readSearch } from "~/lib/search";
import { pageMeta, rootData } from "~/lib/seo";
import { CATEGORY_LINKS } from "~/lib/site";
import type { Route } from "./+types/dashboard";

/**
 * `/` and the 11 category paths: the cards the URL asks for (category, `search`, `show`). Without a search
 * the snapshot's cards (no database query); with one, every open event through the index (decision 0036).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  return dashboardPage(context.get(requestContext), new URL(request.url));
}

const HOME_DESCRIPTION =
  "Trending Polymarket prediction markets with AI sentiment scores, buy-yes / buy-no signals and X mention counts.";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  // Labels come from the navigation list: the keyword lists stay on the server.
  const slug = loaderData?.slug;
  const category = slug ? CATEGORY_LINKS.find((link) => link.path === `/${slug}`) : undefined;
  const search = readSearch(new URLSearchParams(location.search)).trim();
  const topic = category ? `${category.label} Prediction Markets` : "Trending Prediction Markets";
  const description = category
    ? `${category.label} markets from Polymarket with AI sentiment, recommendations and X mention counts.`
    : HOME_DESCRIPTION;
  return pageMeta({
    title: search ? `Search Results for "${search}" · ${topic}` : `${topic}: AI Sentiment & X Mentions`,
    description: search ? `Markets matching "${search}". ${description}` : description,
    origin: rootData(matches).origin,
    path: location.pathname,
    type: "CollectionPage",
  });
};

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.slug === null && (
        <noscript>
          <p className="mb-4 rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900">
            JavaScript is off: the markets below are complete, but search updates only when you press Enter
            and Refresh Data needs JavaScript.
          </p>
        </noscript>
      )}
      <Deferred
        value={loaderData.dashboard}
        fallback={
          <div className="space-y-6">
            <SentimentDashboardSkeleton />
            <MarketGridSkeleton />
          </div>
        }
        errorElement={<MarketGridError />}
      >
        {(data) => <DashboardView data={data} renderedAt={loaderData.renderedAt} />}
      </Deferred>
    </>
  );
}
