/** What the index stores of an event, and the quantised hash that decides what a crawl rewrites (decision 0034). */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { normaliseGammaEvent } from "~/.server/polymarket/gamma-events";
import {
  cents,
  hashText,
  marketOfRow,
  RowMarketsSchema,
  toIndexDocument,
  twoDigits,
} from "~/.server/search/document";
import { toPercent } from "~/lib/format";
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
  it("keeps the card's fields: markets with title, group title, outcomes, prices, token ids", () => {
    const doc = toIndexDocument(MULTI);
    expect(doc?.id).toBe(Number(MULTI.id));
    expect(doc?.body.markets.length).toBe(MULTI.markets.length + MULTI.resolved.length);
    const first = doc?.body.markets[0];
    const market = MULTI.markets[0];
    expect(first).toEqual({
      id: market?.id,
      slug: market?.slug,
      title: market?.title,
      groupTitle: market?.groupTitle,
      outcomes: market?.outcomes,
      firstPriceChange24h: market?.firstPriceChange24h,
      volume24h: market?.volume24h,
      closed: false,
      // Its own end date: its state is its own, not its event's.
      endDate: market?.endDate,
    });
    expect(first?.groupTitle).not.toBeNull();
    expect(first?.outcomes[0]?.tokenId).toMatch(/^\d+$/);
  });

  it("hashes every recorded event as rows written under the old field names were hashed: nothing is rewritten", () => {
    // Digests of the 249 recorded events' hashes, computed by the index before its rows kept `Market`'s
    // names (`question`, `label`, `change24h` in points): a row whose figures did not move keeps its hash.
    const docs = raw.flatMap((item) => {
      const event = normaliseGammaEvent(item);
      const doc = event && toIndexDocument(event);
      return doc ? [doc] : [];
    });
    expect(docs).toHaveLength(249);
    expect(hashText(docs.map((d) => d.priceHash).join(","))).toBe("593bb57382485c1e");
    expect(hashText(docs.map((d) => d.textHash).join(","))).toBe("39488a436260eac2");
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
          firstPriceChange24h: (Math.round(toPercent(m.firstPriceChange24h)) + 0.2) / 100,
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
      withFirstMarket(MULTI, (m) => ({ firstPriceChange24h: m.firstPriceChange24h + 0.01 })),
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

describe("reading a row's markets", () => {
  const event = { slug: MULTI.slug, endDate: MULTI.endDate, tags: MULTI.tags };
  const read = (json: string) =>
    v.parse(RowMarketsSchema, JSON.parse(json)).map((m) => marketOfRow(m, event));
  const written = toIndexDocument(MULTI)?.body.markets ?? [];
  /** The same markets as rows written before the row kept `Market`'s names: the 24 h change in points. */
  const old = written.map(({ title, groupTitle, firstPriceChange24h, ...m }) => ({
    ...m,
    question: title,
    label: groupTitle,
    change24h: toPercent(firstPriceChange24h),
  }));

  it("reads a row as the event's markets: what the row keeps, unknown what it does not", () => {
    const [first] = read(JSON.stringify(written));
    const market = MULTI.markets[0];
    expect(first).toEqual({
      ...market,
      description: "",
      image: null,
      // The event's end date (the row's own is not read yet, see RowMarketsSchema).
      endDate: MULTI.endDate,
      volume: null,
      liquidity: null,
      tags: MULTI.tags.map((t) => t.label),
      event: { slug: MULTI.slug },
      conditionId: null,
      resolution: null,
      resolutionHistory: [],
    });
  });

  it("reads rows written under the old names, and their change in points, as today's", () => {
    expect(written.some((m) => m.firstPriceChange24h !== 0)).toBe(true);
    expect(read(JSON.stringify(old))).toEqual(read(JSON.stringify(written)));
    // A row written before markets kept their end dates reads alike.
    expect(read(JSON.stringify(old.map(({ endDate, ...m }) => m)))).toEqual(read(JSON.stringify(written)));
  });
});
