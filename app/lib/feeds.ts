/**
 * The public feeds' addresses, types and titles (decision 0016), client-safe: the Worker serves them
 * (workers/feeds.ts) and the pages advertise them with `<link rel="alternate">` in their head.
 */
import type { MetaDescriptor } from "react-router";
import { DEFAULT_WHALE_VIEW, OUTCOME_FILTERS, TRADE_SORTS, type WhaleView } from "./whales";

export type FeedFormat = "rss" | "atom" | "json";

export const FEED_FORMATS: readonly FeedFormat[] = ["rss", "atom", "json"];

/** The file name of each format under its page's path (`/whale-watch/feed.xml`). */
export const FEED_FILES: Record<FeedFormat, string> = {
  rss: "feed.xml",
  atom: "feed.atom",
  json: "feed.json",
};

/** Media types (the served `Content-Type` adds the charset). */
export const FEED_MIME: Record<FeedFormat, string> = {
  rss: "application/rss+xml",
  atom: "application/atom+xml",
  json: "application/feed+json",
};

const FORMAT_NAMES: Record<FeedFormat, string> = { rss: "RSS", atom: "Atom", json: "JSON Feed" };

/** The pages that have feeds. */
export type FeedPage = "/whale-watch" | "/track-record";

/** Entries a feed holds at most (newest first). */
export const FEED_ENTRIES_MAX = 50;

/** A feed's path, with the page's query string (`?outcome=yes`, or "") kept. */
export function feedPath(page: FeedPage, format: FeedFormat, search = ""): string {
  return `${page}/${FEED_FILES[format]}${search}`;
}

/** Absolute URLs of a page's three feeds. */
export function feedUrls(origin: string, page: FeedPage, search = ""): Record<FeedFormat, string> {
  return {
    rss: `${origin}${feedPath(page, "rss", search)}`,
    atom: `${origin}${feedPath(page, "atom", search)}`,
    json: `${origin}${feedPath(page, "json", search)}`,
  };
}

/** The `<link rel="alternate">` descriptors of a page's feeds, for its `meta` export. */
export function feedAlternates(origin: string, page: FeedPage, title: string, search = ""): MetaDescriptor[] {
  const urls = feedUrls(origin, page, search);
  return FEED_FORMATS.map((format) => ({
    tagName: "link",
    rel: "alternate",
    type: FEED_MIME[format],
    title: `${title} (${FORMAT_NAMES[format]})`,
    href: urls[format],
  }));
}

export const TRACK_RECORD_FEED_TITLE = "OddsPulse track record: calls and gradings";

/** The whale feed's title for a view: "OddsPulse whale trades", plus the filter and sort when not the default. */
export function whaleFeedTitle(view: WhaleView): string {
  const parts: string[] = [];
  if (view.outcome !== DEFAULT_WHALE_VIEW.outcome) {
    parts.push(`${OUTCOME_FILTERS.find((o) => o.value === view.outcome)?.label ?? view.outcome} only`);
  }
  if (view.sort !== DEFAULT_WHALE_VIEW.sort) {
    parts.push(`${(TRADE_SORTS.find((s) => s.value === view.sort)?.label ?? view.sort).toLowerCase()} first`);
  }
  if (view.fresh !== DEFAULT_WHALE_VIEW.fresh) parts.push("fresh wallets only");
  return `OddsPulse whale trades${parts.length > 0 ? `, ${parts.join(", ")}` : ""}`;
}
