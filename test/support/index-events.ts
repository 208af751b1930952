/**
 * Gamma events for the search index's tests and bench (decision 0034), built from the recorded ones: the 100
 * open events of `gamma-events-active-100.json` and the 149 of `gamma-events-149.json` reopened (their
 * markets traded again at varied prices). `indexEvents(n)` makes any number of distinct open events from
 * them: new ids and slugs, titles varied by a word list, prices, changes and volumes varied, all from a
 * seeded generator (the same call gives the same events). Items are Gamma's raw shape as `/events/keyset`
 * lists them, trimmed to the fields the parser reads.
 */

import closed149 from "../fixtures/polymarket/gamma-events-149.json" with { type: "json" };
import active100 from "../fixtures/polymarket/gamma-events-active-100.json" with { type: "json" };

export type GammaEventJson = Record<string, unknown> & {
  id: string;
  slug: string;
  title: string;
  markets: GammaMarketJson[];
};
export type GammaMarketJson = Record<string, unknown> & { id: string };

const EVENT_FIELDS = [
  "id",
  "slug",
  "title",
  "description",
  "resolutionSource",
  "image",
  "icon",
  "endDate",
  "startDate",
  "volume24hr",
  "volume",
  "liquidity",
  "negRisk",
  "tags",
] as const;
const MARKET_FIELDS = [
  "id",
  "question",
  "groupItemTitle",
  "slug",
  "image",
  "icon",
  "endDate",
  "volume",
  "volumeNum",
  "volume24hr",
  "liquidity",
  "liquidityNum",
  "oneDayPriceChange",
  "outcomes",
  "outcomePrices",
  "clobTokenIds",
  "conditionId",
] as const;

/** Words the varied titles draw from: each lands in about 1 in 50 generated titles (two words a title). */
export const TITLE_WORDS = [
  "Alpine",
  "Amber",
  "Arctic",
  "Atlas",
  "Aurora",
  "Beacon",
  "Birch",
  "Blaze",
  "Cedar",
  "Cobalt",
  "Comet",
  "Coral",
  "Crimson",
  "Delta",
  "Dune",
  "Echo",
  "Ember",
  "Falcon",
  "Fjord",
  "Flint",
  "Galaxy",
  "Garnet",
  "Glacier",
  "Harbor",
  "Hazel",
  "Horizon",
  "Indigo",
  "Iris",
  "Jade",
  "Juniper",
  "Kestrel",
  "Lagoon",
  "Lantern",
  "Lotus",
  "Lunar",
  "Maple",
  "Meadow",
  "Mesa",
  "Nebula",
  "Nimbus",
  "Oasis",
  "Onyx",
  "Orchid",
  "Pebble",
  "Pioneer",
  "Prairie",
  "Quartz",
  "Raven",
  "Ridge",
  "Saffron",
  "Sierra",
  "Solstice",
  "Summit",
  "Tundra",
  "Velvet",
  "Willow",
  "Zenith",
  "Zephyr",
  "Équinoxe",
  "Größe",
] as const;

/** mulberry32: a small seeded generator (0..1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T extends Record<string, unknown>>(
  item: T,
  fields: readonly string[],
): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f in item).map((f) => [f, item[f]]));
}

/** Outcome labels as Gamma sends them (a JSON string), or Yes/No. */
function labelsOf(market: Record<string, unknown>): string[] {
  try {
    const parsed: unknown =
      typeof market.outcomes === "string" ? JSON.parse(market.outcomes) : (market.outcomes ?? ["Yes", "No"]);
    return Array.isArray(parsed) && parsed.length > 0 ? parsed.map(String) : ["Yes", "No"];
  } catch {
    return ["Yes", "No"];
  }
}

/** `n` prices that sum to 1, each to a tenth of a cent, none at 0 or 1. */
function prices(n: number, next: () => number): string[] {
  const weights = Array.from({ length: n }, () => 0.05 + next());
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (Math.round((w / total) * 1000) / 1000).toFixed(3));
}

/** A market of `event` traded again: active, not closed, placeholder markets (no prices) left as they are. */
function openMarket(market: Record<string, unknown>, next: () => number, vary: boolean): GammaMarketJson {
  const kept = pick(market, MARKET_FIELDS) as GammaMarketJson;
  const placeholder = market.outcomePrices === undefined || market.outcomePrices === null;
  const open: GammaMarketJson = { ...kept, active: !placeholder, closed: false };
  if (placeholder || !vary) return open;
  const volume24hr = Math.round(10 ** (1 + next() * 5) * 100) / 100;
  return {
    ...open,
    outcomePrices: JSON.stringify(prices(labelsOf(market).length, next)),
    oneDayPriceChange: Math.round((next() - 0.5) * 1000) / 10_000,
    volume24hr,
    volumeNum: volume24hr * (5 + next() * 50),
  };
}

const asEvents = (items: unknown): Record<string, unknown>[] => items as Record<string, unknown>[];

/**
 * The 249 recorded events as open events: the active ones as recorded (trimmed), the closed ones reopened
 * with varied prices (seeded). Their ids, slugs and titles are the recorded ones.
 */
export function recordedOpenEvents(seed = 1): GammaEventJson[] {
  const next = random(seed);
  const open = (event: Record<string, unknown>, vary: boolean): GammaEventJson => {
    const markets = (event.markets as Record<string, unknown>[] | undefined) ?? [];
    return {
      ...(pick(event, EVENT_FIELDS) as GammaEventJson),
      active: true,
      closed: false,
      markets: markets.map((m) => openMarket(m, next, vary)),
    };
  };
  return [
    ...asEvents(active100).map((e) => open(e, false)),
    ...asEvents(closed149).map((e) => open(e, true)),
  ];
}

export interface IndexEventsOptions {
  /** Seeds the generator (default 1). */
  seed?: number;
  /** The first generated event id (default 5,000,000: above every recorded one). */
  firstId?: number;
}

/**
 * `count` distinct open events (≥ 10,000 is fine): the recorded ones in turn, each copy with a new id and
 * slug, two words of TITLE_WORDS added to its title ("Fed decision in March? (Amber Willow)"), and its
 * prices, 24 h changes and volumes varied. Market ids are the event id and the market's position.
 */
export function indexEvents(count: number, options: IndexEventsOptions = {}): GammaEventJson[] {
  const seed = options.seed ?? 1;
  const firstId = options.firstId ?? 5_000_000;
  const bases = recordedOpenEvents(seed);
  const next = random(seed * 7919);
  const events: GammaEventJson[] = [];
  for (let i = 0; i < count; i++) {
    const base = bases[i % bases.length] as GammaEventJson;
    const id = firstId + i;
    const words = [0, 1].map(() => TITLE_WORDS[Math.floor(next() * TITLE_WORDS.length)] ?? "Atlas");
    const markets: GammaMarketJson[] = base.markets.map((market, j) => {
      const varied = openMarket(market, next, market.active === true);
      const tokens = labelsOf(market).map((_, k) => `${id}${String(j).padStart(3, "0")}${k}`);
      return {
        ...varied,
        id: `${id}${String(j).padStart(3, "0")}`,
        slug: `${String(market.slug ?? "market")}-${id}`,
        clobTokenIds: JSON.stringify(tokens),
      };
    });
    const volume24hr = markets.reduce(
      (sum, m) => sum + (typeof m.volume24hr === "number" ? m.volume24hr : 0),
      0,
    );
    events.push({
      ...base,
      id: String(id),
      slug: `${base.slug}-${id}`,
      title: `${base.title.trim()} (${words.join(" ")})`,
      volume24hr,
      volume: volume24hr * (20 + next() * 200),
      liquidity: Math.round(10 ** (2 + next() * 4)),
      markets,
    });
  }
  return events;
}
