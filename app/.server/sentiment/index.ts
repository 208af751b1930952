/** Per-market analyses: model output where available and still current, labelled estimates otherwise. */

import { mixProvenance, type Provenance, SENTIMENT_ESTIMATE_METHOD } from "~/lib/provenance";
import type { Market, MarketAnalysis } from "~/lib/types";
import { estimateAnalysis } from "./estimate";
import type { BatchRun, LlmClient } from "./llm-client";

export interface AnalysisDeps {
  /** The model; without one (no API key) every analysis is an estimate and nothing is called. */
  llm: LlmClient | null;
  /** ISO time of this run (the provenance of fresh analyses). */
  at: string;
}

/** What one call of `getAnalyses` asked of the model: its batches, failures, and analyses received. */
export interface ModelRun extends BatchRun {
  analyses: number;
}

/** A model analysis is redone once the Yes price has moved this many points since it was made. */
export const REANALYSE_MOVE_POINTS = 1;

function isCurrent(previous: MarketAnalysis | undefined, market: Market): previous is MarketAnalysis {
  return (
    previous !== undefined &&
    previous.source !== "estimated" &&
    Math.abs(market.yesPrice - previous.analysedPrice) < REANALYSE_MOVE_POINTS
  );
}

/**
 * Analyses aligned by index with `markets`. A previous model analysis is reused while the Yes price
 * stays within 1 point of its analysedPrice; other markets go to the model (when a key is set) and
 * any the model does not return get `estimateAnalysis`. The provenance is live (the model's) when all
 * analyses are the model's, estimated when none are (or there are no markets), else partial.
 * `model` says what was asked of the model, null when it was not called. Never throws.
 */
export async function getAnalyses(
  markets: Market[],
  previous: Record<string, MarketAnalysis>,
  deps: AnalysisDeps,
): Promise<{ analyses: MarketAnalysis[]; provenance: Provenance; model: ModelRun | null }> {
  const fresh = new Map<string, MarketAnalysis>();
  let model: ModelRun | null = null;
  const { llm } = deps;
  if (llm) {
    const pending = new Map<string, Market>();
    for (const market of markets) {
      const prior = Object.hasOwn(previous, market.id) ? previous[market.id] : undefined;
      if (!isCurrent(prior, market) && !pending.has(market.id)) pending.set(market.id, market);
    }
    if (pending.size > 0) {
      try {
        const { analyses, run } = await llm.analyseMarkets([...pending.values()]);
        for (const analysis of analyses) fresh.set(analysis.marketId, analysis);
        model = { ...run, analyses: analyses.length };
      } catch {
        // analyseMarkets settles every batch; this only guards the "never throws" promise.
      }
    }
  }

  const analyses = markets.map((market) => {
    if (!llm) return estimateAnalysis(market);
    const prior = Object.hasOwn(previous, market.id) ? previous[market.id] : undefined;
    if (isCurrent(prior, market)) return prior;
    return fresh.get(market.id) ?? estimateAnalysis(market);
  });
  const fromModel = analyses.filter((a) => a.source !== "estimated").length;
  return {
    analyses,
    provenance: mixProvenance(
      fromModel,
      analyses.length,
      llm?.model ?? "",
      deps.at,
      SENTIMENT_ESTIMATE_METHOD,
    ),
    model,
  };
}
