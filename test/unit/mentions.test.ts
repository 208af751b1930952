import { describe, expect, it } from "vitest";
import { estimateMentions, mentionRange } from "~/.server/mentions/estimate";
import { getMentions, MENTION_CONCURRENCY, type MentionCacheEntry } from "~/.server/mentions/index";
import { createX, fetchRecentCount, isTrending } from "~/.server/mentions/x-client";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const DAY = 86_400_000;

interface Call {
  url: URL;
  method: string;
  headers: Headers;
}

type Handler = (url: URL, callIndex: number) => Response | Promise<Response>;

/** A fetch double that records calls and answers from `handler`. */
function fakeFetch(handler: Handler): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fn: typeof fetch = async (input, init) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href);
    calls.push({ url, method: init?.method ?? "GET", headers: new Headers(init?.headers) });
    return handler(url, calls.length - 1);
  };
  return { fetch: fn, calls };
}

/** An X counts body: a partial first day, `daily` full days, a partial current day. */
function countsBody(daily: number[], today = 0): unknown {
  const midnight = Date.parse("2026-03-10T00:00:00Z");
  const data = [];
  const firstFull = midnight - daily.length * DAY;
  data.push({
    start: new Date(firstFull - DAY / 2).toISOString(),
    end: new Date(firstFull).toISOString(),
    tweet_count: 1,
  });
  daily.forEach((count, i) => {
    data.push({
      start: new Date(firstFull + i * DAY).toISOString(),
      end: new Date(firstFull + (i + 1) * DAY).toISOString(),
      tweet_count: count,
    });
  });
  data.push({
    start: new Date(midnight).toISOString(),
    end: new Date(NOW).toISOString(),
    tweet_count: today,
  });
  const total = data.reduce((sum, b) => sum + b.tweet_count, 0);
  return { data, meta: { total_tweet_count: total } };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function deps({
  fetch,
  ...overrides
}: Partial<Omit<Parameters<typeof getMentions>[1], "x">> & {
  fetch: typeof globalThis.fetch;
  token?: string | undefined;
}) {
  const { token, ...rest } = "token" in overrides ? overrides : { ...overrides, token: "test-token" };
  return {
    x: createX({ xBearerToken: token, xApiUrl: "https://x.test", timeoutMs: 500 }, fetch),
    maxRequests: 40,
    cacheSeconds: 900,
    now: NOW,
    cache: {},
    ...rest,
  };
}

describe("estimateMentions", () => {
  const keywords = Array.from({ length: 300 }, (_, i) => `Topic number ${i}`);

  it("stays within the SPEC §9 ranges", () => {
    const cases: Array<[string, number, number]> = [
      ["Bitcoin", 2000, 5000],
      ["Election 2024", 3000, 8000],
      ["2028 presidential election", 3000, 8000],
      ["snap elections", 3000, 8000],
      ["AI technology", 1500, 3500],
      ["Trump 2024", 300, 1500],
    ];
    for (const [keyword, min, max] of cases) {
      const count = estimateMentions(keyword);
      expect(count.mentions).toBeGreaterThanOrEqual(min);
      expect(count.mentions).toBeLessThanOrEqual(max);
      expect(mentionRange(keyword)).toEqual({ min, max });
    }
    for (const keyword of keywords) {
      const { mentions } = estimateMentions(keyword);
      expect(Number.isInteger(mentions)).toBe(true);
      expect(mentions).toBeGreaterThanOrEqual(300);
      expect(mentions).toBeLessThanOrEqual(1500);
    }
  });

  it("is identical across calls and labelled estimated", () => {
    for (const keyword of [...keywords, "Bitcoin", "Election 2024"]) {
      const first = estimateMentions(keyword);
      expect(estimateMentions(keyword)).toEqual(first);
      expect(first.source).toBe("estimated");
      expect(first.keyword).toBe(keyword);
    }
  });

  it("spreads values and marks the upper third of the range as trending", () => {
    const counts = keywords.map(estimateMentions);
    expect(new Set(counts.map((c) => c.mentions)).size).toBeGreaterThan(200);
    for (const c of counts) expect(c.trending).toBe(c.mentions >= 1100);
    const trending = counts.filter((c) => c.trending).length;
    expect(trending).toBeGreaterThan(60);
    expect(trending).toBeLessThan(140);
  });
});

describe("isTrending", () => {
  it("compares the last full day with 1.5 × the earlier full days' average", () => {
    const buckets = (daily: number[]) =>
      (countsBody(daily, 999) as { data: Array<{ start: string; end: string; tweet_count: number }> }).data;
    expect(isTrending(buckets([10, 10, 10, 10, 10, 16]))).toBe(true);
    expect(isTrending(buckets([10, 10, 10, 10, 10, 15]))).toBe(false);
    expect(isTrending(buckets([10, 10, 10, 10, 10, 2]))).toBe(false);
    expect(isTrending(buckets([0, 0, 0, 0, 0, 0]))).toBe(false);
    expect(isTrending(buckets([5]))).toBe(false);
    expect(isTrending([])).toBe(false);
  });
});

describe("fetchRecentCount", () => {
  const X_OPTIONS = { baseUrl: "https://x.test", token: "t", timeoutMs: 500, retries: 0, retryBaseMs: 0 };

  it("maps a non-ok status to the SPEC message", async () => {
    const { fetch } = fakeFetch(() => json({ title: "Unauthorized" }, 401));
    await expect(fetchRecentCount("Bitcoin", { ...X_OPTIONS, fetch })).rejects.toThrow(
      "Twitter API error: 401",
    );
  });

  it("rejects a body of the wrong shape", async () => {
    const { fetch } = fakeFetch(() => json({ data: "nope" }));
    await expect(fetchRecentCount("Bitcoin", { ...X_OPTIONS, fetch })).rejects.toMatchObject({
      upstream: "x",
      kind: "shape",
    });
  });
});

describe("getMentions", () => {
  it("makes no call for an empty keyword list", async () => {
    const { fetch, calls } = fakeFetch(() => json(countsBody([1])));
    const result = await getMentions([], deps({ fetch }));
    expect(calls).toHaveLength(0);
    expect(result.counts).toEqual([]);
  });

  it("uses estimates and makes no call without a token", async () => {
    const { fetch, calls } = fakeFetch(() => json(countsBody([1])));
    const result = await getMentions(["Bitcoin", "Fed cuts rates"], deps({ fetch, token: undefined }));
    expect(calls).toHaveLength(0);
    expect(result.source).toBe("estimated");
    expect(result.counts).toEqual([estimateMentions("Bitcoin"), estimateMentions("Fed cuts rates")]);
  });

  it("fetches live counts with the bearer token and records them in the cache", async () => {
    const { fetch, calls } = fakeFetch(() => json(countsBody([10, 10, 10, 10, 10, 40], 5)));
    const result = await getMentions(["Bitcoin"], deps({ fetch }));
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call?.method).toBe("GET");
    expect(call?.url.origin + (call?.url.pathname ?? "")).toBe("https://x.test/2/tweets/counts/recent");
    expect(call?.url.searchParams.get("query")).toBe('"Bitcoin" -is:retweet');
    expect(call?.url.searchParams.get("granularity")).toBe("day");
    expect(call?.url.search).not.toContain("+");
    expect(call?.headers.get("authorization")).toBe("Bearer test-token");
    // 1 (partial first day) + 90 (full days) + 5 (today).
    expect(result.counts).toEqual([{ keyword: "Bitcoin", mentions: 96, trending: true, source: "live" }]);
    expect(result.source).toBe("live");
    expect(result.cache.Bitcoin).toEqual({ mentions: 96, trending: true, fetchedAt: NOW });
  });

  it("reuses cache entries younger than cacheSeconds", async () => {
    const { fetch, calls } = fakeFetch(() => json(countsBody([3, 3, 3])));
    const first = await getMentions(["Bitcoin", "Fed cuts rates"], deps({ fetch }));
    expect(calls).toHaveLength(2);
    const second = await getMentions(
      ["Fed cuts rates", "Bitcoin"],
      deps({ fetch, cache: first.cache, now: NOW + 899_000 }),
    );
    expect(calls).toHaveLength(2);
    expect(second.source).toBe("live");
    expect(second.counts.map((c) => c.keyword)).toEqual(["Fed cuts rates", "Bitcoin"]);
    expect(second.cache).toEqual(first.cache);
  });

  it("refetches entries older than cacheSeconds and drops them from the cache", async () => {
    const { fetch, calls } = fakeFetch(() => json(countsBody([3, 3, 3])));
    const cache: Record<string, MentionCacheEntry> = {
      Bitcoin: { mentions: 5, trending: false, fetchedAt: NOW - 900_000 },
      "Old topic": { mentions: 7, trending: false, fetchedAt: NOW - 901_000 },
    };
    const result = await getMentions(["Bitcoin"], deps({ fetch, cache }));
    expect(calls).toHaveLength(1);
    expect(result.cache.Bitcoin?.fetchedAt).toBe(NOW);
    expect(Object.keys(result.cache)).toEqual(["Bitcoin"]);
  });

  it("fetches at most maxRequests keywords and estimates the rest", async () => {
    const { fetch, calls } = fakeFetch(() => json(countsBody([2, 2, 2])));
    const keywords = Array.from({ length: 10 }, (_, i) => `Topic ${i}`);
    const result = await getMentions(keywords, deps({ fetch, maxRequests: 3 }));
    expect(calls).toHaveLength(3);
    expect(result.counts.filter((c) => c.source === "live")).toHaveLength(3);
    expect(result.counts.slice(3)).toEqual(keywords.slice(3).map(estimateMentions));
    expect(result.source).toBe("partial");
    expect(Object.keys(result.cache)).toHaveLength(3);
  });

  it("keeps at most six requests in flight", async () => {
    let inFlight = 0;
    let peak = 0;
    const { fetch, calls } = fakeFetch(async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight--;
      return json(countsBody([1, 1]));
    });
    const keywords = Array.from({ length: 20 }, (_, i) => `Topic ${i}`);
    const result = await getMentions(keywords, deps({ fetch }));
    expect(calls).toHaveLength(20);
    expect(peak).toBe(MENTION_CONCURRENCY);
    expect(result.source).toBe("live");
  });

  it("stops fetching after a 429", async () => {
    const { fetch, calls } = fakeFetch(() => json({ title: "Too Many Requests" }, 429));
    const keywords = Array.from({ length: 20 }, (_, i) => `Topic ${i}`);
    const result = await getMentions(keywords, deps({ fetch }));
    // The six requests already in flight finish; no new one starts and none is retried.
    expect(calls).toHaveLength(MENTION_CONCURRENCY);
    expect(result.source).toBe("estimated");
    expect(result.counts).toEqual(keywords.map(estimateMentions));
  });

  it("estimates keywords whose fetch fails, without throwing", async () => {
    const { fetch, calls } = fakeFetch((url) => {
      const query = url.searchParams.get("query") ?? "";
      if (query.includes("Broken")) return json({ title: "Server Error" }, 503);
      if (query.includes("Offline")) throw new TypeError("fetch failed");
      if (query.includes("Garbled")) return new Response("<html>blocked</html>", { status: 200 });
      return json(countsBody([4, 4]));
    });
    const keywords = ["Broken topic", "Good topic", "Offline topic", "Garbled topic"];
    const result = await getMentions(keywords, deps({ fetch }));
    expect(calls).toHaveLength(4);
    expect(result.counts.map((c) => c.source)).toEqual(["estimated", "live", "estimated", "estimated"]);
    expect(result.counts[0]).toEqual(estimateMentions("Broken topic"));
    expect(result.source).toBe("partial");
    expect(Object.keys(result.cache)).toEqual(["Good topic"]);
  });

  it("fetches each distinct keyword once and keeps counts aligned with duplicates", async () => {
    const totals: Record<string, number> = {
      '"Bitcoin" -is:retweet': 100,
      '"Fed cuts rates" -is:retweet': 7,
    };
    const { fetch, calls } = fakeFetch((url) => {
      const total = totals[url.searchParams.get("query") ?? ""] ?? 0;
      return json({ data: [], meta: { total_tweet_count: total } });
    });
    const keywords = ["Bitcoin", "Fed cuts rates", "Bitcoin", "", "Bitcoin"];
    const result = await getMentions(keywords, deps({ fetch }));
    expect(calls).toHaveLength(2);
    expect(result.counts.map((c) => [c.keyword, c.mentions, c.source])).toEqual([
      ["Bitcoin", 100, "live"],
      ["Fed cuts rates", 7, "live"],
      ["Bitcoin", 100, "live"],
      ["", estimateMentions("").mentions, "estimated"],
      ["Bitcoin", 100, "live"],
    ]);
  });
});
