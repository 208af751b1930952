/**
 * The gap between a probability and a price, in whole percentage points: one rounding for the call's edge,
 * the forecast bars' verdicts and every "N points" the pages say of them (client-safe, pure).
 */
export function edgePoints(probability: number, price: number): number {
  // Six decimals absorb float noise (0.45 − 0.37 = 0.08000000000000002); halves round away from zero, so a
  // side's edge and its mirror's are the same size.
  const points = Math.round((probability - price) * 100 * 1e6) / 1e6;
  return Math.sign(points) * Math.round(Math.abs(points)) || 0;
}
