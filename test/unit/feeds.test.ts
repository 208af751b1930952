/** Feeds parse with a real feed parser and a strict XML parser, and carry what they should, escaped. */
import { extractFromJson, extractFromXml } from "@extractus/feed-extractor";
import { describe, expect, it } from "vitest";
import { type FeedEntry, type FeedMeta, renderFeed, textToHtml } from "~/.server/feeds/build";
import { childrenNamed, descendantsNamed, parseStrictXml } from "../support/strict-xml";

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

/** Upstream text built to break out of an element: CDATA ends, a foreign link, markup, entities. */
const HOSTILE = [
  "One ]]> end",
  "Two ]]> ends ]]><link>https://evil.example</link> after",
  "]]></title><link>https://evil.example</link><title><![CDATA[x",
  "<link>https://evil.example</link>",
  "Tom & Jerry < 3 > 2 &amp; &#60; \"quoted\" 'single'",
  "Controls\u0000\u0001\u0008\u000B\u000C\u001F here\ttab\nline",
];
/** What XML 1.0 can carry of each text: its forbidden controls dropped, everything else kept. */
const carried = (text: string) =>
  Array.from(text)
    .filter((ch) => ch >= " " || ch === "\t" || ch === "\n" || ch === "\r")
    .join("");

const hostileEntries: FeedEntry[] = HOSTILE.map((text, i) => ({
  id: `urn:oddspulse:trade:${i}`,
  title: `Bought $60K of Yes on ${text}`,
  link: `https://oddspulse.example/market/m-${i}`,
  date: new Date(Date.parse("2026-11-22T11:00:00Z") - i * 60_000),
  summary: `${text} (${i})`,
}));
const ownLinks = hostileEntries.map((e) => e.link);
const hostileMeta: FeedMeta = { ...META, title: `Feed ${HOSTILE[1]}`, description: HOSTILE[4] ?? "" };

describe("feeds cannot be forged by upstream text", () => {
  it("RSS is well-formed XML: one item per entry, each with one link (ours), the title and summary as sent", () => {
    const rss = parseStrictXml(renderFeed("rss", hostileMeta, hostileEntries));
    const [channel] = childrenNamed(rss, "channel");
    if (!channel) throw new Error("no channel");
    expect(childrenNamed(channel, "title")[0]?.text).toBe(carried(hostileMeta.title));
    expect(childrenNamed(channel, "description")[0]?.text).toBe(hostileMeta.description);
    const items = childrenNamed(channel, "item");
    expect(items).toHaveLength(hostileEntries.length);
    items.forEach((item, i) => {
      const entry = hostileEntries[i];
      expect(descendantsNamed(item, "link").map((l) => l.text)).toEqual([ownLinks[i]]);
      const titles = childrenNamed(item, "title");
      expect(titles).toHaveLength(1);
      expect(titles[0]?.children).toEqual([]);
      expect(titles[0]?.text).toBe(carried(entry?.title ?? ""));
      // The description is HTML: the summary escaped once more, so a reader shows it as text.
      expect(childrenNamed(item, "description")[0]?.text).toBe(textToHtml(entry?.summary ?? ""));
    });
  });

  it("Atom is well-formed XML: one entry each, one link (ours), text titles and summaries as sent", () => {
    const feed = parseStrictXml(renderFeed("atom", hostileMeta, hostileEntries));
    const entries = childrenNamed(feed, "entry");
    expect(entries).toHaveLength(hostileEntries.length);
    entries.forEach((entry, i) => {
      const sent = hostileEntries[i];
      expect(descendantsNamed(entry, "link").map((l) => l.attributes.href)).toEqual([ownLinks[i]]);
      const title = childrenNamed(entry, "title")[0];
      expect(title?.attributes.type).toBe("text");
      expect(title?.children).toEqual([]);
      expect(title?.text).toBe(carried(sent?.title ?? ""));
      expect(childrenNamed(entry, "summary")[0]?.text).toBe(carried(sent?.summary ?? ""));
    });
  });

  it("JSON Feed: one item each with our url and the title as sent", () => {
    const json = JSON.parse(renderFeed("json", hostileMeta, hostileEntries)) as {
      items: { url: string; title: string; summary: string }[];
    };
    expect(json.items.map((item) => item.url)).toEqual(ownLinks);
    expect(json.items.map((item) => item.title)).toEqual(hostileEntries.map((e) => carried(e.title)));
  });

  it("a carriage return, tabs and newlines in a title read back exactly", () => {
    const entry = { ...ENTRIES[1], title: "a\r\nb\tc\rd" } as FeedEntry;
    const rss = parseStrictXml(renderFeed("rss", META, [entry]));
    expect(descendantsNamed(rss, "item")[0]?.children.find((c) => c.name === "title")?.text).toBe(
      "a\r\nb\tc\rd",
    );
  });
});
