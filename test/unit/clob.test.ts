import { describe, expect, it } from "vitest";
import { UpstreamError } from "~/.server/http";
import { fetchPriceHistory, parsePriceHistory } from "~/.server/polymarket/clob";
import { readFixture } from "../support/fixtures";

const fixture = (name: string): unknown => readFixture(`polymarket/${name}`);

const TOKEN = "111128191581505463501777127515891048866043219587946458022718459917040297287";

describe("parsePriceHistory on recorded payloads", () => {
  it.each([
    ["clob-prices-history-max.json", 4456],
    ["clob-prices-history-1w-f5.json", 2013],
    ["clob-prices-history-1d.json", 1439], // 1,440 rows, two of them in the same second
  ])("%s: every point, oldest first, prices 0..1", (name, count) => {
    const points = parsePriceHistory(fixture(name));
    expect(points).toHaveLength(count);
    for (let i = 1; i < points.length; i++) expect(points[i]?.t).toBeGreaterThan(points[i - 1]?.t ?? 0);
    expect(points.every((p) => p.p >= 0 && p.p <= 1)).toBe(true);
    expect(points.at(-1)).toEqual({ t: 1770480499, p: 0.225 });
  });

  it("drops absurd points, sorts and keeps one point per second", () => {
    const points = parsePriceHistory({
      history: [
        { t: 30, p: 0.5 },
        { t: 10, p: 0.2 },
        { t: 20, p: 1.5 },
        { t: 20, p: Number.NaN },
        { t: "x", p: 0.1 },
        { t: 10, p: 0.25 },
      ],
    });
    expect(points).toEqual([
      { t: 10, p: 0.25 },
      { t: 30, p: 0.5 },
    ]);
  });

  it("rejects a payload without a history array", () => {
    expect(() => parsePriceHistory({ error: "no" })).toThrow(UpstreamError);
  });
});

describe("fetchPriceHistory", () => {
  it("asks /prices-history for the token, interval and fidelity", async () => {
    const urls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response(JSON.stringify(fixture("clob-prices-history-1d.json")), {
        headers: { "content-type": "application/json" },
      });
    };
    const points = await fetchPriceHistory(TOKEN, "1w", 60, {
      baseUrl: "https://clob.test",
      fetch: fakeFetch,
      timeoutMs: 1000,
      retries: 0,
      retryBaseMs: 0,
    });
    expect(urls).toEqual([`https://clob.test/prices-history?market=${TOKEN}&interval=1w&fidelity=60`]);
    expect(points).toHaveLength(1439);
  });

  it("never sends a token id that is not a number", async () => {
    const urls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response("{}");
    };
    const opts = {
      baseUrl: "https://clob.test",
      fetch: fakeFetch,
      timeoutMs: 1000,
      retries: 0,
      retryBaseMs: 0,
    };
    await expect(fetchPriceHistory("1&interval=max", "1d", 5, opts)).rejects.toThrow("Invalid token id");
    expect(urls).toEqual([]);
  });
});
