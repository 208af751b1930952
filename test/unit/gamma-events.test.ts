import { describe, expect, it, vi } from "vitest";
import { EVENTS_KEYSET_PATH, fetchActiveEvents } from "~/.server/polymarket/gamma";
import { groupMarketsByEvent, MAX_EVENTS, normaliseGammaEvent } from "~/.server/polymarket/gamma-events";
import { normaliseGammaMarket } from "~/.server/polymarket/gamma-markets";
import { readFixture } from "../support/fixtures";

type RawRecord = Record<string, unknown>;
const fixture = <T>(name: string): T => readFixture<T>(`polymarket/${name}`);

const keysetOne = fixture<{ events: RawRecord[]; next_cursor: string }>("gamma-events-keyset-1.json");
const active100 = fixture<RawRecord[]>("gamma-events-active-100.json");
const negRisk = fixture<RawRecord>("gamma-event-negrisk-60.json");
const markets100 = fixture<RawRecord[]>("gamma-markets-active-100.json");

const GAMMA = "https://gamma.test";
const EVENTS = `${GAMMA}${EVENTS_KEYSET_PATH}`;
const MARKETS =
  "https://gamma.test/markets/keyset?active=true&closed=false&order=volume24hr&ascending=false&limit=100";

/** A fetch that answers in turn and records what was asked. */
function harness(answers: ((url: URL) => Response)[]) {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    urls.push(url);
    const answer = answers[Math.min(urls.length - 1, answers.length - 1)];
    if (!answer) throw new Error("no answer");
    return answer(new URL(url));
  };
  const opts = { baseUrl: GAMMA, fetch, timeoutMs: 1000, retries: 0, retryBaseMs: 0 };
  return { urls, opts };
}
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("one event with its markets", () => {
  it("normalises the recorded keyset event: fields, tags, markets carrying the event's slug", () => {
    const raw = keysetOne.events[0] as RawRecord;
    const event = normaliseGammaEvent(raw);
    expect(event).not.toBeNull();
    expect(event).toMatchObject({ id: String(raw.id), slug: raw.slug, title: String(raw.title).trim() });
    expect(event?.tags.map((t) => t.slug)).toContain("crypto");
    expect(event?.markets.length).toBeGreaterThan(0);
    for (const market of event?.markets ?? []) {
      expect(market.event).toEqual({ slug: raw.slug });
      // Its markets list no events of their own: they carry the event's tags (the category filter).
      expect(market.tags).toEqual(expect.arrayContaining(["Crypto", "Business"]));
    }
    expect(event?.volume24h).toBe(Number(raw.volume24hr ?? 0));
  });

  it("keeps a multi-outcome event's traded markets open and its closed or inactive ones as resolved", () => {
    const event = normaliseGammaEvent(negRisk);
    const rawMarkets = negRisk.markets as RawRecord[];
    const priced = rawMarkets.filter((m) => normaliseGammaMarket(m) !== null);
    const traded = priced.filter((m) => m.active !== false && m.closed !== true);
    expect(event?.negRisk).toBe(true);
    expect(event?.markets.map((m) => m.id)).toEqual(traded.map((m) => String(m.id)));
    expect((event?.markets.length ?? 0) + (event?.resolved.length ?? 0)).toBe(priced.length);
    // Placeholder markets without prices are not outcomes at all.
    expect(priced.length).toBeLessThan(rawMarkets.length);
  });

  it("drops closed events and events without a traded market", () => {
    const raw = keysetOne.events[0] as RawRecord;
    expect(normaliseGammaEvent({ ...raw, closed: true })).toBeNull();
    expect(
      normaliseGammaEvent({
        ...raw,
        markets: (raw.markets as RawRecord[]).map((m) => ({ ...m, closed: true })),
      }),
    ).toBeNull();
    expect(normaliseGammaEvent({ ...raw, slug: "" })).toBeNull();
  });
});

describe("the 100 busiest events", () => {
  it("asks the events keyset list by 24 h volume and keeps the showable events in order", async () => {
    const h = harness([json(active100)]);
    const result = await fetchActiveEvents(h.opts);
    expect(h.urls).toEqual([EVENTS]);
    expect(result.route).toBe("events");
    const expected = active100.map((e) => normaliseGammaEvent(e)).filter((e) => e !== null);
    expect(result.events.map((e) => e.slug)).toEqual(expected.map((e) => e.slug));
    expect(result.events.length).toBeLessThanOrEqual(MAX_EVENTS);
  });

  it("follows next_cursor with after_cursor while fewer than 100 events are showable", async () => {
    const h = harness([json(keysetOne), json({ events: active100.slice(0, 3) })]);
    const result = await fetchActiveEvents(h.opts);
    expect(h.urls).toEqual([EVENTS, `${EVENTS}&after_cursor=${encodeURIComponent(keysetOne.next_cursor)}`]);
    expect(result.pages).toBe(2);
    expect(result.events[0]?.slug).toBe(keysetOne.events[0]?.slug);
  });

  it("says an empty list is empty (no fallback)", async () => {
    const h = harness([json({ events: [] })]);
    await expect(fetchActiveEvents(h.opts)).rejects.toMatchObject({ kind: "empty" });
    expect(h.urls).toEqual([EVENTS]);
  });

  it.each([404, 500])(
    "groups the markets list by event when the events route answers %i, and says so",
    async (status) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const h = harness([json({ error: "x" }, status), json({ markets: markets100 })]);
      const result = await fetchActiveEvents(h.opts);
      expect(h.urls).toEqual([EVENTS, MARKETS]);
      expect(result.route).toBe("markets");
      expect(result.marketsRoute).toBe("keyset");
      expect(
        warn.mock.calls.map((c) => String(c[0])).filter((l) => l.includes("/events/keyset")),
      ).toHaveLength(1);
      warn.mockRestore();
      // The recorded top 100 markets belong to far fewer events.
      const slugs = new Set(markets100.map((m) => (m.events as RawRecord[] | undefined)?.[0]?.slug));
      expect(result.events.length).toBe(slugs.size);
      expect(result.events.reduce((n, e) => n + e.markets.length + e.resolved.length, 0)).toBe(100);
    },
  );
});

describe("grouping markets by their event (the fallback)", () => {
  const normalised = markets100.map(normaliseGammaMarket);
  const events = groupMarketsByEvent(markets100, normalised);

  it("puts every sibling bucket in its event, with the event's own title and figures", () => {
    const first = markets100[0] as RawRecord;
    const embedded = (first.events as RawRecord[])[0] as RawRecord;
    const event = events.find((e) => e.slug === embedded.slug);
    expect(event?.title).toBe(String(embedded.title).trim());
    const members = markets100.filter((m) => (m.events as RawRecord[])[0]?.slug === embedded.slug);
    expect((event?.markets.length ?? 0) + (event?.resolved.length ?? 0)).toBe(members.length);
    for (const market of event?.markets ?? []) expect(market.event).toEqual({ slug: embedded.slug });
  });

  it("orders events by their 24 h volume, busiest first", () => {
    const volumes = events.map((e) => e.volume24h);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
  });

  it("makes a market without an event an event of its own", () => {
    const lone = { ...(markets100[0] as RawRecord), id: "999001", slug: "lone-market", events: [] };
    const [event] = groupMarketsByEvent([lone], [normaliseGammaMarket(lone)]);
    expect(event).toMatchObject({ slug: "lone-market", title: normaliseGammaMarket(lone)?.title });
    expect(event?.markets).toHaveLength(1);
  });
});
