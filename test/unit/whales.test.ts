import { describe, expect, it } from "vitest";
import { parseTradesPayload } from "~/.server/polymarket/data-api";
import { formatMoment } from "~/lib/format";
import { eventUrl, profileUrl } from "~/lib/links";
import type { WhaleSnapshot, WhaleTrade } from "~/lib/types";
import {
  applyRefresh,
  DEFAULT_WHALE_VIEW,
  delayOnVisible,
  formatOdds,
  formatPotentialWin,
  formatTradeAge,
  formatTradeAmount,
  isNearCertain,
  outcomeBadge,
  parseWhalesResponse,
  parseWhaleView,
  payoutLabel,
  rankLabel,
  selectTrades,
  shortenAddress,
  sideLabel,
  tradeValue,
  WHALE_FRESH_MS,
  WHALE_POLL_MS,
  WHALE_RETRY_DELAYS_MS,
  whaleViewSearch,
} from "~/lib/whales";
import { readFixture } from "../support/fixtures";

function trade(overrides: Partial<WhaleTrade> = {}): WhaleTrade {
  return {
    id: "0xabc:1",
    marketId: "0xmarket",
    title: "Will it rain?",
    outcome: "YES",
    outcomeLabel: "Yes",
    side: "BUY",
    size: 100_000,
    price: 0.62,
    timestamp: Date.UTC(2026, 6, 18, 9, 5),
    trader: {
      wallet: "0x1111111111111111111111111111111111112222",
      name: null,
      rank: null,
      pnl: null,
      volume: null,
      period: null,
    },
    eventSlug: "will-it-rain",
    marketSlug: "will-it-rain",
    ...overrides,
  };
}

function snapshot(
  trades: WhaleTrade[],
  fetchedAt = "2026-11-22T14:00:00.000Z",
  error?: string,
): WhaleSnapshot {
  return { trades, fetchedAt, ...(error === undefined ? {} : { error }) };
}

/** The one recorded trade over $50K, normalised by the real parser. */
function recordedWhale(): WhaleTrade {
  const json: unknown = readFixture("polymarket/data-trades-large-c.json");
  const whales = parseTradesPayload(json);
  expect(whales).toHaveLength(1);
  const [whale] = whales;
  if (!whale) throw new Error("no recorded whale");
  return whale;
}

describe("the recorded whale trade", () => {
  it("shows SPEC §3's figures: sold $64.8K, payout $64.8K, odds >99%, 22:17 UTC on Jul 17", () => {
    const whale = recordedWhale();
    expect(whale.title).toBe("Pozoblanco: Akira Santillan vs Izan Almazan Valiente");
    expect(tradeValue(whale)).toBeCloseTo(64_759.42, 2);
    expect(formatTradeAmount(whale)).toBe("$64.8K");
    expect(formatPotentialWin(whale)).toBe("$64.8K");
    expect(formatOdds(whale.price)).toBe(">99%");
    expect(sideLabel(whale.side)).toBe("Sold");
    expect(payoutLabel(whale.side)).toBe("Payout given up");
    expect(outcomeBadge(whale)).toEqual({ label: "Akira Santillan", variant: "destructive" });
    expect(shortenAddress(whale.trader.wallet)).toBe("0x6d20…a165");
    expect(profileUrl(whale.trader.wallet)).toBe(
      "https://polymarket.com/profile/0x6d20c35f65d9899b6d6b74f8466e824580f9a165",
    );
    expect(eventUrl(whale.eventSlug)).toBe("https://polymarket.com/event/atp-santill-valient-2026-07-17");
    expect(whale.trader.name).toBe("Webbed-Myth");
    const sameDay = Date.UTC(2026, 6, 17, 23, 0);
    expect(formatMoment(whale.timestamp, sameDay)).toBe("22:17 UTC");
    expect(formatMoment(whale.timestamp, Date.UTC(2026, 10, 22))).toBe("Jul 17, 22:17 UTC");
  });
});

describe("amounts, in the site's one money format (decision 0011)", () => {
  it("bought amount = size × price", () => {
    expect(formatTradeAmount(trade({ size: 100_000, price: 0.62 }))).toBe("$62K");
    expect(formatTradeAmount(trade({ size: 50_001, price: 1 }))).toBe("$50K");
    expect(formatTradeAmount(trade({ size: 80_000, price: 0.7 }))).toBe("$56K");
    expect(formatTradeAmount(trade({ size: 2_500_000, price: 0.5 }))).toBe("$1.3M");
  });

  it("potential win = size", () => {
    expect(formatPotentialWin(trade({ size: 100_000 }))).toBe("$100K");
    expect(formatPotentialWin(trade({ size: 64_824.24 }))).toBe("$64.8K");
    expect(formatPotentialWin(trade({ size: 1_234_567 }))).toBe("$1.2M");
  });

  it("never prints NaN or a negative amount", () => {
    expect(formatTradeAmount(trade({ size: Number.NaN, price: 0.5 }))).toBe("$0");
    expect(formatPotentialWin(trade({ size: -5_000 }))).toBe("$0");
  });
});

describe("odds", () => {
  it("is the price as a rounded percent", () => {
    expect(formatOdds(0.62)).toBe("62%");
    expect(formatOdds(0.625)).toBe("63%");
    expect(formatOdds(0.5)).toBe("50%");
    expect(formatOdds(0)).toBe("0%");
    expect(formatOdds(1)).toBe("100%");
  });

  it("does not round a near-certainty into one", () => {
    expect(formatOdds(0.999)).toBe(">99%");
    expect(formatOdds(0.995)).toBe(">99%");
    expect(formatOdds(0.994)).toBe("99%");
    expect(formatOdds(0.001)).toBe("<1%");
    expect(formatOdds(0.005)).toBe("1%");
  });

  it("clamps or dashes values outside 0..1", () => {
    expect(formatOdds(Number.NaN)).toBe("–");
    expect(formatOdds(1.5)).toBe("100%");
    expect(formatOdds(-0.2)).toBe("0%");
  });
});

describe("time", () => {
  const at = Date.UTC(2026, 10, 22, 9, 5, 30);

  it("is hour:minute in UTC on the same UTC day", () => {
    expect(formatMoment(at, Date.UTC(2026, 10, 22, 23, 59))).toBe("09:05 UTC");
    expect(formatMoment(Date.UTC(2026, 10, 22, 0, 0), Date.UTC(2026, 10, 22, 0, 1))).toBe("00:00 UTC");
  });

  it("adds the date when not today, and the year when not this year", () => {
    expect(formatMoment(at, Date.UTC(2026, 10, 23, 0, 0))).toBe("Nov 22, 09:05 UTC");
    expect(formatMoment(Date.UTC(2025, 11, 31, 23, 59), Date.UTC(2026, 0, 1, 0, 1))).toBe(
      "Dec 31, 2025, 23:59 UTC",
    );
  });

  it("says how long ago", () => {
    expect(formatTradeAge(at, at + 20_000)).toBe("just now");
    expect(formatTradeAge(at, at + 4 * 60_000)).toBe("4 min ago");
    expect(formatTradeAge(at, at + 3 * 3_600_000)).toBe("3 h ago");
    expect(formatTradeAge(at, at + 5 * 86_400_000)).toBe("5 days ago");
    // A trade stamped slightly in the future (clock skew) is not "-1 min ago".
    expect(formatTradeAge(at + 30_000, at)).toBe("just now");
  });

  it("handles a timestamp that is not a time", () => {
    expect(formatMoment(Number.NaN, at)).toBe("unknown");
    expect(formatTradeAge(Number.NaN, at)).toBe("unknown");
    expect(formatMoment(8.64e15 + 1, at)).toBe("unknown");
  });
});

describe("trader, side and outcome", () => {
  it("shortens a wallet to its first 6 and last 4 characters", () => {
    expect(shortenAddress("0x1111111111111111111111111111111111112222")).toBe("0x1111…2222");
    expect(shortenAddress("short")).toBe("short");
    expect(shortenAddress("0x12345678ab")).toBe("0x12345678ab");
  });

  it("labels the side honestly", () => {
    expect(sideLabel("BUY")).toBe("Bought");
    expect(sideLabel("SELL")).toBe("Sold");
    expect(payoutLabel("BUY")).toBe("Potential win");
    expect(payoutLabel("SELL")).toBe("Payout given up");
  });

  it("uses the default badge for YES and destructive otherwise, with the label for other outcomes", () => {
    expect(outcomeBadge({ outcome: "YES", outcomeLabel: "yes" })).toEqual({
      label: "Yes",
      variant: "default",
    });
    expect(outcomeBadge({ outcome: "NO", outcomeLabel: "NO" })).toEqual({
      label: "No",
      variant: "destructive",
    });
    expect(outcomeBadge({ outcome: "OTHER", outcomeLabel: "Up" })).toEqual({
      label: "Up",
      variant: "destructive",
    });
    expect(outcomeBadge({ outcome: "OTHER", outcomeLabel: "  " })).toEqual({
      label: "Other",
      variant: "destructive",
    });
  });
});

describe("links", () => {
  it("links the title to the event page, encoding the slug into one https path segment", () => {
    expect(eventUrl("fed-decision-in-december")).toBe(
      "https://polymarket.com/event/fed-decision-in-december",
    );
    expect(eventUrl("a/../../evil?x=1#y")).toBe(
      "https://polymarket.com/event/a%2F..%2F..%2Fevil%3Fx%3D1%23y",
    );
    expect(eventUrl("javascript:alert(1)")).toBe("https://polymarket.com/event/javascript%3Aalert(1)");
  });

  it("has no title link without an event slug", () => {
    expect(eventUrl(null)).toBeNull();
    expect(eventUrl("  ")).toBeNull();
  });

  it("links only well-formed wallets to their profile", () => {
    expect(profileUrl("0xABCDEF1111111111111111111111111111112222")).toBe(
      "https://polymarket.com/profile/0xabcdef1111111111111111111111111111112222",
    );
    expect(profileUrl("0x1234")).toBeNull();
    expect(profileUrl("javascript:alert(1)")).toBeNull();
    expect(profileUrl("0x1111111111111111111111111111111111112222/../x")).toBeNull();
  });

  it("only ever produces https URLs", () => {
    for (const url of [eventUrl("x"), profileUrl("0x1111111111111111111111111111111111112222")]) {
      expect(url && new URL(url).protocol).toBe("https:");
    }
  });
});

describe("filter and sort in the URL", () => {
  it("reads the view, falling back to the default for anything unknown", () => {
    expect(parseWhaleView(new URLSearchParams(""))).toEqual({
      ...DEFAULT_WHALE_VIEW,
      outcome: "all",
      sort: "newest",
    });
    expect(parseWhaleView(new URLSearchParams("outcome=yes&sort=largest"))).toEqual({
      ...DEFAULT_WHALE_VIEW,
      outcome: "yes",
      sort: "largest",
    });
    expect(parseWhaleView(new URLSearchParams("outcome=NO&sort=%20Largest%20"))).toEqual({
      ...DEFAULT_WHALE_VIEW,
      outcome: "no",
      sort: "largest",
    });
    expect(parseWhaleView(new URLSearchParams("outcome=maybe&sort=oldest"))).toEqual({
      ...DEFAULT_WHALE_VIEW,
      outcome: "all",
      sort: "newest",
    });
    // Repeated parameters: the first one counts.
    expect(parseWhaleView(new URLSearchParams("outcome=yes&outcome=no"))).toEqual({
      ...DEFAULT_WHALE_VIEW,
      outcome: "yes",
    });
    expect(parseWhaleView(new URLSearchParams(`outcome=${"y".repeat(5000)}`)).outcome).toBe("all");
  });

  it("writes the view, leaving defaults out so the plain URL stays canonical", () => {
    expect(whaleViewSearch({ ...DEFAULT_WHALE_VIEW, outcome: "all", sort: "newest" })).toBe("");
    expect(whaleViewSearch({ ...DEFAULT_WHALE_VIEW, outcome: "yes", sort: "newest" })).toBe("?outcome=yes");
    expect(whaleViewSearch({ ...DEFAULT_WHALE_VIEW, outcome: "all", sort: "largest" })).toBe("?sort=largest");
    expect(whaleViewSearch({ ...DEFAULT_WHALE_VIEW, outcome: "yes", sort: "largest" })).toBe(
      "?outcome=yes&sort=largest",
    );
  });

  it("round-trips every view", () => {
    for (const outcome of ["all", "yes", "no"] as const) {
      for (const sort of ["newest", "largest"] as const) {
        const view = { ...DEFAULT_WHALE_VIEW, outcome, sort };
        expect(parseWhaleView(new URLSearchParams(whaleViewSearch(view)))).toEqual(view);
      }
    }
  });

  const yes = trade({ id: "yes", outcome: "YES", size: 100_000, price: 0.62, timestamp: 3_000 });
  const team = trade({
    id: "team",
    outcome: "OTHER",
    outcomeLabel: "Akira",
    size: 64_824.24,
    price: 0.999,
    timestamp: 2_000,
  });
  const no = trade({
    id: "no",
    outcome: "NO",
    outcomeLabel: "No",
    size: 80_000,
    price: 0.7,
    timestamp: 1_000,
  });
  const all = [no, yes, team];
  const ids = (trades: WhaleTrade[]) => trades.map((t) => t.id);

  it("filters by outcome: Yes and No keep only those; other outcomes show under All", () => {
    expect(ids(selectTrades(all, { ...DEFAULT_WHALE_VIEW, outcome: "all", sort: "newest" }))).toEqual([
      "yes",
      "team",
      "no",
    ]);
    expect(ids(selectTrades(all, { ...DEFAULT_WHALE_VIEW, outcome: "yes", sort: "newest" }))).toEqual([
      "yes",
    ]);
    expect(ids(selectTrades(all, { ...DEFAULT_WHALE_VIEW, outcome: "no", sort: "newest" }))).toEqual(["no"]);
    expect(selectTrades([team], { ...DEFAULT_WHALE_VIEW, outcome: "yes", sort: "newest" })).toEqual([]);
  });

  it("sorts newest first, or largest dollar amount first with newest breaking ties", () => {
    expect(ids(selectTrades(all, { ...DEFAULT_WHALE_VIEW, outcome: "all", sort: "largest" }))).toEqual([
      "team",
      "yes",
      "no",
    ]);
    const twin = trade({ id: "twin", size: 100_000, price: 0.62, timestamp: 9_000 });
    expect(
      ids(selectTrades([yes, twin], { ...DEFAULT_WHALE_VIEW, outcome: "all", sort: "largest" })),
    ).toEqual(["twin", "yes"]);
  });

  it("min, hideCertain and ranked narrow the list; bad values read as the defaults", () => {
    const ranked = trade({
      id: "ranked",
      size: 400_000,
      price: 0.7,
      timestamp: 4_000,
      trader: { wallet: "0xabc", name: "Pro", rank: 3, pnl: 1_200_000, volume: 9e6, period: "MONTH" },
    });
    const list = [...all, ranked];
    const view = (query: string) => parseWhaleView(new URLSearchParams(query));
    expect(ids(selectTrades(list, view("min=250000")))).toEqual(["ranked"]);
    expect(ids(selectTrades(list, view("min=100000")))).toEqual(["ranked"]);
    // 0.999 (the team trade) is near-certain; 0.62 and 0.7 are not.
    expect(ids(selectTrades(list, view("hideCertain=1")))).toEqual(["ranked", "yes", "no"]);
    expect(ids(selectTrades(list, view("ranked=1")))).toEqual(["ranked"]);
    expect(view("min=7&hideCertain=yes&ranked=2")).toEqual(DEFAULT_WHALE_VIEW);
    expect(whaleViewSearch(view("min=1000000&hideCertain=1&ranked=1"))).toBe(
      "?min=1000000&hideCertain=1&ranked=1",
    );
    expect(isNearCertain({ price: 0.05 })).toBe(true);
    expect(isNearCertain({ price: 0.051 })).toBe(false);
    expect(isNearCertain({ price: 0.95 })).toBe(true);
  });

  it("says where a trader stands: ranked, unranked, or unknown", () => {
    const base = { wallet: "0xabc", name: null, volume: 1 };
    expect(rankLabel({ ...base, rank: 12, pnl: 1_234_567, period: "MONTH" })).toBe("#12 this month · +$1.2M");
    expect(rankLabel({ ...base, rank: 40, pnl: -30_000, period: "MONTH" })).toBe("#40 this month · -$30K");
    expect(rankLabel({ ...base, rank: null, pnl: null, period: "MONTH" })).toBe("Unranked this month");
    expect(rankLabel({ ...base, rank: null, pnl: null, period: null })).toBe("Rank unavailable");
  });

  it("does not reorder the caller's array", () => {
    const input = [no, yes, team];
    selectTrades(input, { ...DEFAULT_WHALE_VIEW, outcome: "all", sort: "largest" });
    expect(ids(input)).toEqual(["no", "yes", "team"]);
  });
});

describe("polling rules", () => {
  it("uses SPEC's timing: poll 60 s, fresh 30 s, two retries 1 s then 2 s", () => {
    expect(WHALE_POLL_MS).toBe(60_000);
    expect(WHALE_FRESH_MS).toBe(30_000);
    expect(WHALE_RETRY_DELAYS_MS).toEqual([1_000, 2_000]);
  });

  it("refetches at once when the tab returns with stale data, else waits out the interval", () => {
    const t = 1_000_000;
    expect(delayOnVisible(t, t - 30_000, t - 30_000)).toBe(0);
    expect(delayOnVisible(t, t - 90_000, t - 5_000)).toBe(0);
    expect(delayOnVisible(t, t - 10_000, t - 10_000)).toBe(50_000);
    expect(delayOnVisible(t, t - 29_999, t - 29_999)).toBe(30_001);
  });
});

describe("refresh merge", () => {
  const a = trade({ id: "a" });
  const b = trade({ id: "b" });

  it("adopts a newer list", () => {
    const next = snapshot([b, a], "2026-11-22T14:01:00.000Z");
    expect(applyRefresh(snapshot([a]), next)).toEqual({ snapshot: next, refreshFailed: false });
  });

  it("keeps the list on screen when the refresh failed", () => {
    const current = snapshot([a]);
    expect(applyRefresh(current, null)).toEqual({ snapshot: current, refreshFailed: true });
  });

  it("keeps the list on screen when the answer has no trades (with or without an error)", () => {
    const current = snapshot([a]);
    const failed = snapshot([], "2026-11-22T14:01:00.000Z", "Failed to fetch whale trades");
    expect(applyRefresh(current, failed)).toEqual({ snapshot: current, refreshFailed: true });
    expect(applyRefresh(current, snapshot([], "2026-11-22T14:01:00.000Z"))).toEqual({
      snapshot: current,
      refreshFailed: true,
    });
  });

  it("ignores an answer older than the list shown", () => {
    const current = snapshot([a], "2026-11-22T14:05:00.000Z");
    expect(applyRefresh(current, snapshot([b], "2026-11-22T14:00:00.000Z"))).toEqual({
      snapshot: current,
      refreshFailed: false,
    });
  });

  it("replaces an error or empty state by whatever comes next", () => {
    const error = snapshot([], "2026-11-22T14:00:00.000Z", "Failed to fetch whale trades");
    const list = snapshot([a], "2026-11-22T13:00:00.000Z");
    expect(applyRefresh(error, list)).toEqual({ snapshot: list, refreshFailed: false });
    const empty = snapshot([], "2026-11-22T14:02:00.000Z");
    expect(applyRefresh(error, empty)).toEqual({ snapshot: empty, refreshFailed: false });
    expect(applyRefresh(empty, error)).toEqual({ snapshot: error, refreshFailed: false });
  });

  it("flags a list that comes with an error as not refreshed", () => {
    const next = snapshot([a], "2026-11-22T14:01:00.000Z", "Failed to fetch whale trades");
    expect(applyRefresh(snapshot([]), next)).toEqual({ snapshot: next, refreshFailed: true });
  });
});

describe("parseWhalesResponse", () => {
  it("reads the /api/whales body", () => {
    const body = { trades: [trade()], fetchedAt: "2026-11-22T14:00:00.000Z" };
    expect(parseWhalesResponse(JSON.parse(JSON.stringify(body)))).toEqual(body);
    expect(parseWhalesResponse({ trades: [], fetchedAt: "2026-11-22T14:00:00.000Z", error: "boom" })).toEqual(
      {
        trades: [],
        fetchedAt: "2026-11-22T14:00:00.000Z",
        error: "boom",
      },
    );
  });

  it("rejects what is not a snapshot", () => {
    for (const body of [null, "x", [], { trades: [] }, { trades: "no", fetchedAt: "2026-01-01T00:00:00Z" }]) {
      expect(parseWhalesResponse(body)).toBeNull();
    }
    expect(parseWhalesResponse({ trades: [], fetchedAt: "yesterday-ish" })).toBeNull();
  });

  it("drops malformed rows and keeps the rest", () => {
    const good = trade();
    const rows = [
      good,
      { ...good, size: "lots" },
      { ...good, outcome: "MAYBE" },
      { ...good, side: "HOLD" },
      { ...good, price: null },
      { ...good, eventSlug: 5 },
      null,
    ];
    const parsed = parseWhalesResponse({ trades: rows, fetchedAt: "2026-11-22T14:00:00.000Z" });
    expect(parsed?.trades).toEqual([good]);
  });
});
