import { requestContext } from "~/.server/context";
import { type DatasetHealth, readSystemStatus } from "~/.server/snapshots/status";
import type { PipelineView } from "~/components/status/pipeline-section";
import { StatusPage, type StatusView } from "~/components/status/status-page";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/status";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "System Status",
    description:
      "OddsPulse system status: when markets, whale trades, X mentions and AI sentiment were last refreshed, each upstream's uptime and incidents, plus sample maintenance and performance information.",
    origin: rootData(matches).origin,
    path: "/status",
  });

function failing(health: DatasetHealth): { since: string; error: string } | null {
  return health.failingSince ? { since: health.failingSince, error: health.error ?? "Unknown error" } : null;
}

/**
 * The measured part of the page (never calls upstreams): the last successful refresh per dataset, from
 * KV, each upstream's uptime and incidents, from the crons' checks in D1 (null: history unavailable), and
 * the overall status over both (the same computation as the help center and the health answers).
 */
export async function loader({ context }: Route.LoaderArgs): Promise<StatusView> {
  const { deps, config } = context.get(requestContext);
  const { pipeline: status, checks, overall } = await readSystemStatus(deps);
  const pipeline: PipelineView = {
    datasets: {
      markets: {
        at: status.markets.fetchedAt,
        state: status.markets.state,
        provenance: status.markets.provenance,
        route: status.markets.route,
        failing: failing(status.markets),
      },
      whales: {
        at: status.whales.fetchedAt,
        state: status.whales.state,
        provenance: status.whales.provenance,
        failing: failing(status.whales),
      },
      mentions: { at: status.mentions.liveAt, provenance: status.mentions.provenance },
      sentiment: {
        at: status.sentiment.modelAt,
        provenance: status.sentiment.provenance,
        disagreements: { count: status.sentiment.disagreements, of: status.sentiment.analyses },
      },
    },
    checkedAt: deps.now(),
    freshSeconds: { markets: config.marketsFreshSeconds, whales: config.whalesFreshSeconds },
  };
  const model = {
    askedAt: status.sentiment.askedAt,
    refreshedAt: status.markets.fetchedAt,
    analyses: status.sentiment.analyses,
  };
  return { pipeline, history: checks, overall, model };
}

export default function Status({ loaderData }: Route.ComponentProps) {
  return <StatusPage view={loaderData} />;
}
