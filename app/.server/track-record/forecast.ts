/**
 * An event forecast as the model gave it, made into one probability per outcome. The model's
 * answer is untrusted text: labels may differ in case or spacing, name outcomes the event does not have,
 * repeat, or carry probabilities that are not probabilities. What is left must be scorable.
 */

export interface GivenProbability {
  outcome: string;
  probability: number;
}

const labelKey = (label: string): string => label.trim().toLowerCase();

/**
 * The forecast aligned with `outcomes`, or null when nothing usable was given.
 *
 * - Labels match case-insensitively after trimming. Entries naming no outcome, or whose probability is
 *   not a finite number in [0, 1], are dropped; of the usable entries for one outcome the first wins.
 * - Multi-outcome event (`multi: true`, the outcomes mutually exclusive): the probabilities are scaled to
 *   sum to 1 and outcomes the model left out get 0. When the usable ones sum to 0 (or there are none) no
 *   scaling can make a forecast of them: null.
 * - One-market event (`multi: false`, exactly two outcomes, e.g. Yes/No): the forecast is p for the first
 *   outcome and 1 − p for the second. p is the first outcome's probability when given, else 1 − the
 *   second's; any other number of outcomes is null.
 */
export function normaliseForecast(
  outcomes: readonly string[],
  given: readonly GivenProbability[],
  { multi }: { multi: boolean },
): number[] | null {
  const index = new Map<string, number>();
  outcomes.forEach((label, i) => {
    const key = labelKey(label);
    // Two outcomes with the same label could not be told apart in an answer: the first keeps the name.
    if (!index.has(key)) index.set(key, i);
  });

  const found: (number | undefined)[] = outcomes.map(() => undefined);
  for (const entry of given) {
    const i = index.get(labelKey(entry.outcome));
    const p = entry.probability;
    if (i === undefined || !Number.isFinite(p) || p < 0 || p > 1) continue;
    if (found[i] === undefined) found[i] = p;
  }

  if (!multi) {
    if (outcomes.length !== 2) return null;
    const [first, second] = found;
    const p = first ?? (second === undefined ? undefined : 1 - second);
    return p === undefined ? null : [p, 1 - p];
  }

  const sum = found.reduce<number>((total, p) => total + (p ?? 0), 0);
  if (!(sum > 0)) return null;
  return found.map((p) => (p ?? 0) / sum);
}
