/**
 * Upstream text made fit to store and show (decision 0024). Every upstream client cleans the text it
 * returns once, where it parses its response, so D1, pages, the CSV and the feeds only ever hold clean
 * text and none of them needs a filter of its own.
 */

/**
 * What is removed: C0 controls but tab, line feed and carriage return (U+0000–U+0008, U+000B, U+000C,
 * U+000E–U+001F), DEL and the C1 controls (U+007F–U+009F), the noncharacters U+FFFE and U+FFFF, and
 * surrogates that are not half of a pair. None of them is anything a reader can see, and each breaks
 * something downstream: a NUL ends a C string and makes XML invalid, U+0085 is a line break to some
 * parsers and not to others, a lone surrogate cannot be encoded as UTF-8.
 *
 * Without the `u` flag the pattern reads UTF-16 code units, which is what finding an unpaired half needs.
 */
const UNSEEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without control characters (tab and newlines kept), U+FFFE/U+FFFF and lone surrogates. */
export function cleanText(text: string): string {
  return text.replace(UNSEEN, "");
}
