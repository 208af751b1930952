import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator, useSearchParams } from "react-router";
import { notify } from "~/components/ui/toaster";
import { type DashboardData, INDEX_SEARCH_NOTE, PAGE_SIZE } from "~/lib/dashboard";
import { formatAge } from "~/lib/format";
import { useNow } from "~/lib/use-now";
import { RefreshNotice } from "../ui/refresh-notice";
import { ListControls } from "./list-controls";
import { MarketGrid } from "./market-grid";
import { MentionsStrip } from "./mentions-strip";
import { SentimentDashboard } from "./sentiment-dashboard";

/**
 * The dashboard of one category (SPEC §2): figures, mentions strip, notices and the card grid. A search says
 * what it searched (decision 0036): every open event, by relevance (no sort or ended filter), or the
 * snapshot's busiest events and why.
 */
export function DashboardView({ data, renderedAt }: { data: DashboardData; renderedAt: number }) {
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const refreshing = revalidator.state === "loading";
  const now = useNow(renderedAt);
  const requested = useRef(false);

  // Toasts for what a visitor should know: sample data on arrival, and the result of a refresh.
  useEffect(() => {
    if (data.provenance.markets.kind === "sample") {
      notify("warning", "Live market feed unavailable: showing sample markets.", "sample-data");
    }
  }, [data.provenance.markets.kind]);
  useEffect(() => {
    if (!refreshing && requested.current) {
      requested.current = false;
      if (data.error) notify("error", `Refresh failed: ${data.error}`);
      else notify("success", `Market data refreshed (updated ${formatAge(data.fetchedAt, Date.now())})`);
    }
  }, [refreshing, data.error, data.fetchedAt]);
  const refresh = () => {
    requested.current = true;
    void revalidator.revalidate();
  };

  const more = new URLSearchParams(params);
  more.set("show", String(data.events.length + PAGE_SIZE));
  const sample = data.provenance.markets.kind === "sample";
  const index = data.search?.source === "index";
  const fallback = data.search?.fallback ?? null;
  return (
    <div className="space-y-6">
      <SentimentDashboard
        counts={data.counts}
        totalMentions={data.totalMentions}
        mentionQueries={data.mentionQueries}
        provenance={data.provenance}
        scope={data.scope}
        refreshing={refreshing}
        onRefresh={refresh}
      />
      <MentionsStrip
        totalMentions={data.totalMentions}
        mentionQueries={data.mentionQueries}
        scope={data.scope}
        marketCount={data.counts.total}
        fetchedAt={data.fetchedAt}
        failingSince={data.failingSince}
        provenance={data.provenance}
        loading={refreshing}
        now={now}
      />
      {data.failingSince && !sample && (
        <RefreshNotice failingSince={data.failingSince} fetchedAt={data.fetchedAt} />
      )}
      {data.error && sample && !index && (
        <p role="status" className="rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900">
          Sample data: the live market feed is unavailable ({data.error}). These three markets are examples.
        </p>
      )}
      {fallback && (
        <p
          role="status"
          className="rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900"
          data-testid="search-fallback"
        >
          {fallback}
        </p>
      )}
      {index ? (
        <p className="text-sm text-slate-700" data-testid="search-source">
          {INDEX_SEARCH_NOTE}
        </p>
      ) : (
        data.total > 0 && <ListControls view={data.view} trending={data.scope.category === null} />
      )}
      <div aria-busy={navigation.state === "loading"}>
        <MarketGrid
          events={data.events}
          matching={data.matching}
          capped={data.scope.results?.capped ?? false}
          moreHref={`?${more.toString()}`}
          wider={data.everywhere}
          totalBeforeFilter={index ? null : data.total}
          onRetry={refresh}
          retrying={refreshing}
          now={now}
        />
      </div>
    </div>
  );
}
