/**
 * Gamma's closed markets for the track record's settlement (`fetchClosedMarkets`): the requests it
 * sends, and the resolution fields it reads from the recorded closed markets and the shared upstreams.
 */
import { describe, expect, it } from "vitest";
import { fetchClosedMarkets, parseMarketResolution } from "~/.server/polymarket/gamma";
import { upstreamFailure } from "../support/errors";
import { readFixture } from "../support/fixtures";
import { createUpstreams, fetchThrough } from "../support/upstreams";

type Raw = Record<string, unknown>;
const resolvedKeyset = readFixture<{ markets: Raw[] }>("polymarket/gamma-markets-keyset-resolved-1.json");
const resolved = resolvedKeyset.markets[0] as Raw;
const closedMarkets = readFixture<{ markets: Raw[] }[]>("polymarket/gamma-events-149.json").flatMap(
  (e) => e.markets,
);
const GAMMA = "https://gamma.unit";

/** Options whose fetch answers every request with `body` (and notes each URL asked). */
function answering(body: unknown, status = 200) {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return { urls, opts: { baseUrl: GAMMA, fetch, timeoutMs: 1000, retries: 0, retryBaseMs: 0 } };
}

describe("parseMarketResolution on recorded markets", () => {
  it("reads the resolved keyset record's fields, prices as numbers and Gamma's close time in ms", () => {
    expect(parseMarketResolution(resolved)).toEqual({
      closed: true,
      umaResolutionStatus: "resolved",
      outcomePrices: [0, 1],
      closedAt: Date.parse("2024-07-18T00:10:37.491Z"),
      endDate: "2024-09-10T00:00:00Z",
    });
  });

  it("reads every one of the 503 recorded closed markets", () => {
    const read = closedMarkets.map(parseMarketResolution);
    expect(read.every((r) => r?.closed === true && r.outcomePrices !== null)).toBe(true);
    expect(read.filter((r) => r?.umaResolutionStatus === "resolved")).toHaveLength(243);
  });

  it("accepts prices as a real array of numbers or strings", () => {
    expect(parseMarketResolution({ ...resolved, outcomePrices: [1, "0"] })?.outcomePrices).toEqual([1, 0]);
  });

  it("keeps prices that are not numbers as null, and a field of the wrong type makes it unreadable", () => {
    expect(parseMarketResolution({ ...resolved, outcomePrices: '["0.5", "n/a"]' })?.outcomePrices).toBeNull();
    expect(parseMarketResolution({ ...resolved, closed: "true" })).toBeNull();
    expect(parseMarketResolution({ ...resolved, outcomePrices: "not json" })).toBeNull();
    expect(parseMarketResolution(null)).toBeNull();
  });

  it("defaults what is missing: open, no status, no prices, no close time", () => {
    expect(parseMarketResolution({ id: "1" })).toEqual({
      closed: false,
      umaResolutionStatus: null,
      outcomePrices: [],
      closedAt: null,
      endDate: null,
    });
  });
});

describe("fetchClosedMarkets", () => {
  it("asks the keyset list for the closed markets by id, 50 ids a request, and never sends a bad id", async () => {
    const ids = Array.from({ length: 60 }, (_, i) => String(1000 + i));
    const { urls, opts } = answering({ markets: [] });
    expect(await fetchClosedMarkets([...ids, "../x", "12a"], opts)).toEqual([]);
    expect(urls).toEqual([
      `${GAMMA}/markets/keyset?closed=true&limit=50&${ids
        .slice(0, 50)
        .map((id) => `id=${id}`)
        .join("&")}`,
      `${GAMMA}/markets/keyset?closed=true&limit=50&${ids
        .slice(50)
        .map((id) => `id=${id}`)
        .join("&")}`,
    ]);
  });

  it("sends nothing for no ids", async () => {
    const { urls, opts } = answering({ markets: [] });
    expect(await fetchClosedMarkets([], opts)).toEqual([]);
    expect(urls).toEqual([]);
  });

  it("answers each listed market by its id (numbers stringified); one without an id is left out", async () => {
    const unreadable = { ...resolved, id: 7, umaResolutionStatus: 3 };
    const { opts } = answering({ markets: [resolved, unreadable, { question: "no id" }] });
    expect(await fetchClosedMarkets(["240379", "7"], opts)).toEqual([
      { id: "240379", resolution: parseMarketResolution(resolved) },
      { id: "7", resolution: null },
    ]);
  });

  it("reads a plain list too, and an answer of any other shape as no closed markets", async () => {
    expect(await fetchClosedMarkets(["240379"], answering([resolved]).opts)).toHaveLength(1);
    expect(await fetchClosedMarkets(["240379"], answering({ data: [resolved] }).opts)).toEqual([]);
  });

  it("fails with an UpstreamError on an error status", async () => {
    const error = await upstreamFailure(fetchClosedMarkets(["240379"], answering({}, 500).opts));
    expect(error).toMatchObject({ upstream: "gamma", message: "API error: 500" });
  });

  it("against the shared upstreams: the recorded closed markets asked for, an open one absent", async () => {
    const upstreams = createUpstreams({
      gamma: GAMMA,
      data: "https://data.unit",
      x: "https://x.unit",
      llm: "https://llm.unit/v1",
      clob: "https://clob.unit",
      kalshi: "https://kalshi.unit/trade-api/v2",
    });
    const fetch = fetchThrough(upstreams.handlers);
    // 253570 resolved Yes, 253573 resolved No, 253618 proposed (gamma-events-149.json); 517310 is open.
    const closed = await fetchClosedMarkets(["253570", "253573", "253618", "517310"], {
      baseUrl: GAMMA,
      fetch,
      timeoutMs: 1000,
      retries: 0,
      retryBaseMs: 0,
    });
    expect(
      closed.map((m) => [m.id, m.resolution?.umaResolutionStatus, m.resolution?.outcomePrices]).sort(),
    ).toEqual([
      ["253570", "resolved", [1, 0]],
      ["253573", "resolved", [0, 1]],
      ["253618", "proposed", expect.any(Array)],
    ]);
    expect(upstreams.calls.gamma).toBe(1);
  });
});
