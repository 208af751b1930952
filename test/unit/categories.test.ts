import { describe, expect, it } from "vitest";
import { parseMarketsPayload } from "~/.server/polymarket/gamma-markets";
import { CATEGORIES, type Category, categoryBySlug, filterMarkets, matchesCategory } from "~/lib/categories";
import { matchesSearch } from "~/lib/search";
import { readFixture } from "../support/fixtures";

function category(slug: string): Category {
  const c = categoryBySlug(slug);
  if (!c) throw new Error(`no category ${slug}`);
  return c;
}
const is = (slug: string, title: string, tags: string[] = []) => matchesCategory(title, tags, category(slug));

describe("category keywords (whole words)", () => {
  it("has a keyword list for all 11 categories, Health, Climate and Gaming included", () => {
    expect(CATEGORIES.map((c) => c.slug)).toEqual([
      "politics",
      "sports",
      "crypto",
      "ai-tech",
      "markets",
      "culture",
      "business",
      "health",
      "climate",
      "gaming",
      "international",
    ]);
    for (const c of CATEGORIES) expect(c.keywords.length).toBeGreaterThan(15);
  });

  it("does not match 'ai' inside other words", () => {
    expect(is("ai-tech", "Will the Ukraine war end in 2026?")).toBe(false);
    expect(is("ai-tech", "What will Trump said at the rally?")).toBe(false);
    expect(is("ai-tech", "Taiwan chip exports")).toBe(true); // "chip", not "ai"
    expect(is("ai-tech", "Will Taiwan hold a referendum?")).toBe(false);
  });

  it("matches whole words, phrases and simple plurals", () => {
    expect(is("ai-tech", "Will AI pass the bar exam?")).toBe(true);
    expect(is("ai-tech", "AI-generated song tops the charts?")).toBe(true);
    expect(is("politics", "US presidential election 2028")).toBe(true);
    expect(is("politics", "Which party wins the elections?")).toBe(true);
    expect(is("sports", "Who will win the Super Bowl?")).toBe(true);
    expect(is("markets", "Fed decreases interest rates by 25 bps after December meeting?")).toBe(true);
    expect(is("markets", "Federalist papers reprint?")).toBe(false);
    expect(is("crypto", "Will Bitcoin reach $100k?")).toBe(true);
    expect(is("crypto", "ETH above $5,000 on Friday?")).toBe(true);
    expect(is("crypto", "Will Kenneth win?")).toBe(false);
  });

  it("matches Health, Climate and Gaming titles", () => {
    expect(is("health", "Measles cases exceed 2,000 in 2026?")).toBe(true);
    expect(is("health", "Who will win the 2026 World Cup?")).toBe(false);
    expect(is("climate", "Will 2026 be the hottest year on record?")).toBe(true);
    expect(is("climate", "Hurricane makes landfall in Florida by October?")).toBe(true);
    expect(is("gaming", "GTA VI released before 2027?")).toBe(true);
    expect(is("gaming", "Nintendo Switch 2 sells 20M units?")).toBe(true);
    expect(is("gaming", "Will the game 7 go to overtime?")).toBe(false);
  });

  it("uses the provider's tags too", () => {
    expect(is("sports", "Who wins on Sunday?", ["Soccer"])).toBe(true);
    expect(is("sports", "Who wins on Sunday?", ["Weather"])).toBe(false);
  });

  it("puts most recorded markets into at least one category", () => {
    const markets = parseMarketsPayload(readFixture("polymarket/gamma-markets-active-100.json"));
    const uncategorised = markets.filter((m) => !CATEGORIES.some((c) => matchesCategory(m.title, m.tags, c)));
    expect(uncategorised.length).toBeLessThan(20);
    expect(filterMarkets(markets, category("politics"), "").length).toBeGreaterThan(10);
  });
});

describe("search", () => {
  it("is a case-insensitive substring match on the title", () => {
    expect(matchesSearch("Will Trump deport less than 250,000?", "TRUMP dep")).toBe(true);
    expect(matchesSearch("Will Trump deport less than 250,000?", "biden")).toBe(false);
    expect(matchesSearch("anything", "   ")).toBe(true);
  });

  it("combines with the category filter", () => {
    const markets = [
      { title: "Will Trump win?", tags: [] },
      { title: "Will Bitcoin reach $100k?", tags: [] },
      { title: "Trump coin above $10?", tags: ["Crypto"] },
    ];
    expect(filterMarkets(markets, category("crypto"), "trump").map((m) => m.title)).toEqual([
      "Trump coin above $10?",
    ]);
    expect(filterMarkets(markets, undefined, "").length).toBe(3);
  });
});
