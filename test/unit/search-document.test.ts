/** What the index stores of an event, and the quantised hash that decides what a crawl rewrites (decision 0034). */
import { describe, expect, it } from "vitest";
import { normaliseGammaEvent } from "~/.server/polymarket/gamma-events";
import { cents, toIndexDocument, twoDigits } from "~/.server/search/document";
import type { MarketEvent } from "~/lib/types";
import { recordedOpenEvents } from "../support/index-events";

const raw = recordedOpenEvents();
const recorded = (slug: string): MarketEvent => {
  const item = raw.find((e) => e.slug === slug);
  const event = item && normaliseGammaEvent(item);
  if (!event) throw new Error(`no recorded event ${slug}`);
  return event;
};
const MULTI = recorded("how-many-people-will-trump-deport-in-2025");

/** The event with one change made to its first market's first outcome price, 24 h change or volume. */
function withFirstMarket(
  event: MarketEvent,
  change: (m: MarketEvent["markets"][number]) => object,
): MarketEvent {
  const [first, ...rest] = event.markets;
  if (!first) throw new Error("no market");
  return { ...event, markets: [{ ...first, ...change(first) }, ...rest] };
}
const withPrice = (event: MarketEvent, price: number) =>
  withFirstMarket(event, (m) => ({ outcomes: m.outcomes.map((o, i) => (i === 0 ? { ...o, price } : o)) }));

describe("quantities", () => {
  it("two significant digits, whole cents", () => {
    expect(twoDigits(12_345)).toBe(12_000);
    expect(twoDigits(12_501)).toBe(13_000);
    expect(twoDigits(0.01234)).toBe(0.012);
    expect(twoDigits(0)).toBe(0);
    expect(twoDigits(Number.NaN)).toBe(0);
    expect(cents(0.355)).toBe(36);
    expect(cents(0.3549)).toBe(35);
  });
});

describe("toIndexDocument", () => {
  it("keeps the card's fields: markets with question, label, outcomes, prices, token ids", () => {
    const doc = toIndexDocument(MULTI);
    expect(doc?.id).toBe(Number(MULTI.id));
    expect(doc?.body.markets.length).toBe(MULTI.markets.length + MULTI.resolved.length);
    const first = doc?.body.markets[0];
    const market = MULTI.markets[0];
    expect(first).toEqual({
      id: market?.id,
      slug: market?.slug,
      question: market?.title,
      label: market?.groupTitle,
      outcomes: market?.outcomes,
      change24h: market?.priceChange24h,
      volume24h: market?.volume24h,
      closed: false,
      // Its own end date: its state is its own, not its event's.
      endDate: market?.endDate,
    });
    expect(first?.label).not.toBeNull();
    expect(first?.outcomes[0]?.tokenId).toMatch(/^\d+$/);
  });

  it("full text: the title, each open market's question, group title and outcome labels once, the tag labels", () => {
    const doc = toIndexDocument(MULTI);
    const lines = doc?.text.outcomes.split("\n") ?? [];
    expect(doc?.text.title).toBe(MULTI.title.trim());
    expect(lines).toContain(MULTI.markets[0]?.title);
    expect(lines).toContain(MULTI.markets[0]?.groupTitle);
    expect(lines.filter((line) => line === "Yes")).toHaveLength(1);
    expect(doc?.text.tags.split("\n")).toEqual(MULTI.tags.map((t) => t.label));
  });

  it("skips an event whose id is not Gamma's number", () => {
    expect(toIndexDocument({ ...MULTI, id: "market-123" })).toBeNull();
    expect(toIndexDocument({ ...MULTI, id: "0123" })).toBeNull();
  });

  it("noise below the quanta changes no hash", () => {
    const doc = toIndexDocument(MULTI);
    const price = MULTI.markets[0]?.outcomes[0]?.price ?? 0;
    const nudged = toIndexDocument(
      withFirstMarket(
        { ...MULTI, volume24h: MULTI.volume24h * 1.001, liquidity: MULTI.liquidity + 0.5 },
        (m) => ({
          outcomes: m.outcomes.map((o, i) =>
            i === 0 ? { ...o, price: Math.round(price * 100) / 100 + 0.002 } : o,
          ),
          priceChange24h: Math.round(m.priceChange24h) + 0.2,
        }),
      ),
    );
    const rounded = toIndexDocument(withPrice(MULTI, Math.round(price * 100) / 100));
    expect(nudged?.priceHash).toBe(rounded?.priceHash);
    expect(nudged?.textHash).toBe(doc?.textHash);
  });

  it("a cent, a point of 24 h change, the second digit of a volume change the price hash, not the text hash", () => {
    const doc = toIndexDocument(MULTI);
    const price = MULTI.markets[0]?.outcomes[0]?.price ?? 0;
    const moves = [
      withPrice(MULTI, price + 0.01),
      withFirstMarket(MULTI, (m) => ({ priceChange24h: m.priceChange24h + 1 })),
      { ...MULTI, volume24h: MULTI.volume24h * 1.2 + 1 },
      { ...MULTI, volume: MULTI.volume * 1.2 + 1 },
      { ...MULTI, liquidity: MULTI.liquidity * 1.2 + 1 },
      { ...MULTI, endDate: "2031-01-01T00:00:00.000Z" },
    ];
    for (const moved of moves) {
      const next = toIndexDocument(moved);
      expect(next?.priceHash).not.toBe(doc?.priceHash);
      expect(next?.textHash).toBe(doc?.textHash);
    }
  });

  it("a new title, question, group title or tag label changes the text hash", () => {
    const doc = toIndexDocument(MULTI);
    const edits: MarketEvent[] = [
      { ...MULTI, title: `${MULTI.title} (updated)` },
      withFirstMarket(MULTI, (m) => ({ title: `${m.title} really` })),
      withFirstMarket(MULTI, () => ({ groupTitle: "Someone else" })),
      { ...MULTI, tags: [...MULTI.tags, { slug: "new-tag", label: "New tag" }] },
    ];
    for (const edited of edits) expect(toIndexDocument(edited)?.textHash).not.toBe(doc?.textHash);
  });
});
