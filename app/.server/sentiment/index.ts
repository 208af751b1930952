/** Per-event forecasts: model output where available and still current, labelled estimates otherwise. */

import { eventOutcomes } from "~/lib/outcomes";
import { mixProvenance, type Provenance, SENTIMENT_ESTIMATE_METHOD } from "~/lib/provenance";
import type { EventAnalysis, MarketEvent } from "~/lib/types";
import { estimateAnalysis, watchedPrices } from "./estimate";
import type { BatchRun, ForecastContext, LlmClient } from "./llm-client";

export interface AnalysisDeps {
  /** The model; without one (no API key) every analysis is an estimate and nothing is called. */
  llm: LlmClient | null;
  /** ISO time of this run (the provenance of fresh analyses). */
  at: string;
  /** X mentions counted for each event (the model is told them). */
  mentions: ReadonlyMap<string, number>;
  /** Each event's fresh smart-money lean in words, by slug (the model is told them; the call records it). */
  smartMoney?: ReadonlyMap<string, string>;
}

/** What one call of `getAnalyses` asked of the model: its batches, failures, and analyses received. */
export interface ModelRun extends BatchRun {
  analyses: number;
}

/** A model forecast is redone once a leading outcome has moved this many points since it was made. */
export const REANALYSE_MOVE_POINTS = 1;

/**
 * A previous model analysis still holds while the event's leading outcomes are the ones it saw, each
 * within a point of the price it saw.
 */
function isCurrent(previous: EventAnalysis | undefined, event: MarketEvent): previous is EventAnalysis {
  if (previous === undefined || previous.source === "estimated") return false;
  const now = watchedPrices(eventOutcomes(event));
  const keys = Object.keys(now);
  if (keys.length !== Object.keys(previous.analysedPrices).length) return false;
  return keys.every((key) => {
    const seen = Object.hasOwn(previous.analysedPrices, key) ? previous.analysedPrices[key] : undefined;
    return seen !== undefined && Math.abs((now[key] ?? 0) - seen) * 100 < REANALYSE_MOVE_POINTS;
  });
}

/**
 * Analyses aligned by index with `events`. A previous model forecast is reused while it is current
 * (`isCurrent`); other events go to the model (when a key is set) and any the model does not return get
 * `estimateAnalysis`. The provenance is live (the model's) when all analyses are the model's, estimated
 * when none are (or there are no events), else partial. `model` says what was asked of the model, null
 * when it was not called. Never throws.
 */
export async function getAnalyses(
  events: MarketEvent[],
  previous: Record<string, EventAnalysis>,
  deps: AnalysisDeps,
): Promise<{ analyses: EventAnalysis[]; provenance: Provenance; model: ModelRun | null }> {
  const fresh = new Map<string, EventAnalysis>();
  let model: ModelRun | null = null;
  const { llm } = deps;
  const priorOf = (event: MarketEvent) =>
    Object.hasOwn(previous, event.id) ? previous[event.id] : undefined;
  if (llm) {
    const pending = new Map<string, MarketEvent>();
    for (const event of events) {
      if (!isCurrent(priorOf(event), event) && !pending.has(event.id)) pending.set(event.id, event);
    }
    if (pending.size > 0) {
      const context: ForecastContext = {
        today: deps.at.slice(0, 10),
        mentions: deps.mentions,
        ...(deps.smartMoney ? { smartMoney: deps.smartMoney } : {}),
      };
      try {
        const { analyses, run } = await llm.analyseEvents([...pending.values()], context);
        for (const analysis of analyses) {
          // What the model was given of smart money stays with its analysis (and the call made from it).
          const slug = pending.get(analysis.eventId)?.slug;
          const smartMoney = (slug && deps.smartMoney?.get(slug)) || null;
          fresh.set(analysis.eventId, { ...analysis, smartMoney });
        }
        model = { ...run, analyses: analyses.length };
      } catch {
        // analyseEvents settles every batch; this only guards the "never throws" promise.
      }
    }
  }

  const analyses = events.map((event) => {
    if (!llm) return estimateAnalysis(event);
    const prior = priorOf(event);
    if (isCurrent(prior, event)) return prior;
    return fresh.get(event.id) ?? estimateAnalysis(event);
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
