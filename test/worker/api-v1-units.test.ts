/**
 * One unit and one source in /api/v1 inside workerd: one market's price reads the same (0–1) in the events
 * list, the markets list, the market's own answer, its event's answer and the search; every answer that
 * carries figures says where they came from (`provenance`); the OpenAPI document states the unit.
 */
import { describe, expect, it } from "vitest";
import { workerTest } from "./support/worker";

const t = workerTest();

const headers = { "cf-connecting-ip": "198.51.100.77" };

async function json<T>(path: string): Promise<T> {
  const res = await t.worker.fetch(`/api/v1${path}`, { headers });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

interface Provenance {
  kind: string;
}
interface EventCard {
  slug: string;
  multi: boolean;
  outcomes: { marketId: string; marketSlug: string | null; label: string; price: number }[];
  forecast: { call: { sidePrice: number } | null } | null;
}

describe("one price, one unit, in every /api/v1 answer", () => {
  it("a one-market event's Yes price is the same fraction in five answers", async () => {
    const events = await json<{ events: EventCard[]; provenance: { markets: Provenance } }>(
      "/events?limit=100",
    );
    const event = events.events.find((e) => !e.multi && e.outcomes[0]?.marketSlug);
    const outcome = event?.outcomes[0];
    if (!event || !outcome?.marketSlug) throw new Error("no one-market event in the snapshot");
    // A fraction, never percent.
    expect(outcome.price).toBeGreaterThan(0);
    expect(outcome.price).toBeLessThan(1);

    const markets = await json<{ markets: { id: string; yesPrice: number; noPrice: number }[] }>(
      "/markets?limit=100",
    );
    const listed = markets.markets.find((m) => m.id === outcome.marketId);
    expect(listed?.yesPrice).toBeCloseTo(outcome.price, 9);
    expect((listed?.yesPrice ?? 0) + (listed?.noPrice ?? 0)).toBeCloseTo(1, 2);

    const market = await json<{
      market: { outcomes: { label: string; price: number }[] };
      analysis: { call: { sidePrice: number } | null } | null;
      provenance: { markets: Provenance; sentiment: Provenance | null; mentions: Provenance | null };
    }>(`/markets/${outcome.marketSlug}`);
    expect(market.market.outcomes[0]?.price).toBeCloseTo(outcome.price, 9);
    expect(market.provenance.markets.kind).toBe("live");
    expect(market.provenance.sentiment).not.toBeNull();
    expect(market.provenance.mentions).not.toBeNull();
    // The market page's call is its event's: the same derived call as the list's card.
    expect(market.analysis?.call ?? null).toEqual(event.forecast?.call ?? null);

    const detail = await json<{
      event: EventCard;
      outcomes: { marketId: string; label: string; price: number }[];
      provenance: { markets: Provenance; sentiment: Provenance | null };
    }>(`/events/${event.slug}`);
    expect(detail.event.outcomes[0]?.price).toBeCloseTo(outcome.price, 9);
    const side = detail.outcomes.find((o) => o.marketId === outcome.marketId && o.label === outcome.label);
    expect(side?.price).toBeCloseTo(outcome.price, 9);
    expect(detail.provenance.markets.kind).toBe("live");
    expect(detail.provenance.sentiment).not.toBeNull();

    const search = await json<{ events: EventCard[]; provenance: { markets: Provenance } }>(
      `/search?q=${encodeURIComponent(event.slug.split("-").slice(0, 3).join(" "))}`,
    );
    const found = search.events.find((e) => e.slug === event.slug);
    expect(found?.outcomes[0]?.price).toBeCloseTo(outcome.price, 9);
    expect(search.provenance.markets.kind).toMatch(/^(live|cached)$/);
  });

  it("the whale list says where its trades came from", async () => {
    const whales = await json<{ fetchedAt: string; provenance: { trades: Provenance & { at?: string } } }>(
      "/whales",
    );
    expect(whales.provenance.trades).toEqual({ kind: "live", by: "Polymarket", at: whales.fetchedAt });
  });

  it("the OpenAPI document states the unit and the provenance", async () => {
    const doc = await json<{ info: { description: string } }>("/openapi.json");
    expect(doc.info.description).toContain("every price and probability is a fraction 0–1");
    expect(doc.info.description).toContain("provenance");
  });
});
