/**
 * The record's headline figures (decision 0033) over the calls recorded under the current
 * rules only: the edge of the model's forecasts over the market's prices at the call (Brier skill, the mean
 * Brier edge with its interval, log scores), the hit rate beside the one the entry prices implied, and how
 * many scored calls it takes to detect a 2-point Brier edge. Pure; calls under earlier rules are counted,
 * never mixed in.
 */
import { entryPrice, type RecordHeadline, type ScoredCall } from "~/lib/track-record";
import { CALL_RULES_VERSION } from "./call-rules";
import { callsToDetectEdge, hitRates, sampleSd, skillSummary } from "./scoring";

/** The Brier edge the headline says how many calls it takes to detect: 2 points (0.02 on the 0..2 scale). */
export const EDGE_TO_DETECT = 0.02;

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

/** The calls the headline is of: those recorded under the current rules. */
export const isCurrentRule = (call: Pick<ScoredCall, "ruleVersion">): boolean =>
  call.ruleVersion === CALL_RULES_VERSION;

export function headlineOf(calls: readonly ScoredCall[]): RecordHeadline {
  const current = calls.filter(isCurrentRule);
  const scored = current.flatMap((c) => (c.score?.state === "scored" ? [c.score] : []));
  const skill = skillSummary(scored);
  const sd = sampleSd(scored.map((s) => s.marketBrier - s.brier));
  const buys = current.flatMap((c) => {
    const price = entryPrice(c);
    if (price === null || (c.outcome !== "yes" && c.outcome !== "no")) return [];
    return [{ won: (c.side === "buy_yes") === (c.outcome === "yes"), entryPrice: price }];
  });
  const hits = hitRates(buys);
  return {
    ruleVersion: CALL_RULES_VERSION,
    calls: current.length,
    scored: scored.length,
    waiting: current.filter((c) => c.score?.state === "waiting").length,
    meanBrier: skill.meanBrier,
    meanMarketBrier: skill.meanMarketBrier,
    meanLogScore: mean(scored.map((s) => s.logScore)),
    meanMarketLogScore: mean(scored.map((s) => s.marketLogScore)),
    brierSkill: skill.brierSkill,
    edge: skill.edge,
    edgeLow: skill.edgeInterval?.low ?? null,
    edgeHigh: skill.edgeInterval?.high ?? null,
    resolved: hits.n,
    hitRate: hits.hitRate,
    hitRateLow: hits.hitInterval?.low ?? null,
    hitRateHigh: hits.hitInterval?.high ?? null,
    impliedHitRate: hits.impliedHitRate,
    edgeToDetect: EDGE_TO_DETECT,
    // The spread of the per-call differences so far stands in for the true one; none below two calls, or
    // when every difference is the same (no spread to size a test by).
    neededToDetect: sd !== null && sd > 0 ? callsToDetectEdge({ edge: EDGE_TO_DETECT, sd }) : null,
    earlierRules: calls.length - current.length,
  };
}
