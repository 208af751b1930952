/**
 * RSS 2.0, Atom 1.0 and JSON Feed 1.1 from one list of entries (decisions 0016 and 0024).
 *
 * The XML is written here, not by a feed library: every text node and attribute value is escaped as it
 * is written (`&`, `<`, `>` and quotes become references) and no CDATA section is used, so no text can
 * end an element early or add one: a title holding `]]>` or `</title><link>…` stays one title. (The
 * `feed` library used before wrapped titles in CDATA and split only the first `]]>` of a text, so a title
 * with two could inject a second `<link>` into its item.) Characters XML 1.0 cannot hold at all are
 * dropped (`xmlSafe`); upstream text is already clean of them (`cleanText` at the clients), this only
 * keeps the document well-formed whatever reaches it.
 *
 * Entries are plain text. Fields that readers take as HTML (RSS `description` and `content:encoded`,
 * Atom `content type="html"`, JSON Feed `content_html`) get the text HTML-escaped first, so a "<" in a
 * market's question reaches the reader as a "<", never as markup. Titles and summaries are plain text
 * in all three formats (Atom's are `type="text"`).
 */
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

/**
 * References for XML text and attribute values. `>` is escaped too, so `]]>` never appears; CR, tab and
 * LF as references so a parser's line-end and attribute normalisation gives back exactly the text.
 */
const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "\r": "&#13;",
};
const XML_ATTRIBUTE_ESCAPES: Record<string, string> = { ...XML_ESCAPES, "\t": "&#9;", "\n": "&#10;" };

/** Text as XML character data that reads back as exactly that text (less what XML cannot hold). */
export function escapeXml(text: string): string {
  return xmlSafe(text).replace(/[&<>"\r]/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

function escapeAttribute(value: string): string {
  return xmlSafe(value).replace(/[&<>"\t\n\r]/g, (ch) => XML_ATTRIBUTE_ESCAPES[ch] ?? ch);
}

/** An XML element: its children are elements or text, and text is only ever written escaped. */
interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: readonly (XmlElement | string)[];
}

function el(
  name: string,
  attributes: Readonly<Record<string, string>> = {},
  ...children: (XmlElement | string)[]
): XmlElement {
  return { name, attributes, children };
}

/** The element as XML; an element holding only elements is indented, text is written as it is. */
function serialise(element: XmlElement, depth = 0): string {
  const attributes = Object.entries(element.attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  const open = `<${element.name}${attributes}`;
  if (element.children.length === 0) return `${open}/>`;
  if (element.children.every((child) => typeof child !== "string")) {
    const pad = "  ".repeat(depth + 1);
    const inner = element.children.map((child) => `${pad}${serialise(child as XmlElement, depth + 1)}`);
    return `${open}>\n${inner.join("\n")}\n${"  ".repeat(depth)}</${element.name}>`;
  }
  const inner = element.children.map((child) =>
    typeof child === "string" ? escapeXml(child) : serialise(child, depth),
  );
  return `${open}>${inner.join("")}</${element.name}>`;
}

function xmlDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${serialise(root)}\n`;
}

/** A `urn:oddspulse:<kind>:<id>` entry id; the id's characters that a URN may not hold are %-encoded. */
export function entryUrn(kind: string, id: string): string {
  const nss = encodeURIComponent(id).replace(/%3A/gi, ":").replace(/%2F/gi, "/");
  return `urn:oddspulse:${kind}:${nss}`;
}

export interface FeedEntry {
  /** Stable, unique and a URI (Atom requires one), e.g. `urn:oddspulse:trade:<id>`. */
  id: string;
  /** Plain text. */
  title: string;
  /** Absolute https URL of the entry's page. */
  link: string;
  date: Date;
  /** Plain text. */
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

const COPYRIGHT = "Market data from Polymarket; OddsPulse content free to share with a link.";
const GENERATOR = "OddsPulse";
const AUTHOR = "OddsPulse";

function rss(meta: FeedMeta, entries: readonly FeedEntry[]): string {
  const items = entries.map((entry) =>
    el(
      "item",
      {},
      el("title", {}, entry.title),
      el("link", {}, entry.link),
      el("guid", { isPermaLink: "false" }, entry.id),
      el("pubDate", {}, entry.date.toUTCString()),
      el("description", {}, textToHtml(entry.summary)),
      el("content:encoded", {}, textToHtml(entry.summary)),
    ),
  );
  const channel = el(
    "channel",
    {},
    el("title", {}, meta.title),
    el("link", {}, meta.link),
    el("description", {}, meta.description),
    el("lastBuildDate", {}, meta.updated.toUTCString()),
    el("docs", {}, "https://validator.w3.org/feed/docs/rss2.html"),
    el("generator", {}, GENERATOR),
    el("language", {}, "en"),
    el("copyright", {}, COPYRIGHT),
    el("atom:link", { href: meta.links.rss, rel: "self", type: FEED_MIME.rss }),
    ...items,
  );
  return xmlDocument(
    el(
      "rss",
      {
        version: "2.0",
        "xmlns:content": "http://purl.org/rss/1.0/modules/content/",
        "xmlns:atom": "http://www.w3.org/2005/Atom",
      },
      channel,
    ),
  );
}

function atom(meta: FeedMeta, entries: readonly FeedEntry[]): string {
  const items = entries.map((entry) =>
    el(
      "entry",
      {},
      el("title", { type: "text" }, entry.title),
      el("id", {}, entry.id),
      el("link", { href: entry.link }),
      el("updated", {}, entry.date.toISOString()),
      el("published", {}, entry.date.toISOString()),
      el("summary", { type: "text" }, entry.summary),
      el("content", { type: "html" }, textToHtml(entry.summary)),
    ),
  );
  return xmlDocument(
    el(
      "feed",
      { xmlns: "http://www.w3.org/2005/Atom" },
      el("id", {}, meta.link),
      el("title", {}, meta.title),
      el("subtitle", {}, meta.description),
      el("updated", {}, meta.updated.toISOString()),
      el("generator", {}, GENERATOR),
      el("author", {}, el("name", {}, AUTHOR), el("uri", {}, meta.link)),
      el("link", { rel: "alternate", href: meta.link }),
      el("link", { rel: "self", href: meta.links.atom }),
      el("rights", {}, COPYRIGHT),
      ...items,
    ),
  );
}

/** JSON Feed 1.1; JSON.stringify escapes what JSON needs, the text is XML-safe like the other formats'. */
function jsonFeed(meta: FeedMeta, entries: readonly FeedEntry[]): string {
  const author = { name: AUTHOR, url: meta.link };
  return JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: xmlSafe(meta.title),
    home_page_url: meta.link,
    feed_url: meta.links.json,
    description: xmlSafe(meta.description),
    language: "en",
    authors: [author],
    items: entries.map((entry) => ({
      id: entry.id,
      url: entry.link,
      title: xmlSafe(entry.title),
      summary: xmlSafe(entry.summary),
      content_html: textToHtml(entry.summary),
      date_published: entry.date.toISOString(),
      date_modified: entry.date.toISOString(),
    })),
  });
}

/** The feed in one format, as text. */
export function renderFeed(format: FeedFormat, meta: FeedMeta, entries: readonly FeedEntry[]): string {
  if (format === "rss") return rss(meta, entries);
  if (format === "atom") return atom(meta, entries);
  return jsonFeed(meta, entries);
}
