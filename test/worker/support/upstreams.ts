/** The shared upstream handlers (test/support/upstreams.ts) at the workerd tests' hosts, served by msw. */
import { http, passthrough } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { createUpstreams, type FailureMode, type Upstream } from "../../support/upstreams";

export { FAILURE_MODES, recordedMarkets, recordedTrades } from "../../support/upstreams";

// The hosts vitest.config.ts gives the Worker.
export const GAMMA = "https://gamma.test";
export const DATA = "https://data.test";
export const X_API = "https://x.test";
export const LLM = "https://llm.test/v1";
export const CLOB = "https://clob.test";
export const KALSHI = "https://kalshi.test/trade-api/v2";

const upstreamsAtTestHosts = createUpstreams({
  gamma: GAMMA,
  data: DATA,
  x: X_API,
  llm: LLM,
  clob: CLOB,
  kalshi: KALSHI,
});

export const { calls, gammaRequests } = upstreamsAtTestHosts;

/**
 * Requests for the feed itself (the events list, or its fallback the markets keyset or legacy list),
 * leaving out the track record's settlement lookups (`/markets/keyset?id=…`) and the market pages'
 * `/markets/slug/…` and `/events/slug/…`.
 */
export function feedRequests(): number {
  return gammaRequests.filter(
    (url) =>
      (url.pathname.endsWith("/events/keyset") ||
        url.pathname.endsWith("/markets/keyset") ||
        url.pathname.endsWith("/markets")) &&
      !url.searchParams.has("id"),
  ).length;
}
export const keysetHandler = upstreamsAtTestHosts.keysetHandler;
export const kalshiHandler = upstreamsAtTestHosts.kalshiHandler;
/** Trades put in front of the recorded /trades answer; a test that adds some empties it. */
export const extraTrades = upstreamsAtTestHosts.extraTrades;
export const resetCalls = upstreamsAtTestHosts.resetCalls;
/** An msw handler that makes one upstream fail in one way (each request still counted in `calls`). */
export const failing = (upstream: Upstream, mode: FailureMode, path?: string) =>
  upstreamsAtTestHosts.failing(upstream, mode, 3_000, path);

/** Loopback goes out for real: the mock CLOB WebSocket and its controls (test/support/clob-ws.ts). */
const loopback = http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough());

export const upstreams = setupServer(loopback, ...upstreamsAtTestHosts.handlers);

/**
 * msw listening (unknown hosts are errors), its handlers and the mocks reset after each test. workerTest
 * (support/worker.ts) starts with this; a file that needs neither a worker per test nor a cold start calls it
 * alone.
 */
export function listenToUpstreams(): void {
  beforeAll(() => upstreams.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    upstreams.resetHandlers();
    vi.restoreAllMocks();
  });
  afterAll(() => upstreams.close());
}
