/** The live hub's pure parts: the CLOB frame parser, quotes and the shown price, the subscription plan. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseClobFrame } from "~/.server/live/clob-messages";
import { applyClobMessage, type Quote, shownPrice } from "~/.server/live/quotes";
import { planSubscriptions } from "~/.server/live/subscriptions";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/polymarket/${name}`, import.meta.url), "utf8");

describe("the CLOB frames", () => {
  it("parses every recorded frame of both captures and each recorded message type", () => {
    for (const capture of ["clob-ws-market-capture-a.json", "clob-ws-market-capture-b.json"]) {
      const frames = JSON.parse(fixture(capture)) as unknown[];
      for (const frame of frames) {
        const { messages, dropped } = parseClobFrame(JSON.stringify(frame));
        expect(dropped).toBe(0);
        expect(messages.length).toBeGreaterThan(0);
      }
    }
    for (const one of ["book", "last-trade-price", "tick-size-change", "best-bid-ask", "new-market"]) {
      const { messages, dropped } = parseClobFrame(fixture(`clob-ws-${one}-1.json`));
      expect([messages.length, dropped]).toEqual([1, 0]);
    }
  });

  it("counts what is not JSON or matches no type, and ignores PONG", () => {
    expect(parseClobFrame("PONG")).toEqual({ messages: [], dropped: 0 });
    expect(parseClobFrame("nope").dropped).toBe(1);
    expect(
      parseClobFrame(JSON.stringify([{ event_type: "price_change", price_changes: 1 }, { x: 1 }])).dropped,
    ).toBe(2);
  });
});

describe("quotes", () => {
  it("shows the midpoint, or the last trade when the spread is over 10¢", () => {
    expect(shownPrice({ bestBid: 0.48, bestAsk: 0.52, last: 0.3, t: 0 })).toBe(0.5);
    expect(shownPrice({ bestBid: 0.3, bestAsk: 0.5, last: 0.44, t: 0 })).toBe(0.44);
    expect(shownPrice({ bestBid: null, bestAsk: null, last: null, t: 0 })).toBeNull();
  });

  it("applies the recorded capture to followed tokens only", () => {
    const frames = JSON.parse(fixture("clob-ws-market-capture-a.json")) as unknown[];
    const quotes = new Map<string, Quote>();
    const followed = new Set([
      "77079965253543126197839710562568101379562196608086107097307885100759018795513",
    ]);
    let changed = 0;
    for (const frame of frames)
      for (const message of parseClobFrame(JSON.stringify(frame)).messages)
        changed += applyClobMessage(quotes, followed, message).changed.length;
    expect([...quotes.keys()]).toEqual([...followed]);
    expect(changed).toBeGreaterThanOrEqual(1);
    const quote = quotes.get([...followed][0] ?? "");
    expect(quote?.bestBid).toBeLessThan(quote?.bestAsk ?? 0);
  });
});

describe("the subscription plan", () => {
  const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => String(from + i));

  it("opens one connection per 500 tokens", () => {
    const plan = planSubscriptions([], ids(1_200));
    expect(plan.open.map((o) => o.length)).toEqual([500, 500, 200]);
  });

  it("drops what left, fills free room first, and opens a connection only past it", () => {
    const plan = planSubscriptions(
      [new Set(ids(500)), new Set(ids(100, 500))],
      [...ids(450), ...ids(100, 500), ...ids(460, 600)],
      500,
    );
    expect(plan.changes[0]?.remove).toEqual(ids(50, 450));
    expect(plan.changes[0]?.add).toHaveLength(50);
    expect(plan.changes[1]?.add).toHaveLength(400);
    expect(plan.open.map((o) => o.length)).toEqual([10]);
  });
});
