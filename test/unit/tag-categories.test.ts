import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  type CategorisedEvent,
  type CategorySlug,
  categoryBySlug,
  eventCategories,
  matchesCategory,
  primaryCategory,
  TAG_CATEGORIES,
  tagCategory,
} from "~/lib/categories";
import { TAG_SLUGS_BY_CATEGORY } from "~/lib/tag-categories";
import { readFixture } from "../support/fixtures";

type RecordedEvent = { id: string; title: string; tags?: { slug: string; label: string }[] };

const tag = (slug: string, label = slug) => ({ slug, label });
const event = (title: string, ...tags: { slug: string; label: string }[]): CategorisedEvent => ({
  title,
  tags,
});

/** The recorded events of one fixture file (the markets file: the events its markets belong to). */
function recordedEvents(file: string): RecordedEvent[] {
  const payload = readFixture<unknown>(`polymarket/${file}`);
  if (file === "gamma-events-keyset-1.json") return (payload as { events: RecordedEvent[] }).events;
  if (file === "gamma-event-negrisk-60.json") return [payload as RecordedEvent];
  if (file === "gamma-markets-active-100.json") {
    return (payload as { events?: RecordedEvent[] }[]).flatMap((m) => m.events ?? []);
  }
  return payload as RecordedEvent[];
}

function recorded(file: string, id: string): CategorisedEvent {
  const found = recordedEvents(file).find((e) => e.id === id);
  if (!found) throw new Error(`no event ${id} in ${file}`);
  return { title: found.title, tags: found.tags ?? [] };
}

describe("the tag table", () => {
  it("maps each slug to exactly one category, in lowercase slug form", () => {
    const all = Object.values(TAG_SLUGS_BY_CATEGORY).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(TAG_CATEGORIES.size).toBe(all.length);
    for (const slug of all) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("has slugs for every category and no other key", () => {
    expect(Object.keys(TAG_SLUGS_BY_CATEGORY).sort()).toEqual(CATEGORIES.map((c) => c.slug).sort());
    for (const c of CATEGORIES) expect(TAG_SLUGS_BY_CATEGORY[c.slug].length).toBeGreaterThan(0);
  });

  it("leaves Gamma's housekeeping and catch-all tags out", () => {
    for (const slug of [
      "all",
      "featured",
      "2025-predictions",
      "hide-from-new",
      "recurring",
      "finance",
      "science",
    ]) {
      expect(tagCategory(tag(slug))).toBeUndefined();
    }
  });
});

describe("eventCategories", () => {
  it("lets mapped tags win over title keywords", () => {
    expect(eventCategories(event("Will Bitcoin hit $100k?", tag("nba", "NBA")))).toEqual(["sports"]);
    // Keywords alone would say politics and business ("doge"); the tags say crypto.
    expect(eventCategories(recorded("gamma-events-active-100.json", "14630"))).toEqual(["crypto"]);
    expect(eventCategories({ ...recorded("gamma-events-active-100.json", "14630"), tags: [] })).toEqual([
      "politics",
      "business",
    ]);
  });

  it("reads the title's keywords only when no tag maps", () => {
    expect(eventCategories(event("Will Bitcoin hit $100k?"))).toEqual(["crypto"]);
    expect(eventCategories(event("Fed rate cut and a Bitcoin ETF?"))).toEqual(["crypto", "markets"]);
    // One mapped tag is enough to switch the keywords off.
    expect(eventCategories(event("Fed rate cut and a Bitcoin ETF?", tag("all"), tag("crypto")))).toEqual([
      "crypto",
    ]);
  });

  it("falls back to the keywords when every tag is unmapped", () => {
    const tags = [
      tag("all", "All"),
      tag("featured", "Featured"),
      tag("2025-predictions", "2025 Predictions"),
    ];
    expect(eventCategories(event("GTA VI released before 2027?", ...tags))).toEqual(["gaming"]);
    expect(eventCategories(event("Will it happen?", ...tags))).toEqual([]);
  });

  it("answers in CATEGORIES order, each category once", () => {
    const tags = [tag("world"), tag("crypto"), tag("bitcoin"), tag("politics"), tag("trump")];
    expect(eventCategories(event("Anything", ...tags))).toEqual(["politics", "crypto", "international"]);
  });

  it("ignores case and whitespace in slugs and labels, and reads the label when the slug is unknown", () => {
    expect(tagCategory(tag("  Politics ", "x"))).toBe("politics");
    expect(tagCategory(tag("EPL", "EPL"))).toBe("sports");
    expect(tagCategory(tag("some-new-slug", "  U.S. Politics "))).toBe("politics");
    expect(tagCategory(tag("other-slug", "CRYPTO   PRICES"))).toBe("crypto");
    expect(tagCategory(tag("x1", "Climate & Science"))).toBe("climate");
    expect(tagCategory(tag("", "   "))).toBeUndefined();
  });

  it("does not map property names of plain objects", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(tagCategory(tag(name))).toBeUndefined();
    }
    expect(eventCategories(event("Will Bitcoin hit $100k?", tag("constructor")))).toEqual(["crypto"]);
  });
});

describe("recorded events land where a person would put them", () => {
  // biome-ignore format: one recorded event a line reads as a table
  const cases: [file: string, id: string, title: string, categories: CategorySlug[]][] = [
    ["gamma-events-active-100.json", "16096", "What price will Bitcoin hit in 2025?", ["crypto"]],
    ["gamma-events-active-100.json", "16108", "Russia x Ukraine ceasefire in 2025?", ["politics", "international"]],
    ["gamma-events-active-100.json", "16084", "Fed rate hike in 2025?", ["markets", "business"]],
    ["gamma-events-active-100.json", "16188", "OpenAI announces it has achieved AGI before July?", ["ai-tech"]],
    ["gamma-events-active-100.json", "16151", "New pandemic in 2025?", ["health"]],
    ["gamma-events-keyset-1.json", "16183", "Kraken IPO by ___ ?", ["crypto", "business"]],
    ["gamma-event-negrisk-60.json", "30615", "World Cup Winner ", ["sports"]],
    ["gamma-events-updown-10.json", "143609", "Bitcoin Up or Down - January 5, 2:15PM-2:20PM ET", ["crypto"]],
    // Keywords would add sports ("vs"); the tags say politics only.
    ["gamma-events-149.json", "903278", "NY-3 Special Election for Santos seat: Suozzi (D) vs. Pilip (R)", ["politics"]],
    // Keywords would say politics ("speaker"), AI & Tech and business; the tags say tech.
    ["gamma-events-149.json", "903173", "AI on Amazon speaker by June?", ["ai-tech"]],
    ["gamma-events-149.json", "903337", "Grammys: Song of the Year", ["culture"]],
    // The markets file's events carry no tags: the title's keywords decide.
    ["gamma-markets-active-100.json", "23792", "GTA VI released before June 2026?", ["gaming"]],
    ["gamma-markets-active-100.json", "22214", "Negative GDP growth in 2025?", ["markets"]],
  ];

  it.each(cases)("%s %s (%s)", (file, id, title, categories) => {
    const e = recorded(file, id);
    expect(e.title).toBe(title);
    expect(eventCategories(e)).toEqual(categories);
    expect(primaryCategory(e)).toBe(categories[0]);
  });

  it("puts every recorded Up/Down event in Crypto and nearly every tagged event somewhere", () => {
    for (const e of recordedEvents("gamma-events-updown-10.json")) {
      expect(eventCategories({ title: e.title, tags: e.tags ?? [] })).toEqual(["crypto"]);
    }
    const tagged = [
      ...recordedEvents("gamma-events-active-100.json"),
      ...recordedEvents("gamma-events-149.json"),
    ];
    const byTag = tagged.filter((e) => (e.tags ?? []).some((t) => tagCategory(t) !== undefined));
    expect(byTag.length).toBeGreaterThan(tagged.length * 0.95);
  });
});

describe("primaryCategory", () => {
  it("is the first category in CATEGORIES order, or null", () => {
    expect(primaryCategory(event("Anything", tag("world"), tag("politics")))).toBe("politics");
    expect(primaryCategory(event("Will it happen?", tag("all")))).toBeNull();
  });
});

describe("a market's categories are its event's", () => {
  it("tags place it first; title keywords only when no tag maps", () => {
    const politics = categoryBySlug("politics");
    const crypto = categoryBySlug("crypto");
    if (!politics || !crypto) throw new Error("categories missing");
    // A Trump title tagged Crypto is a crypto market, not a politics one.
    expect(matchesCategory("Trump coin above $10?", ["Crypto"], crypto)).toBe(true);
    expect(matchesCategory("Trump coin above $10?", ["Crypto"], politics)).toBe(false);
    // Tags that are no topic ("Featured") leave the keywords to decide.
    expect(matchesCategory("Will Trump win?", ["Featured"], politics)).toBe(true);
    expect(matchesCategory("Will Trump win?", [], politics)).toBe(true);
  });
});
