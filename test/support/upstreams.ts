/**
 * The upstreams as msw handlers, one set for every kind of test: the workerd tests serve them with
 * msw's server, the fixture server (browser tests, bench, `npm run fixtures`) answers real HTTP with
 * them, and unit tests can fetch through them. Each upstream answers from the recorded payloads and
 * can be told to fail in each way of quality-bar.md.
 */
import {
  delay,
  getResponse,
  type HttpHandler,
  HttpResponse,
  type HttpResponseResolver,
  http,
  type JsonBodyType,
} from "msw";
import tradesA from "../fixtures/polymarket/data-trades-large-a.json" with { type: "json" };
import tradesB from "../fixtures/polymarket/data-trades-large-b.json" with { type: "json" };
import tradesC from "../fixtures/polymarket/data-trades-large-c.json" with { type: "json" };
import marketsFixture from "../fixtures/polymarket/gamma-markets-active-100.json" with { type: "json" };
import {
  booksFor,
  eventBySlug,
  holdersFor,
  marketBySlug,
  marketsByIds,
  priceHistoryFor,
  v2EventTradesFor,
  v2HoldersFor,
  v2ResolutionsFor,
} from "./market-answers.ts";
import {
  type ChatRequest,
  eventsOf,
  kalshiEventsAnswer,
  keysetAnswer,
  LEGACY_LIST_HEADERS,
  leaderboardAnswer,
  MARKETS_RECORDED_AT,
  modelAnswer,
  positionsAnswer,
  replayedAt,
  v2ActivityAnswer,
  v2LeaderboardAnswer,
  v2PositionsAnswer,
  xCountsAnswer,
} from "./upstream-answers.ts";

/** The recorded top-100 markets, replayed as if recorded when this module loads (`replayedAt`). */
export const recordedMarkets: unknown[] = replayedAt(marketsFixture, MARKETS_RECORDED_AT, Date.now());
export const recordedTrades: unknown[] = [...tradesA, ...tradesB, ...tradesC];

export type Upstream = "gamma" | "data" | "x" | "llm" | "clob" | "kalshi";
export const UPSTREAMS: readonly Upstream[] = ["gamma", "data", "x", "llm", "clob", "kalshi"];

/** Where each upstream lives for this kind of test. */
export type UpstreamBases = Record<Upstream, string>;

/** The failure modes of quality-bar.md. */
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
/** Also for the fixture server: answer normally after a delay, or never. */
export type Mode = FailureMode | "slow" | "hang";
export const MODES: readonly Mode[] = [...FAILURE_MODES, "slow", "hang"];

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
  clob: {
    history: [
      { t: -1, p: 7 },
      { t: "soon", p: Number.NaN },
    ],
  },
  kalshi: {
    cursor: "",
    events: [
      {
        event_ticker: "KXABSURD-1",
        title: "Absurd?",
        markets: [{ ticker: "KXABSURD-1-A", status: "active", yes_bid_dollars: "7.00", volume_24h_fp: "-5" }],
      },
    ],
  },
  llm: {
    choices: [
      {
        message: {
          content: JSON.stringify({
            forecasts: [
              {
                eventId: "517310",
                probabilities: "all",
                callOutcome: 7,
                callSide: "moon",
                confidence: "NaN",
                reasoning: null,
              },
            ],
          }),
        },
      },
    ],
  },
};

const EMPTY: Record<Upstream, JsonBodyType> = {
  gamma: { markets: [] },
  data: [],
  x: {},
  llm: {},
  clob: { history: [] },
  kalshi: { cursor: "", events: [], milestones: [] },
};

/** What an upstream answers in a failure mode. */
function failureResponse(upstream: Upstream, mode: FailureMode): Promise<Response> | Response {
  switch (mode) {
    case "refused":
      return HttpResponse.error();
    case "timeout":
      return delay(5_000).then(() => HttpResponse.json([]));
    case "http-500":
      return HttpResponse.json({ error: "boom" }, { status: 500 });
    case "http-429":
      return HttpResponse.json({ error: "slow down" }, { status: 429 });
    case "html-403":
      return new HttpResponse("<!DOCTYPE html><title>Sorry, you have been blocked</title>", {
        status: 403,
        headers: { "content-type": "text/html" },
      });
    case "invalid-json":
      return new HttpResponse("{ nope", { headers: { "content-type": "application/json" } });
    case "wrong-shape":
      return HttpResponse.json("just a string");
    case "empty":
      return HttpResponse.json(EMPTY[upstream]);
    case "absurd":
      return HttpResponse.json(ABSURD[upstream]);
  }
}

/** The upstreams at `bases`, with request counts and the knobs tests turn. */
export function createUpstreams(bases: UpstreamBases) {
  /** Requests per upstream, so tests can assert how often the Worker called out. */
  const calls: Record<Upstream, number> = { gamma: 0, data: 0, x: 0, llm: 0, clob: 0, kalshi: 0 };
  /** Every Gamma request URL, in order (path and parameters are part of the contract). */
  const gammaRequests: URL[] = [];
  /** Each upstream's latest Authorization header (which secret the app used). */
  const authorizations: Partial<Record<Upstream, string>> = {};
  /** Trades put in front of the recorded ones (`POST /__trades` on the fixture server). */
  const extraTrades: unknown[] = [];

  // msw's request type, not the Workers one (the two disagree on `cf`).
  const seen = (upstream: Upstream, request: { url: string; headers: Headers }) => {
    calls[upstream] += 1;
    if (upstream === "gamma") gammaRequests.push(new URL(request.url));
    const authorization = request.headers.get("authorization");
    if (authorization !== null) authorizations[upstream] = authorization;
  };

  /** Each upstream's route(s): the method, the URL and the normal answer. */
  const keysetAnswerFor =
    (markets: readonly unknown[], pageSize: number): HttpResponseResolver =>
    ({ request }) => {
      const query = new URL(request.url).searchParams;
      // Asked by id (the track record's settlement): the recorded markets with those ids.
      if (query.has("id"))
        return HttpResponse.json(marketsByIds(query.getAll("id"), query.get("closed") === "true"));
      const answer = keysetAnswer(markets, query, pageSize);
      return HttpResponse.json(answer.body, { status: answer.status });
    };
  /** `/events/keyset` over the events the markets belong to; `pageSize` below 100 makes the client page. */
  const eventsAnswerFor =
    (markets: readonly unknown[], pageSize: number): HttpResponseResolver =>
    ({ request }) => {
      const answer = keysetAnswer(eventsOf(markets), new URL(request.url).searchParams, pageSize, "events");
      return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
    };
  /** The two list routes, served from one set of markets (the feed asks the events list first). */
  const listsAnswerFor =
    (markets: readonly unknown[], pageSize: number): HttpResponseResolver =>
    (info) =>
      new URL(info.request.url).pathname.endsWith("/events/keyset")
        ? eventsAnswerFor(markets, pageSize)(info)
        : keysetAnswerFor(markets, pageSize)(info);
  const bearer = (request: { headers: Headers }) =>
    /^Bearer \S+/.test(request.headers.get("authorization") ?? "");
  /** Kalshi's `/events` over the recorded events; `pageSize` below 200 makes the crawl page. */
  const kalshiAnswerFor =
    (pageSize: number, events?: readonly unknown[]): HttpResponseResolver =>
    ({ request }) => {
      const answer = kalshiEventsAnswer(new URL(request.url).searchParams, pageSize, events);
      return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
    };
  const routes: Record<Upstream, { method: "get" | "post"; url: string; ok: HttpResponseResolver }[]> = {
    gamma: [
      // The feed's two lists: the events keyset list, and the markets keyset list (the events fallback,
      // and the track record's settlement by id). One route, so a failing feed fails both.
      { method: "get", url: `${bases.gamma}/:list/keyset`, ok: listsAnswerFor(recordedMarkets, 100) },
      {
        method: "get",
        url: `${bases.gamma}/markets`,
        ok: () => HttpResponse.json(recordedMarkets as JsonBodyType, { headers: LEGACY_LIST_HEADERS }),
      },
      {
        method: "get",
        url: `${bases.gamma}/markets/slug/:slug`,
        ok: ({ params }) => {
          const market = marketBySlug(String(params.slug));
          return market
            ? HttpResponse.json(market as JsonBodyType)
            : HttpResponse.json({ error: "market not found" }, { status: 404 });
        },
      },
      {
        method: "get",
        url: `${bases.gamma}/events/slug/:slug`,
        ok: ({ params }) => {
          const event = eventBySlug(String(params.slug));
          return event
            ? HttpResponse.json(event as unknown as JsonBodyType)
            : HttpResponse.json({ error: "event not found" }, { status: 404 });
        },
      },
    ],
    data: [
      {
        method: "get",
        url: `${bases.data}/trades`,
        ok: ({ request }) => {
          const all = [...extraTrades, ...recordedTrades] as {
            conditionId?: unknown;
            proxyWallet?: unknown;
          }[];
          const query = new URL(request.url).searchParams;
          // `market=<conditionId>` narrows the feed to one market (the market page), `user=<wallet>` to
          // one wallet's trades (the trader page).
          // (`market=<id>,<id>` names several: an event page asks for all its markets at once).
          const markets = query.get("market")?.split(",");
          const user = query.get("user")?.toLowerCase();
          return HttpResponse.json(
            all.filter(
              (t) =>
                (!markets || markets.includes(String(t.conditionId))) &&
                (!user || (typeof t.proxyWallet === "string" && t.proxyWallet.toLowerCase() === user)),
            ) as JsonBodyType,
          );
        },
      },
      {
        method: "get",
        url: `${bases.data}/v1/leaderboard`,
        ok: ({ request }) =>
          HttpResponse.json(leaderboardAnswer(new URL(request.url).searchParams) as JsonBodyType),
      },
      {
        method: "get",
        url: `${bases.data}/v2/leaderboard`,
        ok: ({ request }) => {
          const answer = v2LeaderboardAnswer(new URL(request.url).searchParams);
          return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
        },
      },
      {
        method: "get",
        url: `${bases.data}/v2/resolutions`,
        ok: ({ request }) => {
          const answer = v2ResolutionsFor(new URL(request.url).searchParams);
          return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
        },
      },
      {
        method: "get",
        url: `${bases.data}/v2/activity`,
        ok: ({ request }) => {
          const answer = v2ActivityAnswer(new URL(request.url).searchParams);
          return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
        },
      },
      {
        method: "get",
        url: `${bases.data}/positions`,
        ok: ({ request }) =>
          HttpResponse.json(positionsAnswer(new URL(request.url).searchParams) as JsonBodyType),
      },
      {
        method: "get",
        url: `${bases.data}/v2/positions`,
        ok: ({ request }) => {
          const answer = v2PositionsAnswer(new URL(request.url).searchParams);
          return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
        },
      },
      {
        method: "get",
        url: `${bases.data}/holders`,
        ok: ({ request }) =>
          HttpResponse.json(
            holdersFor(new URL(request.url).searchParams.get("market") ?? "") as JsonBodyType,
          ),
      },
      // After v1's routes: a test failing "/holders" or "/trades" by path means v1's.
      {
        method: "get",
        url: `${bases.data}/v2/holders`,
        ok: ({ request }) =>
          HttpResponse.json(v2HoldersFor(new URL(request.url).searchParams) as JsonBodyType),
      },
      {
        method: "get",
        url: `${bases.data}/v2/trades`,
        ok: ({ request }) =>
          HttpResponse.json(v2EventTradesFor(new URL(request.url).searchParams, Date.now()) as JsonBodyType),
      },
    ],
    x: [
      {
        method: "get",
        url: `${bases.x}/2/tweets/counts/recent`,
        ok: ({ request }) =>
          bearer(request)
            ? HttpResponse.json(xCountsAnswer())
            : HttpResponse.json({ title: "Unauthorized" }, { status: 401 }),
      },
    ],
    llm: [
      {
        method: "post",
        url: `${bases.llm}/chat/completions`,
        ok: async ({ request }) =>
          bearer(request)
            ? HttpResponse.json(modelAnswer((await request.json()) as ChatRequest))
            : HttpResponse.json({ error: "missing key" }, { status: 401 }),
      },
    ],
    clob: [
      {
        method: "get",
        url: `${bases.clob}/prices-history`,
        ok: ({ request }) => {
          const query = new URL(request.url).searchParams;
          const nowSec = Math.floor(Date.now() / 1000);
          return HttpResponse.json(
            priceHistoryFor(query.get("market") ?? "", query.get("interval") ?? "", nowSec) as JsonBodyType,
          );
        },
      },
      {
        method: "post",
        url: `${bases.clob}/books`,
        ok: async ({ request }) =>
          HttpResponse.json(booksFor((await request.json().catch(() => null)) as unknown) as JsonBodyType),
      },
    ],
    kalshi: [{ method: "get", url: `${bases.kalshi}/events`, ok: kalshiAnswerFor(200) }],
  };

  const counted = (upstream: Upstream, resolver: HttpResponseResolver): HttpResponseResolver => {
    return (info) => {
      seen(upstream, info.request);
      return resolver(info);
    };
  };
  const handle = (
    upstream: Upstream,
    route: (typeof routes)[Upstream][number],
    resolver: HttpResponseResolver,
  ) => http[route.method](route.url, counted(upstream, resolver));

  return {
    bases,
    calls,
    gammaRequests,
    authorizations,
    extraTrades,
    /** Every upstream answering normally. */
    handlers: UPSTREAMS.flatMap((u) => routes[u].map((route) => handle(u, route, route.ok))) as HttpHandler[],
    /** Gamma's keyset lists (events and markets) over `markets`; a `pageSize` below 100 makes the client page. */
    keysetHandler(markets: readonly unknown[] = recordedMarkets, pageSize = 100): HttpHandler {
      const route = routes.gamma[0];
      if (!route) throw new Error("no keyset route");
      return handle("gamma", route, listsAnswerFor(markets, pageSize));
    },
    /** Kalshi's `/events` with `pageSize` events a page (the crawl's paging), over `events` (the recorded). */
    kalshiHandler(pageSize: number, events?: readonly unknown[]): HttpHandler {
      const route = routes.kalshi[0];
      if (!route) throw new Error("no kalshi route");
      return handle("kalshi", route, kalshiAnswerFor(pageSize, events));
    },
    /**
     * One upstream behaving in `mode`: its first route (Gamma: the keyset list), or the route whose path
     * ends with `path` ("/holders", "/markets/slug/:slug", "/events/slug/:slug", "/books").
     */
    failing(upstream: Upstream, mode: Mode, slowMs = 3_000, path?: string): HttpHandler {
      const route = path ? routes[upstream].find((r) => r.url.endsWith(path)) : routes[upstream][0];
      if (!route) throw new Error(`no route for ${upstream} ${path ?? ""}`);
      const resolver: HttpResponseResolver =
        mode === "hang"
          ? () => new Promise<never>(() => {})
          : mode === "slow"
            ? async (info) => {
                await delay(slowMs);
                return route.ok(info);
              }
            : () => failureResponse(upstream, mode);
      return handle(upstream, route, resolver);
    },
    resetCalls(): void {
      for (const u of UPSTREAMS) calls[u] = 0;
      gammaRequests.length = 0;
      for (const u of UPSTREAMS) delete authorizations[u];
    },
  };
}

export type Upstreams = ReturnType<typeof createUpstreams>;

/**
 * A fetch answered by msw handlers, in process (unit tests call the clients through the same upstreams
 * as every other test). A "refused" answer rejects, as a real refused connection does.
 */
export function fetchThrough(handlers: readonly HttpHandler[]): typeof fetch {
  return async (input, init) => {
    const response = await getResponse([...handlers], new Request(input, init));
    if (!response) throw new TypeError(`no upstream answers ${String(input)}`);
    if (response.type === "error") throw new TypeError("fetch failed: connection refused");
    return response;
  };
}
