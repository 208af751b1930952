import { type Context, Hono } from "hono";
import { FEED_TYPES, type FeedEntry, type FeedMeta, renderFeed } from "../app/.server/feeds/build";
import { trackRecordFeed } from "../app/.server/feeds/track-record";
import { whaleFeed } from "../app/.server/feeds/whales";
import { withWalletRadar } from "../app/.server/snapshots/wallet-facts";
import { whaleSnapshot } from "../app/.server/snapshots/whales";
import { sourcesOf } from "../app/.server/sources";
import { pageRecord } from "../app/.server/track-record/view";
import type { WorkerEnv } from "../app/.server/worker-env";
import { FEED_FORMATS, type FeedFormat, feedPath } from "../app/lib/feeds";
import { siteOrigin } from "../app/lib/seo";
import { badFreshFilter, parseWhaleView } from "../app/lib/whales";

/** Whale trades change by the minute (the snapshot's own freshness); the record once per cron run. */
const WHALES_CACHE = "public, max-age=60";
const RECORD_CACHE = "public, max-age=300";

function respond(
  c: Context<WorkerEnv>,
  format: FeedFormat,
  feed: { meta: FeedMeta; entries: FeedEntry[] },
  cacheControl: string,
): Response {
  return c.body(renderFeed(format, feed.meta, feed.entries), 200, {
    "Content-Type": FEED_TYPES[format],
    "Cache-Control": cacheControl,
  });
}

/**
 * The public feeds (decision 0016): `/whale-watch/feed.{xml,atom,json}` honour the page's query (the
 * same `parseWhaleView`; unknown values fall back to the defaults, but for the radar's `fresh`: a 400), `/track-record/feed.{xml,atom,json}`
 * hold the newest calls and gradings. A missing or failing history database is a 503 with Retry-After.
 * HEAD is answered by these GET routes (Hono drops the body).
 */
export const feeds = new Hono<WorkerEnv>();

for (const format of FEED_FORMATS) {
  feeds.get(feedPath("/whale-watch", format), async (c) => {
    const deps = c.get("deps");
    const params = new URL(c.req.url).searchParams;
    const bad = badFreshFilter(params);
    if (bad !== null) return c.text(bad, 400);
    const view = parseWhaleView(params);
    const snapshot = await withWalletRadar(sourcesOf(deps).reads, await whaleSnapshot.get(deps));
    const origin = siteOrigin(c.get("config").siteUrl, c.req.url);
    return respond(c, format, whaleFeed(snapshot, view, origin, deps.now()), WHALES_CACHE);
  });

  feeds.get(feedPath("/track-record", format), async (c) => {
    const deps = c.get("deps");
    const record = await pageRecord(deps.cache, deps.history);
    if (!record.ok) return c.text(record.message, 503, { "Retry-After": "60", "Cache-Control": "no-store" });
    const origin = siteOrigin(c.get("config").siteUrl, c.req.url);
    return respond(c, format, trackRecordFeed(record.value.calls, origin, deps.now()), RECORD_CACHE);
  });
}
