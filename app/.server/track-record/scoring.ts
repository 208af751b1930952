/**
 * Scoring of event forecasts: one probability per outcome, one winning outcome. Pure
 * functions, so anyone can recompute every figure from the export. The market's prices at the call are
 * the baseline a forecast has to beat.
 *
 * Conventions:
 * - A forecast is an array of probabilities aligned with the event's outcomes (see `normaliseForecast`);
 *   `winner` is the index of the outcome that won.
 * - Brier is the multi-outcome (original, Brier 1950) score Σ_i (p_i − o_i)², o_i = 1 for the winner and 0
 *   otherwise: 0 is perfect, 2 is certain and wrong. A two-outcome event scores twice the one-number
 *   binary Brier (p − o)² that `summarise` reports for version-1 calls, so the two must not be mixed.
 * - Log score is −ln p_winner in nats: 0 is perfect, lower is better.
 * - Lower is better for both; an "edge" is the market's score minus the model's (positive: the model did
 *   better).
 */
import { wilsonInterval, Z95 } from "./metrics";

/** The least probability the log score uses: a certain wrong forecast scores −ln 1e-6 ≈ 13.8 instead of ∞. */
export const LOG_SCORE_FLOOR = 1e-6;

function checkWinner(p: readonly number[], winner: number): void {
  if (!Number.isInteger(winner) || winner < 0 || winner >= p.length) {
    throw new RangeError(`winner ${winner} is not an outcome index of a ${p.length}-outcome forecast`);
  }
}

/** Multi-outcome Brier score Σ_i (p_i − o_i)², 0..2 (lower is better). Throws on a winner out of range. */
export function brierScore(p: readonly number[], winner: number): number {
  checkWinner(p, winner);
  return p.reduce((sum, pi, i) => sum + (pi - (i === winner ? 1 : 0)) ** 2, 0);
}

/**
 * Log score −ln p_winner (nats, lower is better), with p_winner clamped to [LOG_SCORE_FLOOR, 1] so a
 * certain wrong forecast costs a finite 13.8 and one record cannot make a mean infinite. Throws on a winner
 * out of range.
 */
export function logScore(p: readonly number[], winner: number): number {
  checkWinner(p, winner);
  const pw = Math.min(1, Math.max(LOG_SCORE_FLOOR, p[winner] ?? 0));
  // −ln 1 is −0; report a perfect forecast as 0.
  return pw === 1 ? 0 : -Math.log(pw);
}

/**
 * Prices scaled to sum to 1. An event's outcome prices usually sum to a little more or less than 1 (spread,
 * stale quotes); as a forecast they must be a distribution. Left as they are within 1e-9 of summing to 1.
 */
export function normalisePrices(prices: readonly number[]): number[] {
  const sum = prices.reduce((total, p) => total + p, 0);
  if (!prices.every((p) => Number.isFinite(p) && p >= 0) || !(sum > 0)) {
    throw new RangeError("market prices must be finite, non-negative and not all 0");
  }
  return Math.abs(sum - 1) <= 1e-9 ? [...prices] : prices.map((p) => p / sum);
}

export interface CallScores {
  brier: number;
  logScore: number;
  /** The same scores for the market's prices at the call, as a forecast. */
  marketBrier: number;
  marketLogScore: number;
}

/**
 * The model's and the market's scores for one resolved call. `marketPrices` are the outcomes' prices at the
 * call, scaled to sum to 1 if they don't. Throws when the two arrays differ in length, the prices cannot
 * be scaled (negative, all 0) or the winner is out of range.
 */
export function scoreCall({
  forecast,
  marketPrices,
  winner,
}: {
  forecast: readonly number[];
  marketPrices: readonly number[];
  winner: number;
}): CallScores {
  if (forecast.length !== marketPrices.length) {
    throw new RangeError(`forecast has ${forecast.length} outcomes, market prices ${marketPrices.length}`);
  }
  const market = normalisePrices(marketPrices);
  return {
    brier: brierScore(forecast, winner),
    logScore: logScore(forecast, winner),
    marketBrier: brierScore(market, winner),
    marketLogScore: logScore(market, winner),
  };
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Sample standard deviation (n − 1 denominator); null for fewer than two values. */
export function sampleSd(values: readonly number[]): number | null {
  const m = mean(values);
  if (m === null || values.length < 2) return null;
  const squares = values.reduce((sum, v) => sum + (v - m) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

export interface SkillSummary {
  n: number;
  meanBrier: number | null;
  meanMarketBrier: number | null;
  /** 1 − meanBrier / meanMarketBrier; null for no calls or a market mean of 0 (nothing to improve on). */
  brierSkill: number | null;
  /** meanMarketBrier − meanBrier: positive when the model beat the market. */
  edge: number | null;
  /**
   * 95% normal interval of the mean per-call difference (marketBrier − brier): edge ± 1.96 · sd / √n with
   * the sample sd. Null below two calls. Treats calls as independent, which calls on related events are not.
   */
  edgeInterval: { low: number; high: number } | null;
}

/** The model's Brier against the market's over resolved calls. */
export function skillSummary(calls: readonly { brier: number; marketBrier: number }[]): SkillSummary {
  const n = calls.length;
  const meanBrier = mean(calls.map((c) => c.brier));
  const meanMarketBrier = mean(calls.map((c) => c.marketBrier));
  const differences = calls.map((c) => c.marketBrier - c.brier);
  const edge = mean(differences);
  const sd = sampleSd(differences);
  const half = sd === null ? null : (Z95 * sd) / Math.sqrt(n);
  return {
    n,
    meanBrier,
    meanMarketBrier,
    brierSkill:
      meanBrier !== null && meanMarketBrier !== null && meanMarketBrier > 0
        ? 1 - meanBrier / meanMarketBrier
        : null,
    edge,
    edgeInterval: edge === null || half === null ? null : { low: edge - half, high: edge + half },
  };
}

export interface HitRates {
  n: number;
  hitRate: number | null;
  /** Mean entry price: the hit rate the prices paid implied. A caller with no edge hits about this often. */
  impliedHitRate: number | null;
  /** Wilson 95% interval of the hit rate. */
  hitInterval: { low: number; high: number } | null;
}

/** How often resolved buy calls won, against how often their entry prices said they would. */
export function hitRates(calls: readonly { won: boolean; entryPrice: number }[]): HitRates {
  const hits = calls.filter((c) => c.won).length;
  return {
    n: calls.length,
    hitRate: calls.length > 0 ? hits / calls.length : null,
    impliedHitRate: mean(calls.map((c) => c.entryPrice)),
    hitInterval: wilsonInterval(hits, calls.length),
  };
}

// Wichura, AS 241 (Applied Statistics 37, 1988), PPND16: rational approximations in three regions of p,
// coefficients lowest power first (as doubles; the published ones carry more digits than a double holds).
const CENTRAL_NUM = [
  3.3871328727963665, 133.14166789178438, 1971.5909503065513, 13731.69376550946, 45921.95393154987,
  67265.7709270087, 33430.57558358813, 2509.0809287301227,
];
const CENTRAL_DEN = [
  1, 42.31333070160091, 687.1870074920579, 5394.196021424751, 21213.794301586597, 39307.89580009271,
  28729.085735721943, 5226.495278852546,
];
const NEAR_NUM = [
  1.4234371107496835, 4.630337846156546, 5.769497221460691, 3.6478483247632045, 1.2704582524523684,
  0.2417807251774506, 0.022723844989269184, 0.0007745450142783414,
];
const NEAR_DEN = [
  1, 2.053191626637759, 1.6763848301838038, 0.6897673349851, 0.14810397642748008, 0.015198666563616457,
  0.0005475938084995345, 1.0507500716444169e-9,
];
const FAR_NUM = [
  6.657904643501103, 5.463784911164114, 1.7848265399172913, 0.29656057182850487, 0.026532189526576124,
  0.0012426609473880784, 0.000027115555687434876, 2.0103343992922881e-7,
];
const FAR_DEN = [
  1, 0.599832206555888, 0.1369298809227358, 0.014875361290850615, 0.0007868691311456133,
  0.000018463183175100548, 1.421511758316446e-7, 2.0442631033899397e-15,
];

/** Σ c_i x^i by Horner's rule. */
const polynomial = (coefficients: readonly number[], x: number): number =>
  coefficients.reduceRight((sum, c) => sum * x + c, 0);

/**
 * The standard normal quantile Φ⁻¹(p) for 0 < p < 1: Wichura's algorithm AS 241 (PPND16, about 16 digits),
 * as R's qnorm uses. Throws outside (0, 1).
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normal quantile of ${p}: p must be in (0, 1)`);
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * polynomial(CENTRAL_NUM, r)) / polynomial(CENTRAL_DEN, r);
  }
  // The tails, by symmetry from the smaller of p and 1 − p.
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const value =
    r <= 5
      ? polynomial(NEAR_NUM, r - 1.6) / polynomial(NEAR_DEN, r - 1.6)
      : polynomial(FAR_NUM, r - 5) / polynomial(FAR_DEN, r - 5);
  return q < 0 ? -value : value;
}

/**
 * How many resolved calls a two-sided z-test at level `alpha` needs to detect, with probability `power`, a
 * mean Brier edge (market Brier − model Brier per call) of `edge`, when the per-call difference has standard
 * deviation `sd`: n = ((z_{1−α/2} + z_{power}) · sd / edge)², rounded up.
 *
 * Assumptions: calls are independent (calls on related events, or repeated calls on one event, are not,
 * and need more); n is large enough for the mean difference to be normal, with `sd` known (in practice an
 * estimate from `sampleSd` of past differences); the chance of an edge in the wrong direction is ignored.
 * Throws unless edge > 0, sd > 0 and alpha, power are in (0, 1).
 */
export function callsToDetectEdge({
  edge = 0.02,
  sd,
  power = 0.8,
  alpha = 0.05,
}: {
  edge?: number;
  sd: number;
  power?: number;
  alpha?: number;
}): number {
  if (!(edge > 0 && Number.isFinite(edge))) throw new RangeError(`edge must be positive, got ${edge}`);
  if (!(sd > 0 && Number.isFinite(sd))) throw new RangeError(`sd must be positive, got ${sd}`);
  if (!(power > 0 && power < 1)) throw new RangeError(`power must be in (0, 1), got ${power}`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  const n = (((normalQuantile(1 - alpha / 2) + normalQuantile(power)) * sd) / edge) ** 2;
  // A product that should be a whole number can land a hair above it in floating point; don't round that up.
  return Math.max(1, Math.ceil(n - 1e-9));
}
