import { describe, expect, it } from "vitest";
import { UpstreamError } from "~/.server/http";
import { estimateAnalysis } from "~/.server/sentiment/estimate";
import { getAnalyses } from "~/.server/sentiment/index";
import { analyseBatch, analyseMarkets, createLlm, type LlmOptions } from "~/.server/sentiment/llm-client";
import { confidenceMultiplier, scoreFor, toRecommendation } from "~/.server/sentiment/score";
import type { Market, MarketAnalysis } from "~/lib/types";
import { makeMarket } from "../support/markets";

const MODEL = "grok-4-fast-non-reasoning";

const market = (id: string, overrides: Partial<Market> = {}): Market => makeMarket({ id, ...overrides });

interface RawAnalysis {
  marketId: unknown;
  sentiment: unknown;
  confidence: unknown;
  recommendation: unknown;
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
  /** Market ids sent in the user message. */
  marketIds: string[];
}

type Reply = (marketIds: string[], callIndex: number) => Response;

/** A chat-completions double: records each request and answers with `reply`. */
function fakeLlm(reply: Reply): { fetch: typeof fetch; calls: LlmCall[] } {
  const calls: LlmCall[] = [];
  const fn: typeof fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const body = JSON.parse(String(init?.body)) as LlmCall["body"];
    const user = JSON.parse(body.messages[1]?.content ?? "{}") as { markets: Array<{ marketId: string }> };
    const marketIds = user.markets.map((m) => m.marketId);
    calls.push({ url, method: init?.method ?? "GET", headers: new Headers(init?.headers), body, marketIds });
    return reply(marketIds, calls.length - 1);
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

function analysesFor(ids: string[], overrides: Partial<RawAnalysis> = {}): string {
  const analyses = ids.map((marketId) => ({
    marketId,
    sentiment: "bullish",
    confidence: 80,
    recommendation: "buy_yes",
    reasoning: `Momentum favours ${marketId}.`,
    ...overrides,
  }));
  return JSON.stringify({ analyses });
}

const okReply: Reply = (ids) => chat(analysesFor(ids));

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
  return { llm, at: "2026-11-22T12:00:00.000Z" };
}

const seeds = Array.from({ length: 1000 }, (_, i) => `market-${i}`);

describe("toRecommendation", () => {
  it("maps buy_yes and buy_no and everything else to NEUTRAL", () => {
    expect(toRecommendation("buy_yes")).toBe("BUY_YES");
    expect(toRecommendation("buy_no")).toBe("BUY_NO");
    expect(toRecommendation(" BUY_YES ")).toBe("BUY_YES");
    for (const other of ["other", "hold", "", "buy", "yes"]) expect(toRecommendation(other)).toBe("NEUTRAL");
  });
});

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
  it("follows the 24h move and says it is an estimate", () => {
    const up = estimateAnalysis(market("m1", { yesPrice: 58, priceChange24h: 3.2 }));
    expect(up).toMatchObject({
      marketId: "m1",
      sentiment: "bullish",
      recommendation: "BUY_YES",
      confidence: 68,
      source: "estimated",
      analysedPrice: 58,
      reasoning: "Estimate from price movement: Yes up 3.2 pts in 24h at 58¢. No AI analysis available.",
    });
    expect(up.score).toBe(scoreFor("bullish", 68, "m1"));

    const down = estimateAnalysis(market("m2", { yesPrice: 12.5, priceChange24h: -2, yesLabel: "Up" }));
    expect(down).toMatchObject({ sentiment: "bearish", recommendation: "BUY_NO", confidence: 65 });
    expect(down.score).toBeLessThan(0);
    expect(down.reasoning).toBe(
      "Estimate from price movement: Up down 2 pts in 24h at 12.5¢. No AI analysis available.",
    );

    const flat = estimateAnalysis(market("m3", { yesPrice: 50, priceChange24h: 0 }));
    expect(flat).toMatchObject({ sentiment: "neutral", recommendation: "NEUTRAL", confidence: 65 });
    expect(flat.reasoning).toContain("Yes unchanged in 24h at 50¢");

    const drift = estimateAnalysis(market("m4", { priceChange24h: -1.9 }));
    expect(drift).toMatchObject({ sentiment: "neutral", recommendation: "NEUTRAL", confidence: 56 });
  });

  it("stays within its ranges over many markets and repeats exactly", () => {
    for (let i = 0; i < 500; i++) {
      const change = ((i % 61) - 30) / 2; // −15..15 points
      const m = market(`id-${i}`, { yesPrice: (i * 7) % 101, priceChange24h: change });
      const a = estimateAnalysis(m);
      expect(estimateAnalysis(m)).toEqual(a);
      expect(a.confidence).toBeGreaterThanOrEqual(50);
      expect(a.confidence).toBeLessThanOrEqual(90);
      expect(a.source).toBe("estimated");
      if (change >= 2) expect(a.recommendation).toBe("BUY_YES");
      else if (change <= -2) expect(a.recommendation).toBe("BUY_NO");
      else {
        expect(a.recommendation).toBe("NEUTRAL");
        expect(Math.abs(a.score)).toBeLessThanOrEqual(5);
      }
      if (a.sentiment === "bullish") expect(a.score).toBeGreaterThanOrEqual(28);
      if (a.sentiment === "bearish") expect(a.score).toBeLessThanOrEqual(-28);
    }
  });

  it("treats a missing move as no move", () => {
    expect(estimateAnalysis(market("nan", { priceChange24h: Number.NaN })).sentiment).toBe("neutral");
  });
});

describe("analyseBatch", () => {
  it("posts a structured-output chat request with the bearer key", async () => {
    const { fetch, calls } = fakeLlm(okReply);
    const long = `${"x".repeat(600)} tail`;
    await analyseBatch(
      [market("a", { description: long, priceChange24h: 1.5, yesPrice: 33 })],
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
    expect(call?.body.response_format.json_schema.name).toBe("market_analyses");
    expect(call?.body.response_format.json_schema.strict).toBe(true);
    expect(Object.keys(call?.body.response_format.json_schema.schema.properties ?? {})).toEqual(["analyses"]);
    const user = JSON.parse(call?.body.messages[1]?.content ?? "{}") as {
      markets: Array<Record<string, unknown>>;
    };
    const sent = user.markets[0];
    expect(sent).toMatchObject({
      marketId: "a",
      question: "Will market a resolve Yes?",
      yesPriceCents: 33,
      priceChange24hPoints: 1.5,
    });
    expect(Array.from(String(sent?.description)).length).toBe(500);
    expect(String(sent?.description).endsWith("…")).toBe(true);
  });

  it("maps valid output to analyses from the model", async () => {
    const { fetch } = fakeLlm(() =>
      chat(
        JSON.stringify({
          analyses: [
            {
              marketId: "a",
              sentiment: "bullish",
              confidence: 80,
              recommendation: "buy_yes",
              probability: 0.3,
              reasoning: "Up.",
            },
            {
              marketId: "b",
              sentiment: "bearish",
              confidence: 55,
              recommendation: "buy_no",
              // Outside 0..1: no probability, the analysis itself still counts.
              probability: 1.5,
              reasoning: "Down.",
            },
            {
              marketId: "c",
              sentiment: "neutral",
              confidence: 40,
              recommendation: "other",
              reasoning: "Flat.",
            },
          ],
        }),
      ),
    );
    const markets = [market("a", { yesPrice: 20 }), market("b", { yesPrice: 70 }), market("c")];
    const result = await analyseBatch(markets, llmOptions(fetch));
    expect(result).toEqual([
      {
        marketId: "a",
        sentiment: "bullish",
        confidence: 80,
        recommendation: "BUY_YES",
        score: scoreFor("bullish", 80, "a"),
        reasoning: "Up.",
        source: MODEL,
        analysedPrice: 20,
        probability: 0.3,
      },
      {
        marketId: "b",
        sentiment: "bearish",
        confidence: 55,
        recommendation: "BUY_NO",
        score: scoreFor("bearish", 55, "b"),
        reasoning: "Down.",
        source: MODEL,
        analysedPrice: 70,
        probability: null,
      },
      {
        marketId: "c",
        sentiment: "neutral",
        confidence: 40,
        recommendation: "NEUTRAL",
        score: scoreFor("neutral", 40, "c"),
        reasoning: "Flat.",
        source: MODEL,
        analysedPrice: 40,
        probability: null,
      },
    ]);
    expect(result[0]?.score).toBeGreaterThan(0);
    expect(result[1]?.score).toBeLessThan(0);
  });

  it("drops unknown, duplicate and malformed items, clamps confidence and caps reasoning", async () => {
    const { fetch } = fakeLlm(() =>
      chat(
        JSON.stringify({
          analyses: [
            {
              marketId: "zzz",
              sentiment: "bullish",
              confidence: 90,
              recommendation: "buy_yes",
              reasoning: "?",
            },
            {
              marketId: "a",
              sentiment: "euphoric",
              confidence: 90,
              recommendation: "buy_yes",
              reasoning: "?",
            },
            {
              marketId: "a",
              sentiment: "bullish",
              confidence: 150,
              recommendation: "buy_yes",
              reasoning: "ok\u0000\nline\ttwo",
            },
            {
              marketId: "a",
              sentiment: "bearish",
              confidence: 10,
              recommendation: "buy_no",
              reasoning: "dup",
            },
            {
              marketId: "b",
              sentiment: "bearish",
              confidence: -3.4,
              recommendation: "BUY_NO",
              reasoning: "y".repeat(1000),
            },
            {
              marketId: "c",
              sentiment: "neutral",
              confidence: "high",
              recommendation: "other",
              reasoning: "?",
            },
          ],
        }),
      ),
    );
    const result = await analyseBatch([market("a"), market("b"), market("c")], llmOptions(fetch));
    expect(result.map((r) => r.marketId)).toEqual(["a", "b"]);
    expect(result[0]).toMatchObject({ confidence: 100, sentiment: "bullish", reasoning: "ok line two" });
    expect(result[1]).toMatchObject({ confidence: 0, recommendation: "BUY_NO" });
    expect(Array.from(result[1]?.reasoning ?? "").length).toBe(280);
  });

  it("rejects content that is not JSON or has the wrong shape", async () => {
    for (const content of [
      "Sure! Here are the analyses:",
      JSON.stringify({ results: [] }),
      JSON.stringify([1]),
    ]) {
      const { fetch } = fakeLlm(() => chat(content));
      await expect(analyseBatch([market("a")], llmOptions(fetch))).rejects.toBeInstanceOf(UpstreamError);
    }
    const noChoices = fakeLlm(
      () =>
        new Response(JSON.stringify({ choices: [] }), { headers: { "content-type": "application/json" } }),
    );
    await expect(analyseBatch([market("a")], llmOptions(noChoices.fetch))).rejects.toMatchObject({
      kind: "shape",
    });
  });

  it("maps a non-ok status to the SPEC message without retrying", async () => {
    const { fetch, calls } = fakeLlm(() => chat("{}", 503));
    await expect(analyseBatch([market("a")], llmOptions(fetch))).rejects.toThrow("Sentiment API error: 503");
    expect(calls).toHaveLength(1);
  });
});

describe("analyseMarkets", () => {
  it("sends batches in parallel and counts failed ones", async () => {
    const { fetch, calls } = fakeLlm((ids, i) => (i === 1 ? chat("not json") : chat(analysesFor(ids))));
    const markets = ["a", "b", "c", "d", "e"].map((id) => market(id));
    const result = await analyseMarkets(markets, llmOptions(fetch, { batchSize: 2 }));
    expect(calls.map((c) => c.marketIds)).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(result.failures).toBe(1);
    expect(result.analyses.map((a) => a.marketId)).toEqual(["a", "b", "e"]);
  });
});

describe("getAnalyses", () => {
  const markets = [
    market("a", { yesPrice: 30 }),
    market("b", { yesPrice: 50, priceChange24h: 4 }),
    market("c"),
  ];

  it("uses estimates and makes no call without a key", async () => {
    const { fetch, calls } = fakeLlm(okReply);
    const result = await getAnalyses(markets, {}, analysisDeps(fetch, {}));
    expect(calls).toHaveLength(0);
    expect(result.provenance).toEqual({ kind: "estimated", method: "24h price moves" });
    expect(result.analyses).toEqual(markets.map(estimateAnalysis));
  });

  it("returns model analyses aligned with the markets", async () => {
    const { fetch, calls } = fakeLlm(okReply);
    const result = await getAnalyses(markets, {}, analysisDeps(fetch));
    expect(calls).toHaveLength(2);
    expect(result.provenance).toMatchObject({ kind: "live", by: MODEL });
    expect(result.analyses.map((a) => [a.marketId, a.source, a.analysedPrice])).toEqual([
      ["a", MODEL, 30],
      ["b", MODEL, 50],
      ["c", MODEL, 40],
    ]);
  });

  it("estimates markets of a failed batch or missing from the output and reports partial", async () => {
    const { fetch } = fakeLlm((ids) =>
      ids.includes("c") ? chat("{}", 500) : chat(analysesFor(ids.filter((id) => id !== "b"))),
    );
    const result = await getAnalyses(markets, {}, analysisDeps(fetch));
    expect(result.provenance).toMatchObject({ kind: "partial", by: MODEL });
    expect(result.analyses[0]?.source).toBe(MODEL);
    expect(result.analyses[1]).toEqual(estimateAnalysis(markets[1] ?? market("b")));
    expect(result.analyses[2]).toEqual(estimateAnalysis(markets[2] ?? market("c")));
  });

  it("reports estimated when every batch fails", async () => {
    const { fetch } = fakeLlm(() => chat("garbage"));
    const result = await getAnalyses(markets, {}, analysisDeps(fetch));
    expect(result.provenance).toEqual({ kind: "estimated", method: "24h price moves" });
    expect(result.analyses).toEqual(markets.map(estimateAnalysis));
  });

  it("reuses a previous model analysis while the price has moved less than a point", async () => {
    const first = fakeLlm(okReply);
    const initial = await getAnalyses(markets, {}, analysisDeps(first.fetch));
    const previous = Object.fromEntries(initial.analyses.map((a) => [a.marketId, a]));
    const nudged = markets.map((m) => ({ ...m, yesPrice: m.yesPrice + 0.9 }));
    const second = fakeLlm(okReply);
    const result = await getAnalyses(nudged, previous, analysisDeps(second.fetch));
    expect(second.calls).toHaveLength(0);
    expect(result.analyses).toEqual(initial.analyses);
    expect(result.provenance).toMatchObject({ kind: "live", by: MODEL });
  });

  it("re-analyses markets whose price moved a point or more, and previous estimates", async () => {
    const previous: Record<string, MarketAnalysis> = {
      a: { ...estimateAnalysis(market("a", { yesPrice: 30 })), source: MODEL, reasoning: "old a" },
      b: { ...estimateAnalysis(market("b", { yesPrice: 49 })), source: MODEL, reasoning: "old b" },
      c: estimateAnalysis(market("c")),
    };
    const { fetch, calls } = fakeLlm(okReply);
    const result = await getAnalyses(markets, previous, analysisDeps(fetch));
    expect(calls.flatMap((c) => c.marketIds)).toEqual(["b", "c"]);
    expect(result.analyses.map((a) => a.reasoning)).toEqual([
      "old a",
      "Momentum favours b.",
      "Momentum favours c.",
    ]);
    expect(result.analyses[1]?.analysedPrice).toBe(50);
    expect(result.provenance).toMatchObject({ kind: "live", by: MODEL });
  });

  it("does not throw when fetch itself throws", async () => {
    const fetch: typeof globalThis.fetch = async () => {
      throw new TypeError("network down");
    };
    const result = await getAnalyses(markets, {}, analysisDeps(fetch));
    expect(result.provenance).toEqual({ kind: "estimated", method: "24h price moves" });
  });
});
