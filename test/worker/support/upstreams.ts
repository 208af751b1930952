/** msw handlers serving the recorded payloads at the test upstream hosts (see vitest.config.ts). */
import { HttpResponse, type HttpResponseResolver, http, type JsonBodyType } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import tradesA from "../../../../shared/fixtures/polymarket/data-trades-large-a.json";
import tradesB from "../../../../shared/fixtures/polymarket/data-trades-large-b.json";
import tradesC from "../../../../shared/fixtures/polymarket/data-trades-large-c.json";
import marketsFixture from "../../../../shared/fixtures/polymarket/gamma-markets-active-100.json";
import {
  type ChatRequest,
  keysetAnswer,
  LEGACY_LIST_HEADERS,
  modelAnswer,
  xCountsAnswer,
} from "../../support/upstream-answers";

export const GAMMA = "https://gamma.test";
export const DATA = "https://data.test";
export const X_API = "https://x.test";
export const LLM = "https://llm.test/v1";

export const recordedMarkets: unknown[] = marketsFixture;
export const recordedTrades: unknown[] = [...tradesA, ...tradesB, ...tradesC];

/** Counts requests per upstream so tests can assert how often the Worker called out. */
export const calls = { gamma: 0, data: 0, x: 0, llm: 0 };
/** Every Gamma request URL, in order (path and parameters are part of the contract). */
export const gammaRequests: URL[] = [];

export function resetCalls(): void {
  calls.gamma = 0;
  calls.data = 0;
  calls.x = 0;
  calls.llm = 0;
  gammaRequests.length = 0;
}

/** Gamma's keyset list over the recorded markets; `pageSize` below 100 makes the client page. */
export function keysetHandler(markets: readonly unknown[] = recordedMarkets, pageSize = 100) {
  return http.get(`${GAMMA}/markets/keyset`, ({ request }) => {
    const url = new URL(request.url);
    calls.gamma += 1;
    gammaRequests.push(url);
    const answer = keysetAnswer(markets, url.searchParams, pageSize);
    return HttpResponse.json(answer.body, { status: answer.status });
  });
}

/** The deprecated offset list, with the notices the real one sends. */
export function legacyListHandler(markets: readonly unknown[] = recordedMarkets) {
  return http.get(`${GAMMA}/markets`, ({ request }) => {
    calls.gamma += 1;
    gammaRequests.push(new URL(request.url));
    return HttpResponse.json(markets as JsonBodyType, { headers: LEGACY_LIST_HEADERS });
  });
}

export const defaultHandlers = [
  keysetHandler(),
  legacyListHandler(),
  http.get(`${DATA}/trades`, () => {
    calls.data += 1;
    return HttpResponse.json(recordedTrades);
  }),
  http.get(`${X_API}/2/tweets/counts/recent`, () => {
    calls.x += 1;
    return HttpResponse.json(xCountsAnswer());
  }),
  http.post(`${LLM}/chat/completions`, async ({ request }) => {
    calls.llm += 1;
    return HttpResponse.json(modelAnswer((await request.json()) as ChatRequest));
  }),
];

export const upstreams = setupServer(...defaultHandlers);

/** The hooks every workerd test file needs: msw listening (unknown hosts are errors), handlers and mocks reset after each test. */
export function listenToUpstreams(): void {
  beforeAll(() => upstreams.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    upstreams.resetHandlers();
    vi.restoreAllMocks();
  });
  afterAll(() => upstreams.close());
}

export type Upstream = "gamma" | "data" | "x" | "llm";

/** Values no upstream should send (NaN, negative, over 100%), in each upstream's own shape. */
const ABSURD: Record<Upstream, JsonBodyType> = {
  gamma: {
    markets: [
      { id: "1", question: "NaN market?", outcomes: '["Yes","No"]', outcomePrices: '["NaN","NaN"]' },
      { id: "2", question: "Negative market?", outcomes: '["Yes","No"]', outcomePrices: '["-0.5","1.5"]' },
      { id: "3", question: "Over 100%?", outcomes: '["Yes","No"]', outcomePrices: '["7","0.2"]' },
    ],
  },
  data: [
    { proxyWallet: "0x1", transactionHash: "0xa", conditionId: "0xc", size: -5, price: 2, timestamp: 1 },
    { proxyWallet: "0x1", transactionHash: "0xb", conditionId: "0xc", size: 1e9, price: 7, timestamp: 1 },
  ],
  x: { data: [], meta: { total_tweet_count: -5 } },
  llm: {
    choices: [
      {
        message: {
          content: JSON.stringify({
            analyses: [
              {
                marketId: "517310",
                sentiment: "moon",
                confidence: "NaN",
                recommendation: 7,
                reasoning: null,
              },
            ],
          }),
        },
      },
    ],
  },
};

/** The failure modes of quality-bar.md, as msw resolvers for one upstream. */
export function failure(upstream: Upstream, mode: FailureMode) {
  switch (mode) {
    case "refused":
      return () => HttpResponse.error();
    case "timeout":
      return async () => {
        await new Promise((r) => setTimeout(r, 5_000));
        return HttpResponse.json([]);
      };
    case "http-500":
      return () => HttpResponse.json({ error: "boom" }, { status: 500 });
    case "http-429":
      return () => HttpResponse.json({ error: "slow down" }, { status: 429 });
    case "html-403":
      return () =>
        new HttpResponse("<!DOCTYPE html><title>Sorry, you have been blocked</title>", {
          status: 403,
          headers: { "content-type": "text/html" },
        });
    case "invalid-json":
      return () => new HttpResponse("{ nope", { headers: { "content-type": "application/json" } });
    case "wrong-shape":
      return () => HttpResponse.json("just a string");
    case "empty":
      if (upstream === "gamma") return () => HttpResponse.json({ markets: [] });
      return () => HttpResponse.json(upstream === "data" ? [] : {});
    case "absurd":
      return () => HttpResponse.json(ABSURD[upstream]);
  }
}

export const FAILURE_MODES = [
  "refused",
  "timeout",
  "http-500",
  "http-429",
  "html-403",
  "invalid-json",
  "wrong-shape",
  "empty",
  "absurd",
] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];

/** An msw handler that makes one upstream fail in one way (each request still counted in `calls`). */
export function failing(upstream: Upstream, mode: FailureMode) {
  const fail = failure(upstream, mode);
  const resolver: HttpResponseResolver = ({ request }) => {
    calls[upstream] += 1;
    if (upstream === "gamma") gammaRequests.push(new URL(request.url));
    return fail();
  };
  switch (upstream) {
    case "gamma":
      return http.get(`${GAMMA}/markets/keyset`, resolver);
    case "data":
      return http.get(`${DATA}/trades`, resolver);
    case "x":
      return http.get(`${X_API}/2/tweets/counts/recent`, resolver);
    case "llm":
      return http.post(`${LLM}/chat/completions`, resolver);
  }
}
