/**
 * The upstreams over real HTTP on loopback, answered by the same msw handlers the workerd tests use
 * (test/support/upstreams.ts). Used by the browser tests, the benchmark and `npm run fixtures`.
 *
 *   GET  /gamma/markets/keyset   Gamma's keyset list over the recorded markets
 *   GET  /gamma/markets          Gamma's deprecated offset list (same markets, with its sunset notice)
 *   GET  /data/trades            Data API /trades (the three recorded large-trade pages)
 *   GET  /x/2/tweets/counts/recent   X API v2 recent counts (needs a Bearer token)
 *   POST /llm/chat/completions   an OpenAI-compatible model (needs a Bearer key)
 *   GET  /gamma/markets/slug/<slug>, /gamma/events/slug/<slug>   one market / event (market page)
 *   GET  /data/holders?market=<conditionId>   top holders per outcome (built from documented shape)
 *   GET  /data/v2/activity?user=<wallet>, /data/v2/leaderboard?user=<wallet>   a wallet's recorded v2
 *                                activity and all-time standing (the fresh-wallet radar)
 *   GET  /clob/prices-history?market=<token>&interval=…   an outcome token's price history
 *   POST /clob/books             the top of outcome tokens' order books (the recorded book per token)
 *   GET  /__stats                request counts per upstream and each one's latest Authorization header
 *   POST /__mode?upstream=gamma&mode=http-500[&ms=3000]   one upstream fails (FAILURE_MODES), is slow or hangs; mode=ok restores it
 *   POST /__trades               prepend a trade (JSON body) to the /data/trades answer
 *   POST /__reset                recorded answers, no extra trades, zero counts, an empty push service
 *   WS   /clob-ws/ws/market      the CLOB market WebSocket (test/support/clob-ws.ts), with its controls under /__clob-ws/
 *   POST /__open-events?count=N  the search index's crawl (`/gamma/events/keyset` without `order`) lists N open
 *                                events built from the recorded ones (test/support/index-events.ts); count=0 restores it;
 *                                `&catalogue=cross-venue`: the cross-venue worlds instead (test/support/cross-venue-scale.ts)
 *   POST /__kalshi-events?markets=N  Kalshi's `/events` lists open events holding N markets or more, the recorded
 *                                ones world after world (test/support/cross-venue-scale.ts); markets=0 restores it
 *   POST /push/<id>              a Web Push service (test/support/push-service.ts), with its controls under /__push/
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { getResponse, type HttpHandler, HttpResponse, http, type JsonBodyType } from "msw";
import { type ClobWs, createClobWs } from "./clob-ws.ts";
import { scaleKalshiEvents, scalePolymarketEvents } from "./cross-venue-scale.ts";
import { indexEvents } from "./index-events.ts";
import { createPushService, type PushService } from "./push-service.ts";
import { keysetAnswer } from "./upstream-answers.ts";
import { createUpstreams, MODES, type Mode, UPSTREAMS, type Upstream } from "./upstreams.ts";

export interface FixtureServer {
  url: string;
  server: Server;
  /** The mock CLOB market channel it serves at `/clob-ws/ws/market` (the live bench drives it in-process). */
  clobWs: ClobWs;
  /** The Web Push service it serves at `/push/<id>` (subscriptions from `/__push/subscriptions`). */
  pushService: PushService;
  close: () => Promise<void>;
}

function send(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The Worker's upstream variables (Polymarket's, Kalshi's) pointing at a fixture server at `base`. */
export function polymarketVars(base: string): Record<string, string> {
  return {
    POLYMARKET_GAMMA_URL: `${base}/gamma`,
    POLYMARKET_DATA_URL: `${base}/data`,
    POLYMARKET_CLOB_URL: `${base}/clob`,
    KALSHI_API_URL: `${base}/kalshi/trade-api/v2`,
  };
}

/** Starts the server on 127.0.0.1 (port 0 picks a free one). */
export async function startFixtureServer(port = 8788): Promise<FixtureServer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  const upstreams = createUpstreams({
    gamma: `${url}/gamma`,
    data: `${url}/data`,
    x: `${url}/x`,
    llm: `${url}/llm`,
    clob: `${url}/clob`,
    kalshi: `${url}/kalshi/trade-api/v2`,
  });
  let modes: Partial<Record<Upstream, HttpHandler>> = {};
  /** The crawl's catalogue when set (`/__open-events`): its list requests carry no `order`. */
  let openEvents: HttpHandler[] = [];
  /** Gamma's keyset lists over other markets when set (`/__markets`, a JSON list of Gamma market objects). */
  let listed: HttpHandler[] = [];
  /** Kalshi's catalogue when set (`/__kalshi-events`). */
  let kalshiEvents: HttpHandler[] = [];
  const clobWs = createClobWs();
  const pushService = createPushService();
  server.on("upgrade", (req, socket, head) => {
    if (!clobWs.upgrade(req, socket, head)) socket.destroy();
  });

  async function control(req: IncomingMessage, res: ServerResponse, path: URL): Promise<boolean> {
    if (await clobWs.control(req, res, path)) return true;
    if (await pushService.handle(req, res, path)) return true;
    if (path.pathname === "/__stats") {
      send(res, 200, JSON.stringify({ ...upstreams.calls, authorizations: upstreams.authorizations }));
      return true;
    }
    if (req.method === "POST" && path.pathname === "/__reset") {
      modes = {};
      openEvents = [];
      listed = [];
      kalshiEvents = [];
      upstreams.resetCalls();
      upstreams.extraTrades.length = 0;
      clobWs.drop();
      pushService.reset();
      send(res, 200, "{}");
      return true;
    }
    if (req.method === "POST" && path.pathname === "/__mode") {
      const upstream = path.searchParams.get("upstream") as Upstream;
      const mode = path.searchParams.get("mode") as Mode | "ok" | null;
      if (!UPSTREAMS.includes(upstream) || !mode || (mode !== "ok" && !MODES.includes(mode))) {
        send(
          res,
          400,
          JSON.stringify({ error: `upstream ${UPSTREAMS.join("|")}, mode ok|${MODES.join("|")}` }),
        );
        return true;
      }
      if (mode === "ok") delete modes[upstream];
      else modes[upstream] = upstreams.failing(upstream, mode, Number(path.searchParams.get("ms")) || 3_000);
      send(res, 200, "{}");
      return true;
    }
    if (req.method === "POST" && path.pathname === "/__open-events") {
      const count = Number(path.searchParams.get("count"));
      if (!Number.isInteger(count) || count < 0 || count > 100_000) {
        send(res, 400, JSON.stringify({ error: "count: a whole number 0..100000" }));
        return true;
      }
      const events =
        path.searchParams.get("catalogue") === "cross-venue"
          ? scalePolymarketEvents(count)
          : indexEvents(count);
      openEvents =
        count === 0
          ? []
          : [
              http.get(`${url}/gamma/events/keyset`, ({ request }) => {
                const query = new URL(request.url).searchParams;
                if (query.has("order")) return undefined;
                upstreams.calls.gamma += 1;
                const answer = keysetAnswer(events, query, 100, "events");
                return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
              }),
            ];
      send(res, 200, JSON.stringify({ events: count }));
      return true;
    }
    if (req.method === "POST" && path.pathname === "/__kalshi-events") {
      const markets = Number(path.searchParams.get("markets"));
      if (!Number.isInteger(markets) || markets < 0 || markets > 200_000) {
        send(res, 400, JSON.stringify({ error: "markets: a whole number 0..200000" }));
        return true;
      }
      const events = markets === 0 ? [] : scaleKalshiEvents(markets);
      kalshiEvents = markets === 0 ? [] : [upstreams.kalshiHandler(200, events)];
      send(res, 200, JSON.stringify({ events: events.length }));
      return true;
    }
    if (req.method === "POST" && path.pathname === "/__markets") {
      const markets = JSON.parse((await readBody(req)).toString("utf8")) as unknown;
      if (!Array.isArray(markets)) {
        send(res, 400, JSON.stringify({ error: "a JSON list of Gamma market objects" }));
        return true;
      }
      listed = markets.length === 0 ? [] : [upstreams.keysetHandler(markets)];
      send(res, 200, JSON.stringify({ markets: markets.length }));
      return true;
    }
    if (req.method === "POST" && path.pathname === "/__trades") {
      upstreams.extraTrades.unshift(JSON.parse((await readBody(req)).toString("utf8")) as unknown);
      send(res, 200, "{}");
      return true;
    }
    return false;
  }

  server.on("request", async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", url);
    try {
      if (await control(req, res, path)) return;
      const body =
        req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(await readBody(req));
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string") headers.set(name, value);
      const request = new Request(path, { method: req.method, headers, body });
      const response = await getResponse(
        [...Object.values(modes), ...openEvents, ...listed, ...kalshiEvents, ...upstreams.handlers],
        request,
      );
      if (!response) return send(res, 404, JSON.stringify({ error: "no fixture for this path" }));
      // A network error (mode "refused"): drop the connection, as a refused upstream would.
      if (response.type === "error") return void req.socket.destroy();
      res.writeHead(response.status, {
        "cache-control": "no-store",
        ...Object.fromEntries(response.headers),
      });
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      send(res, 500, JSON.stringify({ error: String(error) }));
    }
  });

  return {
    url,
    server,
    clobWs,
    pushService,
    close: () =>
      new Promise<void>((resolve) => {
        clobWs.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.FIXTURE_PORT ?? 8788);
  const { url } = await startFixtureServer(port);
  console.log(
    `Fixture upstreams on ${url}  (Gamma: ${url}/gamma, Data API: ${url}/data, X: ${url}/x, model: ${url}/llm)`,
  );
}
