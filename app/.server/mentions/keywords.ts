/** Mention topics derived from market titles (SPEC §5 "Mention topics derived from titles", decision 0049). */

/** At most this many titles are turned into keywords (SPEC §5: first 100 markets). */
export const MAX_KEYWORDS = 100;

// Timeless topics, checked first. "bitcoin" is a substring match so "Bitcoin's" still maps to it; "btc",
// "ai" and "gpt" are whole words: "ai" is a substring of many words ("Ukraine", "said", "Taiwan") and
// "btc"/"gpt" are short enough to collide too. \b treats "-" and "'" as boundaries, so "AI-generated",
// "GPT-5" and "AI's" still match. No topic carries a year: a year comes only from the title.
const BITCOIN = /bitcoin|\bbtc\b/i;
const AI = /\b(?:ai|gpt)\b/i;

// Leading/trailing punctuation ("?", quotes, commas, parentheses) is trimmed from each word;
// symbols such as "$" and "%" are kept because "$100k" means something.
const EDGE_PUNCTUATION = /^\p{P}+|\p{P}+$/gu;

const ELECTION = /^elections?$/i;
const YEAR = /^(?:19|20)\d\d$/;
/** Words that say which election: kept, lower-cased, in front of "election". */
const ELECTION_KINDS = new Set([
  "presidential",
  "parliamentary",
  "general",
  "midterm",
  "mayoral",
  "gubernatorial",
  "senate",
  "congressional",
  "legislative",
  "federal",
  "national",
  "local",
  "municipal",
  "regional",
  "state",
  "snap",
  "special",
  "primary",
  "runoff",
  "leadership",
]);
/** Capitalised words that start a question rather than name a place ("Will", "Who", "The", "Next"). */
const QUESTION_WORDS = "will who what which when where why how is are was does do did can could would should";
const NOT_A_PLACE = new Set(`${QUESTION_WORDS} has have the a an next`.split(" "));
/** Most words kept in front of "election" (years, kinds, places: "New York City mayoral"). */
const MAX_ELECTION_WORDS = 4;

function titleWords(title: string): string[] {
  return title
    .split(/\s+/)
    .map((word) => word.replace(EDGE_PUNCTUATION, ""))
    .filter((word) => word.length > 0);
}

/** A word of an election's name: a year, a kind of election, or a capitalised name ("Chile", "UK"). */
function electionWord(word: string): string | null {
  const lower = word.toLowerCase();
  if (YEAR.test(word)) return word;
  if (ELECTION_KINDS.has(lower)) return lower;
  return /^\p{Lu}/u.test(word) && !NOT_A_PLACE.has(lower) ? word : null;
}

/**
 * The election a title names, as the title says it: the words right before "election(s)" that are a
 * year, a kind of election or a capitalised name (at most four), with a year among the two words after
 * it put first ("Presidential Election Winner 2028" → "2028 presidential election"). Null when the title
 * has no "election" or names nothing but the word: a bare "election" is no topic of its own.
 */
function electionTopic(words: readonly string[]): string | null {
  const at = words.findIndex((w) => ELECTION.test(w));
  if (at < 0) return null;
  const named: string[] = [];
  for (let i = at - 1; i >= 0 && named.length < MAX_ELECTION_WORDS; i--) {
    const word = electionWord(words[i] ?? "");
    if (word === null) break;
    named.unshift(word);
  }
  const after = words.slice(at + 1, at + 3).find((w) => YEAR.test(w));
  if (after !== undefined && !named.some((w) => YEAR.test(w))) named.unshift(after);
  if (named.length === 0) return null;
  return [...named, (words[at] ?? "").toLowerCase()].join(" ");
}

/**
 * The X search topic for one market title, by the first rule that applies:
 * 1. "Bitcoin" for a bitcoin/btc title;
 * 2. the election the title names, with its own year, kind and place ("2028 presidential election");
 * 3. "AI technology" for an ai/gpt title;
 * 4. the title's first three words without edge punctuation.
 * Returns "" for a title with no words.
 */
export function deriveKeyword(title: string): string {
  if (BITCOIN.test(title)) return "Bitcoin";
  const words = titleWords(title);
  const election = electionTopic(words);
  if (election !== null) return election;
  if (AI.test(title)) return "AI technology";
  return words.slice(0, 3).join(" ");
}

/** Keywords for the first 100 titles, aligned by index with them. */
export function deriveKeywords(titles: readonly string[]): string[] {
  return titles.slice(0, MAX_KEYWORDS).map(deriveKeyword);
}
