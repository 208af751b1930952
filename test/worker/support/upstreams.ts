/** msw handlers serving the recorded payloads at the test upstream hosts (see vitest.config.ts). */
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import tradesA from "../../../../shared/fixtures/polymarket/data-trades-large-a.json";
import tradesB from "../../../../shared/fixtures/polymarket/data-trades-large-b.json";
import tradesC from "../../../../shared/fixtures/polymarket/data-trades-large-c.json";
import marketsFixture from "../../../../shared/fixtures/polymarket/gamma-markets-active-100.json";

export const GAMMA = "https://gamma.test";
export const DATA = "https://data.test";
export const X_API = "https://x.test";
export const LLM = "https://llm.test/v1";

export const recordedMarkets: unknown[] = marketsFixture;
export const recordedTrades: unknown[] = [...tradesA, ...tradesB, ...tradesC];

/** Counts requests per upstream so tests can assert how often the Worker called out. */
export const calls = { gamma: 0, data: 0, x: 0, llm: 0 };

export function resetCalls(): void {
  calls.gamma = 0;
  calls.data = 0;
  calls.x = 0;
  calls.llm = 0;
}

export const defaultHandlers = [
  http.get(`${GAMMA}/markets`, () => {
    calls.gamma += 1;
    return HttpResponse.json(recordedMarkets);
  }),
  http.get(`${DATA}/trades`, () => {
    calls.data += 1;
    return HttpResponse.json(recordedTrades);
  }),
];

export const upstreams = setupServer(...defaultHandlers);

/** The failure modes of quality-bar.md, as msw resolvers. */
export const failures = {
  refused: () => HttpResponse.error(),
  timeout: async () => {
    await new Promise((r) => setTimeout(r, 5_000));
    return HttpResponse.json([]);
  },
  "http-500": () => HttpResponse.json({ error: "boom" }, { status: 500 }),
  "http-429": () => HttpResponse.json({ error: "slow down" }, { status: 429 }),
  "html-403": () =>
    new HttpResponse("<!DOCTYPE html><title>Sorry, you have been blocked</title>", {
      status: 403,
      headers: { "content-type": "text/html" },
    }),
  "invalid-json": () => new HttpResponse("{ nope", { headers: { "content-type": "application/json" } }),
  "wrong-shape": () => HttpResponse.json({ unexpected: true }),
  empty: () => HttpResponse.json([]),
  absurd: () =>
    HttpResponse.json([
      { id: "1", question: "NaN market?", outcomes: '["Yes","No"]', outcomePrices: '["NaN","NaN"]' },
      { id: "2", question: "Negative market?", outcomes: '["Yes","No"]', outcomePrices: '["-0.5","1.5"]' },
      { id: "3", question: "Over 100%?", outcomes: '["Yes","No"]', outcomePrices: '["7","0.2"]' },
      { proxyWallet: "0x1", size: -5, price: 2, timestamp: "x", outcome: "Yes" },
    ]),
} as const;

export type FailureMode = keyof typeof failures;
