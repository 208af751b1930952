import { useEffect, useRef } from "react";
import { type ShouldRevalidateFunctionArgs, useRevalidator, useSearchParams } from "react-router";
import { requestContext } from "~/.server/context";
import { marketSnapshotView } from "~/.server/snapshots/markets";
import { MarketGrid, MarketGridError, MarketGridSkeleton } from "~/components/markets/market-grid";
import { MentionsStrip } from "~/components/markets/mentions-strip";
import { SentimentDashboard, SentimentDashboardSkeleton } from "~/components/markets/sentiment-dashboard";
import { Deferred } from "~/components/ui/deferred";
import { RefreshNotice } from "~/components/ui/refresh-notice";
import { notify } from "~/components/ui/toaster";
import { type Category, categoryBySlug, filterMarkets } from "~/lib/categories";
import { formatAge } from "~/lib/format";
import { matchesSearch, readSearch } from "~/lib/search";
import { dashboardCounts } from "~/lib/sentiment";
import { pageMeta, rootData } from "~/lib/seo";
import { CATEGORY_LINKS } from "~/lib/site";
import type { MarketSnapshot } from "~/lib/types";
import { useNow } from "~/lib/use-now";
import type { Route } from "./+types/dashboard";

function categoryOf(pathname: string): Category | undefined {
  return categoryBySlug(pathname.replace(/^\/+|\/+$/g, "") || undefined);
}

/** The snapshot narrowed to one category (the dashboard summarises what its grid shows). */
function forCategory(
  snapshot: MarketSnapshot,
  category: Category | undefined,
): MarketSnapshot & { total: number } {
  return {
    ...snapshot,
    total: snapshot.markets.length,
    markets: category ? filterMarkets(snapshot.markets, category, "") : snapshot.markets,
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { deps } = context.get(requestContext);
  const category = categoryOf(new URL(request.url).pathname);
  return {
    slug: category?.slug ?? null,
    renderedAt: deps.now(),
    snapshot: (await marketSnapshotView(deps, (snapshot) => forCategory(snapshot, category))).value,
  };
}

/** Cards rendered at first: the rest are a "Show more" away (a smaller page hydrates much faster). */
const PAGE_SIZE = 24;

function cardLimit(show: string | null): number {
  const n = Number(show);
  return Number.isInteger(n) && n > PAGE_SIZE ? Math.min(n, 1000) : PAGE_SIZE;
}

/** Typing a search or showing more cards happens in the browser: no loader call, no upstream call. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href)
    return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("search");
    params.delete("show");
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
}

const DESCRIPTIONS: Record<string, string> = {
  home: "Trending Polymarket prediction markets with AI sentiment scores, buy-yes / buy-no signals and X mention counts.",
};

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  // Labels come from the navigation list: the keyword lists stay on the server.
  const slug = loaderData?.slug;
  const category = slug ? CATEGORY_LINKS.find((link) => link.path === `/${slug}`) : undefined;
  const search = readSearch(new URLSearchParams(location.search)).trim();
  const topic = category ? `${category.label} Prediction Markets` : "Trending Prediction Markets";
  const description =
    (category
      ? `${category.label} markets from Polymarket with AI sentiment, recommendations and X mention counts.`
      : DESCRIPTIONS.home) ?? "";
  return pageMeta({
    title: search ? `Search Results for "${search}" · ${topic}` : `${topic}: AI Sentiment & X Mentions`,
    description: search ? `Markets matching "${search}". ${description}` : description,
    origin: rootData(matches).origin,
    path: location.pathname,
    type: "CollectionPage",
  });
};

function DashboardView({
  snapshot,
  renderedAt,
}: {
  snapshot: MarketSnapshot & { total: number };
  renderedAt: number;
}) {
  const [params] = useSearchParams();
  const search = readSearch(params);
  const revalidator = useRevalidator();
  const refreshing = revalidator.state === "loading";
  const now = useNow(renderedAt);
  const requested = useRef(false);

  // Toasts for what a visitor should know: sample data on arrival, and the result of a refresh.
  useEffect(() => {
    if (snapshot.provenance.markets.kind === "sample") {
      notify("warning", "Live market feed unavailable: showing sample markets.", "sample-data");
    }
  }, [snapshot.provenance.markets.kind]);
  useEffect(() => {
    if (!refreshing && requested.current) {
      requested.current = false;
      if (snapshot.error) notify("error", `Refresh failed: ${snapshot.error}`);
      else notify("success", `Market data refreshed (updated ${formatAge(snapshot.fetchedAt, Date.now())})`);
    }
  }, [refreshing, snapshot.error, snapshot.fetchedAt]);
  const refresh = () => {
    requested.current = true;
    void revalidator.revalidate();
  };

  const matching = snapshot.markets.filter((m) => matchesSearch(m.title, search));
  const limit = cardLimit(params.get("show"));
  const more = new URLSearchParams(params);
  more.set("show", String(limit + PAGE_SIZE));
  return (
    <div className="space-y-6">
      <SentimentDashboard
        counts={dashboardCounts(snapshot.markets)}
        totalMentions={snapshot.totalMentions}
        provenance={snapshot.provenance}
        refreshing={refreshing}
        onRefresh={refresh}
      />
      <MentionsStrip
        totalMentions={snapshot.totalMentions}
        fetchedAt={snapshot.fetchedAt}
        failingSince={snapshot.failingSince}
        provenance={snapshot.provenance}
        loading={refreshing}
        now={now}
      />
      {snapshot.failingSince && snapshot.provenance.markets.kind !== "sample" && (
        <RefreshNotice failingSince={snapshot.failingSince} fetchedAt={snapshot.fetchedAt} />
      )}
      {snapshot.error && snapshot.provenance.markets.kind === "sample" && (
        <p role="status" className="rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900">
          Sample data: the live market feed is unavailable ({snapshot.error}). These three markets are
          examples.
        </p>
      )}
      <MarketGrid
        markets={matching.slice(0, limit)}
        matching={matching.length}
        moreHref={`?${more.toString()}`}
        totalBeforeFilter={snapshot.total}
        onRetry={refresh}
        retrying={refreshing}
        now={now}
      />
    </div>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { snapshot } = loaderData;
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
        value={snapshot}
        fallback={
          <div className="space-y-6">
            <SentimentDashboardSkeleton />
            <MarketGridSkeleton />
          </div>
        }
        errorElement={<MarketGridError />}
      >
        {(resolved) => <DashboardView snapshot={resolved} renderedAt={loaderData.renderedAt} />}
      </Deferred>
    </>
  );
}
