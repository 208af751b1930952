import { describe, expect, it } from "vitest";
import { FAQ_CATEGORIES } from "~/content/faq";
import {
  countFaqs,
  type FaqCategory,
  faqMatches,
  faqPageEntities,
  filterFaqs,
  normaliseHelpQuery,
} from "~/lib/help-search";

const CATEGORIES: readonly FaqCategory[] = [
  {
    id: "a",
    title: "Getting Started",
    items: [
      { id: "a1", question: "What is OddsPulse?", answer: "A dashboard of Polymarket markets." },
      { id: "a2", question: "Do I need an account?", answer: "No. Everything is public." },
    ],
  },
  {
    id: "b",
    title: "Features & Tools",
    items: [
      { id: "b1", question: "How often is data updated?", answer: "Markets every 10 minutes (cron)." },
      { id: "b2", question: "What does 'estimated' mean?", answer: "A deterministic substitute, labelled." },
    ],
  },
  {
    id: "c",
    title: "Account & Billing",
    items: [{ id: "c1", question: "What does it cost?", answer: "Nothing: $0, no billing." }],
  },
];

function ids(categories: readonly FaqCategory[]): string[] {
  return categories.flatMap((c) => c.items.map((i) => i.id));
}

describe("filterFaqs (SPEC §5 help search)", () => {
  it("returns every category and FAQ for an empty or blank query", () => {
    expect(filterFaqs(CATEGORIES, "")).toEqual(CATEGORIES);
    expect(filterFaqs(CATEGORIES, "   \t")).toEqual(CATEGORIES);
  });

  it("matches the question, case-insensitively", () => {
    expect(ids(filterFaqs(CATEGORIES, "oddspulse"))).toEqual(["a1"]);
    expect(ids(filterFaqs(CATEGORIES, "ODDSPULSE"))).toEqual(["a1"]);
    expect(ids(filterFaqs(CATEGORIES, "AcCoUnT"))).toEqual(["a2"]);
  });

  it("matches the answer, case-insensitively", () => {
    expect(ids(filterFaqs(CATEGORIES, "polymarket"))).toEqual(["a1"]);
    expect(ids(filterFaqs(CATEGORIES, "DETERMINISTIC"))).toEqual(["b2"]);
  });

  it("matches a substring anywhere, including inside words", () => {
    expect(ids(filterFaqs(CATEGORIES, "minut"))).toEqual(["b1"]);
    expect(ids(filterFaqs(CATEGORIES, "ublic"))).toEqual(["a2"]);
  });

  it("keeps the original order of categories and FAQs across several matches", () => {
    expect(ids(filterFaqs(CATEGORIES, "what"))).toEqual(["a1", "b2", "c1"]);
  });

  it("hides categories with no match and keeps only matching FAQs in the others", () => {
    const result = filterFaqs(CATEGORIES, "updated");
    expect(result.map((c) => c.title)).toEqual(["Features & Tools"]);
    expect(result[0]?.items.map((i) => i.id)).toEqual(["b1"]);
  });

  it("returns no categories when nothing matches", () => {
    expect(filterFaqs(CATEGORIES, "zzz-no-such-thing")).toEqual([]);
  });

  it("trims surrounding whitespace but keeps inner spaces significant", () => {
    expect(ids(filterFaqs(CATEGORIES, "  cron  "))).toEqual(["b1"]);
    expect(ids(filterFaqs(CATEGORIES, "10 minutes"))).toEqual(["b1"]);
    expect(ids(filterFaqs(CATEGORIES, "10  minutes"))).toEqual([]);
  });

  it("treats regular-expression characters literally", () => {
    expect(ids(filterFaqs(CATEGORIES, "(cron)"))).toEqual(["b1"]);
    expect(ids(filterFaqs(CATEGORIES, "$0"))).toEqual(["c1"]);
    expect(ids(filterFaqs(CATEGORIES, ".*"))).toEqual([]);
    expect(ids(filterFaqs(CATEGORIES, "'estimated'"))).toEqual(["b2"]);
  });

  it("does not modify its input", () => {
    const before = JSON.stringify(CATEGORIES);
    filterFaqs(CATEGORIES, "what");
    expect(JSON.stringify(CATEGORIES)).toBe(before);
  });

  it("does not match category titles (only questions and answers)", () => {
    expect(filterFaqs(CATEGORIES, "billing").map((c) => c.id)).toEqual(["c"]);
    expect(filterFaqs(CATEGORIES, "tools")).toEqual([]);
  });
});

describe("helpers", () => {
  it("normaliseHelpQuery trims and lower-cases", () => {
    expect(normaliseHelpQuery("  Whale WATCH ")).toBe("whale watch");
  });

  it("faqMatches expects a normalised query", () => {
    const item = { id: "x", question: "Whale Watch?", answer: "Trades over $50K." };
    expect(faqMatches(item, "")).toBe(true);
    expect(faqMatches(item, "whale")).toBe(true);
    expect(faqMatches(item, "$50k")).toBe(true);
    expect(faqMatches(item, "sell")).toBe(false);
  });

  it("countFaqs sums the items", () => {
    expect(countFaqs(CATEGORIES)).toBe(5);
    expect(countFaqs([])).toBe(0);
  });

  it("faqPageEntities maps every FAQ to a schema.org Question", () => {
    const entities = faqPageEntities(CATEGORIES);
    expect(entities).toHaveLength(5);
    expect(entities[0]).toEqual({
      "@type": "Question",
      name: "What is OddsPulse?",
      acceptedAnswer: { "@type": "Answer", text: "A dashboard of Polymarket markets." },
    });
  });
});

describe("help center content", () => {
  it("has the four SPEC categories in order, each with questions", () => {
    expect(FAQ_CATEGORIES.map((c) => c.title)).toEqual([
      "Getting Started",
      "Features & Tools",
      "Account & Billing",
      "Technical Support",
    ]);
    for (const category of FAQ_CATEGORIES) expect(category.items.length).toBeGreaterThan(0);
  });

  it("uses unique ids (accordion values and anchors)", () => {
    const all = [...FAQ_CATEGORIES.map((c) => c.id), ...ids(FAQ_CATEGORIES)];
    expect(new Set(all).size).toBe(all.length);
  });

  it("answers what the product really does", () => {
    const text = (query: string) => ids(filterFaqs(FAQ_CATEGORIES, query));
    // README cadence, decision 0001 provenance labels, SPEC §1 no accounts.
    expect(text("every 10 minutes")).toContain("update-cadence");
    expect(text("fresh for 15 minutes")).toContain("update-cadence");
    expect(text("whale trades are checked every minute")).toContain("update-cadence");
    expect(text("'estimated'")).toContain("estimated-meaning");
    expect(text("sample data")).toContain("sample-meaning");
    expect(text("gamma api")).toContain("data-sources");
    expect(text("openai-compatible")).toContain("data-sources");
    expect(text("there are no accounts")).toContain("delete-account");
    expect(text("no billing")).toContain("cost");
  });

  it("a search for a term in one category only hides the others", () => {
    const result = filterFaqs(FAQ_CATEGORIES, "javascript");
    expect(result.map((c) => c.title)).toEqual(["Technical Support"]);
  });
});
