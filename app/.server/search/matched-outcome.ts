/**
 * The outcome a search names (decision 0050): "luna" finds an election through its candidate Luna, so a
 * suggestion must show Luna and Luna's price, not the leader's. Matched as the index matches (query-text.ts:
 * the same terms, case and diacritics folded, the last term a prefix while it is being typed), against each
 * outcome's label. Pure.
 */
import { searchTerms } from "./query-text";

const TOKEN = /[\p{L}\p{N}]+/gu;

/** Lower case without diacritics, as the index's tokenizer (unicode61, remove_diacritics 2) reads text. */
function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** How many of the terms the label holds (a term is a whole word of it, or the start of one when `prefix`). */
function termsIn(label: string, terms: readonly string[], lastIsPrefix: boolean): number {
  const words = fold(label).match(TOKEN) ?? [];
  return terms.filter((term, i) => {
    const prefix = lastIsPrefix && i === terms.length - 1;
    return words.some((word) => (prefix ? word.startsWith(term) : word === term));
  }).length;
}

/**
 * The outcome whose label holds the most of the search's terms (at least one); among equals, the first in
 * the order given (callers pass them dearest first). Null when no label holds any: the title or the tags
 * matched, and the leading outcome speaks for the event.
 */
export function matchedOutcome<T extends { label: string }>(text: string, outcomes: readonly T[]): T | null {
  const { terms, lastIsPrefix } = searchTerms(text);
  const folded = terms.map(fold).filter((t) => t !== "");
  if (folded.length === 0) return null;
  let best: T | null = null;
  let bestCount = 0;
  for (const outcome of outcomes) {
    const count = termsIn(outcome.label, folded, lastIsPrefix);
    if (count > bestCount) {
      best = outcome;
      bestCount = count;
    }
  }
  return best;
}
