/**
 * A mock of Polymarket's CLOB market WebSocket (`/ws/market`) on loopback, for the live hub's tests, the
 * browser tests and the bench. It speaks the upstream's protocol: the first message subscribes
 * (`{"assets_ids":[...],"type":"market"}`), later ones change it (`{"operation":"subscribe"|"unsubscribe",
 * "assets_ids":[...]}`), the text `PING` is answered `PONG`, and the answer to a subscription is an array
 * of `book` frames (one per new asset, the recorded book's shape). Everything else is sent when told:
 *
 *   POST {base}/__clob-ws/send      body: one frame (JSON object or array) or {"frames":[...]}, sent to every connection
 *   POST {base}/__clob-ws/drop      closes every connection (code 1012), as an upstream restart would
 *   POST {base}/__clob-ws/refuse?on=1|0   refuse new connections (HTTP 503) until told otherwise
 *   GET  {base}/__clob-ws/state     {connections, opened, assets: every subscribed asset id, pings, messages}
 *   POST {base}/__clob-ws/reset     all of the above back to the start
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";

export const CLOB_WS_PATH = "/ws/market";

interface Connection {
  socket: WebSocket;
  assets: Set<string>;
}

/** A book frame for an asset: bids at 0.48, asks at 0.52 (a midpoint of 0.50). */
export function bookFrame(asset: string, market = `0x${"0".repeat(64)}`): Record<string, unknown> {
  return {
    event_type: "book",
    market,
    asset_id: asset,
    timestamp: String(Date.now()),
    hash: "0".repeat(40),
    bids: [
      { price: "0.47", size: "1200" },
      { price: "0.48", size: "900" },
    ],
    asks: [
      { price: "0.53", size: "800" },
      { price: "0.52", size: "1000" },
    ],
    tick_size: "0.01",
    last_trade_price: "0.50",
  };
}

export interface ClobWs {
  /** Handles an HTTP upgrade on `CLOB_WS_PATH`; false when the path is not ours. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Answers a `/__clob-ws/...` control request; false when the path is not one. */
  control(req: IncomingMessage, res: ServerResponse, path: URL): Promise<boolean>;
  send(frame: unknown): number;
  drop(): void;
  state(): { connections: number; opened: number; assets: string[]; pings: number; messages: unknown[] };
  close(): void;
}

export function createClobWs(): ClobWs {
  const wss = new WebSocketServer({ noServer: true });
  const connections = new Set<Connection>();
  let refusing = false;
  let opened = 0;
  let pings = 0;
  /** What clients sent (parsed JSON), newest last, at most 200. */
  let messages: unknown[] = [];

  function onMessage(connection: Connection, data: string) {
    if (data === "PING") {
      pings += 1;
      connection.socket.send("PONG");
      return;
    }
    let message: { assets_ids?: unknown; operation?: unknown };
    try {
      message = JSON.parse(data);
    } catch {
      connection.socket.send("INVALID OPERATION");
      return;
    }
    messages = [...messages, message].slice(-200);
    const ids = Array.isArray(message.assets_ids) ? message.assets_ids.map(String) : [];
    if (message.operation === "unsubscribe") {
      for (const id of ids) connection.assets.delete(id);
      return;
    }
    const added = ids.filter((id) => !connection.assets.has(id));
    for (const id of added) connection.assets.add(id);
    if (added.length > 0) connection.socket.send(JSON.stringify(added.map((id) => bookFrame(id))));
  }

  const api: ClobWs = {
    upgrade(req, socket, head) {
      const path = new URL(req.url ?? "/", "http://127.0.0.1");
      if (!path.pathname.endsWith(CLOB_WS_PATH)) return false;
      if (refusing) {
        socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        return true;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        opened += 1;
        const connection: Connection = { socket: ws, assets: new Set() };
        connections.add(connection);
        ws.on("message", (data) => onMessage(connection, data.toString("utf8")));
        ws.on("close", () => connections.delete(connection));
        ws.on("error", () => connections.delete(connection));
      });
      return true;
    },
    async control(req, res, path) {
      if (!path.pathname.includes("/__clob-ws/")) return false;
      const reply = (status: number, body: unknown): true => {
        res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
        res.end(JSON.stringify(body));
        return true;
      };
      const action = path.pathname.slice(path.pathname.lastIndexOf("/") + 1);
      if (req.method === "GET" && action === "state") return reply(200, api.state());
      if (req.method !== "POST") return reply(405, { error: "POST" });
      if (action === "send") {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          return reply(400, { error: "body: one JSON frame, or {frames: [...]}" });
        }
        const frames =
          body && typeof body === "object" && "frames" in body && Array.isArray(body.frames)
            ? body.frames
            : [body];
        let sent = 0;
        for (const frame of frames) sent = api.send(frame);
        return reply(200, { sent });
      }
      if (action === "drop") {
        api.drop();
        return reply(200, {});
      }
      if (action === "refuse") {
        refusing = path.searchParams.get("on") !== "0";
        return reply(200, { refusing });
      }
      if (action === "reset") {
        api.drop();
        refusing = false;
        opened = 0;
        pings = 0;
        messages = [];
        return reply(200, {});
      }
      return reply(404, { error: "send | drop | refuse | state | reset" });
    },
    send(frame) {
      const text = typeof frame === "string" ? frame : JSON.stringify(frame);
      let sent = 0;
      for (const { socket } of connections)
        if (socket.readyState === WebSocket.OPEN) {
          socket.send(text);
          sent += 1;
        }
      return sent;
    },
    drop() {
      for (const { socket } of connections) socket.close(1012, "restarting");
      connections.clear();
    },
    state() {
      const assets = new Set<string>();
      for (const c of connections) for (const id of c.assets) assets.add(id);
      return { connections: connections.size, opened, assets: [...assets].sort(), pings, messages };
    },
    close() {
      for (const { socket } of connections) socket.terminate();
      wss.close();
    },
  };
  return api;
}

/** The mock alone on a loopback port (the workerd tests' upstream); port 0 picks a free one. */
export async function startClobWsServer(
  port = 0,
): Promise<{ url: string; control: string; server: Server; clob: ClobWs }> {
  const clob = createClobWs();
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1");
    if (!(await clob.control(req, res, path))) {
      res.writeHead(404);
      res.end();
    }
  });
  server.on("upgrade", (req, socket, head) => {
    if (!clob.upgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  server.unref();
  const address = server.address();
  const origin = `127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return { url: `ws://${origin}${CLOB_WS_PATH}`, control: `http://${origin}/__clob-ws`, server, clob };
}
