import { describe, expect, it } from "vitest";
import { UpstreamError } from "~/.server/http";
import { estimateAnalysis } from "~/.server/sentiment/estimate";
import { getAnalyses } from "~/.server/sentiment/index";
import {
  analyseBatch,
  analyseEvents,
  createLlm,
  type ForecastContext,
  type LlmOptions,
} from "~/.server/sentiment/llm-client";
import { confidenceMultiplier, scoreFor } from "~/.server/sentiment/score";
import type { EventAnalysis, Market, MarketEvent } from "~/lib/types";
import { makeBucket, makeEvent, makeMarket } from "../support/markets";

const MODEL = "grok-4-fast-non-reasoning";

/** A binary market priced `cents` for its first side, both sides' prices agreeing. */
function binary(id: string, cents: number, overrides: Partial<Market> = {}): Market {
  const labels = [overrides.yesLabel ?? "Yes", overrides.noLabel ?? "No"];
  return makeMarket({
    id,
    outcomes: [
      { label: labels[0] ?? "Yes", price: cents / 100, tokenId: null },
      { label: labels[1] ?? "No", price: 1 - cents / 100, tokenId: null },
    ],
    ...overrides,
  });
}

/** A one-market event around a binary market. */
const single = (id: string, cents: number, overrides: Partial<Market> = {}): MarketEvent =>
  makeEvent(id, [binary(`m-${id}`, cents, overrides)]);

/** A three-outcome negative-risk event: Alice 50¢, Bob 30¢, Carol 20¢ unless given. */
function election(
  id = "e1",
  prices: [number, number, number] = [50, 30, 20],
  changes = [0, 0, 0],
): MarketEvent {
  const names = ["Alice", "Bob", "Carol"];
  return makeEvent(
    id,
    names.map((name, i) =>
      makeBucket(`${id}-${name.toLowerCase()}`, name, prices[i] ?? 0, {
        firstPriceChange24h: changes[i] ?? 0,
      }),
    ),
  );
}

interface RawForecast {
  eventId: unknown;
  probabilities: unknown;
  callOutcome: unknown;
  callSide: unknown;
  confidence: unknown;
  reasoning: unknown;
}

interface LlmCall {
  url: string;
  method: string;
  headers: Headers;
  body: {
    model: string;
    temperature: number;
    messages: Array<{ role: string; content: string }>;
    response_format: {
      type: string;
      json_schema: { name: string; strict: boolean; schema: { properties: Record<string, unknown> } };
    };
  };
  /** Event ids sent in the user message. */
  eventIds: string[];
}

type Reply = (eventIds: string[], callIndex: number) => Response;

/** A chat-completions double: records each request and answers with `reply`. */
function fakeLlm(reply: Reply): { fetch: typeof fetch; calls: LlmCall[] } {
  const calls: LlmCall[] = [];
  const fn: typeof fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const body = JSON.parse(String(init?.body)) as LlmCall["body"];
    const user = JSON.parse(body.messages[1]?.content ?? "{}") as { events: Array<{ eventId: string }> };
    const eventIds = user.events.map((e) => e.eventId);
    calls.push({ url, method: init?.method ?? "GET", headers: new Headers(init?.headers), body, eventIds });
    return reply(eventIds, calls.length - 1);
  };
  return { fetch: fn, calls };
}

/** A chat-completions response whose message content is `content` (a string, as the API sends it). */
function chat(content: string, status = 200): Response {
  return new Response(
    JSON.stringify({ id: "x", choices: [{ index: 0, message: { role: "assistant", content } }] }),
    {
      status,
      headers: { "content-type": "application/json" },
    },
  );
}

/** A forecast per event: buy yes on "Yes" at 0.7, confidence 80. */
function forecastsFor(ids: string[], overrides: Partial<RawForecast> = {}): string {
  const forecasts = ids.map((eventId) => ({
    eventId,
    probabilities: [{ outcome: "Yes", probability: 0.7 }],
    callOutcome: "Yes",
    callSide: "buy_yes",
    confidence: 80,
    reasoning: `Momentum favours ${eventId}.`,
    ...overrides,
  }));
  return JSON.stringify({ forecasts });
}

const okReply: Reply = (ids) => chat(forecastsFor(ids));

const CONTEXT: ForecastContext = { today: "2026-11-22", mentions: new Map([["a", 1234]]) };

function llmOptions(fetchFn: typeof fetch, overrides: Partial<LlmOptions> = {}): LlmOptions {
  return {
    baseUrl: "https://llm.test/v1/",
    apiKey: "llm-key",
    model: MODEL,
    fetch: fetchFn,
    timeoutMs: 500,
    batchSize: 10,
    ...overrides,
  };
}

function analysisDeps(fetchFn: typeof fetch, { apiKey }: { apiKey?: string } = { apiKey: "llm-key" }) {
  const llm = createLlm(
    {
      llmApiKey: apiKey,
      llmApiUrl: "https://llm.test/v1",
      llmModel: MODEL,
      llmTimeoutMs: 500,
      llmBatchSize: 2,
    },
    fetchFn,
  );
  return { llm, at: "2026-11-22T12:00:00.000Z", mentions: new Map<string, number>() };
}

const seeds = Array.from({ length: 1000 }, (_, i) => `market-${i}`);

describe("confidenceMultiplier", () => {
  it("uses 1.2 above 70, 1 above 50, else 0.8", () => {
    expect(confidenceMultiplier(100)).toBe(1.2);
    expect(confidenceMultiplier(70.5)).toBe(1.2);
    expect(confidenceMultiplier(70)).toBe(1);
    expect(confidenceMultiplier(51)).toBe(1);
    expect(confidenceMultiplier(50)).toBe(0.8);
    expect(confidenceMultiplier(0)).toBe(0.8);
  });
});

describe("scoreFor", () => {
  it("keeps bullish scores in 35..60 × multiplier and bearish scores mirrored", () => {
    for (const confidence of [0, 30, 50, 51, 65, 70, 71, 90, 100]) {
      const m = confidenceMultiplier(confidence);
      for (const seed of seeds.slice(0, 200)) {
        const bull = scoreFor("bullish", confidence, seed);
        const bear = scoreFor("bearish", confidence, seed);
        expect(Number.isInteger(bull)).toBe(true);
        expect(bull).toBeGreaterThanOrEqual(Math.round(35 * m));
        expect(bull).toBeLessThanOrEqual(Math.round(60 * m));
        expect(bear).toBe(-bull);
      }
    }
  });

  it("scores a surer call further from zero on average", () => {
    const mean = (c: number) => seeds.reduce((sum, s) => sum + scoreFor("bullish", c, s), 0) / seeds.length;
    expect(mean(90)).toBeGreaterThan(mean(60));
    expect(mean(60)).toBeGreaterThan(mean(30));
  });

  it("gives neutral 0 for about 60% of seeds and otherwise −5..5", () => {
    const scores = seeds.map((s) => scoreFor("neutral", 65, s));
    for (const s of scores) {
      expect(Number.isInteger(s)).toBe(true);
      expect(Math.abs(s)).toBeLessThanOrEqual(5);
    }
    const zeros = scores.filter((s) => s === 0).length / scores.length;
    expect(zeros).toBeGreaterThan(0.55);
    expect(zeros).toBeLessThan(0.7);
    expect(scores.some((s) => s < 0)).toBe(true);
    expect(scores.some((s) => s > 0)).toBe(true);
  });

  it("is deterministic", () => {
    for (const seed of seeds.slice(0, 100)) {
      expect(scoreFor("bullish", 72, seed)).toBe(scoreFor("bullish", 72, seed));
      expect(scoreFor("neutral", 40, seed)).toBe(scoreFor("neutral", 40, seed));
    }
  });
});

describe("estimateAnalysis", () => {
  it("calls the one-market event's 24h move and says it is an estimate", () => {
    const up = estimateAnalysis(single("a", 58, { firstPriceChange24h: 0.032 }));
    expect(up).toEqual({
      eventId: "a",
      confidence: 68,
      source: "estimated",
      probabilities: null,
      call: { marketId: "m-a", side: "buy_yes" },
      analysedPrices: { "m-a:0": 0.58, "m-a:1": 1 - 0.58 },
      reasoning: "Estimate from price movement: Yes up 3.2 pts in 24h at 58¢. No AI analysis available.",
    });

    const down = estimateAnalysis(
      single("b", 12.5, { firstPriceChange24h: -0.02, yesLabel: "Up", noLabel: "Down" }),
    );
    expect(down).toMatchObject({ call: { marketId: "m-b", side: "buy_no" }, confidence: 65 });
    expect(down.reasoning).toBe(
      "Estimate from price movement: Up down 2 pts in 24h at 12.5¢. No AI analysis available.",
    );

    const flat = estimateAnalysis(single("c", 50));
    expect(flat).toMatchObject({ call: null, confidence: 65 });
    expect(flat.reasoning).toContain("Yes unchanged in 24h at 50¢");

    expect(estimateAnalysis(single("d", 40, { firstPriceChange24h: -0.019 }))).toMatchObject({
      call: null,
      confidence: 56,
    });
  });

  it("calls the outcome with the biggest 24h move of a multi-outcome event", () => {
    const moved = estimateAnalysis(election("e", [50, 30, 20], [0.01, -0.045, 0.03]));
    expect(moved.call).toEqual({ marketId: "e-bob", side: "buy_no" });
    expect(moved.confidence).toBe(71);
    expect(moved.reasoning).toBe(
      "Estimate from price movement: Bob down 4.5 pts in 24h at 30¢. No AI analysis available.",
    );
    // Equal moves: the dearest outcome is called.
    expect(estimateAnalysis(election("t", [50, 30, 20], [0, 0.03, -0.03])).call).toEqual({
      marketId: "t-bob",
      side: "buy_yes",
    });
    expect(estimateAnalysis(election("q", [50, 30, 20], [0.01, -0.01, 0.019])).call).toBeNull();
  });

  it("stays within its ranges over many events and repeats exactly", () => {
    for (let i = 0; i < 500; i++) {
      const change = ((i % 61) - 30) / 2; // −15..15 points
      const event = single(`id-${i}`, (i * 7) % 101, { firstPriceChange24h: change / 100 });
      const a = estimateAnalysis(event);
      expect(estimateAnalysis(event)).toEqual(a);
      expect(a.confidence).toBeGreaterThanOrEqual(50);
      expect(a.confidence).toBeLessThanOrEqual(90);
      expect(a.source).toBe("estimated");
      if (change >= 2) expect(a.call?.side).toBe("buy_yes");
      else if (change <= -2) expect(a.call?.side).toBe("buy_no");
      else expect(a.call).toBeNull();
    }
  });

  it("treats a missing move as no move", () => {
    expect(estimateAnalysis(single("nan", 50, { firstPriceChange24h: Number.NaN })).call).toBeNull();
  });
});

describe("analyseBatch", () => {
  it("posts a structured-output chat request per event: rules capped, today, end date, X count, outcomes by price", async () => {
    const { fetch, calls } = fakeLlm(okReply);
    const long = `${"x".repeat(600)} tail`;
    await analyseBatch(
      [
        makeEvent(
          "a",
          [makeBucket("a1", "Low", 20, { firstPriceChange24h: 0.015 }), makeBucket("a2", "High", 70)],
          {
            title: "How high?",
            description: long,
            endDate: "2026-12-31T00:00:00.000Z",
          },
        ),
      ],
      CONTEXT,
      llmOptions(fetch),
    );
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call?.url).toBe("https://llm.test/v1/chat/completions");
    expect(call?.method).toBe("POST");
    expect(call?.headers.get("authorization")).toBe("Bearer llm-key");
    expect(call?.headers.get("content-type")).toBe("application/json");
    expect(call?.body.model).toBe(MODEL);
    expect(call?.body.temperature).toBe(0.2);
    expect(call?.body.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(call?.body.response_format.type).toBe("json_schema");
    expect(call?.body.response_format.json_schema.name).toBe("event_forecasts");
    expect(call?.body.response_format.json_schema.strict).toBe(true);
    expect(Object.keys(call?.body.response_format.json_schema.schema.properties ?? {})).toEqual([
      "forecasts",
    ]);
    const user = JSON.parse(call?.body.messages[1]?.content ?? "{}") as {
      today: string;
      events: Array<Record<string, unknown>>;
    };
    expect(user.today).toBe("2026-11-22");
    const sent = user.events[0];
    expect(sent).toMatchObject({
      eventId: "a",
      title: "How high?",
      endDate: "2026-12-31T00:00:00.000Z",
      xMentions: 1234,
      outcomes: [
        { outcome: "High", priceCents: 70, priceChange24hPoints: 0 },
        { outcome: "Low", priceCents: 20, priceChange24hPoints: 1.5 },
      ],
    });
    expect(Array.from(String(sent?.rules)).length).toBe(500);
    expect(String(sent?.rules).endsWith("…")).toBe(true);
  });

  it("normalises a multi-outcome forecast, names the call's market and side, keeps one-market p(first)", async () => {
    const { fetch } = fakeLlm(() =>
      chat(
        JSON.stringify({
          forecasts: [
            {
              eventId: "e1",
              // Sums to 1.25; "Dave" is no outcome of the event; Carol left out.
              probabilities: [
                { outcome: "alice ", probability: 0.75 },
                { outcome: "Bob", probability: 0.5 },
                { outcome: "Dave", probability: 0.9 },
              ],
              callOutcome: "BOB",
              callSide: "buy_no",
              confidence: 80,
              reasoning: "Bob is overpriced.",
            },
            {
              eventId: "s",
              probabilities: [{ outcome: "No", probability: 0.8 }],
              // buy yes on the second side is buy no on the market.
              callOutcome: "No",
              callSide: "buy_yes",
              confidence: 55,
              reasoning: "No.",
            },
          ],
        }),
      ),
    );
    const result = await analyseBatch([election(), single("s", 35)], CONTEXT, llmOptions(fetch));
    expect(result).toHaveLength(2);
    expect(result[0]).toMatchObject({
      eventId: "e1",
      source: MODEL,
      confidence: 80,
      call: { marketId: "e1-bob", side: "buy_no" },
      analysedPrices: { "e1-alice": 0.5, "e1-bob": 0.3, "e1-carol": 0.2 },
    });
    expect(result[0]?.probabilities?.["e1-alice"]).toBeCloseTo(0.6, 10);
    expect(result[0]?.probabilities?.["e1-bob"]).toBeCloseTo(0.4, 10);
    expect(result[0]?.probabilities?.["e1-carol"]).toBe(0);
    expect(result[1]).toMatchObject({ eventId: "s", call: { marketId: "m-s", side: "buy_no" } });
    expect(result[1]?.probabilities?.["m-s:0"]).toBeCloseTo(0.2, 10);
    expect(result[1]?.probabilities?.["m-s:1"]).toBeCloseTo(0.8, 10);
  });

  it("keeps each market's probability of an event whose markets are not exclusive", async () => {
    const { fetch } = fakeLlm(() =>
      chat(
        forecastsFor(["e1"], {
          probabilities: [
            { outcome: "Alice", probability: 0.9 },
            { outcome: "Bob", probability: 0.8 },
          ],
          callOutcome: null,
          callSide: "none",
        }),
      ),
    );
    const [analysis] = await analyseBatch([{ ...election(), negRisk: false }], CONTEXT, llmOptions(fetch));
    expect(analysis?.probabilities).toEqual({ "e1-alice": 0.9, "e1-bob": 0.8 });
    expect(analysis?.call).toBeNull();
  });

  it("drops unknown, duplicate and malformed items and calls on unknown outcomes, clamps confidence and caps reasoning", async () => {
    const { fetch } = fakeLlm(() =>
      chat(
        JSON.stringify({
          forecasts: [
            {
              eventId: "zzz",
              probabilities: [],
              callOutcome: null,
              callSide: "none",
              confidence: 90,
              reasoning: "?",
            },
            {
              eventId: "a",
              probabilities: [],
              callOutcome: null,
              callSide: "none",
              confidence: "high",
              reasoning: "?",
            },
            {
              eventId: "a",
              probabilities: [{ outcome: "Yes", probability: 1.5 }, "junk"],
              callOutcome: "Maybe",
              callSide: "buy_yes",
              confidence: 150,
              reasoning: "ok\u0000\nline\ttwo",
            },
            {
              eventId: "a",
              probabilities: [],
              callOutcome: null,
              callSide: "none",
              confidence: 10,
              reasoning: "dup",
            },
            {
              eventId: "b",
              probabilities: [{ outcome: "Yes", probability: 0.2 }],
              callOutcome: "Yes",
              callSide: "sell",
              confidence: -3.4,
              reasoning: "y".repeat(1000),
            },
          ],
        }),
      ),
    );
    const result = await analyseBatch([single("a", 40), single("b", 40)], CONTEXT, llmOptions(fetch));
    expect(result.map((r) => r.eventId)).toEqual(["a", "b"]);
    expect(result[0]).toMatchObject({
      confidence: 100,
      reasoning: "ok line two",
      call: null,
      probabilities: null,
    });
    // An unknown side reads as no call.
    expect(result[1]).toMatchObject({ confidence: 0, call: null });
    expect(Array.from(result[1]?.reasoning ?? "").length).toBe(280);
  });

  it("rejects content that is not JSON or has the wrong shape", async () => {
    for (const content of [
      "Sure! Here are the forecasts:",
      JSON.stringify({ analyses: [] }),
      JSON.stringify([1]),
    ]) {
      const { fetch } = fakeLlm(() => chat(content));
      await expect(analyseBatch([single("a", 40)], CONTEXT, llmOptions(fetch))).rejects.toBeInstanceOf(
        UpstreamError,
      );
    }
    const noChoices = fakeLlm(
      () =>
        new Response(JSON.stringify({ choices: [] }), { headers: { "content-type": "application/json" } }),
    );
    await expect(analyseBatch([single("a", 40)], CONTEXT, llmOptions(noChoices.fetch))).rejects.toMatchObject(
      {
        kind: "shape",
      },
    );
  });

  it("maps a non-ok status to the SPEC message without retrying", async () => {
    const { fetch, calls } = fakeLlm(() => chat("{}", 503));
    await expect(analyseBatch([single("a", 40)], CONTEXT, llmOptions(fetch))).rejects.toThrow(
      "Sentiment API error: 503",
    );
    expect(calls).toHaveLength(1);
  });
});

describe("analyseEvents", () => {
  it("sends batches in parallel and counts failed ones", async () => {
    const { fetch, calls } = fakeLlm((ids, i) => (i === 1 ? chat("not json") : chat(forecastsFor(ids))));
    const events = ["a", "b", "c", "d", "e"].map((id) => single(id, 40));
    const result = await analyseEvents(events, CONTEXT, llmOptions(fetch, { batchSize: 2 }));
    expect(calls.map((c) => c.eventIds)).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(result.failures).toBe(1);
    expect(result.analyses.map((a) => a.eventId)).toEqual(["a", "b", "e"]);
  });
});

describe("getAnalyses", () => {
  const events = [single("a", 30), single("b", 50, { firstPriceChange24h: 0.04 }), single("c", 40)];

  it("uses estimates and makes no call without a key", async () => {
    const { fetch, calls } = fakeLlm(okReply);
    const result = await getAnalyses(events, {}, analysisDeps(fetch, {}));
    expect(calls).toHaveLength(0);
    expect(result.provenance).toEqual({ kind: "estimated", method: "24h price moves" });
    expect(result.analyses).toEqual(events.map(estimateAnalysis));
  });

  it("returns model analyses aligned with the events", async () => {
    const { fetch, calls } = fakeLlm(okReply);
    const result = await getAnalyses(events, {}, analysisDeps(fetch));
    expect(calls).toHaveLength(2);
    expect(result.provenance).toMatchObject({ kind: "live", by: MODEL });
    expect(result.analyses.map((a) => [a.eventId, a.source, a.analysedPrices])).toEqual([
      ["a", MODEL, { "m-a:1": 0.7, "m-a:0": 0.3 }],
      ["b", MODEL, { "m-b:0": 0.5, "m-b:1": 0.5 }],
      ["c", MODEL, { "m-c:1": 0.6, "m-c:0": 0.4 }],
    ]);
  });

  it("estimates events of a failed batch or missing from the output and reports partial", async () => {
    const { fetch } = fakeLlm((ids) =>
      ids.includes("c") ? chat("{}", 500) : chat(forecastsFor(ids.filter((id) => id !== "b"))),
    );
    const result = await getAnalyses(events, {}, analysisDeps(fetch));
    expect(result.provenance).toMatchObject({ kind: "partial", by: MODEL });
    expect(result.analyses[0]?.source).toBe(MODEL);
    expect(result.analyses[1]).toEqual(estimateAnalysis(events[1] as MarketEvent));
    expect(result.analyses[2]).toEqual(estimateAnalysis(events[2] as MarketEvent));
  });

  it("reports estimated when every batch fails", async () => {
    const { fetch } = fakeLlm(() => chat("garbage"));
    const result = await getAnalyses(events, {}, analysisDeps(fetch));
    expect(result.provenance).toEqual({ kind: "estimated", method: "24h price moves" });
    expect(result.analyses).toEqual(events.map(estimateAnalysis));
  });

  it("reuses a previous model forecast while the leading prices moved less than a point", async () => {
    const first = fakeLlm(okReply);
    const initial = await getAnalyses(events, {}, analysisDeps(first.fetch));
    const previous = Object.fromEntries(initial.analyses.map((a) => [a.eventId, a]));
    const nudged = [single("a", 30.9), single("b", 50.9, { firstPriceChange24h: 0.04 }), single("c", 39.1)];
    const second = fakeLlm(okReply);
    const result = await getAnalyses(nudged, previous, analysisDeps(second.fetch));
    expect(second.calls).toHaveLength(0);
    expect(result.analyses).toEqual(initial.analyses);
    expect(result.provenance).toMatchObject({ kind: "live", by: MODEL });
  });

  it("re-forecasts events whose leading price moved a point or more, and previous estimates", async () => {
    const previous: Record<string, EventAnalysis> = {
      a: { ...estimateAnalysis(single("a", 30)), source: MODEL, reasoning: "old a" },
      b: { ...estimateAnalysis(single("b", 49)), source: MODEL, reasoning: "old b" },
      c: estimateAnalysis(single("c", 40)),
    };
    const { fetch, calls } = fakeLlm(okReply);
    const result = await getAnalyses(events, previous, analysisDeps(fetch));
    expect(calls.flatMap((c) => c.eventIds)).toEqual(["b", "c"]);
    expect(result.analyses.map((a) => a.reasoning)).toEqual([
      "old a",
      "Momentum favours b.",
      "Momentum favours c.",
    ]);
    expect(result.provenance).toMatchObject({ kind: "live", by: MODEL });
  });

  it("re-forecasts a multi-outcome event when a new outcome leads", async () => {
    const before = election("e", [50, 30, 20]);
    const { fetch } = fakeLlm(okReply);
    const initial = await getAnalyses([before], {}, analysisDeps(fetch));
    const previous = { e: initial.analyses[0] as EventAnalysis };
    const withNewcomer = makeEvent("e", [...before.markets, makeBucket("e-dave", "Dave", 25)]);
    const again = fakeLlm(okReply);
    await getAnalyses([withNewcomer], previous, analysisDeps(again.fetch));
    expect(again.calls.flatMap((c) => c.eventIds)).toEqual(["e"]);
  });

  it("does not throw when fetch itself throws", async () => {
    const fetch: typeof globalThis.fetch = async () => {
      throw new TypeError("network down");
    };
    const result = await getAnalyses(events, {}, analysisDeps(fetch));
    expect(result.provenance).toEqual({ kind: "estimated", method: "24h price moves" });
  });
});
