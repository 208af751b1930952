/** `/status` and the help center's status line: both read the one overall status (decision 0048). */
import type { PipelineView } from "~/components/status/pipeline-section";
import type { StatusView } from "~/components/status/status-page";
import type { OverallStatus } from "~/lib/overall-status";
import type { RequestContext } from "../context";
import { type DatasetHealth, readSystemStatus } from "../snapshots/status";
import { statusSourcesOf } from "../sources";

function failing(health: DatasetHealth): { since: string; error: string } | null {
  return health.failingSince ? { since: health.failingSince, error: health.error ?? "Unknown error" } : null;
}

/**
 * The measured part of the page (never calls upstreams): the last successful refresh per dataset, from
 * KV, each upstream's uptime and incidents, from the crons' checks in D1 (null: history unavailable), and
 * the overall status over both (the same computation as the help center and the health answers).
 */
export async function statusPage({ deps, config }: RequestContext): Promise<StatusView> {
  const { pipeline: status, checks, overall } = await readSystemStatus(statusSourcesOf(deps));
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

/** The help center's loader: the overall status it states beside the contact details. */
export async function helpCenterPage({ deps }: RequestContext): Promise<{ status: OverallStatus }> {
  return { status: (await readSystemStatus(statusSourcesOf(deps))).overall };
}
