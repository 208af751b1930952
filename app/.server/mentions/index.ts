/** X mention counts for market keywords: live counts where possible, labelled estimates otherwise. */

import type { MentionCount } from "~/lib/types";
import { UpstreamError } from "../http";
import { createLog } from "../log";
import { estimateMentions } from "./estimate";
import type { XClient } from "./x-client";

const log = createLog("x");

/** A live count kept between runs (e.g. in KV) so a keyword is fetched at most once per window. */
export interface MentionCacheEntry {
  mentions: number;
  trending: boolean;
  /** Epoch milliseconds. */
  fetchedAt: number;
}

export interface MentionDeps {
  /** The X client; without one (no bearer token) every count is an estimate and nothing is fetched. */
  x: XClient | null;
  /** Most keywords fetched in one run: each is a Workers subrequest (50 per request on free). */
  maxRequests: number;
  /** A cached count younger than this is reused instead of fetched. */
  cacheSeconds: number;
  /** Epoch milliseconds; injected so runs are reproducible. */
  now: number;
  cache: Record<string, MentionCacheEntry>;
}

export interface MentionsResult {
  /** Aligned by index with the input keywords. */
  counts: MentionCount[];
  /** Fresh entries of the input cache plus this run's successful fetches. */
  cache: Record<string, MentionCacheEntry>;
  /** "live" when every count is live, "estimated" when none is (or there are none), else "partial". */
  source: "live" | "estimated" | "partial";
  /** What this run asked of X: requests made, how many failed, and the last failure. */
  run: { requests: number; failures: number; lastError: UpstreamError | null };
}

/** Keywords fetched at the same time; keeps bursts small against X's 300 requests / 15 min. */
export const MENTION_CONCURRENCY = 6;

/**
 * Mention counts for keywords, aligned by index. Never throws: a keyword that is not fetched
 * (no token, over `maxRequests`, after a 429, or failed) gets its deterministic estimate.
 */
export async function getMentions(keywords: string[], deps: MentionDeps): Promise<MentionsResult> {
  const cache = freshEntries(deps.cache, deps.now, deps.cacheSeconds);
  const run = { requests: 0, failures: 0, lastError: null as UpstreamError | null };
  if (keywords.length === 0) return { counts: [], cache, source: "estimated", run };

  const live = new Map<string, MentionCacheEntry>();
  const { x } = deps;
  if (x) {
    const unique = [...new Set(keywords)];
    const toFetch: string[] = [];
    for (const keyword of unique) {
      const cached = Object.hasOwn(cache, keyword) ? cache[keyword] : undefined;
      if (cached) live.set(keyword, cached);
      // An empty keyword would be an empty X query (a 400): estimate it instead.
      else if (keyword.trim() !== "") toFetch.push(keyword);
    }
    const fetched = await fetchBounded(toFetch.slice(0, Math.max(0, deps.maxRequests)), x, deps.now, run);
    if (run.failures > 0) {
      log.error(
        `${run.failures} of ${run.requests} keyword counts failed (last: ${run.lastError?.describe()}): served estimates`,
      );
    }
    for (const [keyword, entry] of fetched) {
      live.set(keyword, entry);
      cache[keyword] = entry;
    }
  }

  const counts = keywords.map((keyword): MentionCount => {
    const entry = live.get(keyword);
    return entry
      ? { keyword, mentions: entry.mentions, trending: entry.trending, source: "live" }
      : estimateMentions(keyword);
  });
  const liveCount = counts.filter((c) => c.source === "live").length;
  const source = liveCount === 0 ? "estimated" : liveCount === counts.length ? "live" : "partial";
  return { counts, cache, source, run };
}

function freshEntries(
  cache: Record<string, MentionCacheEntry>,
  now: number,
  cacheSeconds: number,
): Record<string, MentionCacheEntry> {
  // A null-prototype object so a keyword such as "constructor" is just another key.
  const fresh: Record<string, MentionCacheEntry> = Object.create(null);
  for (const [keyword, entry] of Object.entries(cache)) {
    const age = now - entry.fetchedAt;
    if (age >= 0 && age < cacheSeconds * 1000) fresh[keyword] = entry;
  }
  return fresh;
}

async function fetchBounded(
  keywords: string[],
  x: XClient,
  now: number,
  run: MentionsResult["run"],
): Promise<Map<string, MentionCacheEntry>> {
  const results = new Map<string, MentionCacheEntry>();
  let next = 0;
  let rateLimited = false;
  const worker = async (): Promise<void> => {
    while (!rateLimited && next < keywords.length) {
      const keyword = keywords[next++];
      if (keyword === undefined) return;
      run.requests += 1;
      try {
        results.set(keyword, { ...(await x.recentCount(keyword)), fetchedAt: now });
      } catch (error) {
        run.failures += 1;
        run.lastError =
          error instanceof UpstreamError ? error : new UpstreamError("x", "network", String(error));
        // 429: the 15-minute window is spent; further calls would fail too.
        if (error instanceof UpstreamError && error.status === 429) rateLimited = true;
      }
    }
  };
  const workers = Array.from({ length: Math.min(MENTION_CONCURRENCY, keywords.length) }, worker);
  await Promise.all(workers);
  return results;
}
