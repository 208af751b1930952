import { requestContext } from "~/.server/context";
import { pagePath } from "~/.server/single-fetch";
import { dashboardView } from "~/.server/snapshots/dashboard";
import { dashboardSearch } from "~/.server/snapshots/dashboard-search";
import { marketSnapshot } from "~/.server/snapshots/markets";
import { DashboardView } from "~/components/markets/dashboard-view";
import { MarketGridError, MarketGridSkeleton } from "~/components/markets/market-grid";
import { SentimentDashboardSkeleton } from "~/components/markets/sentiment-dashboard";
import { Deferred } from "~/components/ui/deferred";
import { categoryBySlug } from "~/lib/categories";
import { cardLimit } from "~/lib/dashboard";
import { parseListView } from "~/lib/list-view";
import { readSearch } from "~/lib/search";
import { pageMeta, rootData } from "~/lib/seo";
import { CATEGORY_LINKS } from "~/lib/site";
import type { Route } from "./+types/dashboard";

/**
 * `/` and the 11 category paths: the cards the URL asks for (category, `search`, `show`). Without a search
 * the snapshot's cards (no database query); with one, every open event through the index (decision 0036).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { deps } = context.get(requestContext);
  const url = new URL(request.url);
  // The page's path, not the `.data` one: read as is, a client-side navigation got Trending's cards.
  const category = categoryBySlug(pagePath(url).replace(/^\/+|\/+$/g, "") || undefined);
  const query = {
    category,
    search: readSearch(url.searchParams),
    limit: cardLimit(url.searchParams.get("show")),
    view: parseListView(url.searchParams, { trending: category === undefined }),
    now: deps.now(),
  };
  const renderedAt = deps.now();
  const { value } =
    query.search.trim() === ""
      ? await marketSnapshot.view(deps, (snapshot) => dashboardView(snapshot, query))
      : await dashboardSearch(deps, query);
  return { slug: category?.slug ?? null, renderedAt, dashboard: value };
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
