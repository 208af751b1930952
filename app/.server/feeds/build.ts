/**
 * RSS 2.0, Atom 1.0 and JSON Feed 1.1 from one list of entries, built with the `feed` library (it
 * escapes the XML). `feed` writes JSON Feed 1.0, so its JSON is lifted to 1.1 (`authors`, `language`).
 *
 * Entries are plain text. `feed` puts text into HTML-typed fields as is (Atom's `type="html"` title,
 * summary and content; RSS's description and `content:encoded`; JSON Feed's `content_html`), so text
 * bound for those is HTML-escaped first: a "<" in a market's question reaches the reader as a "<",
 * never as markup. Characters XML 1.0 forbids (C0 controls, lone surrogates) are dropped everywhere.
 */
import { Feed } from "feed";
import { FEED_MIME, type FeedFormat } from "~/lib/feeds";

export type { FeedFormat };

export const FEED_TYPES: Record<FeedFormat, string> = {
  rss: `${FEED_MIME.rss}; charset=utf-8`,
  atom: `${FEED_MIME.atom}; charset=utf-8`,
  json: `${FEED_MIME.json}; charset=utf-8`,
};

/** Characters XML 1.0 does not allow: C0 controls but tab, LF and CR; lone surrogates; U+FFFE/U+FFFF. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text any XML document can hold. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, "");
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Plain text as HTML that shows exactly that text. */
export function textToHtml(text: string): string {
  return xmlSafe(text).replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** A `urn:oddspulse:<kind>:<id>` entry id; the id's characters that a URN may not hold are %-encoded. */
export function entryUrn(kind: string, id: string): string {
  const nss = encodeURIComponent(id).replace(/%3A/gi, ":").replace(/%2F/gi, "/");
  return `urn:oddspulse:${kind}:${nss}`;
}

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

function build(format: FeedFormat, meta: FeedMeta, entries: readonly FeedEntry[]): Feed {
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
      // Atom's title is `type="html"`; RSS's and JSON Feed's are plain text.
      title: format === "atom" ? textToHtml(entry.title) : xmlSafe(entry.title),
      link: entry.link,
      date: entry.date,
      published: entry.date,
      // JSON Feed's `summary` is plain text; RSS's description and Atom's summary are HTML.
      description: format === "json" ? xmlSafe(entry.summary) : textToHtml(entry.summary),
      content: textToHtml(entry.summary),
    });
  }
  return feed;
}

/** The feed in one format, as text. */
export function renderFeed(format: FeedFormat, meta: FeedMeta, entries: readonly FeedEntry[]): string {
  const feed = build(format, meta, entries);
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
