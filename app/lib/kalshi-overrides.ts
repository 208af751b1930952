/**
 * Polymarket ↔ Kalshi pairs decided by a person, checked in (decision 0057): they win over the matcher's
 * score either way, and the D1 table `kalshi_pairs` wins over them (`mergeOverrides`). Add a pair with why it
 * was decided; a pair refused here is never shown, a pair confirmed here is shown whatever its score.
 */
import type { PairOverride } from "./kalshi-match";

export const KALSHI_OVERRIDES: readonly PairOverride[] = [
  {
    polymarketId: "515448",
    kalshiTicker: "KXFEDCHAIRNOM-29-KW",
    verdict: "refused",
    note: "Polymarket asks for Trump's announcement of Warsh by June 30, 2025; Kalshi for his next nominee at any time in his term",
  },
];

/** The checked-in overrides with the D1 table's over them (a pair decided in both: the table's verdict). */
export function mergeOverrides(
  checkedIn: readonly PairOverride[],
  table: readonly PairOverride[],
): PairOverride[] {
  const key = (o: PairOverride) => `${o.polymarketId} ${o.kalshiTicker}`;
  const merged = new Map(checkedIn.map((o) => [key(o), o]));
  for (const o of table) merged.set(key(o), o);
  return [...merged.values()];
}
