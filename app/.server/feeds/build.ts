/**
 * RSS 2.0, Atom 1.0 and JSON Feed 1.1 from one list of entries, built with the `feed` library (it
 * escapes the XML). `feed` writes JSON Feed 1.0, so its JSON is lifted to 1.1 (`authors`, `language`).
 */
import { Feed } from "feed";

export type FeedFormat = "rss" | "atom" | "json";

export const FEED_TYPES: Record<FeedFormat, string> = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
};

export interface FeedEntry {
  /** Stable, unique and a URI (Atom requires one), e.g. `urn:oddspulse:trade:<id>`. */
  id: string;
  title: string;
  /** Absolute https URL of the entry's page. */
  link: string;
  date: Date;
  /** Plain text; the library escapes it. */
  summary: string;
}

export interface FeedMeta {
  title: string;
  description: string;
  /** Absolute URL of the page the feed mirrors. */
  link: string;
  /** Absolute URLs of the three formats (self links). */
  links: Record<FeedFormat, string>;
  /** Newest entry time, or the build time when empty. */
  updated: Date;
}

function build(meta: FeedMeta, entries: readonly FeedEntry[]): Feed {
  const feed = new Feed({
    id: meta.link,
    title: meta.title,
    description: meta.description,
    link: meta.link,
    language: "en",
    copyright: "Market data from Polymarket; OddsPulse content free to share with a link.",
    updated: meta.updated,
    generator: "OddsPulse",
    feedLinks: meta.links,
    author: { name: "OddsPulse", link: meta.link },
  });
  for (const entry of entries) {
    feed.addItem({
      id: entry.id,
      title: entry.title,
      link: entry.link,
      date: entry.date,
      published: entry.date,
      description: entry.summary,
      content: entry.summary,
    });
  }
  return feed;
}

/** The feed in one format, as text. */
export function renderFeed(format: FeedFormat, meta: FeedMeta, entries: readonly FeedEntry[]): string {
  const feed = build(meta, entries);
  if (format === "rss") return feed.rss2();
  if (format === "atom") return feed.atom1();
  const json = JSON.parse(feed.json1()) as Record<string, unknown> & { author?: unknown; items: unknown[] };
  const { author, ...rest } = json;
  return JSON.stringify({
    ...rest,
    version: "https://jsonfeed.org/version/1.1",
    language: "en",
    ...(author ? { authors: [author] } : {}),
    items: json.items.map((item) => {
      const { author: itemAuthor, ...fields } = item as Record<string, unknown>;
      return itemAuthor ? { ...fields, authors: [itemAuthor] } : fields;
    }),
  });
}
