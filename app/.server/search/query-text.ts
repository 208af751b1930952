/**
 * A visitor's search text as an FTS5 query (pure). The text never reaches FTS5 as syntax: it is cut to
 * 200 characters, control and format characters are dropped, and it is split into terms on anything that is
 * not a letter, digit or mark (Unicode-aware). Each term becomes an FTS5 string (`"term"`, an inner `"`
 * doubled), so `AND`, `OR`, `NOT`, `NEAR`, `*`, `^`, `:`, parentheses and unbalanced quotes are plain text
 * or separators; the terms are ANDed; the last one is a prefix (`"decemb"*`) while it is still being typed.
 */

/** Characters of a query read at most (the rest is ignored). */
export const MAX_QUERY_CHARS = 200;
/** Terms used at most: more only narrow an AND further, and each costs the full-text query a doclist. */
export const MAX_TERMS = 8;

/** Control (Cc), format (Cf: zero-width and direction marks) and lone surrogate (Cs) characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu;
const TERM = /[\p{L}\p{N}\p{M}]+/gu;
const ENDS_IN_TERM = /[\p{L}\p{N}\p{M}]$/u;

export interface SearchTerms {
  terms: string[];
  /** The last term is being typed (the text ends inside it): it matches as a prefix. */
  lastIsPrefix: boolean;
}

/**
 * The terms of `text`, at most MAX_TERMS. The last term is a prefix unless the text ends in a separator
 * ("fed " is the complete word "fed") or more terms followed it.
 */
export function searchTerms(text: string): SearchTerms {
  const cut = Array.from(text).slice(0, MAX_QUERY_CHARS).join("");
  const clean = cut.normalize("NFKC").replace(INVISIBLE, "");
  const all = clean.match(TERM) ?? [];
  const terms = all.slice(0, MAX_TERMS);
  return {
    terms,
    lastIsPrefix: terms.length > 0 && all.length === terms.length && ENDS_IN_TERM.test(clean),
  };
}

/** One term as an FTS5 string: quoted, an inner quote doubled (terms hold none; kept as a guard). */
function ftsString(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/**
 * The FTS5 MATCH expression for `text`, or null when it holds no term (an empty or blank search, or only
 * punctuation: the caller lists events by volume instead).
 */
export function ftsQuery(text: string): string | null {
  const { terms, lastIsPrefix } = searchTerms(text);
  if (terms.length === 0) return null;
  return terms
    .map((term, i) => (i === terms.length - 1 && lastIsPrefix ? `${ftsString(term)}*` : ftsString(term)))
    .join(" ");
}
