/**
 * The alerts' pure rules (app/.server/alerts/evaluate.ts): the wallets' round robin, which trades may match,
 * and the states of UMA's resolution a followed event's markets entered.
 */
import { describe, expect, it } from "vitest";
import {
  matchGaps,
  matchResolutions,
  matchTrades,
  type PairGap,
  type RuleSet,
  TRADE_ALERT_WINDOW_MS,
  walletsThisRun,
} from "~/.server/alerts/evaluate";
import type { ResolutionChange } from "~/lib/resolution";
import type { WhaleTrade } from "~/lib/types";

describe("walletsThisRun", () => {
  it("asks every followed wallet in turn, a slice a minute", () => {
    const wallets = Array.from({ length: 19 }, (_, i) => `0x${String(i).padStart(40, "0")}`);
    const seen = new Map<string, number>();
    for (let minute = 100; minute < 103; minute++)
      for (const w of walletsThisRun(wallets, 8, minute)) seen.set(w, (seen.get(w) ?? 0) + 1);
    // 19 wallets, 8 a minute: three minutes ask each exactly once.
    expect(seen.size).toBe(19);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(walletsThisRun(wallets.slice(0, 5), 8, 7)).toEqual(wallets.slice(0, 5));
  });
});

describe("matchTrades", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");
  const wallet = `0x${"a".repeat(40)}`;
  const trade = (id: string, ageMs: number, usd: number): WhaleTrade => ({
    id,
    marketId: "m",
    title: "Will it rain?",
    outcome: "YES",
    outcomeLabel: "Yes",
    side: "BUY",
    size: usd / 0.5,
    price: 0.5,
    timestamp: now - ageMs,
    trader: { wallet, name: null, rank: null, pnl: null, volume: null, period: null },
    eventSlug: "rain",
    marketSlug: null,
  });
  const set: RuleSet = {
    id: "s1",
    createdMs: now - 10 * 60_000,
    rules: [
      { type: "whale", event: "rain", minUsd: 50_000 },
      { type: "wallet", wallet, minUsd: 10_000 },
    ],
  };

  it("takes trades since the subscription (less a minute) and within the hour, over each rule's size", () => {
    const trades = [
      trade("new-big", 60_000, 60_000),
      trade("new-small", 60_000, 20_000),
      trade("before-subscribing", 30 * 60_000, 90_000),
      trade("too-small", 60_000, 5_000),
    ];
    const matches = matchTrades([set], trades, now);
    expect(matches.map((m) => `${m.ruleKey} ${m.dedupeKey}`).sort()).toEqual([
      "wallet:0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:10000 trade:new-big",
      "wallet:0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:10000 trade:new-small",
      "whale:rain:50000 trade:new-big",
    ]);
    const old = { ...set, createdMs: now - 2 * TRADE_ALERT_WINDOW_MS };
    expect(matchTrades([old], [trade("two-hours", 2 * TRADE_ALERT_WINDOW_MS - 1, 90_000)], now)).toEqual([]);
  });
});

describe("matchResolutions", () => {
  const set: RuleSet = {
    id: "s1",
    createdMs: 0,
    rules: [
      { type: "resolution", event: "where-will-the-us-iran-meet" },
      { type: "call_change", event: "where-will-the-us-iran-meet" },
    ],
  };
  const change = (
    state: ResolutionChange["state"],
    eventSlug = "where-will-the-us-iran-meet",
  ): ResolutionChange => ({
    eventSlug,
    marketId: "1328692",
    label: "Will the next official US-Iran meeting be in Oman?",
    state,
    answer: state === "disputed" ? "50-50" : "Yes",
    finalMs: Date.parse("2026-09-29T19:50:27Z"),
  });

  it("one match per state entered in a followed event, keyed by market and state; other events none", () => {
    const matches = matchResolutions(
      [set],
      [change("proposed"), change("disputed"), change("resolved"), change("proposed", "another-event")],
    );
    expect(matches.map((m) => [m.ruleKey, m.dedupeKey, m.notification.title, m.urgency])).toEqual([
      [
        "resolution:where-will-the-us-iran-meet",
        "resolution:1328692:proposed",
        "Answer proposed: Will the next official US-Iran meeting be in Oman?",
        "high",
      ],
      [
        "resolution:where-will-the-us-iran-meet",
        "resolution:1328692:disputed",
        "Disputed: Will the next official US-Iran meeting be in Oman?",
        "high",
      ],
      [
        "resolution:where-will-the-us-iran-meet",
        "resolution:1328692:resolved",
        "Resolved: Will the next official US-Iran meeting be in Oman?",
        "normal",
      ],
    ]);
    expect(matches[0]?.notification.body).toBe("Proposed: Yes. Final at 19:50 UTC unless disputed.");
    expect(matches[2]?.notification.body).toBe("Final answer: Yes.");
    expect(
      matchResolutions([{ ...set, rules: [set.rules[1] as RuleSet["rules"][number]] }], [change("proposed")]),
    ).toEqual([]);
  });
});

describe("matchGaps", () => {
  const gap = (polymarket: number, eventSlug = "ev"): PairGap => ({
    eventSlug,
    eventTitle: "An event",
    polymarketId: "m1",
    ticker: "KX-1",
    label: "Trump",
    kalshi: 0.6,
    polymarket,
  });
  const sets: RuleSet[] = [
    { id: "s1", createdMs: 0, rules: [{ type: "gap", event: "ev", cents: 5 }] },
    { id: "s2", createdMs: 0, rules: [{ type: "gap", event: "other", cents: 3 }] },
  ];

  it("a pair at least N cents apart either way matches its followed event's rule, keyed by pair and N", () => {
    const up = matchGaps(sets, [gap(0.55)]);
    expect(up.matches).toHaveLength(1);
    expect(up.matches[0]).toMatchObject({
      subscriptionId: "s1",
      ruleKey: "gap:ev:5",
      dedupeKey: "gap:m1:KX-1:5",
      notification: {
        title: "An event: Trump +5¢ on Kalshi",
        body: "Kalshi 60¢, Polymarket 55¢ (before fees; the two venues' rules can differ)",
        url: "/event/ev",
      },
    });
    expect(up.rearm).toEqual([]);
    expect(matchGaps(sets, [gap(0.66)]).matches[0]?.notification.title).toBe("An event: Trump −6¢ on Kalshi");
  });

  it("under N: no match, the pair's key to free for the next crossing; another event's pair: neither", () => {
    expect(matchGaps(sets, [gap(0.57)])).toEqual({
      matches: [],
      rearm: [{ subscriptionId: "s1", dedupeKey: "gap:m1:KX-1:5" }],
    });
    expect(matchGaps(sets, [gap(0.2, "third")])).toEqual({ matches: [], rearm: [] });
  });
});
