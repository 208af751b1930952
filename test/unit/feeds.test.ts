/** Feeds parse with a real feed parser and carry what they should, escaped. */
import { extractFromJson, extractFromXml } from "@extractus/feed-extractor";
import { describe, expect, it } from "vitest";
import { type FeedEntry, type FeedMeta, renderFeed } from "~/.server/feeds/build";

const META: FeedMeta = {
  title: "OddsPulse whale trades",
  description: "Polymarket trades over $50K",
  link: "https://oddspulse.example/whale-watch",
  links: {
    rss: "https://oddspulse.example/whale-watch/feed.xml",
    atom: "https://oddspulse.example/whale-watch/feed.atom",
    json: "https://oddspulse.example/whale-watch/feed.json",
  },
  updated: new Date("2026-11-22T12:00:00Z"),
};
const ENTRIES: FeedEntry[] = [
  {
    id: "urn:oddspulse:trade:0xabc:1",
    title: "Bought $120K of Yes on <Will it rain?> & more",
    link: "https://oddspulse.example/market/will-it-rain",
    date: new Date("2026-11-22T11:59:00Z"),
    summary: "A trader bought 200,000 Yes shares at 60¢ </script>",
  },
  {
    id: "urn:oddspulse:trade:0xdef:2",
    title: "Sold $80K of No",
    link: "https://oddspulse.example/market/other",
    date: new Date("2026-11-22T11:00:00Z"),
    summary: "Second",
  },
];

describe("renderFeed", () => {
  it("RSS 2.0 parses, with every entry, its link and its text unescaped by the parser", () => {
    const xml = renderFeed("rss", META, ENTRIES);
    expect(xml).toContain('<rss version="2.0"');
    // Markup in a title is data: it reaches the reader as text.
    expect(xml).not.toMatch(/<title><Will/);
    const parsed = extractFromXml(xml);
    expect(parsed.title).toBe(META.title);
    expect(parsed.entries?.map((e) => [e.id, e.title, e.link])).toEqual([
      [
        "urn:oddspulse:trade:0xabc:1",
        "Bought $120K of Yes on <Will it rain?> & more",
        "https://oddspulse.example/market/will-it-rain",
      ],
      ["urn:oddspulse:trade:0xdef:2", "Sold $80K of No", "https://oddspulse.example/market/other"],
    ]);
  });

  it("Atom parses, with a self link and ids", () => {
    const xml = renderFeed("atom", META, ENTRIES);
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain(`<link rel="self" href="${META.links.atom}"`);
    const parsed = extractFromXml(xml);
    expect(parsed.entries?.map((e) => e.id)).toEqual([
      "urn:oddspulse:trade:0xabc:1",
      "urn:oddspulse:trade:0xdef:2",
    ]);
  });

  it("JSON Feed 1.1 parses, with authors rather than the 1.0 author", () => {
    const text = renderFeed("json", META, ENTRIES);
    const json = JSON.parse(text) as Record<string, unknown>;
    expect(json.version).toBe("https://jsonfeed.org/version/1.1");
    expect(json.feed_url).toBe(META.links.json);
    expect(json.author).toBeUndefined();
    expect(json.authors).toEqual([{ name: "OddsPulse", url: META.link }]);
    const parsed = extractFromJson(json);
    expect(parsed.entries?.map((e) => e.title)).toEqual(ENTRIES.map((e) => e.title));
  });

  it("an empty feed is still a valid feed", () => {
    expect(extractFromXml(renderFeed("rss", META, [])).title).toBe(META.title);
    expect((JSON.parse(renderFeed("json", META, [])) as { items: unknown[] }).items).toEqual([]);
  });
});
