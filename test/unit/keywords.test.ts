import { describe, expect, it } from "vitest";
import { deriveKeyword, deriveKeywords } from "~/.server/mentions/keywords";
import { readFixture } from "../support/fixtures";

describe("deriveKeyword", () => {
  it.each([
    ["Will Bitcoin reach $100k by June?", "Bitcoin"],
    ["BTC above 90,000 on Friday?", "Bitcoin"],
    ["Bitcoin's dominance above 60%?", "Bitcoin"],
    ["Will OpenAI release an AI model that beats humans?", "AI technology"],
    ["GPT-5 released in 2025?", "AI technology"],
    ["AI-generated song tops the charts?", "AI technology"],
  ])("maps %s to its topic", (title, keyword) => {
    expect(deriveKeyword(title)).toBe(keyword);
  });

  it("applies the rules in order: bitcoin, then an election the title names, then ai", () => {
    expect(deriveKeyword("Will Trump buy Bitcoin?")).toBe("Bitcoin");
    expect(deriveKeyword("Bitcoin above 100k on election day 2028?")).toBe("Bitcoin");
    expect(deriveKeyword("Will AI sway the 2028 presidential election?")).toBe("2028 presidential election");
  });

  it.each([
    ["Presidential Election Winner 2028", "2028 presidential election"],
    ["Who wins the 2026 midterm election?", "2026 midterm election"],
    ["Portugal Presidential Election 2026", "2026 Portugal presidential election"],
    ["Chile Presidential Election", "Chile presidential election"],
    ["New York City Mayoral Election", "New York City mayoral election"],
    ["Will there be snap elections in Japan?", "snap elections"],
    ["Will Syria hold national elections before July?", "national elections"],
    ["Who will win the US presidential election in 2028?", "2028 US presidential election"],
    // A deadline is not the election's year: only a year beside the election words is kept.
    ["Next UK general election called before 2027?", "UK general election"],
  ])("an election title keeps its own year and office words: %s", (title, keyword) => {
    expect(deriveKeyword(title)).toBe(keyword);
  });

  it("an election named by nothing but the word is not a topic: the title's own words are", () => {
    expect(deriveKeyword("Will Trump win the election?")).toBe("Will Trump win");
    expect(deriveKeyword("Will AI decide the election?")).toBe("AI technology");
    expect(deriveKeyword("Election called early?")).toBe("Election called early");
  });

  it("a Trump title is counted as its own words, never as a 2024 topic", () => {
    expect(deriveKeyword("Will Trump deport less than 250,000?")).toBe("Will Trump deport");
    expect(deriveKeyword("Trump-backed candidate wins?")).toBe("Trump-backed candidate wins");
    expect(deriveKeyword("How many people will Trump deport in 2025?")).toBe("How many people");
  });

  it("never counts a year the title does not name (recorded titles of open events)", () => {
    const recorded = [
      ...readFixture<{ title: string }[]>("polymarket/gamma-events-active-100.json"),
      ...readFixture<{ title: string }[]>("polymarket/gamma-events-updown-10.json"),
    ].map((e) => e.title);
    const years = (text: string) => text.match(/\b(?:19|20)\d\d\b/g) ?? [];
    for (const title of [...recorded, "Presidential Election Winner 2028", "Trump wins in 2028?"]) {
      for (const year of years(deriveKeyword(title))) expect(years(title), title).toContain(year);
    }
  });

  it("matches ai and gpt only as whole words", () => {
    expect(deriveKeyword("Russia x Ukraine ceasefire in 2025?")).toBe("Russia x Ukraine");
    expect(deriveKeyword("Will Powell said rates fall?")).toBe("Will Powell said");
    expect(deriveKeyword("China invades Taiwan this year?")).toBe("China invades Taiwan");
    expect(deriveKeyword("OpenAI valuation above $500B?")).toBe("OpenAI valuation above");
  });

  it("falls back to the first three words without edge punctuation", () => {
    expect(deriveKeyword("Fed cuts rates in March?")).toBe("Fed cuts rates");
    expect(deriveKeyword("Lakers win?")).toBe("Lakers win");
    expect(deriveKeyword('  "Oppenheimer"   wins Best Picture?')).toBe("Oppenheimer wins Best");
    expect(deriveKeyword("Will Apple (AAPL) close higher?")).toBe("Will Apple AAPL");
    expect(deriveKeyword("$150 oil by December?")).toBe("$150 oil by");
  });

  it("returns an empty keyword for a title without words", () => {
    expect(deriveKeyword("")).toBe("");
    expect(deriveKeyword(" ?! ")).toBe("");
  });
});

describe("deriveKeywords", () => {
  it("keeps index alignment and stops after 100 titles", () => {
    const titles = Array.from({ length: 120 }, (_, i) => `Market number ${i} resolves?`);
    titles[3] = "Bitcoin up?";
    const keywords = deriveKeywords(titles);
    expect(keywords).toHaveLength(100);
    expect(keywords[0]).toBe("Market number 0");
    expect(keywords[3]).toBe("Bitcoin");
    expect(keywords[99]).toBe("Market number 99");
  });

  it("returns nothing for no titles", () => {
    expect(deriveKeywords([])).toEqual([]);
  });
});
