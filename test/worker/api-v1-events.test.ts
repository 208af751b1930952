/**
 * /api/v1/events inside workerd: the list's filters, sorts and pages; one event from the snapshot (no
 * upstream call) or from Gamma on demand (no forecast), 404 for an unknown slug after one lookup, 400 for
 * a slug that cannot be one without any; a failing Gamma is a 503 with Retry-After; the history reads the
 * points the snapshot build stored for the event's markets, and the store reads an event's markets by slug.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HistoryStore, type MarketObservation } from "~/.server/history/store";
import { HISTORY_EVENT_SLUG } from "../support/market-answers";
import { calls, failing, resetCalls, upstreams } from "./support/upstreams";
import { clearTables, workerTest } from "./support/worker";

const t = workerTest();

let ipCounter = 0;
function client(): Record<string, string> {
  ipCounter += 1;
  return { "cf-connecting-ip": `198.51.100.${ipCounter}` };
}

interface Card {
  id: string;
  slug: string;
  title: string;
  volume24h: number;
  priceChange24h: number;
  endDate: string | null;
  liquidity: number;
  multi: boolean;
  category: string | null;
  outcomes: { marketId: string; label: string; price: number }[];
  moreOutcomes: number;
  forecast: { source: string } | null;
  mentions: { count: number; query: string } | null;
}
interface List {
  events: Card[];
  total: number;
  nextCursor: string | null;
}

async function list(query: string, headers = client()): Promise<List> {
  const res = await t.worker.fetch(`/api/v1/events${query}`, { headers });
  expect(res.status, query).toBe(200);
  return (await res.json()) as List;
}

describe("GET /api/v1/events", () => {
  it("lists the snapshot's cards by 24 h volume, every event once across pages", async () => {
    const headers = client();
    const all = await list("?limit=100", headers);
    expect(all.total).toBe(20);
    expect(all.events).toHaveLength(20);
    const volumes = all.events.map((e) => e.volume24h);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    expect(all.events.every((e) => e.forecast !== null && e.mentions !== null)).toBe(true);
    // Each count says what it counted: the query derived from the event's title.
    expect(all.events.find((e) => e.title === "2026 NBA Champion")?.mentions?.query).toBe(
      "2026 NBA Champion",
    );

    const ids: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await list(`?limit=7${cursor ? `&cursor=${cursor}` : ""}`, headers);
      expect(page.total).toBe(20);
      ids.push(...page.events.map((e) => e.id));
      cursor = page.nextCursor;
    }
    expect(ids).toEqual(all.events.map((e) => e.id));
  });

  it("sorts, filters by category, searches titles and outcomes, hides ended events when asked", async () => {
    const headers = client();
    const moves = (await list("?sort=change&limit=100", headers)).events.map((e) =>
      Math.abs(e.priceChange24h),
    );
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    const liquidity = (await list("?sort=liquidity&limit=100", headers)).events.map((e) => e.liquidity);
    expect(liquidity).toEqual([...liquidity].sort((a, b) => b - a));

    const all = await list("?limit=100", headers);
    const sports = await list("?category=sports&limit=100", headers);
    expect(sports.total).toBeGreaterThan(0);
    expect(sports.total).toBeLessThan(all.total);
    expect(sports.events.map((e) => e.slug)).toContain("2026-nba-champion");

    // An outcome's label finds its event: "Trump" is in titles, a team only in the NBA event's outcomes.
    const nba = all.events.find((e) => e.slug === "2026-nba-champion");
    const team = nba?.outcomes[0]?.label ?? "";
    expect(nba?.title.toLowerCase()).not.toContain(team.toLowerCase());
    const found = await list(`?q=${encodeURIComponent(team.toUpperCase())}`, headers);
    expect(found.events.map((e) => e.slug)).toContain("2026-nba-champion");
    const trump = await list("?q=trump&limit=100", headers);
    expect(trump.total).toBeGreaterThan(0);
    expect(trump.total).toBeLessThan(all.total);

    // The recordings are from 2025: some events are past their end date, still open.
    const now = Date.now();
    const ended = all.events.filter((e) => e.endDate !== null && Date.parse(e.endDate) <= now);
    expect(ended.length).toBeGreaterThan(0);
    const open = await list("?ended=hide&limit=100", headers);
    expect(open.total).toBe(all.total - ended.length);
    expect(open.events.some((e) => ended.some((x) => x.id === e.id))).toBe(false);
  });
});

interface Detail {
  event: Card;
  outcomes: { marketId: string; label: string; price: number }[];
  outcomeCount: number;
  inSnapshot: boolean;
  fetchedAt: string;
  notes?: string[];
}

describe("GET /api/v1/events/{slug}", () => {
  it("a shown event: its card and every open outcome, dearest first, from the snapshot alone", async () => {
    const headers = client();
    const all = await list("?limit=100", headers);
    const card = all.events.find((e) => e.slug === "2026-nhl-stanley-cup-champion");
    expect(card?.moreOutcomes).toBeGreaterThan(0);
    resetCalls();
    const res = await t.worker.fetch("/api/v1/events/2026-nhl-stanley-cup-champion", { headers });
    expect(res.status).toBe(200);
    expect(calls.gamma).toBe(0);
    const body = (await res.json()) as Detail;
    expect(body.inSnapshot).toBe(true);
    expect(body.event).toEqual(card);
    expect(body.outcomeCount).toBe(32);
    expect(body.outcomes).toHaveLength(32);
    const prices = body.outcomes.map((o) => o.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(body.outcomes.slice(0, 3)).toEqual(
      card?.outcomes.map(({ marketId, label, price }) => expect.objectContaining({ marketId, label, price })),
    );
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
  });

  it("an event outside the snapshot: read from Gamma once, its open outcomes, no forecast", async () => {
    const headers = client();
    await list("?limit=1", headers);
    resetCalls();
    const res = await t.worker.fetch(`/api/v1/events/${HISTORY_EVENT_SLUG}`, { headers });
    expect(res.status).toBe(200);
    expect(calls.gamma).toBe(1);
    const body = (await res.json()) as Detail;
    expect(body.inSnapshot).toBe(false);
    expect(body.event.forecast).toBeNull();
    expect(body.event.mentions).toBeNull();
    expect(body.event.slug).toBe(HISTORY_EVENT_SLUG);
    expect(body.event.multi).toBe(true);
    // Four recorded markets, one of them closed: three open outcomes.
    expect(body.outcomeCount).toBe(3);
    expect(body.outcomes).toHaveLength(3);
    // Kept on demand: asked again, Gamma is not.
    expect((await t.worker.fetch(`/api/v1/events/${HISTORY_EVENT_SLUG}`, { headers })).status).toBe(200);
    expect(calls.gamma).toBe(1);
  });

  it("404 for a slug Gamma does not know (one lookup); 400 for one that cannot be a slug (none)", async () => {
    const headers = client();
    await list("?limit=1", headers);
    resetCalls();
    const unknown = await t.worker.fetch("/api/v1/events/no-such-event-anywhere", { headers });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("not_found");
    expect(calls.gamma).toBe(1);
    resetCalls();
    for (const path of ["/events/Not_A_Slug", "/events/double--hyphen", "/events/Not_A_Slug/history"]) {
      const res = await t.worker.fetch(`/api/v1${path}`, { headers });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: { parameter: string } }).error.parameter).toBe("slug");
    }
    expect(calls.gamma).toBe(0);
  });

  it("Gamma failing for an event outside the snapshot: 503 with Retry-After", async () => {
    const headers = client();
    await list("?limit=1", headers);
    upstreams.use(failing("gamma", "http-500", "/events/slug/:slug"));
    const res = await t.worker.fetch(`/api/v1/events/${HISTORY_EVENT_SLUG}`, { headers });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(60);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unavailable");
  });
});

interface Resolution {
  marketId: string;
  label: string;
  state: string;
  answer: string | null;
  finalAt: string | null;
  wasDisputed: boolean;
}

describe("GET /api/v1/events/{slug}: each market's resolution", () => {
  const get = async (slug: string, headers = client()) => {
    const res = await t.worker.fetch(`/api/v1/events/${slug}`, { headers });
    expect(res.status).toBe(200);
    return (await res.json()) as { resolutions: Resolution[] | null; notes?: string[] };
  };

  it("proposed: the answer and when it becomes final; disputed: the vote's expected end", async () => {
    const proposed = await get("wta-frech-zvonare-2026-02-07");
    expect(proposed.resolutions).toHaveLength(3);
    expect(proposed.resolutions?.find((r) => r.marketId === "1346263")).toMatchObject({
      state: "proposed",
      answer: "Frech",
      finalAt: "2026-09-29T19:50:27.000Z",
      wasDisputed: false,
    });
    const disputed = await get("where-will-the-us-iran-meet");
    expect(disputed.resolutions).toEqual([
      expect.objectContaining({
        marketId: "1328692",
        state: "disputed",
        answer: "50-50",
        finalAt: "2026-10-02T00:00:00.000Z",
        wasDisputed: true,
      }),
    ]);
  });

  it("an open event's markets are open, a resolved one has Gamma's answer, with no /v2/resolutions call", async () => {
    const headers = client();
    await list("?limit=1", headers);
    const asked: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === "/v2/resolutions") asked.push(request.url);
    };
    upstreams.events.on("request:start", listener);
    const body = await get(HISTORY_EVENT_SLUG, headers);
    upstreams.events.removeListener("request:start", listener);
    expect(body.resolutions?.map((r) => [r.state, r.answer, r.wasDisputed])).toEqual([
      ["open", null, false],
      ["open", null, false],
      ["open", null, false],
      ["resolved", "No", true],
    ]);
    expect(asked).toEqual([]);
  });

  it("the Data API failing: Gamma's states, said in notes", async () => {
    upstreams.use(failing("data", "http-500", "/v2/resolutions"));
    const body = await get("wta-frech-zvonare-2026-02-07");
    expect(body.resolutions?.map((r) => [r.state, r.answer, r.finalAt])).toEqual([
      ["proposed", null, null],
      ["proposed", null, null],
      ["proposed", null, null],
    ]);
    expect(body.notes).toContainEqual(
      expect.stringMatching(/^Polymarket's resolution details are unavailable right now/),
    );
  });
});

interface History {
  slug: string;
  range: string;
  step: number;
  outcomes: { marketId: string; label: string; question: string }[];
  outcomeCount: number;
  points: { t: number; prices: (number | null)[] }[];
  notes?: string[];
}

describe("GET /api/v1/events/{slug}/history", () => {
  it("the points the snapshot build stored for the event's markets, named by their titles in the event", async () => {
    const headers = client();
    const detail = await list("?limit=100", headers);
    const card = detail.events.find((e) => e.slug === "2026-nba-champion");
    const res = await t.worker.fetch("/api/v1/events/2026-nba-champion/history?range=1d", { headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as History;
    expect(body.step).toBe(600);
    expect(body.outcomeCount).toBe(9);
    expect(body.outcomes).toHaveLength(9);
    expect(body.outcomes.slice(0, 3).map((o) => o.label)).toEqual(card?.outcomes.map((o) => o.label));
    // One build, one point in its 10-minute slot; a run that straddles a slot boundary has the next
    // slot's too (the list refreshed again), never more.
    expect(body.points.length).toBeGreaterThanOrEqual(1);
    expect(body.points.length).toBeLessThanOrEqual(2);
    const point = body.points.at(-1);
    expect(point?.t).toBe(Math.floor(Date.now() / 600_000) * 600);
    // The card and the stored point are both Gamma's price (0–1).
    const stored = point?.prices.slice(0, 3) ?? [];
    expect(stored).toHaveLength(3);
    for (const [i, o] of (card?.outcomes ?? []).entries()) expect(stored[i]).toBeCloseTo(o.price, 9);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=60");
  });

  it("an event we never recorded: empty with a note, after one lookup", async () => {
    const headers = client();
    await list("?limit=1", headers);
    resetCalls();
    const res = await t.worker.fetch(`/api/v1/events/${HISTORY_EVENT_SLUG}/history?range=all`, { headers });
    expect(res.status).toBe(200);
    expect(calls.gamma).toBe(1);
    const body = (await res.json()) as History;
    expect(body).toMatchObject({ slug: HISTORY_EVENT_SLUG, range: "all", outcomes: [], points: [] });
    expect(body.notes?.[0]).toMatch(/recorded no prices/);
  });
});

describe("HistoryStore: an event's markets and their prices", () => {
  function observed(id: string, eventSlug: string, price: number, groupTitle?: string | null) {
    return {
      id,
      slug: `market-${id}`,
      eventSlug,
      ...(groupTitle === undefined ? {} : { groupTitle }),
      conditionId: `0x${id}`,
      question: `Will ${id} win?`,
      outcomes: ["Yes", "No"],
      clobTokenIds: [],
      endDate: null,
      prices: [price, 1 - price],
      volume24h: 1,
      liquidity: 1,
      sentiment: {
        label: "neutral",
        confidence: 50,
        recommendation: "NEUTRAL",
        source: "estimated",
        reasoning: "",
      },
      mentions: { count: 0, source: "estimated" },
    } satisfies MarketObservation;
  }

  it("dearest latest price first, capped, counted; group titles kept and filled in on an existing row", async () => {
    await clearTables("market_points", "sentiment_changes", "markets");
    const store = new HistoryStore(env.DB);
    const t0 = Date.parse("2026-11-22T12:00:00Z");
    // A row written before group titles were kept (batches queued then carry none).
    await store.recordSnapshot(
      [observed("a", "ev", 0.2), observed("b", "ev", 0.5, "Bee"), observed("z", "other", 0.9)],
      t0,
    );
    await store.recordSnapshot(
      [observed("a", "ev", 0.6, "Ay"), observed("b", "ev", 0.3, "Bee")],
      t0 + 600_000,
    );
    const { markets, total } = await store.eventMarkets("ev", 1);
    expect(total).toBe(2);
    expect(markets.map((m) => [m.id, m.groupTitle, m.lastPrice])).toEqual([["a", "Ay", 0.6]]);
    const both = await store.eventMarkets("ev", 20);
    expect(both.markets.map((m) => m.id)).toEqual(["a", "b"]);
    expect((await store.eventMarkets("nothing", 20)).total).toBe(0);

    const t = t0 / 1000;
    const prices = await store.pricesAt(["a", "b"], [t, t + 600, t + 1200]);
    expect(prices.get("a")).toEqual([
      { t, prices: [0.2, 0.8] },
      { t: t + 600, prices: [0.6, 0.4] },
    ]);
    expect(prices.get("b")?.map((p) => p.t)).toEqual([t, t + 600]);
    // Only the times asked for are read.
    expect((await store.pricesAt(["a"], [t + 600])).get("a")).toHaveLength(1);
  });
});
