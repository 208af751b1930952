/** Mention topics derived from market titles (SPEC §5 "Mention topics derived from titles"). */

/** At most this many titles are turned into keywords (SPEC §5: first 100 markets). */
export const MAX_KEYWORDS = 100;

// Checked in order; the first match wins (SPEC §5 order). "bitcoin", "trump" and "election" are
// substring matches so "Bitcoin's", "Trump-backed" and "elections" still map to their topic.
// "btc", "ai" and "gpt" are whole words: "ai" is a substring of many words ("Ukraine", "said",
// "Taiwan") and "btc"/"gpt" are short enough to collide too. \b treats "-" and "'" as boundaries,
// so "AI-generated", "GPT-5" and "AI's" still match.
const TOPIC_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/bitcoin|\bbtc\b/i, "Bitcoin"],
  [/trump/i, "Trump 2024"],
  [/election/i, "Election 2024"],
  [/\b(?:ai|gpt)\b/i, "AI technology"],
];

// Leading/trailing punctuation ("?", quotes, commas, parentheses) is trimmed from each word;
// symbols such as "$" and "%" are kept because "$100k" means something.
const EDGE_PUNCTUATION = /^\p{P}+|\p{P}+$/gu;

/**
 * The X search topic for one market title: a fixed topic for bitcoin/btc, trump, election and
 * ai/gpt titles (in that order), otherwise the title's first three words without edge punctuation.
 * Returns "" for a title with no words.
 */
export function deriveKeyword(title: string): string {
  for (const [pattern, topic] of TOPIC_RULES) {
    if (pattern.test(title)) return topic;
  }
  return title
    .split(/\s+/)
    .map((word) => word.replace(EDGE_PUNCTUATION, ""))
    .filter((word) => word.length > 0)
    .slice(0, 3)
    .join(" ");
}

/** Keywords for the first 100 titles, aligned by index with them. */
export function deriveKeywords(titles: readonly string[]): string[] {
  return titles.slice(0, MAX_KEYWORDS).map(deriveKeyword);
}
