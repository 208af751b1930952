/**
 * Every upstream client through the shared upstream handlers (test/support/upstreams.ts), in process:
 * the request each sends (path, parameters, method, key) and the parse of the recorded answer.
 */
import { describe, expect, it } from "vitest";
import { fetchRecentCount } from "~/.server/mentions/x-client";
import { fetchWhaleTrades } from "~/.server/polymarket/data-api";
import { fetchActiveEvents, fetchActiveMarkets } from "~/.server/polymarket/gamma";
import { analyseEvents } from "~/.server/sentiment/llm-client";
import { createUpstreams, fetchThrough, recordedMarkets } from "../support/upstreams";

const BASES = {
  gamma: "https://gamma.unit",
  data: "https://data.unit",
  x: "https://x.unit",
  llm: "https://llm.unit/v1",
  clob: "https://clob.unit",
  kalshi: "https://kalshi.unit/trade-api/v2",
};

function setup() {
  const upstreams = createUpstreams(BASES);
  const requests: Request[] = [];
  const through = fetchThrough(upstreams.handlers);
  const fetch: typeof globalThis.fetch = (input, init) => {
    requests.push(new Request(input, init));
    return through(input, init);
  };
  return { upstreams, requests, fetch, options: { fetch, timeoutMs: 1000, retries: 0, retryBaseMs: 0 } };
}

describe("upstream clients against the shared upstreams", () => {
  it("Gamma: GET /markets/keyset with the documented parameters; the 100 recorded markets", async () => {
    const { upstreams, requests, options } = setup();
    const result = await fetchActiveMarkets({ ...options, baseUrl: BASES.gamma });
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      [
        "GET",
        `${BASES.gamma}/markets/keyset?active=true&closed=false&order=volume24hr&ascending=false&limit=100`,
      ],
    ]);
    expect(result).toMatchObject({ route: "keyset", pages: 1 });
    expect(result.markets.map((m) => m.id)).toEqual((recordedMarkets as { id: string }[]).map((m) => m.id));
    expect(upstreams.calls.gamma).toBe(1);
  });

  it("Data API: GET /trades for trades over $50K, taker side only; the one recorded whale", async () => {
    const { requests, options } = setup();
    const trades = await fetchWhaleTrades({ ...options, baseUrl: BASES.data });
    const url = new URL(requests[0]?.url ?? "");
    expect(url.pathname).toBe("/trades");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      filterType: "CASH",
      filterAmount: "50000",
      takerOnly: "true",
      limit: "100",
    });
    expect(trades.map((t) => t.title)).toEqual(["Pozoblanco: Akira Santillan vs Izan Almazan Valiente"]);
  });

  it("X: GET /2/tweets/counts/recent with the phrase query and the bearer token", async () => {
    const { requests, options, upstreams } = setup();
    const count = await fetchRecentCount("Bitcoin", { ...options, baseUrl: BASES.x, token: "x-token" });
    const url = new URL(requests[0]?.url ?? "");
    expect(url.pathname).toBe("/2/tweets/counts/recent");
    expect(url.searchParams.get("query")).toBe('"Bitcoin" -is:retweet');
    expect(url.searchParams.get("granularity")).toBe("day");
    expect(upstreams.authorizations.x).toBe("Bearer x-token");
    expect(count).toEqual({ mentions: 820, trending: false });
  });

  it("Model: POST /chat/completions with the key and a structured-output schema; one forecast per event", async () => {
    const { requests, options, upstreams } = setup();
    const events = (await fetchActiveEvents({ ...options, baseUrl: BASES.gamma })).events.slice(0, 3);
    const context = { today: "2026-11-22", mentions: new Map<string, number>() };
    const { analyses, failures } = await analyseEvents(events, context, {
      baseUrl: BASES.llm,
      apiKey: "llm-key",
      model: "unit-model",
      fetch: options.fetch,
      timeoutMs: 1000,
      batchSize: 10,
    });
    const post = requests.find((r) => r.method === "POST");
    expect(post?.url).toBe(`${BASES.llm}/chat/completions`);
    const body = (await post?.json()) as { model: string; response_format: { type: string } };
    expect(body.model).toBe("unit-model");
    expect(body.response_format.type).toBe("json_schema");
    expect(upstreams.authorizations.llm).toBe("Bearer llm-key");
    expect(failures).toBe(0);
    expect(analyses.map((a) => [a.eventId, a.source])).toEqual(events.map((e) => [e.id, "unit-model"]));
  });

  it("a refused upstream is a network failure the clients turn into a typed error", async () => {
    const { upstreams, options } = setup();
    const refused = fetchThrough([upstreams.failing("data", "refused"), ...upstreams.handlers]);
    await expect(fetchWhaleTrades({ ...options, fetch: refused, baseUrl: BASES.data })).rejects.toMatchObject(
      {
        name: "UpstreamError",
        kind: "network",
      },
    );
  });
});
