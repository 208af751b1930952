/**
 * The tab's one live socket (decision 0041), driven through a stand-in WebSocket with fake timers: one
 * socket however many components want topics, their changes batched into one message per task, a
 * reconnect after a close at 1 s doubling to 30 s, no socket when nothing is wanted or WebSocket is
 * missing, and every frame read by the protocol's parser. Also the live region's pace: one summary per
 * 10 s whatever the burst.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  closedWith: number | null = null;
  private handlers = new Map<string, ((event: { data?: unknown }) => void)[]>();
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, handler: (event: { data?: unknown }) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  send(text: string) {
    if (this.readyState !== FakeSocket.OPEN) throw new Error("send before open");
    this.sent.push(text);
  }
  close(code?: number) {
    this.closedWith = code ?? null;
    this.readyState = FakeSocket.CLOSED;
  }
  private emit(type: string, event: { data?: unknown } = {}) {
    for (const handler of this.handlers.get(type) ?? []) handler(event);
  }
  // What the server side does:
  serverOpens() {
    this.readyState = FakeSocket.OPEN;
    this.emit("open");
  }
  serverSends(data: unknown) {
    this.emit("message", { data: typeof data === "string" ? data : JSON.stringify(data) });
  }
  serverCloses() {
    this.readyState = FakeSocket.CLOSED;
    this.emit("close");
  }
}

type Connection = typeof import("~/components/live/connection");
let live: Connection;

/** Lets the queued microtasks (the batched flush) run. */
const settle = () => vi.advanceTimersByTimeAsync(0);
const sockets = () => FakeSocket.all;
const last = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error("no socket was opened");
  return socket;
};
const messages = (socket: FakeSocket) => socket.sent.map((text) => JSON.parse(text) as unknown);

beforeEach(async () => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("window", {
    location: { protocol: "https:", host: "oddspulse.example" },
    WebSocket: FakeSocket,
  });
  vi.resetModules();
  live = await import("~/components/live/connection");
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("one socket per tab", () => {
  it("opens nothing until a topic is wanted, then one socket on the page's origin", async () => {
    await settle();
    expect(sockets()).toHaveLength(0);
    live.wantTopic("event:rain");
    live.wantTopic("event:snow");
    live.wantTopic("event:rain");
    await settle();
    expect(sockets()).toHaveLength(1);
    expect(last().url).toBe("wss://oddspulse.example/api/v1/live");
    expect(live.getLiveState().connection).toBe("connecting");
  });

  it("on open asks for every wanted topic in one message; later changes of one task are one message", async () => {
    const releaseRain = live.wantTopic("event:rain");
    live.wantTopic("event:snow");
    await settle();
    last().serverOpens();
    expect(messages(last())).toEqual([{ subscribe: ["event:rain", "event:snow"] }]);
    // A navigation: one card unmounts, two mount, in the same task.
    releaseRain();
    live.wantTopic("event:hail");
    live.wantTopic("whales");
    await settle();
    expect(messages(last()).slice(1)).toEqual([
      { unsubscribe: ["event:rain"], subscribe: ["event:hail", "whales"] },
    ]);
    expect(sockets()).toHaveLength(1);
  });

  it("a topic two components want stays until both let go", async () => {
    const a = live.wantTopic("event:rain");
    const b = live.wantTopic("event:rain");
    live.wantTopic("whales");
    await settle();
    last().serverOpens();
    a();
    await settle();
    expect(last().sent).toHaveLength(1);
    b();
    b(); // a second release of the same want changes nothing
    await settle();
    expect(messages(last()).slice(1)).toEqual([{ unsubscribe: ["event:rain"] }]);
  });

  it("closes when nothing is wanted, and opens a new socket when something is again", async () => {
    const release = live.wantTopic("event:rain");
    await settle();
    last().serverOpens();
    release();
    await settle();
    expect(last().closedWith).toBe(1000);
    expect(live.getLiveState().connection).toBe("idle");
    live.wantTopic("event:rain");
    await settle();
    expect(sockets()).toHaveLength(2);
  });

  it("a socket put away while connecting is closed when it opens, and sends nothing", async () => {
    const release = live.wantTopic("event:rain");
    await settle();
    const socket = last();
    release();
    await settle();
    expect(socket.closedWith).toBeNull();
    socket.serverOpens();
    expect(socket.closedWith).toBe(1000);
    expect(socket.sent).toEqual([]);
  });

  it("opens nothing where there is no WebSocket", async () => {
    vi.stubGlobal("window", { location: { protocol: "https:", host: "oddspulse.example" } });
    live.wantTopic("event:rain");
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets()).toHaveLength(0);
    expect(live.getLiveState().connection).toBe("idle");
  });
});

describe("what the socket hears", () => {
  it("applies the hub's messages and ignores what does not parse", async () => {
    live.wantTopic("event:rain");
    await settle();
    last().serverOpens();
    const seen: string[] = [];
    const stop = live.subscribeLive(() => seen.push(live.getLiveState().upstream ?? "none"));
    last().serverSends({ type: "status", upstream: "connected" });
    last().serverSends("{not json");
    last().serverSends({ type: "price", event: "rain", market: "m1", outcome: "Yes", price: 7 });
    last().serverSends({
      type: "price",
      event: "rain",
      market: "m1",
      outcome: "Yes",
      price: 0.43,
      bestBid: 0.42,
      bestAsk: 0.44,
      t: 1,
    });
    stop();
    const state = live.getLiveState();
    expect(state.upstream).toBe("connected");
    expect(state.prices["m1\nYes"]?.price).toBe(0.43);
    // One notification per change that parsed: the status, then the price.
    expect(seen).toEqual(["connected", "connected"]);
  });
});

describe("reconnecting", () => {
  it("after a close waits 1 s, then 2 s, 4 s … up to 30 s, and starts again from 1 s once the hub answers", async () => {
    live.wantTopic("event:rain");
    await settle();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = sockets().length;
      last().serverCloses();
      expect(live.getLiveState().connection).toBe("closed");
      let waited = 0;
      while (sockets().length === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    // The new socket asks again for what is wanted, and the hub's answer resets the back-off.
    last().serverOpens();
    expect(messages(last())).toEqual([{ subscribe: ["event:rain"] }]);
    last().serverSends({ type: "status", upstream: "connected" });
    last().serverCloses();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets()).toHaveLength(9);
  });

  it("no reconnect once nothing is wanted", async () => {
    const release = live.wantTopic("event:rain");
    await settle();
    last().serverOpens();
    last().serverCloses();
    release();
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets()).toHaveLength(1);
    expect(live.getLiveState().connection).toBe("idle");
  });

  it("forgets the prices of events no longer followed", async () => {
    const release = live.wantTopic("event:rain");
    live.wantTopic("event:snow");
    await settle();
    last().serverOpens();
    for (const [event, market] of [
      ["rain", "m1"],
      ["snow", "m2"],
    ]) {
      last().serverSends({
        type: "price",
        event,
        market,
        outcome: "Yes",
        price: 0.5,
        bestBid: null,
        bestAsk: null,
        t: 1,
      });
    }
    release();
    await settle();
    expect(Object.keys(live.getLiveState().prices)).toEqual(["m2\nYes"]);
  });
});

describe("the live region's pace", () => {
  it("a burst is one summary after a short pause; the next comes no sooner than 10 s later", async () => {
    const { announceLive, currentAnnouncement } = await import("~/components/live/announcer");
    for (let i = 0; i < 50; i++) announceLive(`m${i % 4}`, "price", `Market ${i % 4} Yes ${i}¢`);
    expect(currentAnnouncement()).toBe("");
    await vi.advanceTimersByTimeAsync(1_000);
    // The latest text of each market, the three latest changes named.
    expect(currentAnnouncement()).toBe(
      "Prices updated live: Market 1 Yes 49¢; Market 0 Yes 48¢; Market 3 Yes 47¢; and 1 more.",
    );
    announceLive("m1", "price", "Market 1 Yes 60¢");
    await vi.advanceTimersByTimeAsync(9_999);
    expect(currentAnnouncement()).toMatch(/^Prices updated live: Market 1 Yes 49¢/);
    await vi.advanceTimersByTimeAsync(1);
    expect(currentAnnouncement()).toBe("Prices updated live: Market 1 Yes 60¢.");
  });
});
