import type { ShouldRevalidateFunctionArgs } from "react-router";
import { requestContext } from "~/.server/context";
import { helpCenterPage } from "~/.server/pages/status";
import { HelpCenterPage } from "~/components/help/help-center-page";
import { useSupportEmail } from "~/components/help/support-email";
import { HELP_QUERY_PARAM } from "~/components/help/use-help-query";
import { FAQ_CATEGORIES } from "~/content/faq";
import { faqPageEntities } from "~/lib/help-search";
import { readSearch } from "~/lib/search";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/help-center";

/** Longest search text echoed into the title; a pasted essay must not become the tab title. */
const TITLE_QUERY_MAX = 60;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const query = readSearch(new URLSearchParams(location.search), HELP_QUERY_PARAM).trim();
  const shown = query.length > TITLE_QUERY_MAX ? `${query.slice(0, TITLE_QUERY_MAX)}…` : query;
  return pageMeta({
    title: shown ? `Search Results for "${shown}" in Help Center` : "Help Center",
    description:
      "Answers about OddsPulse: where the market, X and AI data come from, how often it updates, what 'estimated' and 'sample data' mean, and how to reach support.",
    origin: rootData(matches).origin,
    // The canonical page is the unfiltered help center, whatever the search.
    path: "/help-center",
    type: "FAQPage",
    structuredData: { mainEntity: faqPageEntities(FAQ_CATEGORIES) },
  });
};

/** Searching only changes ?q=: the FAQ filters in the browser, the status need not be re-read. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

/**
 * The sidebar's System Status is the status page's overall line: the crons' checks in D1 and the datasets'
 * states in KV, through the same readSystemStatus (never calls upstreams).
 */
export function loader({ context }: Route.LoaderArgs) {
  return helpCenterPage(context.get(requestContext));
}

export default function HelpCenter({ loaderData }: Route.ComponentProps) {
  return <HelpCenterPage supportEmail={useSupportEmail()} status={loaderData.status} />;
}
