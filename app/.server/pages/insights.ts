/** `/sentiment-analysis` and `/market-intelligence`: views of the cached market snapshot (streamed when cold). */
import { marketIntelligence } from "~/lib/insights/market-intelligence";
import { sentimentInsights } from "~/lib/insights/sentiment-analysis";
import type { MarketSnapshot } from "~/lib/types";
import type { RequestContext } from "../context";
import { marketSnapshot } from "../snapshots/markets";

export async function sentimentAnalysisPage({ deps }: RequestContext) {
  const view = (snapshot: MarketSnapshot) => sentimentInsights(snapshot, deps.now());
  return { insights: (await marketSnapshot.view(deps, view)).value };
}

export async function marketIntelligencePage({ deps }: RequestContext) {
  const view = (snapshot: MarketSnapshot) => marketIntelligence(snapshot, deps.now());
  return { intelligence: (await marketSnapshot.view(deps, view)).value };
}
