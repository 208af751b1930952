import { describe, expect, it } from "vitest";
import { deriveKeyword, deriveKeywords } from "~/.server/mentions/keywords";

describe("deriveKeyword", () => {
  it.each([
    ["Will Bitcoin reach $100k by June?", "Bitcoin"],
    ["BTC above 90,000 on Friday?", "Bitcoin"],
    ["Bitcoin's dominance above 60%?", "Bitcoin"],
    ["Will Trump deport less than 250,000?", "Trump 2024"],
    ["Trump-backed candidate wins?", "Trump 2024"],
    ["Who wins the 2026 midterm election?", "Election 2024"],
    ["Will there be snap elections in Japan?", "Election 2024"],
    ["Will OpenAI release an AI model that beats humans?", "AI technology"],
    ["GPT-5 released in 2025?", "AI technology"],
    ["AI-generated song tops the charts?", "AI technology"],
  ])("maps %s to its topic", (title, keyword) => {
    expect(deriveKeyword(title)).toBe(keyword);
  });

  it("applies the rules in SPEC order (bitcoin before trump before election before ai)", () => {
    expect(deriveKeyword("Will Trump buy Bitcoin?")).toBe("Bitcoin");
    expect(deriveKeyword("Will Trump win the election?")).toBe("Trump 2024");
    expect(deriveKeyword("Will AI decide the election?")).toBe("Election 2024");
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
