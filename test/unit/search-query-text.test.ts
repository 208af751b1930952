/** The search text → FTS5 query rules (decision 0034): user text never reaches FTS5 as syntax. */
import { describe, expect, it } from "vitest";
import { ftsQuery, MAX_QUERY_CHARS, MAX_TERMS, searchTerms } from "~/.server/search/query-text";

describe("ftsQuery", () => {
  it.each([
    ["fed decemb", '"fed" "decemb"*'],
    ["Fed December ", '"Fed" "December"'],
    ["bitcoin", '"bitcoin"*'],
    ["  trump   2028  ", '"trump" "2028"'],
    ["Größe équinoxe", '"Größe" "équinoxe"*'],
    ["Will Trump's deportations exceed 250,000?", '"Will" "Trump" "s" "deportations" "exceed" "250" "000"'],
  ])("%j → %s", (text, expected) => {
    expect(ftsQuery(text)).toBe(expected);
  });

  it.each([
    ["FTS operators", "fed AND NOT rates OR cut", '"fed" "AND" "NOT" "rates" "OR" "cut"*'],
    ["NEAR", "NEAR(fed rates, 3)", '"NEAR" "fed" "rates" "3"'],
    ["column filters and boosts", "title:fed ^rates", '"title" "fed" "rates"*'],
    ["a bare star", "*", null],
    ["stars", "fe* *ed", '"fe" "ed"*'],
    ["an unbalanced quote", 'fed "december', '"fed" "december"*'],
    ["balanced quotes", '"fed december"', '"fed" "december"'],
    ["parentheses", "(fed OR ecb) AND (cut)", '"fed" "OR" "ecb" "AND" "cut"'],
    ["SQL", "'; DROP TABLE search_events; --", '"DROP" "TABLE" "search" "events"'],
    ["only punctuation", "!!! ??? ...", null],
    ["empty", "", null],
    ["blank", " \t\n ", null],
  ])("%s: %j → %s", (_name, text, expected) => {
    expect(ftsQuery(text)).toBe(expected);
  });

  it("drops control and format characters instead of splitting on them", () => {
    expect(ftsQuery("fe\u0000d de\u200bcember\u0007")).toBe('"fed" "december"*');
    expect(ftsQuery("fed\u202e")).toBe('"fed"*');
    expect(ftsQuery("\ud800fed")).toBe('"fed"*');
  });

  it("composes what NFKC composes: full-width letters, a decomposed accent", () => {
    expect(ftsQuery("ｆｅｄ")).toBe('"fed"*');
    expect(ftsQuery("de\u0301cembre")).toBe('"décembre"*');
  });

  it(`reads ${MAX_QUERY_CHARS} characters and ${MAX_TERMS} terms at most`, () => {
    const long = `${"a".repeat(MAX_QUERY_CHARS - 4)} fed december`;
    expect(ftsQuery(long)).toBe(`"${"a".repeat(MAX_QUERY_CHARS - 4)}" "fed"*`);
    const many = Array.from({ length: 12 }, (_, i) => `w${i}`).join(" ");
    const { terms, lastIsPrefix } = searchTerms(many);
    expect(terms).toEqual(["w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7"]);
    // The eighth term was followed by more: it is complete, not a prefix.
    expect(lastIsPrefix).toBe(false);
    expect(ftsQuery("😀".repeat(500))).toBeNull();
  });
});
