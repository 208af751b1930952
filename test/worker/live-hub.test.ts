/**
 * The live hub inside workerd (decision 0040): browsers connect through the Worker's `/api/v1/live`, the
 * hub follows the loopback mock of the CLOB market channel (test/support/clob-ws.ts) for the snapshot's
 * tokens, applies each message type, coalesces, reconnects, survives hibernation, polls whales, and refuses
 * bad clients without falling over.
 */
import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { Validator } from "@cfworker/json-schema";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followedTokens, type TokenInfo } from "~/.server/live/subscriptions";
import { KV_KEYS } from "~/.server/snapshots/keys";
import type { StoredMarkets } from "~/.server/snapshots/markets";
import {
  LIVE_COALESCE_MS,
  LIVE_SOCKETS_PER_CLIENT,
  type LivePriceMessage,
  type LiveServerMessage,
  parseServerMessage,
} from "~/lib/live";
import { MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import type { LiveHub } from "../../workers/live-hub";
import { extraTrades, recordedTrades } from "./support/upstreams";
import { workerTest } from "./support/worker";

const t = workerTest();

const hub = () => env.LIVE_HUB.getByName("site");
/** The mock upstream's control URL (vitest.config.ts). */
const CONTROL = (env as unknown as { CLOB_WS_CONTROL: string }).CLOB_WS_CONTROL;

/** The mock upstream's controls. */
async function clob(action: "send" | "drop" | "reset" | "refuse", body?: unknown, query = ""): Promise<void> {
  const res = await fetch(`${CONTROL}/${action}${query}`, {
    method: "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}
async function clobState(): Promise<{
  connections: number;
  opened: number;
  assets: string[];
  pings: number;
  messages: unknown[];
}> {
  return (await fetch(`${CONTROL}/state`)).json();
}

/** Polls until `check` passes (the hub and the mock talk over real sockets). */
async function until<T>(read: () => Promise<T> | T, check: (value: T) => boolean, ms = 3_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > end) throw new Error(`not reached within ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Client {
  ws: WebSocket;
  inbox: LiveServerMessage[];
  /** Every message as sent, before parsing. */
  raw: unknown[];
  /** The first message after `from` (an inbox index) that passes `check`. */
  next: <T extends LiveServerMessage>(check: (m: LiveServerMessage) => m is T, from?: number) => Promise<T>;
  send: (message: unknown) => void;
}

async function connect(ip = "203.0.113.7"): Promise<Client> {
  const res = await t.worker.fetch("/api/v1/live", {
    headers: { Upgrade: "websocket", "cf-connecting-ip": ip },
  });
  expect(res.status).toBe(101);
  const ws = res.webSocket;
  if (!ws) throw new Error("no socket");
  ws.accept();
  const inbox: LiveServerMessage[] = [];
  const raw: unknown[] = [];
  ws.addEventListener("message", (event) => {
    raw.push(JSON.parse(String(event.data)));
    const message = parseServerMessage(event.data);
    if (message) inbox.push(message);
  });
  return {
    ws,
    inbox,
    raw,
    next: async (check, from = 0) => {
      const found = await until(
        () => inbox.slice(from).find(check),
        (m) => m !== undefined,
      );
      return found as never;
    },
    send: (message) => ws.send(typeof message === "string" ? message : JSON.stringify(message)),
  };
}

const is =
  <K extends LiveServerMessage["type"]>(type: K) =>
  (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: K }> =>
    m.type === type;

/** The snapshot built from the recorded payloads, and the tokens the hub must follow. */
async function snapshotTokens(): Promise<Map<string, TokenInfo>> {
  await t.worker.scheduled(MARKETS_CRON);
  await t.worker.settle();
  const stored = await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json");
  const tokens = followedTokens(stored?.markets ?? []);
  expect(tokens.size).toBeGreaterThan(2);
  return tokens;
}

/** A client following one event, with the hub connected upstream. */
async function following(tokens: Map<string, TokenInfo>, token?: string) {
  const [id, info] = token
    ? [token, tokens.get(token) as TokenInfo]
    : ([...tokens][0] as [string, TokenInfo]);
  const client = await connect();
  client.send({ subscribe: [`event:${info.event}`] });
  await client.next(is("subscribed"));
  await until(clobState, (s) => s.assets.includes(id));
  return { client, token: id, info };
}

function priceChange(token: string, bid: string, ask: string, price = bid) {
  return {
    event_type: "price_change",
    market: `0x${"1".repeat(64)}`,
    timestamp: String(Date.now()),
    price_changes: [
      { asset_id: token, price, size: "10", side: "BUY", hash: "ab", best_bid: bid, best_ask: ask },
    ],
  };
}

beforeEach(async () => {
  await abortAllDurableObjects();
  await clob("reset");
  await runInDurableObject(hub(), async (_, state) => {
    await state.storage.deleteAll();
  });
  extraTrades.length = 0;
});

afterEach(async () => {
  await abortAllDurableObjects();
});

describe("the live hub", () => {
  it("answers a plain GET with 426 and says how to connect", async () => {
    const res = await t.worker.fetch("/api/v1/live");
    expect(res.status).toBe(426);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("upgrade_required");
    expect(body.error.message).toContain("WebSocket");
  });

  it("subscribes upstream to every token of the snapshot's open markets, in one connection under 500", async () => {
    const tokens = await snapshotTokens();
    const { client } = await following(tokens);
    const state = await until(clobState, (s) => s.assets.length === tokens.size);
    expect(state.assets).toEqual([...tokens.keys()].sort());
    expect(state.connections).toBe(1);
    const first = state.messages[0] as {
      type: string;
      assets_ids: string[];
      custom_feature_enabled: boolean;
    };
    expect(first.type).toBe("market");
    expect(first.custom_feature_enabled).toBe(true);
    await client.next((m): m is LiveServerMessage => m.type === "status" && m.upstream === "connected");
  });

  it("follows the snapshot: tokens of markets that left it are unsubscribed, new ones subscribed", async () => {
    const tokens = await snapshotTokens();
    await following(tokens);
    // The next snapshot no longer holds the first market, and holds a new one.
    const stored = (await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json")) as StoredMarkets;
    const [gone, ...kept] = stored.markets ?? [];
    if (!gone || !kept[0]) throw new Error("the recorded snapshot holds too few markets");
    const added = {
      ...kept[0],
      id: "new-market",
      outcomes: [
        { label: "Yes", price: 0.4, tokenId: "999001" },
        { label: "No", price: 0.6, tokenId: "999002" },
      ],
    };
    await env.CACHE.put(KV_KEYS.markets, JSON.stringify({ ...stored, markets: [...kept, added] }));
    await runInDurableObject(hub(), (instance: LiveHub) => {
      (instance as unknown as { lastSync: number }).lastSync = 0;
    });
    await runDurableObjectAlarm(hub());
    const goneTokens = gone.outcomes.map((o) => o.tokenId).filter((t): t is string => t !== null);
    const state = await until(
      clobState,
      (s) => s.assets.includes("999001") && !s.assets.includes(goneTokens[0] ?? ""),
    );
    expect(state.assets).toContain("999002");
    for (const token of goneTokens) expect(state.assets).not.toContain(token);
    const ops = state.messages.filter((m) => (m as { operation?: string }).operation) as {
      operation: string;
      assets_ids: string[];
    }[];
    expect(ops.find((m) => m.operation === "unsubscribe")?.assets_ids).toEqual(
      expect.arrayContaining(goneTokens),
    );
    expect(ops.find((m) => m.operation === "subscribe")?.assets_ids).toEqual(
      expect.arrayContaining(["999001", "999002"]),
    );
  });

  it("applies book, price_change, best_bid_ask and last_trade_price; ignores tick sizes and what does not parse", async () => {
    const tokens = await snapshotTokens();
    const { client, token, info } = await following(tokens);
    const warn = vi.spyOn(console, "warn");
    const ours = (m: LiveServerMessage): m is LivePriceMessage =>
      m.type === "price" && m.market === info.market && m.outcome === info.outcome;
    // The mock's answer to the subscription is a book at 0.48 / 0.52: the midpoint.
    const book = await client.next(ours);
    expect(book).toMatchObject({
      event: info.event,
      market: info.market,
      outcome: info.outcome,
      price: 0.5,
      bestBid: 0.48,
      bestAsk: 0.52,
    });

    await new Promise((resolve) => setTimeout(resolve, LIVE_COALESCE_MS));
    let from = client.inbox.length;
    await clob("send", priceChange(token, "0.61", "0.63"));
    expect(await client.next(ours, from)).toMatchObject({ price: 0.62, bestBid: 0.61, bestAsk: 0.63 });

    await new Promise((resolve) => setTimeout(resolve, LIVE_COALESCE_MS));
    from = client.inbox.length;
    await clob("send", {
      event_type: "best_bid_ask",
      asset_id: token,
      best_bid: "0.30",
      best_ask: "0.50",
      spread: "0.20",
      timestamp: String(Date.now()),
    });
    await clob("send", {
      event_type: "tick_size_change",
      asset_id: token,
      new_tick_size: "0.001",
      old_tick_size: "0.01",
      timestamp: "1",
    });
    await clob("send", "not json at all");
    await clob("send", { event_type: "price_change", price_changes: "nope" });
    // A wide spread (20¢): the last trade (0.50 from the book) is what Polymarket shows.
    expect(await client.next(ours, from)).toMatchObject({ price: 0.5, bestBid: 0.3, bestAsk: 0.5 });

    await new Promise((resolve) => setTimeout(resolve, LIVE_COALESCE_MS));
    from = client.inbox.length;
    await clob("send", {
      event_type: "last_trade_price",
      asset_id: token,
      market: "0x1",
      price: "0.44",
      side: "SELL",
      size: "5",
      fee_rate_bps: "0",
      timestamp: String(Date.now()),
    });
    expect(await client.next(ours, from)).toMatchObject({ price: 0.44 });
    const logged = await until(
      () => warn.mock.calls.map((args) => args.join(" ")).filter((line) => line.includes("parse as none")),
      (lines) => lines.length >= 2,
    );
    expect(logged.at(-1)).toContain("(2 since start)");
    // The tick size change sent no price.
    expect(client.inbox.filter(ours).length).toBe(4);
  });

  it("coalesces: a burst on one market reaches a socket at most once per 500 ms, ending on the latest price", async () => {
    const tokens = await snapshotTokens();
    const { client, token } = await following(tokens);
    await client.next(is("price"));
    await new Promise((resolve) => setTimeout(resolve, LIVE_COALESCE_MS));
    const from = client.inbox.length;
    const started = Date.now();
    for (const bid of ["0.40", "0.41", "0.42", "0.43", "0.44", "0.45"])
      await clob("send", priceChange(token, bid, "0.46"));
    const last = await until(
      () => client.inbox.slice(from).filter(is("price")),
      (prices) => prices.at(-1)?.bestBid === 0.45,
    );
    const elapsed = Date.now() - started;
    // Six changes in well under a coalescing window: at most one per window went out.
    expect(last.length).toBeLessThanOrEqual(1 + Math.ceil(elapsed / LIVE_COALESCE_MS));
    expect(last.length).toBeLessThan(6);
  });

  it("says when the upstream is lost, reconnects from its alarm, and resubscribes", async () => {
    const tokens = await snapshotTokens();
    const { client, token } = await following(tokens);
    await client.next(is("status"));
    const from = client.inbox.length;
    await clob("drop");
    expect((await client.next(is("status"), from)).upstream).toBe("reconnecting");
    await runInDurableObject(hub(), (instance: LiveHub) => {
      (instance as unknown as { nextConnectAt: number }).nextConnectAt = 0;
    });
    await runDurableObjectAlarm(hub());
    const back = client.inbox.length;
    const state = await until(clobState, (s) => s.connections === 1 && s.assets.includes(token));
    expect(state.opened).toBe(2);
    expect((await client.next(is("status"), from + 1)).upstream).toBe("connected");
    await clob("send", priceChange(token, "0.71", "0.73"));
    expect(await client.next(is("price"), back)).toMatchObject({ bestBid: 0.71 });
  });

  it("announces a resolved market and stops following its tokens", async () => {
    const tokens = await snapshotTokens();
    const { client, token, info } = await following(tokens);
    const siblings = [...tokens].filter(([, i]) => i.market === info.market).map(([t]) => t);
    await clob("send", {
      event_type: "market_resolved",
      market: "0x1",
      assets_ids: siblings,
      winning_asset_id: token,
      winning_outcome: info.outcome,
      timestamp: String(Date.now()),
    });
    const resolved = await client.next(is("resolved"));
    expect(resolved).toMatchObject({ event: info.event, market: info.market, winner: info.outcome });
    const state = await until(clobState, (s) => !s.assets.includes(token));
    for (const sibling of siblings) expect(state.assets).not.toContain(sibling);
  });

  it("routes from what survives hibernation: the sockets' attachments, not the instance's memory", async () => {
    // A real eviction in this pool closes the in-process test socket instead of hibernating it, so the
    // instance's memory is dropped by hand: its topic index and its record of the upstream.
    const tokens = await snapshotTokens();
    const { client, token } = await following(tokens);
    await client.next(is("price"));
    await runInDurableObject(hub(), (instance: LiveHub) => {
      const memory = instance as unknown as { index: unknown };
      memory.index = null;
    });
    const from = client.inbox.length;
    await new Promise((resolve) => setTimeout(resolve, LIVE_COALESCE_MS));
    await clob("send", priceChange(token, "0.81", "0.83"));
    expect(await client.next(is("price"), from)).toMatchObject({ bestBid: 0.81, bestAsk: 0.83 });
    // The attachment is what the hub wrote when the socket subscribed.
    const attachments = await runInDurableObject(hub(), (_: LiveHub, state) =>
      state.getWebSockets().map((ws) => ws.deserializeAttachment() as { topics: string[] }),
    );
    expect(attachments.map((a) => a.topics)).toEqual([[`event:${tokens.get(token)?.event}`]]);
  });

  it(`caps live sockets at ${LIVE_SOCKETS_PER_CLIENT} per client; another client still connects`, async () => {
    const open = [];
    for (let i = 0; i < LIVE_SOCKETS_PER_CLIENT; i++) open.push(await connect("198.51.100.1"));
    const refused = await t.worker.fetch("/api/v1/live", {
      headers: { Upgrade: "websocket", "cf-connecting-ip": "198.51.100.1" },
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      `At most ${LIVE_SOCKETS_PER_CLIENT}`,
    );
    const other = await connect("198.51.100.2");
    expect((await other.next(is("status"))).type).toBe("status");
    // A closed socket frees its place.
    open[0]?.ws.close(1000);
    await until(
      async () =>
        (
          await t.worker.fetch("/api/v1/live", {
            headers: { Upgrade: "websocket", "cf-connecting-ip": "198.51.100.1" },
          })
        ).status,
      (status) => status === 101,
    );
  });

  it("answers bad client messages with an error message and keeps the socket", async () => {
    const client = await connect();
    client.send("x".repeat(5_000));
    expect((await client.next(is("error"))).message).toContain("4096 bytes");
    let from = client.inbox.length;
    client.send("{not json");
    expect((await client.next(is("error"), from)).message).toContain("Not JSON");
    from = client.inbox.length;
    client.send({ subscribe: ["prices"] });
    expect((await client.next(is("error"), from)).message).toContain('"whales" or "event:<slug>"');
    from = client.inbox.length;
    client.send({ subscribe: ["whales"], extra: 1 });
    expect((await client.next(is("error"), from)).message).toContain("extra");
    from = client.inbox.length;
    client.send({ subscribe: ["whales"] });
    expect((await client.next(is("subscribed"), from)).topics).toEqual(["whales"]);
  });

  it("pushes new whale trades to sockets that follow them (none of those already shown)", async () => {
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    const client = await connect();
    client.send({ subscribe: ["whales"] });
    await client.next(is("subscribed"));
    const base = recordedTrades[0] as Record<string, unknown>;
    extraTrades.push({
      ...base,
      transactionHash: "0xfeedbeef",
      size: 200_000,
      price: 0.5,
      timestamp: Math.floor(Date.now() / 1000),
    });
    await runInDurableObject(hub(), (instance: LiveHub) => {
      (instance as unknown as { lastWhalePoll: number }).lastWhalePoll = 0;
    });
    await runDurableObjectAlarm(hub());
    const trade = await client.next(is("trade"));
    expect(trade.id).toContain("0xfeedbeef");
    expect(client.inbox.filter(is("trade"))).toHaveLength(1);
  });

  it("sends only what /api-access documents: every message valid against the page's JSON Schema for its type", async () => {
    const html = await (
      await t.worker.fetch("/api-access", { headers: { "cf-connecting-ip": "192.0.2.9" } })
    ).text();
    const entities: Record<string, string> = { quot: '"', amp: "&", lt: "<", gt: ">", "#x27": "'" };
    const schemas = new Map(
      [...html.matchAll(/data-schema="(\w+)".*?<code>([^<]*)<\/code>/gs)].map(([, title, code]) => [
        title as string,
        new Validator(JSON.parse((code as string).replace(/&(\w+|#x27);/g, (_, e) => entities[e] ?? _)), "7"),
      ]),
    );
    expect([...schemas.keys()].sort()).toEqual(
      ["Client", "Error", "Price", "Resolved", "Status", "Subscribed", "Trade"]
        .map((t) => `Live${t}Message`)
        .sort(),
    );
    const valid = (title: string, message: unknown) => schemas.get(title)?.validate(message).valid;
    // What a client may send, as the page says.
    expect(valid("LiveClientMessage", { subscribe: ["whales", "event:a-b-1"], unsubscribe: [] })).toBe(true);
    expect(valid("LiveClientMessage", { subscribe: ["prices"] })).toBe(false);
    expect(valid("LiveClientMessage", { subscribe: ["whales"], extra: 1 })).toBe(false);

    // Every type the hub sends: status, subscribed, price (the book), error, trade, resolved.
    await t.worker.scheduled(WHALES_CRON);
    const tokens = await snapshotTokens();
    const { client, token, info } = await following(tokens);
    client.send({ subscribe: ["whales"] });
    client.send({ subscribe: ["nope"] });
    await client.next(is("price"));
    await client.next(is("error"));
    extraTrades.push({
      ...(recordedTrades[0] as Record<string, unknown>),
      transactionHash: "0xdocumented",
      size: 300_000,
      price: 0.5,
      timestamp: Math.floor(Date.now() / 1000),
    });
    await runInDurableObject(hub(), (instance: LiveHub) => {
      (instance as unknown as { lastWhalePoll: number }).lastWhalePoll = 0;
    });
    await runDurableObjectAlarm(hub());
    await client.next(is("trade"));
    await clob("send", {
      event_type: "market_resolved",
      market: "0x1",
      assets_ids: [token],
      winning_asset_id: token,
      winning_outcome: info.outcome,
      timestamp: String(Date.now()),
    });
    await client.next(is("resolved"));
    const types = new Set<string>();
    for (const message of client.raw) {
      const type = (message as { type: string }).type;
      types.add(type);
      const title = `Live${type[0]?.toUpperCase()}${type.slice(1)}Message`;
      expect({ type, valid: valid(title, message) }).toEqual({ type, valid: true });
    }
    expect([...types].sort()).toEqual(["error", "price", "resolved", "status", "subscribed", "trade"]);
  });
});
