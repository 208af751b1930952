/**
 * The browser's socket rules (decision 0041): the URL on the page's own origin, the back-off (1 s doubling
 * to 30 s), the topics it may send, and each change as one message under the hub's 4 KB limit.
 */

import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { LIVE_MAX_CLIENT_MESSAGE_BYTES, LIVE_MAX_TOPICS, LiveClientMessageSchema } from "~/lib/live";
import {
  changeMessages,
  followedTopics,
  isLiveTopic,
  liveUrl,
  reconnectDelay,
  topicChange,
} from "~/lib/live-socket";

describe("liveUrl", () => {
  it("is wss: under https: and ws: under http:, on the page's host and port", () => {
    expect(liveUrl({ protocol: "https:", host: "oddspulse.example" })).toBe(
      "wss://oddspulse.example/api/v1/live",
    );
    expect(liveUrl({ protocol: "http:", host: "127.0.0.1:8787" })).toBe("ws://127.0.0.1:8787/api/v1/live");
  });
});

describe("reconnectDelay", () => {
  it("starts at 1 s, doubles, and stays at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(reconnectDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe("topics", () => {
  it("only the hub's topics are sent", () => {
    expect(isLiveTopic("whales")).toBe(true);
    expect(isLiveTopic("event:fed-decision-in-march-2026")).toBe(true);
    expect(isLiveTopic("event:Upper-Case")).toBe(false);
    expect(isLiveTopic("event:")).toBe(false);
    expect(isLiveTopic("event:a b")).toBe(false);
    expect(isLiveTopic("market:123")).toBe(false);
  });

  it("at most LIVE_MAX_TOPICS are followed, the first wanted first", () => {
    const wanted = Array.from({ length: LIVE_MAX_TOPICS + 20 }, (_, i) => `event:e${i}`);
    const followed = followedTopics(wanted);
    expect(followed).toHaveLength(LIVE_MAX_TOPICS);
    expect(followed[0]).toBe("event:e0");
    expect(followed.at(-1)).toBe(`event:e${LIVE_MAX_TOPICS - 1}`);
  });

  it("a change is what to add and what to drop", () => {
    expect(topicChange(new Set(["event:a", "whales"]), ["event:a", "event:b"])).toEqual({
      subscribe: ["event:b"],
      unsubscribe: ["whales"],
    });
    expect(topicChange(new Set(["event:a"]), ["event:a"])).toEqual({ subscribe: [], unsubscribe: [] });
  });
});

describe("changeMessages", () => {
  const parse = (text: string) => v.parse(LiveClientMessageSchema, JSON.parse(text));

  it("one message per change, drops and additions together, as the hub's schema reads it", () => {
    const messages = changeMessages({ subscribe: ["event:b", "whales"], unsubscribe: ["event:a"] });
    expect(messages).toHaveLength(1);
    expect(parse(messages[0] ?? "")).toEqual({ unsubscribe: ["event:a"], subscribe: ["event:b", "whales"] });
    expect(changeMessages({ subscribe: ["whales"], unsubscribe: [] }).map(parse)).toEqual([
      { subscribe: ["whales"] },
    ]);
  });

  it("nothing when nothing changes", () => {
    expect(changeMessages({ subscribe: [], unsubscribe: [] })).toEqual([]);
  });

  it("a change over 4 KB (a hundred long slugs) is split into messages that each fit", () => {
    const topics = Array.from(
      { length: LIVE_MAX_TOPICS },
      (_, i) => `event:will-the-federal-reserve-cut-rates-at-meeting-number-${i}`,
    );
    const gone = topics.map((t) => `${t}-old`);
    const messages = changeMessages({ subscribe: topics, unsubscribe: gone });
    expect(messages.length).toBeGreaterThan(2);
    for (const message of messages) {
      expect(new TextEncoder().encode(message).length).toBeLessThanOrEqual(LIVE_MAX_CLIENT_MESSAGE_BYTES);
    }
    const parsed = messages.map(parse);
    // Drops first, then additions; every topic exactly once, in order.
    expect(parsed.flatMap((m) => m.unsubscribe ?? [])).toEqual(gone);
    expect(parsed.flatMap((m) => m.subscribe ?? [])).toEqual(topics);
    const firstAdd = parsed.findIndex((m) => m.subscribe);
    expect(parsed.slice(firstAdd).every((m) => !m.unsubscribe)).toBe(true);
  });
});
