/**
 * A small stand-in for the upstreams, serving the recorded payloads of ../shared/fixtures at the
 * upstream paths, on loopback only. Used by the browser tests, the benchmark and `npm run fixtures`.
 *
 *   GET  /gamma/markets/keyset   Gamma's keyset list over gamma-markets-active-100.json (upstream-answers.ts)
 *   GET  /gamma/markets          Gamma's deprecated offset list (same markets, with its sunset notice)
 *   GET  /data/trades            Data API /trades (the three recorded large-trade pages)
 *   GET  /x/2/tweets/counts/recent   X API v2 recent counts (needs a Bearer token)
 *   POST /llm/chat/completions   an OpenAI-compatible model (needs a Bearer key)
 *   GET  /__stats                request counts per upstream
 *   POST /__mode?upstream=gamma&mode=fail-500   switch an upstream's behaviour (see Mode)
 *   POST /__trades               prepend a trade (JSON body) to the /data/trades answer
 *   POST /__reset                back to recorded data, "ok" modes and zero counts
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import {
  type ChatRequest,
  keysetAnswer,
  LEGACY_LIST_HEADERS,
  modelAnswer,
  xCountsAnswer,
} from "./upstream-answers.ts";

export type Upstream = "gamma" | "data" | "x" | "llm";
const UPSTREAMS: readonly Upstream[] = ["gamma", "data", "x", "llm"];
export type Mode =
  | "ok"
  | "fail-500"
  | "fail-429"
  | "html-403"
  | "invalid-json"
  | "wrong-shape"
  | "empty"
  | "slow"
  | "hang";
const MODES: readonly Mode[] = [
  "ok",
  "fail-500",
  "fail-429",
  "html-403",
  "invalid-json",
  "wrong-shape",
  "empty",
  "slow",
  "hang",
];

const FIXTURES = new URL("../../../shared/fixtures/polymarket/", import.meta.url);
const readFixture = (name: string): unknown[] =>
  JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8")) as unknown[];

export interface FixtureServer {
  url: string;
  server: Server;
  close: () => Promise<void>;
}

interface State {
  modes: Record<Upstream, Mode>;
  counts: Record<Upstream, number>;
  /** The Authorization header of each upstream's latest request (loopback tests check which secret was used). */
  authorizations: Partial<Record<Upstream, string>>;
  extraTrades: unknown[];
  slowMs: number;
}

function freshState(): State {
  return {
    modes: { gamma: "ok", data: "ok", x: "ok", llm: "ok" },
    counts: { gamma: 0, data: 0, x: 0, llm: 0 },
    authorizations: {},
    extraTrades: [],
    slowMs: 3000,
  };
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type = "application/json",
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the server on 127.0.0.1 (port 0 picks a free one). */
export async function startFixtureServer(port = 8788): Promise<FixtureServer> {
  const markets = readFixture("gamma-markets-active-100.json");
  const trades = ["data-trades-large-a.json", "data-trades-large-b.json", "data-trades-large-c.json"].flatMap(
    readFixture,
  );
  let state = freshState();

  const answer = async (
    res: ServerResponse,
    upstream: Upstream,
    payload: () => unknown,
    ok: { status?: number; headers?: Record<string, string> } = {},
  ) => {
    state.counts[upstream] += 1;
    const mode = state.modes[upstream];
    if (mode === "hang") return; // never answers: the client's timeout must fire
    if (mode === "slow") await new Promise((r) => setTimeout(r, state.slowMs));
    if (mode === "fail-500") return send(res, 500, JSON.stringify({ error: "internal" }));
    if (mode === "fail-429") return send(res, 429, JSON.stringify({ error: "rate limited" }));
    if (mode === "html-403")
      return send(res, 403, "<!DOCTYPE html><title>Sorry, you have been blocked</title>", "text/html");
    if (mode === "invalid-json") return send(res, 200, "{ not json");
    if (mode === "wrong-shape") return send(res, 200, JSON.stringify("just a string"));
    if (mode === "empty") return send(res, 200, upstream === "gamma" ? '{"markets":[]}' : "[]");
    send(res, ok.status ?? 200, JSON.stringify(payload()), "application/json", ok.headers);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    try {
      if (req.method === "GET" && url.pathname === "/gamma/markets/keyset") {
        const page = keysetAnswer(markets, url.searchParams);
        return await answer(res, "gamma", () => page.body, { status: page.status });
      }
      if (req.method === "GET" && url.pathname === "/gamma/markets")
        return await answer(res, "gamma", () => markets, { headers: LEGACY_LIST_HEADERS });
      const authorization = req.headers.authorization ?? "";
      const bearer = /^Bearer \S+/.test(authorization);
      if (req.method === "GET" && url.pathname === "/x/2/tweets/counts/recent") {
        state.authorizations.x = authorization;
        if (!bearer) return send(res, 401, JSON.stringify({ title: "Unauthorized" }));
        return await answer(res, "x", () => xCountsAnswer());
      }
      if (req.method === "POST" && url.pathname === "/llm/chat/completions") {
        state.authorizations.llm = authorization;
        if (!bearer) return send(res, 401, JSON.stringify({ error: "missing key" }));
        const body = JSON.parse(await readBody(req)) as ChatRequest;
        return await answer(res, "llm", () => modelAnswer(body));
      }
      if (req.method === "GET" && url.pathname === "/data/trades") {
        return await answer(res, "data", () => [...state.extraTrades, ...trades]);
      }
      if (url.pathname === "/__stats")
        return send(res, 200, JSON.stringify({ ...state.counts, authorizations: state.authorizations }));
      if (req.method === "POST" && url.pathname === "/__reset") {
        state = freshState();
        return send(res, 200, "{}");
      }
      if (req.method === "POST" && url.pathname === "/__mode") {
        const upstream = url.searchParams.get("upstream");
        const mode = url.searchParams.get("mode") as Mode | null;
        if (!UPSTREAMS.includes(upstream as Upstream) || !mode || !MODES.includes(mode)) {
          return send(
            res,
            400,
            JSON.stringify({ error: `upstream ${UPSTREAMS.join("|")}, mode ${MODES.join("|")}` }),
          );
        }
        state.modes[upstream as Upstream] = mode;
        const slow = Number(url.searchParams.get("ms"));
        if (slow > 0) state.slowMs = slow;
        return send(res, 200, "{}");
      }
      if (req.method === "POST" && url.pathname === "/__trades") {
        state.extraTrades.unshift(JSON.parse(await readBody(req)) as unknown);
        return send(res, 200, "{}");
      }
      send(res, 404, JSON.stringify({ error: "no fixture for this path" }));
    } catch (error) {
      send(res, 500, JSON.stringify({ error: String(error) }));
    }
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
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
