/**
 * The live hub (decision 0040): one Durable Object for the site. It follows Polymarket's CLOB
 * market channel for the tokens of the events the snapshot shows, polls the whale trades every 15 s while a
 * browser follows them, and fans both out to browsers over hibernatable WebSockets. It writes no KV; its
 * latest prices go to its own storage at most once a minute.
 *
 * The upstream is held only while a browser listens: the alarm (every TICK_MS while anyone listens)
 * reconnects with back-off, polls whales, follows the snapshot and lets the upstream go a minute after the
 * last browser left.
 */
import { DurableObject } from "cloudflare:workers";
import * as v from "valibot";
import { errorMessage } from "~/lib/errors";
import {
  eventTopic,
  LIVE_COALESCE_MS,
  LIVE_MAX_CLIENT_MESSAGE_BYTES,
  LIVE_MAX_TOPICS,
  LIVE_SOCKETS_PER_CLIENT,
  LiveClientMessageSchema,
  type LivePriceMessage,
  type LiveServerMessage,
  topicEvent,
  WHALES_TOPIC,
} from "~/lib/live";
import type { WhaleTrade } from "~/lib/types";
import { SwrCache } from "../app/.server/cache/swr-cache";
import { lookupGate } from "../app/.server/client-limits";
import { type Config, getConfig } from "../app/.server/config";
import { createDeps, type Deps } from "../app/.server/deps";
import { D1RefreshState } from "../app/.server/history/store";
import { parseClobFrame } from "../app/.server/live/clob-messages";
import { applyClobMessage, type Quote, shownPrice } from "../app/.server/live/quotes";
import { followedTokens, planSubscriptions, type TokenInfo } from "../app/.server/live/subscriptions";
import { createLog } from "../app/.server/log";
import { leaderboard, rankTrades } from "../app/.server/snapshots/leaderboard";
import { marketSnapshot } from "../app/.server/snapshots/markets";
import { whaleSnapshot } from "../app/.server/snapshots/whales";
import { isolateFor } from "./isolate";

const log = createLog("live");

/** The header the Worker passes the caller's client key in (the per-client socket cap). */
export const LIVE_CLIENT_HEADER = "x-oddspulse-client";
/** The hub's alarm period while anyone listens. */
export const TICK_MS = 5_000;
export const PING_MS = 10_000;
export const WHALE_POLL_MS = 15_000;
export const SNAPSHOT_SYNC_MS = 60_000;
export const SAVE_QUOTES_MS = 60_000;
/** The upstream is let go this long after the last browser left. */
export const IDLE_MS = 60_000;
/** An upstream that said nothing (not even PONG) for this long is taken as dead. */
export const SILENT_MS = 30_000;
/** Reconnect back-off: 1 s, doubling, at most a minute. */
export function backoffMs(attempt: number): number {
  return Math.min(60_000, 1_000 * 2 ** Math.max(0, attempt - 1));
}

interface Attachment {
  client: string;
  topics: string[];
}

interface Upstream {
  socket: WebSocket | null;
  tokens: Set<string>;
}

export class LiveHub extends DurableObject<Env> {
  private readonly config: Config;
  private readonly deps: Deps;
  private tokens = new Map<string, TokenInfo>();
  private quotes = new Map<string, Quote>();
  private upstreams: Upstream[] = [];
  private connected = false;
  private attempt = 0;
  private nextConnectAt = 0;
  private lastHeard = 0;
  private lastSync = 0;
  private lastWhalePoll = 0;
  private lastSaved = 0;
  private idleSince: number | null = null;
  private knownTrades: Set<string> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private opening: Promise<void> | null = null;
  /** Topic → sockets; rebuilt from the sockets' attachments after the object wakes from hibernation. */
  private index: Map<string, Set<WebSocket>> | null = null;
  /** Coalescing: the latest unsent price per market and outcome, and when each key was last sent. */
  private pending = new Map<string, LivePriceMessage>();
  private lastSent = new Map<string, number>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  /** Frames no schema took, since the last log line. */
  private dropped = 0;
  /** Upstream frames since the last snapshot sync: logged each minute, as they may count as DO requests (decision 0040). */
  private frames = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.config = getConfig(env);
    // The hub reads the snapshots from KV at most once a minute: straight from KV, never the isolate's
    // 5-second memo, so a new snapshot is seen at the next sync.
    const now = () => Date.now();
    const isolate = isolateFor(env, this.config);
    this.deps = createDeps({
      caches: {
        ...isolate,
        cache: new SwrCache({
          kv: env.CACHE,
          state: env.DB ? new D1RefreshState(env.DB) : undefined,
          now,
          memoMs: 0,
        }),
      },
      ctx,
      config: this.config,
      db: env.DB,
      lookups: lookupGate(undefined, "live-hub", now),
    });
    ctx.blockConcurrencyWhile(async () => {
      const saved = await ctx.storage.get<Record<string, Quote>>("quotes");
      if (saved) this.quotes = new Map(Object.entries(saved));
    });
  }

  // ——— browsers ———

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket")
      return Response.json(
        { error: { code: "upgrade_required", message: "Open a WebSocket" } },
        { status: 426 },
      );
    const client = request.headers.get(LIVE_CLIENT_HEADER) ?? "unknown";
    if (this.ctx.getWebSockets(`client:${client}`).length >= LIVE_SOCKETS_PER_CLIENT) {
      return Response.json(
        {
          error: {
            code: "too_many_sockets",
            message: `At most ${LIVE_SOCKETS_PER_CLIENT} live connections per client: close one first`,
          },
        },
        { status: 429 },
      );
    }
    const { 0: browser, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [`client:${client}`]);
    server.serializeAttachment({ client, topics: [] } satisfies Attachment);
    this.send(server, { type: "status", upstream: this.connected ? "connected" : "reconnecting" });
    this.idleSince = null;
    await this.ensureTicking();
    return new Response(null, { status: 101, webSocket: browser });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size = typeof message === "string" ? new TextEncoder().encode(message).length : message.byteLength;
    if (size > LIVE_MAX_CLIENT_MESSAGE_BYTES)
      return this.send(ws, {
        type: "error",
        message: `Messages are at most ${LIVE_MAX_CLIENT_MESSAGE_BYTES} bytes`,
      });
    if (typeof message !== "string") return this.send(ws, { type: "error", message: "Send JSON text" });
    let data: unknown;
    try {
      data = JSON.parse(message);
    } catch {
      return this.send(ws, {
        type: "error",
        message: 'Not JSON: send {"subscribe":["event:<slug>","whales"]}',
      });
    }
    const parsed = v.safeParse(LiveClientMessageSchema, data);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const where = issue.path?.map((p) => String(p.key)).join(".");
      return this.send(ws, { type: "error", message: where ? `${where}: ${issue.message}` : issue.message });
    }
    const attachment = ws.deserializeAttachment() as Attachment;
    const topics = new Set(attachment.topics);
    for (const topic of parsed.output.unsubscribe ?? []) topics.delete(topic);
    const added = (parsed.output.subscribe ?? []).filter((topic) => !topics.has(topic));
    for (const topic of added) topics.add(topic);
    if (topics.size > LIVE_MAX_TOPICS)
      return this.send(ws, { type: "error", message: `At most ${LIVE_MAX_TOPICS} topics per connection` });
    ws.serializeAttachment({ ...attachment, topics: [...topics] } satisfies Attachment);
    this.index = null;
    this.send(ws, { type: "subscribed", topics: [...topics] });
    // What is known already of the events just followed, so the page is current at once.
    for (const topic of added) {
      const event = topicEvent(topic);
      if (event) for (const price of this.pricesOf(event)) this.send(ws, price);
    }
    await this.ensureTicking();
    // What a visitor's message may start is bounded by the hub's own clocks: the reconnect back-off and the
    // whale poll's period, never once per message.
    if (this.upstreams.length === 0 && Date.now() >= this.nextConnectAt) await this.openUpstream();
    if (added.includes(WHALES_TOPIC) && Date.now() - this.lastWhalePoll >= WHALE_POLL_MS)
      await this.pollWhales();
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    this.index = null;
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "bye");
    } catch {
      // Already closed.
    }
    if (this.listeners() === 0) this.idleSince = Date.now();
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws, 1011);
  }

  private send(ws: WebSocket, message: LiveServerMessage): void {
    this.sendAll([ws], message);
  }

  private topicIndex(): Map<string, Set<WebSocket>> {
    if (this.index) return this.index;
    const index = new Map<string, Set<WebSocket>>();
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const { topics } = ws.deserializeAttachment() as Attachment;
      for (const topic of topics) {
        const sockets = index.get(topic) ?? new Set<WebSocket>();
        sockets.add(ws);
        index.set(topic, sockets);
      }
    }
    this.index = index;
    return index;
  }

  private listeners(): number {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN).length;
  }

  /** One serialisation, then every socket; a closing socket is tidied by its close handler. */
  private sendAll(sockets: Iterable<WebSocket>, message: LiveServerMessage): void {
    const text = JSON.stringify(message);
    for (const ws of sockets) {
      try {
        ws.send(text);
      } catch {
        // Closing.
      }
    }
  }

  private broadcast(topic: string, message: LiveServerMessage): void {
    this.sendAll(this.topicIndex().get(topic) ?? [], message);
  }

  private broadcastAll(message: LiveServerMessage): void {
    this.sendAll(this.ctx.getWebSockets(), message);
  }

  // ——— prices ———

  private priceMessage(token: string): LivePriceMessage | null {
    const info = this.tokens.get(token);
    const quote = this.quotes.get(token);
    const price = quote && shownPrice(quote);
    if (!info || !quote || price === null || price === undefined) return null;
    return {
      type: "price",
      event: info.event,
      market: info.market,
      outcome: info.outcome,
      price,
      bestBid: quote.bestBid,
      bestAsk: quote.bestAsk,
      t: quote.t,
    };
  }

  private pricesOf(event: string): LivePriceMessage[] {
    const out: LivePriceMessage[] = [];
    for (const [token, info] of this.tokens) {
      if (info.event !== event) continue;
      const message = this.priceMessage(token);
      if (message) out.push(message);
    }
    return out;
  }

  /** Queues a token's price: sent at once unless its market and outcome went out under LIVE_COALESCE_MS ago. */
  private queue(token: string): void {
    const message = this.priceMessage(token);
    if (!message) return;
    this.pending.set(`${message.market}\u0000${message.outcome}`, message);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined || this.pending.size === 0) return;
    const now = Date.now();
    let due = Number.POSITIVE_INFINITY;
    for (const key of this.pending.keys())
      due = Math.min(due, (this.lastSent.get(key) ?? 0) + LIVE_COALESCE_MS);
    this.flushTimer = setTimeout(() => this.flush(), Math.max(0, due - now));
  }

  private flush(): void {
    this.flushTimer = undefined;
    const now = Date.now();
    for (const [key, message] of this.pending) {
      if (now - (this.lastSent.get(key) ?? 0) < LIVE_COALESCE_MS) continue;
      this.pending.delete(key);
      this.lastSent.set(key, now);
      this.broadcast(eventTopic(message.event), message);
    }
    this.scheduleFlush();
  }

  private onFrame(text: string): void {
    this.lastHeard = Date.now();
    this.frames += 1;
    const { messages, dropped } = parseClobFrame(text);
    if (dropped > 0) {
      this.dropped += dropped;
      log.warn(
        `ignored ${dropped} upstream message(s) that parse as none of the known types (${this.dropped} since start)`,
      );
    }
    for (const message of messages) {
      const { changed, resolved } = applyClobMessage(this.quotes, this.tokens, message);
      for (const token of changed) this.queue(token);
      if (resolved) this.resolve(resolved);
    }
  }

  private resolve(resolved: {
    tokens: string[];
    winner: string | null;
    winningToken: string | null;
    t: number;
  }) {
    const markets = new Map<string, TokenInfo>();
    for (const token of resolved.tokens) {
      const info = this.tokens.get(token);
      if (info) markets.set(info.market, info);
    }
    const winner =
      resolved.winner ??
      (resolved.winningToken ? (this.tokens.get(resolved.winningToken)?.outcome ?? null) : null);
    for (const info of markets.values()) {
      this.broadcast(eventTopic(info.event), {
        type: "resolved",
        event: info.event,
        market: info.market,
        winner,
        t: resolved.t,
      });
    }
    // A resolved market trades no more: stop following its tokens.
    for (const token of resolved.tokens) this.tokens.delete(token);
    this.resubscribe();
  }

  // ——— the upstream ———

  private setConnected(connected: boolean): void {
    if (this.connected === connected) return;
    this.connected = connected;
    this.broadcastAll({ type: "status", upstream: connected ? "connected" : "reconnecting" });
  }

  /** Reads the snapshot's tokens (no upstream call, no KV write). */
  private async syncTokens(): Promise<void> {
    this.lastSync = Date.now();
    try {
      const cached = await marketSnapshot.cached(this.deps);
      if (cached?.value.markets) this.tokens = followedTokens(cached.value.markets);
    } catch (error) {
      log.error("could not read the market snapshot", error);
    }
  }

  /** Opens the upstream connections; a call while they are being opened waits for that one. */
  private openUpstream(): Promise<void> {
    this.opening ??= this.connectUpstream().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private async connectUpstream(): Promise<void> {
    if (this.tokens.size === 0 || Date.now() - this.lastSync > SNAPSHOT_SYNC_MS) await this.syncTokens();
    if (this.tokens.size === 0) return;
    const plan = planSubscriptions([], this.tokens.keys());
    this.closeUpstreams();
    try {
      for (const tokens of plan.open) this.upstreams.push(await this.open(tokens));
      this.attempt = 0;
      this.lastHeard = Date.now();
      this.startPinging();
      this.setConnected(true);
    } catch (error) {
      log.warn(`upstream connection failed: ${errorMessage(error)}`);
      this.closeUpstreams();
      this.scheduleReconnect();
    }
  }

  private async open(tokens: string[]): Promise<Upstream> {
    const url = this.config.clobWsUrl.replace(/^ws/, "http");
    const response = await fetch(url, { headers: { Upgrade: "websocket" } });
    const socket = response.webSocket;
    if (!socket) throw new Error(`the market channel answered ${response.status} instead of a WebSocket`);
    socket.accept();
    const upstream: Upstream = { socket, tokens: new Set(tokens) };
    socket.addEventListener("message", (event) => {
      if (typeof event.data === "string") this.onFrame(event.data);
    });
    const lost = () => {
      if (upstream.socket === null) return;
      upstream.socket = null;
      this.onLost();
    };
    socket.addEventListener("close", lost);
    socket.addEventListener("error", lost);
    socket.send(JSON.stringify({ assets_ids: tokens, type: "market", custom_feature_enabled: true }));
    return upstream;
  }

  private onLost(): void {
    log.warn("upstream connection lost");
    this.closeUpstreams();
    this.setConnected(false);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.attempt += 1;
    const wait = backoffMs(this.attempt);
    this.nextConnectAt = Date.now() + wait;
    this.setConnected(false);
    void this.ctx.storage.getAlarm().then((at) => {
      if (at === null || at > this.nextConnectAt) return this.ctx.storage.setAlarm(this.nextConnectAt);
    });
  }

  private closeUpstreams(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    for (const upstream of this.upstreams) {
      const socket = upstream.socket;
      upstream.socket = null;
      try {
        socket?.close(1000, "done");
      } catch {
        // Already closed.
      }
    }
    this.upstreams = [];
  }

  private startPinging(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      for (const { socket } of this.upstreams) {
        try {
          socket?.send("PING");
        } catch {
          // Its close handler reconnects.
        }
      }
    }, PING_MS);
  }

  /** Moves the open connections to the current token set (subscribe/unsubscribe; new connections past 500). */
  private resubscribe(): void {
    if (this.upstreams.length === 0) return;
    const plan = planSubscriptions(
      this.upstreams.map((u) => u.tokens),
      this.tokens.keys(),
    );
    plan.changes.forEach(({ remove, add }, i) => {
      const upstream = this.upstreams[i];
      if (!upstream?.socket) return;
      if (remove.length > 0) {
        upstream.socket.send(JSON.stringify({ operation: "unsubscribe", assets_ids: remove }));
        for (const token of remove) upstream.tokens.delete(token);
      }
      if (add.length > 0) {
        upstream.socket.send(
          JSON.stringify({ operation: "subscribe", assets_ids: add, custom_feature_enabled: true }),
        );
        for (const token of add) upstream.tokens.add(token);
      }
    });
    for (const tokens of plan.open) {
      this.open(tokens).then(
        (upstream) => this.upstreams.push(upstream),
        () => this.onLost(),
      );
    }
  }

  // ——— whales ———

  private async pollWhales(): Promise<void> {
    this.lastWhalePoll = Date.now();
    try {
      if (this.knownTrades === null) {
        const cached = await whaleSnapshot.cached(this.deps);
        this.knownTrades = cached ? new Set(cached.value.snapshot.trades.map((t) => t.id)) : null;
      }
      const board = await leaderboard.cached(this.deps);
      const trades = rankTrades(await this.deps.upstreams.data.whaleTrades(), board?.value ?? null);
      const first = this.knownTrades === null;
      const known = this.knownTrades ?? new Set<string>();
      const fresh: WhaleTrade[] = first ? [] : trades.filter((t) => !known.has(t.id));
      for (const trade of trades) known.add(trade.id);
      // Bounded: the newest 2,000 ids are enough to tell a new trade from one already pushed.
      this.knownTrades = new Set([...known].slice(-2_000));
      for (const trade of fresh.sort((a, b) => a.timestamp - b.timestamp))
        this.broadcast(WHALES_TOPIC, { type: "trade", ...trade });
    } catch (error) {
      log.warn(`whale poll failed: ${errorMessage(error)}`);
    }
  }

  // ——— the alarm ———

  private async ensureTicking(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + TICK_MS);
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    if (this.listeners() === 0) {
      this.idleSince ??= now;
      if (now - this.idleSince >= IDLE_MS) {
        this.closeUpstreams();
        this.connected = false;
        await this.saveQuotes(true);
        return;
      }
    } else {
      this.idleSince = null;
      if (this.upstreams.length > 0 && now - this.lastHeard > SILENT_MS) this.onLost();
      if (this.upstreams.length === 0 && now >= this.nextConnectAt) await this.openUpstream();
      if (now - this.lastSync >= SNAPSHOT_SYNC_MS) {
        if (this.lastSync > 0)
          log.info(
            `${this.frames} upstream frame(s) in ${Math.round((now - this.lastSync) / 1000)} s; ${this.listeners()} socket(s) open`,
          );
        this.frames = 0;
        await this.syncTokens();
        this.resubscribe();
      }
      if ((this.topicIndex().get(WHALES_TOPIC)?.size ?? 0) > 0 && now - this.lastWhalePoll >= WHALE_POLL_MS)
        await this.pollWhales();
    }
    await this.saveQuotes(false);
    const next =
      this.upstreams.length === 0 && this.nextConnectAt > now
        ? Math.min(this.nextConnectAt, now + TICK_MS)
        : now + TICK_MS;
    await this.ctx.storage.setAlarm(next);
  }

  private async saveQuotes(force: boolean): Promise<void> {
    const now = Date.now();
    if (!force && now - this.lastSaved < SAVE_QUOTES_MS) return;
    this.lastSaved = now;
    const kept: Record<string, Quote> = {};
    for (const [token, quote] of this.quotes) if (this.tokens.has(token)) kept[token] = quote;
    await this.ctx.storage.put("quotes", kept);
  }
}
