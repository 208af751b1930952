import { describe, expect, it, vi } from "vitest";
import { UpstreamError } from "~/.server/http";
import { fetchActiveMarkets, isSlug } from "~/.server/polymarket/gamma";
import { normaliseGammaMarket, parseMarketsPayload } from "~/.server/polymarket/gamma-markets";
import { headlinePercent } from "~/lib/display-market";
import type { Market } from "~/lib/types";
import { upstreamFailure } from "../support/errors";
import { readFixture } from "../support/fixtures";
import { makeMarket } from "../support/markets";

type RawRecord = Record<string, unknown>;

const fixture = (name: string): unknown => readFixture(`polymarket/${name}`);

/** The market's headline pair as the legacy market body quotes it (percent) and its labels. */
const headline = (market: Market | null | undefined) =>
  market && { ...headlinePercent(market), yesLabel: market.yesLabel, noLabel: market.noLabel };

function records(value: unknown): RawRecord[] {
  if (!Array.isArray(value)) throw new Error("fixture is not an array");
  return value.filter((item): item is RawRecord => typeof item === "object" && item !== null);
}

/** A minimal market shaped like a real /markets item (strings where Gamma sends strings). */
function raw(overrides: RawRecord = {}): RawRecord {
  return {
    id: "1001",
    question: "Will it rain tomorrow?",
    description: "Resolves Yes if it rains.",
    slug: "will-it-rain-tomorrow",
    image: "https://example.com/rain.png",
    icon: "https://example.com/rain-icon.png",
    endDate: "2026-03-01T12:00:00Z",
    outcomes: '["Yes", "No"]',
    outcomePrices: '["0.25", "0.75"]',
    volume: "1000.5",
    volumeNum: 1000.5,
    volume24hr: 200,
    liquidity: "300",
    liquidityNum: 300,
    oneDayPriceChange: 0.01,
    events: [{ id: "9", slug: "rain-event", title: "Rain" }],
    ...overrides,
  };
}

function expectUpstreamError(fn: () => unknown, kind: string, message: string): void {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(UpstreamError);
  expect(caught).toMatchObject({ upstream: "gamma", kind, message });
}

describe("parseMarketsPayload on recorded payloads", () => {
  const active = records(fixture("gamma-markets-active-100.json"));

  it("parses all 100 active markets, in feed order", () => {
    const markets = parseMarketsPayload(active);
    expect(markets).toHaveLength(100);
    expect(markets.map((m) => m.id)).toEqual(active.map((r) => r.id));
    for (const market of markets) {
      expect(market.title).not.toBe("");
      const { yesPrice, noPrice } = headlinePercent(market);
      expect(yesPrice).toBeGreaterThanOrEqual(0);
      expect(yesPrice).toBeLessThanOrEqual(100);
      // Binary prices sum to 1 upstream; rounding each side to 0.1 may move the sum by 0.1 at most.
      expect(Math.abs(yesPrice + noPrice - 100)).toBeLessThanOrEqual(0.1 + 1e-9);
      expect(market.image?.startsWith("https://")).toBe(true);
      expect(market.event).not.toBeNull();
    }
  });

  it("normalises a concrete recorded market (id 517310) to the exact figures in the file", () => {
    const market = parseMarketsPayload(active).find((m) => m.id === "517310");
    expect(market).toMatchObject({
      id: "517310",
      title: "Will Trump deport less than 250,000?",
      image:
        "https://polymarket-upload.s3.us-east-2.amazonaws.com/how-many-people-will-trump-deport-in-2025-itZ0rMnIYuju.jpg",
      endDate: "2025-12-31T12:00:00.000Z",
      volume: 1100779.902896,
      volume24h: 13558.463149000005,
      liquidity: 11748.57248,
      yesLabel: "Yes",
      noLabel: "No",
      firstPriceChange24h: -0.005,
      tags: [],
      slug: "will-trump-deport-less-than-250000",
      event: { slug: "how-many-people-will-trump-deport-in-2025" },
    });
    expect(market && headlinePercent(market)).toEqual({ yesPrice: 5.8, noPrice: 94.2 });
    expect(market?.description.startsWith("During the 2024 FY ICE removed 271,484 non citizens")).toBe(true);
    // Every outcome, for the history: condition id, labels, exact prices and CLOB token ids.
    expect(market && { conditionId: market.conditionId, outcomes: market.outcomes }).toEqual({
      conditionId: "0xaf9d0e448129a9f657f851d49495ba4742055d80e0ef1166ba0ee81d4d594214",
      outcomes: [
        {
          label: "Yes",
          price: 0.058,
          tokenId: "101676997363687199724245607342877036148401850938023978421879460310389391082353",
        },
        {
          label: "No",
          price: 0.942,
          tokenId: "4153292802911610701832309484716814274802943278345248636922528170020319407796",
        },
      ],
    });
    expect(market).toMatchObject({ closed: false, resolution: null });
  });

  it("keeps a recorded market without endDate (id 546612) with endDate null", () => {
    const market = parseMarketsPayload(active).find((m) => m.id === "546612");
    expect(market).toMatchObject({
      endDate: null,
      firstPriceChange24h: -0.0145,
      volume: 63928.553412,
      volume24h: 1232.816915,
      liquidity: 5354.52502,
      slug: "will-openai-launch-a-new-consumer-hardware-product-by-march-31-2026",
      event: { slug: "will-openai-launch-a-consumer-hardware-product-by" },
    });
    expect(market && headlinePercent(market)).toEqual({ yesPrice: 5.4, noPrice: 94.6 });
  });

  it("reports 0 change for recorded markets without oneDayPriceChange", () => {
    const missing = active.filter((r) => !("oneDayPriceChange" in r)).map((r) => r.id);
    expect(missing.length).toBeGreaterThan(0);
    const markets = parseMarketsPayload(active);
    for (const id of missing) expect(markets.find((m) => m.id === id)?.firstPriceChange24h).toBe(0);
  });

  it("keeps Up/Down labels of the recorded Up/Down market", () => {
    const [market] = parseMarketsPayload(fixture("gamma-markets-updown-1.json"));
    expect(market).toMatchObject({
      id: "1669969",
      title: "Bitcoin Up or Down - March 22, 3:50AM-3:55AM ET",
      yesLabel: "Up",
      noLabel: "Down",
      volume: 61531.93476599994,
      volume24h: 70934.07902500001,
      liquidity: 19748.9135,
      endDate: "2026-03-22T07:55:00.000Z",
      event: { slug: "btc-updown-5m-1774165800" },
      firstPriceChange24h: 0,
    });
    expect(market && headlinePercent(market)).toEqual({ yesPrice: 0.5, noPrice: 99.5 });
  });

  it("parses every events[].markets[] item of the events payload through the same normaliser", () => {
    const events = records(fixture("gamma-events-149.json"));
    expect(events).toHaveLength(149);
    const items = events.flatMap((event) => records(event.markets));
    expect(items).toHaveLength(503);
    const markets = items.map((item) => normaliseGammaMarket(item));
    expect(markets.filter((m) => m === null)).toHaveLength(0);
    // Three recorded markets have empty image and icon strings.
    const withoutImage = markets.filter((m) => m?.image === null).map((m) => m?.id);
    expect(withoutImage.sort()).toEqual(["253589", "253614", "253674"]);

    const first = markets.find((m) => m?.id === "253570");
    expect(first).toMatchObject({
      title: "AI on Amazon speaker by June?",
      // volumeNum (3976.17) wins over the more precise volume string ("3976.173221"): SPEC order.
      volume: 3976.17,
      liquidity: 0,
      firstPriceChange24h: 0,
      endDate: "2024-06-30T00:00:00.000Z",
      // Nested items carry no events[], so no event slug or tags.
      event: null,
      tags: [],
    });
    expect(first && headlinePercent(first)).toEqual({ yesPrice: 100, noPrice: 0 });
  });
});

describe("normalisation rules", () => {
  it("reads numbers that arrive as strings", () => {
    const market = normaliseGammaMarket(
      raw({ volumeNum: "1234.5", volume24hr: "99.25", liquidityNum: " 42 ", oneDayPriceChange: "-0.02" }),
    );
    expect(market).toMatchObject({
      volume: 1234.5,
      volume24h: 99.25,
      liquidity: 42,
      firstPriceChange24h: -0.02,
    });
  });

  it("accepts outcomes and prices as real arrays as well as JSON-encoded strings", () => {
    const fromStrings = normaliseGammaMarket(raw());
    const fromArrays = normaliseGammaMarket(raw({ outcomes: ["Yes", "No"], outcomePrices: [0.25, "0.75"] }));
    expect(headline(fromStrings)).toEqual({ yesPrice: 25, noPrice: 75, yesLabel: "Yes", noLabel: "No" });
    expect(fromArrays).toEqual(fromStrings);
  });

  it("quotes percent prices to the hundredth: every Polymarket price exactly, no float noise", () => {
    expect(headline(normaliseGammaMarket(raw({ outcomePrices: '["0.0265", "0.9735"]' })))).toMatchObject({
      yesPrice: 2.65,
      noPrice: 97.35,
    });
    expect(headline(normaliseGammaMarket(raw({ outcomePrices: '["0.12345", "0.87655"]' })))).toMatchObject({
      yesPrice: 12.35,
      noPrice: 87.66,
    });
  });

  it("keeps the 24 h change 0..1 like the price, to the hundredth of a point", () => {
    expect(normaliseGammaMarket(raw({ oneDayPriceChange: 0.012345 }))?.firstPriceChange24h).toBe(0.0123);
    expect(normaliseGammaMarket(raw({ oneDayPriceChange: -0.0145 }))?.firstPriceChange24h).toBe(-0.0145);
  });

  it("defaults missing fields", () => {
    const market = normaliseGammaMarket({
      id: "7",
      question: "Bare market?",
      outcomePrices: '["0.4", "0.6"]',
    });
    // Everything the feed left out takes its default: no image, end date, volume, tags or slugs.
    expect(market).toEqual(
      makeMarket({
        id: "7",
        title: "Bare market?",
        description: "",
        volume: 0,
        volume24h: 0,
        liquidity: 0,
        endDate: null,
        outcomes: [
          { label: "Yes", price: 0.4, tokenId: null },
          { label: "No", price: 0.6, tokenId: null },
        ],
        conditionId: null,
        closed: false,
        resolution: null,
      }),
    );
  });

  it("falls back from volumeNum to volume and from liquidityNum to liquidity", () => {
    const market = normaliseGammaMarket(
      raw({ volumeNum: undefined, volume: "500.5", liquidityNum: null, liquidity: "12.5" }),
    );
    expect(market).toMatchObject({ volume: 500.5, liquidity: 12.5 });
  });

  it("accepts a numeric id and rejects empty ids and titles", () => {
    expect(normaliseGammaMarket(raw({ id: 42 }))?.id).toBe("42");
    expect(normaliseGammaMarket(raw({ id: "" }))).toBeNull();
    expect(normaliseGammaMarket(raw({ id: undefined }))).toBeNull();
    expect(normaliseGammaMarket(raw({ question: "   " }))).toBeNull();
    expect(normaliseGammaMarket(raw({ question: undefined }))).toBeNull();
    expect(normaliseGammaMarket("not a market")).toBeNull();
  });

  it("collects tags from event tags and category, without duplicates", () => {
    const market = normaliseGammaMarket(
      raw({
        category: "Politics",
        events: [
          { slug: "first", tags: [{ label: "Politics" }, { label: "Elections" }, { slug: "no-label" }] },
          { slug: "second", tags: [{ label: "World" }] },
        ],
      }),
    );
    expect(market?.tags).toEqual(["Politics", "Elections", "World"]);
    expect(market?.event?.slug).toBe("first");
  });

  it("maps the first outcome to yes and the second to no, keeping labels", () => {
    const market = normaliseGammaMarket(
      raw({ outcomes: '["Lakers", "Celtics"]', outcomePrices: '["0.6", "0.4"]' }),
    );
    expect(headline(market)).toEqual({ yesLabel: "Lakers", noLabel: "Celtics", yesPrice: 60, noPrice: 40 });
  });

  it("derives noPrice from a single price", () => {
    const market = normaliseGammaMarket(raw({ outcomes: '["Yes"]', outcomePrices: '["0.37"]' }));
    expect(headline(market)).toEqual({ yesPrice: 37, noPrice: 63, yesLabel: "Yes", noLabel: "No" });
  });

  it("shows markets with more than two outcomes as the first against Other", () => {
    const market = normaliseGammaMarket(
      raw({ outcomes: '["Red", "Blue", "Green"]', outcomePrices: '["0.333", "0.5", "0.167"]' }),
    );
    expect(headline(market)).toEqual({ yesLabel: "Red", noLabel: "Other", yesPrice: 33.3, noPrice: 66.7 });
  });

  it("quotes a two-outcome market's own second price even when that outcome is called Other", () => {
    const market = normaliseGammaMarket(
      raw({ outcomes: '["Trump", "Other"]', outcomePrices: '["0.0265", "0.9735"]' }),
    );
    expect(headline(market)).toEqual({ yesLabel: "Trump", noLabel: "Other", yesPrice: 2.65, noPrice: 97.35 });
  });

  it("skips markets with absurd or missing prices", () => {
    expect(normaliseGammaMarket(raw({ outcomePrices: '["1.2", "-0.2"]' }))).toBeNull();
    expect(normaliseGammaMarket(raw({ outcomePrices: '["0.5", "-0.1"]' }))).toBeNull();
    expect(normaliseGammaMarket(raw({ outcomePrices: '["abc", "0.5"]' }))).toBeNull();
    expect(normaliseGammaMarket(raw({ outcomePrices: '["NaN", "0.5"]' }))).toBeNull();
    expect(normaliseGammaMarket(raw({ outcomePrices: "[]" }))).toBeNull();
    expect(normaliseGammaMarket(raw({ outcomePrices: "not json" }))).toBeNull();
    expect(normaliseGammaMarket(raw({ outcomePrices: undefined }))).toBeNull();
  });

  it("clamps negative or non-finite volume and liquidity to 0", () => {
    const market = normaliseGammaMarket(
      raw({
        volumeNum: -5,
        volume: "-5",
        volume24hr: "Infinity",
        liquidityNum: "abc",
        liquidity: "also bad",
        oneDayPriceChange: 7,
      }),
    );
    expect(market).toMatchObject({ volume: 0, volume24h: 0, liquidity: 0, firstPriceChange24h: 0 });
  });

  it("keeps only https images, falling back to the icon", () => {
    expect(normaliseGammaMarket(raw({ image: "http://example.com/a.png" }))?.image).toBe(
      "https://example.com/rain-icon.png",
    );
    expect(
      normaliseGammaMarket(raw({ image: "http://example.com/a.png", icon: "javascript:alert(1)" }))?.image,
    ).toBeNull();
    expect(normaliseGammaMarket(raw({ image: "", icon: "" }))?.image).toBeNull();
    expect(normaliseGammaMarket(raw({ image: 12, icon: "not a url" }))?.image).toBeNull();
  });

  it("keeps endDate only when it parses", () => {
    expect(normaliseGammaMarket(raw({ endDate: "soon" }))?.endDate).toBeNull();
    expect(normaliseGammaMarket(raw({ endDate: "" }))?.endDate).toBeNull();
    expect(normaliseGammaMarket(raw({ endDate: "2026-03-01T12:00:00Z" }))?.endDate).toBe(
      "2026-03-01T12:00:00.000Z",
    );
  });
});

describe("parseMarketsPayload structure", () => {
  it("accepts the SPEC object shape { markets: [...] }", () => {
    expect(parseMarketsPayload({ markets: [raw()] }).map((m) => m.id)).toEqual(["1001"]);
  });

  it("skips invalid items instead of rejecting the payload", () => {
    const markets = parseMarketsPayload([
      raw({ id: "1" }),
      raw({ id: "2", outcomePrices: '["2", "0"]' }),
      null,
      7,
    ]);
    expect(markets.map((m) => m.id)).toEqual(["1"]);
  });

  it("collapses duplicated ids, keeping the first", () => {
    const markets = parseMarketsPayload([
      raw({ id: "1", question: "First?" }),
      raw({ id: "2" }),
      raw({ id: "1", question: "Second copy?" }),
    ]);
    expect(markets.map((m) => [m.id, m.title])).toEqual([
      ["1", "First?"],
      ["2", "Will it rain tomorrow?"],
    ]);
  });

  it("processes only the first 100 items", () => {
    const items = Array.from({ length: 150 }, (_, i) => raw({ id: String(i) }));
    const markets = parseMarketsPayload(items);
    expect(markets).toHaveLength(100);
    expect(markets.at(-1)?.id).toBe("99");
    // A valid item after 100 invalid ones is never looked at.
    const late = [...Array.from({ length: 100 }, () => ({ id: "" })), raw({ id: "late" })];
    expectUpstreamError(
      () => parseMarketsPayload(late),
      "shape",
      "Invalid response structure - no valid markets",
    );
  });

  it("rejects a payload that is not an object", () => {
    for (const payload of [null, undefined, 42, "markets", true]) {
      expectUpstreamError(
        () => parseMarketsPayload(payload),
        "shape",
        "Invalid response structure - not an object",
      );
    }
  });

  it("rejects an object without a markets array", () => {
    for (const payload of [{}, { markets: "[]" }, { markets: null }, { data: [raw()] }]) {
      expectUpstreamError(
        () => parseMarketsPayload(payload),
        "shape",
        "Invalid response structure - no markets array",
      );
    }
  });

  it("treats an empty list as 'No markets available'", () => {
    for (const payload of [[], { markets: [] }]) {
      expectUpstreamError(() => parseMarketsPayload(payload), "empty", "No markets available");
    }
  });

  it("treats a list with no valid market as a broken answer, not an empty one", () => {
    expectUpstreamError(
      () => parseMarketsPayload([{ id: "1" }, raw({ question: "" })]),
      "shape",
      "Invalid response structure - no valid markets",
    );
  });
});

describe("fetchActiveMarkets", () => {
  type Responder = (url: URL) => Response;

  function harness(responders: Responder[]) {
    const urls: string[] = [];
    const methods: string[] = [];
    const delays: number[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      urls.push(url);
      methods.push(init?.method ?? "GET");
      const respond = responders[Math.min(urls.length - 1, responders.length - 1)];
      if (respond === undefined) throw new Error("no responder");
      return respond(new URL(url));
    };
    const opts = {
      baseUrl: "https://gamma.test/",
      fetch: fakeFetch,
      timeoutMs: 1000,
      retries: 2,
      retryBaseMs: 1000,
      sleep: async (ms: number) => {
        delays.push(ms);
      },
    };
    return { urls, methods, delays, opts };
  }

  const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Responder => {
    return () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json", ...headers },
      });
  };

  const KEYSET =
    "https://gamma.test/markets/keyset?active=true&closed=false&order=volume24hr&ascending=false&limit=100";
  const LEGACY =
    "https://gamma.test/markets?active=true&closed=false&order=volume24hr&ascending=false&limit=100";
  const active = records(fixture("gamma-markets-active-100.json"));
  const keysetOne = fixture("gamma-markets-keyset-1.json") as { markets: RawRecord[]; next_cursor: string };

  it("asks the keyset list for the active markets by 24h volume and stops once 100 are showable", async () => {
    const h = harness([json({ markets: active, next_cursor: "more-after-this" })]);
    const result = await fetchActiveMarkets(h.opts);
    expect(h.urls).toEqual([KEYSET]);
    expect(h.methods).toEqual(["GET"]);
    expect(result.route).toBe("keyset");
    expect(result.pages).toBe(1);
    expect(result.markets).toHaveLength(100);
  });

  it("parses the recorded keyset page and follows its next_cursor with after_cursor", async () => {
    const h = harness([json(keysetOne), json({ markets: active.slice(0, 5) })]);
    const result = await fetchActiveMarkets(h.opts);
    expect(h.urls).toEqual([KEYSET, `${KEYSET}&after_cursor=${encodeURIComponent(keysetOne.next_cursor)}`]);
    expect(result.markets.map((m) => m.id)).toEqual(["540817", ...active.slice(0, 5).map((r) => r.id)]);
    expect(result.markets[0]).toMatchObject({
      title: "New Rihanna Album before GTA VI?",
      slug: "new-rhianna-album-before-gta-vi-926",
    });
    expect(result.pages).toBe(2);
  });

  it("stops after 3 pages even when more are offered", async () => {
    let page = 0;
    const h = harness([
      () => {
        page += 1;
        return new Response(
          JSON.stringify({ markets: active.slice(page * 10, page * 10 + 10), next_cursor: `c${page}` }),
          {
            headers: { "content-type": "application/json" },
          },
        );
      },
    ]);
    const result = await fetchActiveMarkets(h.opts);
    expect(h.urls).toEqual([KEYSET, `${KEYSET}&after_cursor=c1`, `${KEYSET}&after_cursor=c2`]);
    expect(result.markets).toHaveLength(30);
    expect(result.pages).toBe(3);
  });

  it("stops when a page has no next_cursor, and never sends offset", async () => {
    const h = harness([
      json({ markets: active.slice(0, 10), next_cursor: "c1" }),
      json({ markets: active.slice(10, 20) }),
    ]);
    await fetchActiveMarkets(h.opts);
    expect(h.urls).toHaveLength(2);
    for (const url of h.urls) expect(new URL(url).searchParams.has("offset")).toBe(false);
  });

  it("counts only showable markets towards 100: unusable items make it fetch the next page", async () => {
    const broken = active.slice(0, 50).map((r) => ({ ...r, outcomePrices: '["NaN","NaN"]' }));
    const h = harness([
      json({ markets: [...broken, ...active.slice(50)], next_cursor: "c1" }),
      json({ markets: active.slice(0, 50) }),
    ]);
    const result = await fetchActiveMarkets(h.opts);
    expect(h.urls).toHaveLength(2);
    expect(result.markets).toHaveLength(100);
  });

  it("keeps the markets of earlier pages when a later page fails", async () => {
    const h = harness([
      json({ markets: active.slice(0, 10), next_cursor: "c1" }),
      json({ error: "bad" }, 400),
    ]);
    const result = await fetchActiveMarkets(h.opts);
    expect(result.markets).toHaveLength(10);
    expect(result.pages).toBe(1);
  });

  it.each([404, 405, 410])(
    "falls back to the legacy list for this refresh when the keyset route answers %i",
    async (status) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const h = harness([json({ error: "not here" }, status), json(active)]);
      const result = await fetchActiveMarkets(h.opts);
      expect(h.urls).toEqual([KEYSET, LEGACY]);
      expect(result.route).toBe("legacy");
      expect(result.markets).toHaveLength(100);
      expect(warn.mock.calls.map((c) => String(c[0]))).toContainEqual(
        `[gamma] /markets/keyset answered ${status}: using the legacy /markets list`,
      );
      warn.mockRestore();
    },
  );

  it("does not fall back on a failure that is not a missing route", async () => {
    const h = harness([json({ error: "boom" }, 500)]);
    const error = await upstreamFailure(fetchActiveMarkets(h.opts));
    expect(error).toMatchObject({ kind: "status", status: 500 });
    expect(h.urls.every((u) => u === KEYSET)).toBe(true);
  });

  it("logs sunset, deprecation and warning headers once per isolate", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const notices = {
      sunset: "Sat, 01 May 2027 00:00:00 GMT",
      deprecation: "@1800000000",
      warning: '299 - "going away"',
    };
    const h = harness([json({ markets: active }, 200, notices)]);
    await fetchActiveMarkets(h.opts);
    await fetchActiveMarkets(h.opts);
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(lines).toEqual([
      `[gamma] /markets/keyset answered with sunset: ${notices.sunset}`,
      `[gamma] /markets/keyset answered with deprecation: ${notices.deprecation}`,
      `[gamma] /markets/keyset answered with warning: ${notices.warning}`,
    ]);
    warn.mockRestore();
  });

  it("treats an HTML 403 block page as an upstream failure of kind html", async () => {
    const h = harness([
      () =>
        new Response("<!DOCTYPE html><html><body>Sorry, you have been blocked</body></html>", {
          status: 403,
          headers: { "content-type": "text/html; charset=UTF-8" },
        }),
    ]);
    const error = await upstreamFailure(fetchActiveMarkets(h.opts));
    expect(error).toMatchObject({ upstream: "gamma", kind: "html", status: 403, message: "API error: 403" });
    expect(h.urls).toHaveLength(1);
  });

  it("reports invalid JSON as 'JSON parsing failed'", async () => {
    const h = harness([
      () => new Response("{ not json", { status: 200, headers: { "content-type": "application/json" } }),
    ]);
    const error = await upstreamFailure(fetchActiveMarkets(h.opts));
    expect(error).toMatchObject({ upstream: "gamma", kind: "invalid-json", message: "JSON parsing failed" });
  });

  it("retries a 500 twice with doubling delays, then fails", async () => {
    const h = harness([json({ error: "boom" }, 500)]);
    const error = await upstreamFailure(fetchActiveMarkets(h.opts));
    expect(error).toMatchObject({
      upstream: "gamma",
      kind: "status",
      status: 500,
      message: "API error: 500",
    });
    expect(h.urls).toHaveLength(3);
    expect(h.delays).toEqual([1000, 2000]);
  });

  it("waits as long as a 429's Retry-After asks before retrying", async () => {
    const h = harness([json({ error: "slow down" }, 429, { "retry-after": "3" }), json({ markets: active })]);
    const result = await fetchActiveMarkets(h.opts);
    expect(result.markets).toHaveLength(100);
    expect(h.delays).toEqual([3000]);
  });

  it("gives up at once on a Retry-After beyond the in-request cap, and reports it", async () => {
    const h = harness([json({ error: "slow down" }, 429, { "retry-after": "120" })]);
    const error = await upstreamFailure(fetchActiveMarkets(h.opts));
    expect(error).toMatchObject({ status: 429, retryAfterMs: 120_000 });
    expect(h.urls).toHaveLength(1);
    expect(h.delays).toEqual([]);
  });

  it("succeeds after one failed attempt", async () => {
    const h = harness([
      json({ error: "unavailable" }, 503),
      json({ markets: fixture("gamma-markets-updown-1.json") }),
    ]);
    const result = await fetchActiveMarkets(h.opts);
    expect(result.markets.map((m) => m.id)).toEqual(["1669969"]);
    expect(h.urls).toHaveLength(2);
    expect(h.delays).toEqual([1000]);
  });

  it("fails with 'No markets available' on an empty list", async () => {
    const h = harness([json({ markets: [] })]);
    const error = await upstreamFailure(fetchActiveMarkets(h.opts));
    expect(error).toMatchObject({ kind: "empty", message: "No markets available" });
  });

  it("parses the recorded resolved keyset page (closed markets parse like open ones)", () => {
    const resolved = fixture("gamma-markets-keyset-resolved-1.json");
    const markets = parseMarketsPayload(resolved);
    expect(markets.map((m) => [m.id, headlinePercent(m).yesPrice, headlinePercent(m).noPrice])).toEqual([
      ["240379", 0, 100],
    ]);
  });
});

describe("one market and one event by slug (the market page)", () => {
  const resolved = readFixture<{ markets: unknown[] }>("polymarket/gamma-markets-keyset-resolved-1.json");

  it("keeps whether a market is closed and UMA's resolution status", () => {
    const market = normaliseGammaMarket(resolved.markets[0]);
    expect(market).toMatchObject({ closed: true, resolution: "resolved" });
    expect(market?.outcomes.map((o) => o.price)).toEqual([0, 1]);
  });

  it("only ever sends a Polymarket-shaped slug upstream", () => {
    expect(isSlug("will-trump-deport-less-than-250000")).toBe(true);
    for (const bad of ["", "A", "a_b", "a--b", "-a", "a-", "a/b", "../x", "a b", "a".repeat(201)])
      expect(isSlug(bad), bad).toBe(false);
  });
});
