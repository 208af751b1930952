/** X API v2 recent tweet counts (upstreams.md "X (Twitter) mention counts"). */

import * as v from "valibot";
import type { Config } from "../config";
import { fetchJson, joinUrl, UpstreamError } from "../http";

export interface XOptions {
  baseUrl: string;
  /** App bearer token; sent only in the Authorization header. */
  token: string;
  fetch: typeof fetch;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  sleep?: (ms: number) => Promise<void>;
}

const CountsSchema = v.object({
  // X leaves `data` out when there is nothing to bucket; treat that as no buckets.
  data: v.optional(v.array(v.object({ start: v.string(), end: v.string(), tweet_count: v.number() })), []),
  // A count is a whole number of posts; anything else (negative, fractional) is a broken answer.
  meta: v.object({ total_tweet_count: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
});

type Bucket = { start: string; end: string; tweet_count: number };

const DAY_MS = 86_400_000;
/** A day is trending when its count exceeds this multiple of the earlier days' average. */
export const TRENDING_FACTOR = 1.5;

/** The X search query for a keyword: the exact phrase, original posts only. */
export function buildQuery(keyword: string): string {
  // Inner quotes would end the phrase early; the phrase is what we count.
  const phrase = keyword.replace(/"/g, " ").replace(/\s+/g, " ").trim();
  return `"${phrase}" -is:retweet`;
}

/**
 * Trending rule: among the full-day buckets (end − start = 24 h; the first and last buckets of
 * the 7-day window are partial days), the latest one's count is above 1.5 × the average of the
 * earlier full days and above 0. Fewer than two full days → not trending.
 */
export function isTrending(buckets: readonly Bucket[]): boolean {
  const fullDays = buckets
    .map((b) => ({ start: Date.parse(b.start), end: Date.parse(b.end), count: b.tweet_count }))
    .filter((b) => Number.isFinite(b.start) && b.end - b.start === DAY_MS)
    .sort((a, b) => a.start - b.start);
  const last = fullDays.at(-1);
  const earlier = fullDays.slice(0, -1);
  if (last === undefined || earlier.length === 0) return false;
  const average = earlier.reduce((sum, b) => sum + b.count, 0) / earlier.length;
  return last.count > 0 && last.count > TRENDING_FACTOR * average;
}

/**
 * Counts posts matching the keyword over the last 7 days: mentions = meta.total_tweet_count,
 * trending per `isTrending`. Throws UpstreamError; a non-ok status reads `Twitter API error: {status}`.
 */
export async function fetchRecentCount(
  keyword: string,
  opts: XOptions,
): Promise<{ mentions: number; trending: boolean }> {
  // encodeURIComponent rather than URLSearchParams: spaces become %20, not "+", as X documents.
  const query = encodeURIComponent(buildQuery(keyword));
  const url = `${joinUrl(opts.baseUrl, "/2/tweets/counts/recent")}?query=${query}&granularity=day`;
  const body = await fetchJson(
    url,
    { method: "GET", headers: { Authorization: `Bearer ${opts.token}`, Accept: "application/json" } },
    {
      upstream: "x",
      fetch: opts.fetch,
      timeoutMs: opts.timeoutMs,
      retries: opts.retries,
      retryBaseMs: opts.retryBaseMs,
      sleep: opts.sleep,
      statusMessage: (status) => `Twitter API error: ${status}`,
    },
  );
  const parsed = v.safeParse(CountsSchema, body);
  if (!parsed.success) {
    throw new UpstreamError("x", "shape", "Twitter API error: unexpected response shape");
  }
  return {
    mentions: Math.max(0, Math.round(parsed.output.meta.total_tweet_count)),
    trending: isTrending(parsed.output.data),
  };
}

/** Counts for one keyword at a time, bound to the configured API and token. */
export interface XClient {
  recentCount(keyword: string): Promise<{ mentions: number; trending: boolean }>;
}

/**
 * The X client of a run, or null without a bearer token (every count is then an estimate). No retries:
 * each retry is another subrequest out of X_MAX_REQUESTS' budget, and a failed keyword simply shows its
 * estimate until the next run.
 */
export function createX(
  config: Pick<Config, "xBearerToken" | "xApiUrl" | "timeoutMs">,
  fetch: typeof globalThis.fetch,
): XClient | null {
  const token = config.xBearerToken;
  if (!token) return null;
  const opts: XOptions = {
    baseUrl: config.xApiUrl,
    token,
    fetch,
    timeoutMs: config.timeoutMs,
    retries: 0,
    retryBaseMs: 0,
  };
  return { recentCount: (keyword) => fetchRecentCount(keyword, opts) };
}
