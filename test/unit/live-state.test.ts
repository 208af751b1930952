/**
 * The browser's live state (decision 0041): every server message applied through the protocol's own
 * parser, what does not parse ignored, bursts and out-of-order ticks, the "Live" indicator's three
 * states, and the pushed whale trades merged into the polled list.
 */
import { describe, expect, it } from "vitest";
import { parseServerMessage } from "~/lib/live";
import {
  applyServerMessage,
  applySocket,
  eventsOf,
  firstSidePrice,
  INITIAL_LIVE_STATE,
  indicatorState,
  keepEvents,
  LIVE_TRADES_KEPT,
  type LiveState,
  outcomePrice,
  priceEntry,
  resolutionOf,
  resolvedAnnouncement,
  resolvedText,
  withPushedTrades,
} from "~/lib/live-state";
import type { WhaleTrade } from "~/lib/types";

/** The state after these frames arrive, each as the socket gives it (text), read by parseServerMessage. */
function receive(state: LiveState, ...frames: unknown[]): LiveState {
  let next = state;
  for (const frame of frames) {
    const message = parseServerMessage(typeof frame === "string" ? frame : JSON.stringify(frame));
    if (message) next = applyServerMessage(next, message);
  }
  return next;
}

const open = (state = INITIAL_LIVE_STATE) => applySocket(applySocket(state, "connecting"), "open");

function price(
  market: string,
  outcome: string,
  value: number,
  t: number,
  extra: Partial<{ event: string; bestBid: number | null; bestAsk: number | null }> = {},
) {
  return {
    type: "price",
    event: extra.event ?? "rain-tomorrow",
    market,
    outcome,
    price: value,
    bestBid: extra.bestBid ?? null,
    bestAsk: extra.bestAsk ?? null,
    t,
  };
}

function trade(id: string, overrides: Partial<WhaleTrade> = {}): WhaleTrade {
  return {
    id,
    marketId: "0xmarket",
    title: "Will it rain?",
    outcome: "YES",
    outcomeLabel: "Yes",
    side: "BUY",
    size: 100_000,
    price: 0.62,
    timestamp: 1_700_000_000_000,
    trader: { wallet: "0x1234", name: null, rank: null, pnl: null, volume: null, period: "MONTH" },
    eventSlug: "rain-tomorrow",
    marketSlug: "will-it-rain",
    ...overrides,
  };
}

describe("server messages", () => {
  it("a price sets the outcome's price and book; the other side reads as its complement", () => {
    const state = receive(
      INITIAL_LIVE_STATE,
      price("m1", "Yes", 0.43, 1000, { bestBid: 0.42, bestAsk: 0.44 }),
    );
    expect(outcomePrice(state, "m1", "Yes")).toBe(0.43);
    expect(priceEntry(state, "m1", "Yes")).toEqual({
      event: "rain-tomorrow",
      price: 0.43,
      bestBid: 0.42,
      bestAsk: 0.44,
      t: 1000,
    });
    expect(outcomePrice(state, "m1", "No")).toBeNull();
    expect(firstSidePrice(state, "m1", "Yes", "No")).toBe(0.43);
    expect(firstSidePrice(state, "m1", "No", "Yes")).toBe(0.57);
    expect(firstSidePrice(state, "m2", "Yes", "No")).toBeNull();
  });

  it("of two sides the newer message wins", () => {
    const yesFirst = receive(
      INITIAL_LIVE_STATE,
      price("m1", "Yes", 0.43, 1000),
      price("m1", "No", 0.5, 2000),
    );
    expect(firstSidePrice(yesFirst, "m1", "Yes", "No")).toBe(0.5);
    const noFirst = receive(INITIAL_LIVE_STATE, price("m1", "No", 0.5, 1000), price("m1", "Yes", 0.43, 2000));
    expect(firstSidePrice(noFirst, "m1", "Yes", "No")).toBe(0.43);
  });

  it("a burst keeps the newest price of each outcome, whatever order the ticks come in", () => {
    const ticks = Array.from({ length: 500 }, (_, i) => price(`m${i % 5}`, "Yes", (i % 100) / 100, i));
    // Out of order: the newest tick of each market arrives first, the older ones after it.
    const state = receive(INITIAL_LIVE_STATE, ...[...ticks].reverse());
    for (let m = 0; m < 5; m++) {
      const newest = ticks.filter((t) => t.market === `m${m}`).at(-1);
      expect(outcomePrice(state, `m${m}`, "Yes")).toBe(newest?.price);
    }
    expect(Object.keys(state.prices)).toHaveLength(5);
  });

  it("a repeated or older price returns the same state (nothing re-renders)", () => {
    const state = receive(INITIAL_LIVE_STATE, price("m1", "Yes", 0.43, 1000));
    expect(receive(state, price("m1", "Yes", 0.43, 1500))).toBe(state);
    expect(receive(state, price("m1", "Yes", 0.9, 999))).toBe(state);
    expect(receive(state, price("m1", "Yes", 0.44, 1001))).not.toBe(state);
  });

  it("a trade is prepended, once per id, and at most LIVE_TRADES_KEPT are kept", () => {
    const first = receive(INITIAL_LIVE_STATE, { type: "trade", ...trade("a") });
    expect(first.trades).toEqual([trade("a")]);
    expect(first.trades[0]).not.toHaveProperty("type");
    const second = receive(first, { type: "trade", ...trade("b") });
    expect(second.trades.map((t) => t.id)).toEqual(["b", "a"]);
    expect(receive(second, { type: "trade", ...trade("a", { size: 1 }) })).toBe(second);
    const many = receive(
      INITIAL_LIVE_STATE,
      ...Array.from({ length: LIVE_TRADES_KEPT + 10 }, (_, i) => ({ type: "trade", ...trade(`t${i}`) })),
    );
    expect(many.trades).toHaveLength(LIVE_TRADES_KEPT);
    expect(many.trades[0]?.id).toBe(`t${LIVE_TRADES_KEPT + 9}`);
  });

  it("resolved marks the market, with or without a winner", () => {
    const state = receive(
      INITIAL_LIVE_STATE,
      { type: "resolved", event: "rain-tomorrow", market: "m1", winner: "Yes", t: 5 },
      { type: "resolved", event: "rain-tomorrow", market: "m2", winner: null, t: 5 },
    );
    const m1 = resolutionOf(state, "m1");
    const m2 = resolutionOf(state, "m2");
    expect(m1 && resolvedText(m1)).toBe("Resolved: Yes");
    expect(m2 && resolvedText(m2)).toBe("Resolved");
    expect(m1 && resolvedAnnouncement("Rain tomorrow?", m1)).toBe("Rain tomorrow? (Yes)");
    expect(m2 && resolvedAnnouncement("Rain tomorrow?", m2)).toBe("Rain tomorrow?");
    expect(resolutionOf(state, "m3")).toBeUndefined();
  });

  it("status, subscribed and error are kept", () => {
    const state = receive(
      open(),
      { type: "status", upstream: "reconnecting" },
      { type: "subscribed", topics: ["event:rain-tomorrow", "whales"] },
      { type: "error", message: "unknown topic" },
    );
    expect(state.upstream).toBe("reconnecting");
    expect(state.topics).toEqual(["event:rain-tomorrow", "whales"]);
    expect(state.error).toBe("unknown topic");
  });

  it("ignores whatever does not parse: not JSON, unknown types, bad fields, binary", () => {
    const before = receive(INITIAL_LIVE_STATE, price("m1", "Yes", 0.43, 1000));
    const after = receive(
      before,
      "not json",
      "",
      "null",
      "[]",
      { type: "tick", market: "m1" },
      { ...price("m1", "Yes", 1.5, 2000) },
      { ...price("m1", "Yes", -0.1, 2000) },
      { ...price("m1", "Yes", 0.5, 2000), market: 7 },
      { type: "trade", id: "x" },
      { type: "status", upstream: "up" },
      { type: "resolved", market: "m1" },
    );
    expect(after).toBe(before);
    expect(parseServerMessage(new ArrayBuffer(4))).toBeNull();
  });
});

describe("the socket and the indicator", () => {
  it("is live only while the socket is open and the upstream connected", () => {
    expect(indicatorState(INITIAL_LIVE_STATE)).toBeNull();
    const connecting = applySocket(INITIAL_LIVE_STATE, "connecting");
    expect(indicatorState(connecting)).toBeNull();
    const opened = open();
    // Open, before the hub has said anything of its upstream: not live, and never was.
    expect(indicatorState(opened)).toBeNull();
    const upstreamDown = receive(opened, { type: "status", upstream: "reconnecting" });
    expect(indicatorState(upstreamDown)).toBeNull();
    const live = receive(opened, { type: "status", upstream: "connected" });
    expect(indicatorState(live)).toBe("live");
    expect(live.wasLive).toBe(true);
  });

  it("says reconnecting once it was live and is not: upstream lost, socket closed, reopening", () => {
    const live = receive(open(), { type: "status", upstream: "connected" });
    expect(indicatorState(receive(live, { type: "status", upstream: "reconnecting" }))).toBe("reconnecting");
    const closed = applySocket(live, "closed");
    expect(closed.upstream).toBeNull();
    expect(indicatorState(closed)).toBe("reconnecting");
    const reopening = applySocket(closed, "connecting");
    expect(indicatorState(reopening)).toBe("reconnecting");
    // Open again, the hub's status not heard yet: still not live.
    expect(indicatorState(applySocket(reopening, "open"))).toBe("reconnecting");
    expect(
      indicatorState(receive(applySocket(reopening, "open"), { type: "status", upstream: "connected" })),
    ).toBe("live");
  });

  it("says nothing once the socket is put away (nothing followed)", () => {
    const live = receive(open(), { type: "status", upstream: "connected" });
    const idle = applySocket(live, "idle");
    expect(indicatorState(idle)).toBeNull();
    expect(idle.topics).toEqual([]);
  });

  it("a closed socket keeps the last prices (the page shows them until new ones come)", () => {
    const state = receive(open(), price("m1", "Yes", 0.43, 1000));
    expect(outcomePrice(applySocket(state, "closed"), "m1", "Yes")).toBe(0.43);
  });
});

describe("events no longer followed", () => {
  it("their prices and resolutions are dropped; the same state when nothing goes", () => {
    const state = receive(
      INITIAL_LIVE_STATE,
      price("m1", "Yes", 0.43, 1, { event: "rain" }),
      price("m2", "Yes", 0.2, 1, { event: "snow" }),
      { type: "resolved", event: "snow", market: "m2", winner: "No", t: 2 },
    );
    const kept = keepEvents(state, eventsOf(["event:rain", "whales"]));
    expect(outcomePrice(kept, "m1", "Yes")).toBe(0.43);
    expect(outcomePrice(kept, "m2", "Yes")).toBeNull();
    expect(resolutionOf(kept, "m2")).toBeUndefined();
    expect(keepEvents(kept, eventsOf(["event:rain"]))).toBe(kept);
  });

  it("eventsOf reads the slugs of event topics only", () => {
    expect([...eventsOf(["event:a", "whales", "event:b-2"])]).toEqual(["a", "b-2"]);
  });
});

describe("pushed whale trades", () => {
  it("go before the polled list, each once: a trade the list already holds is not repeated", () => {
    const listed = [trade("a"), trade("b")];
    expect(withPushedTrades(listed, []).map((t) => t.id)).toEqual(["a", "b"]);
    expect(withPushedTrades(listed, [trade("c"), trade("a")]).map((t) => t.id)).toEqual(["c", "a", "b"]);
  });
});
