import { requestContext } from "~/.server/context";
import { type DatasetHealth, readPipelineStatus } from "~/.server/snapshots/status";
import type { PipelineView } from "~/components/status/pipeline-section";
import { StatusPage } from "~/components/status/status-page";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/status";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "System Status",
    description:
      "OddsPulse system status: when markets, whale trades, X mentions and AI sentiment were last refreshed, plus sample service, incident and maintenance information.",
    origin: rootData(matches).origin,
    path: "/status",
  });

function failing(health: DatasetHealth): { since: string; error: string } | null {
  return health.failingSince ? { since: health.failingSince, error: health.error ?? "Unknown error" } : null;
}

/** The real part of the page: last successful refresh per dataset, read from KV (never calls upstreams). */
export async function loader({ context }: Route.LoaderArgs): Promise<PipelineView> {
  const { deps, config } = context.get(requestContext);
  const status = await readPipelineStatus(deps);
  return {
    datasets: {
      markets: {
        at: status.markets.fetchedAt,
        provenance: status.markets.provenance,
        route: status.markets.route,
        failing: failing(status.markets),
      },
      whales: {
        at: status.whales.fetchedAt,
        provenance: status.whales.provenance,
        failing: failing(status.whales),
      },
      mentions: { at: status.mentions.liveAt, provenance: status.mentions.provenance },
      sentiment: { at: status.sentiment.modelAt, provenance: status.sentiment.provenance },
    },
    checkedAt: deps.now(),
    freshSeconds: { markets: config.marketsFreshSeconds, whales: config.whalesFreshSeconds },
  };
}

export default function Status({ loaderData }: Route.ComponentProps) {
  return <StatusPage pipeline={loaderData} />;
}
