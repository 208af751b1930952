/** The one market factory for tests: a plain binary market, with what a test cares about overridden. */
import type { DisplayMarket, Market, MarketEvent, MentionsSource, Recommendation } from "~/lib/types";

/** A normalised feed market (Yes 40¢ / No 60¢, ends 2026-12-31). */
export function makeMarket(overrides: Partial<Market> & { id?: string } = {}): Market {
  const id = overrides.id ?? "m1";
  return {
    id,
    title: `Will market ${id} resolve Yes?`,
    description: `Resolves Yes if market ${id} happens.`,
    image: null,
    endDate: "2026-12-31T00:00:00Z",
    volume: 1000,
    volume24h: 100,
    liquidity: 50,
    yesLabel: "Yes",
    noLabel: "No",
    firstPriceChange24h: 0,
    tags: [],
    slug: null,
    outcomes: [
      { label: "Yes", price: 0.4, tokenId: null },
      { label: "No", price: 0.6, tokenId: null },
    ],
    event: null,
    conditionId: null,
    closed: false,
    resolution: null,
    resolutionHistory: [],
    groupTitle: null,
    ...overrides,
  };
}

export interface DisplayOverrides {
  id: string;
  title?: string;
  volume?: number;
  yesPrice?: number;
  priceChange24h?: number;
  endDate?: string | null;
  tags?: string[];
  score?: number;
  confidence?: number;
  recommendation?: Recommendation;
  mentions?: number;
  trending?: boolean;
  mentionsSource?: MentionsSource;
  sentimentSource?: string;
}

/** A market as the pages show it (estimated sentiment and mentions unless overridden). */
export function makeDisplayMarket(o: DisplayOverrides): DisplayMarket {
  const yesPrice = o.yesPrice ?? 50;
  return {
    id: o.id,
    title: o.title ?? `Market ${o.id}`,
    image: null,
    yesPrice,
    noPrice: 100 - yesPrice,
    yesLabel: "Yes",
    noLabel: "No",
    volume: o.volume ?? 1000,
    volume24h: 100,
    liquidity: 50,
    priceChange24h: o.priceChange24h ?? 0,
    endDate: o.endDate === undefined ? "2027-01-01T00:00:00Z" : o.endDate,
    tags: o.tags ?? [],
    slug: null,
    eventSlug: `event-${o.id}`,
    sentiment: {
      score: o.score ?? 0,
      confidence: o.confidence ?? 65,
      recommendation: o.recommendation ?? "NEUTRAL",
      twitterBuzz: o.mentions ?? 0,
      grokAnalysis: "No analysis available",
      source: o.sentimentSource ?? "estimated",
    },
    isLive: true,
    twitterTrending: o.trending ?? false,
    twitterSentiment: "neutral",
    isTwitterLive: o.mentionsSource === "live",
    mentionsSource: o.mentionsSource ?? "estimated",
  };
}

/**
 * A Data API trade row numbered `n` (ids, slugs and a time n minutes before `nowMs` derived from it;
 * the timestamp in seconds, as the API gives it), a $60K Yes buy unless `fields` say otherwise.
 */
export function makeTradeRow(n: number, fields: Record<string, unknown>, nowMs: number) {
  const hash = (k: number) => `0x${String(k).padStart(64, "0")}`;
  return {
    proxyWallet: "0x1234567890abcdef1234567890abcdef12345678",
    side: "BUY",
    asset: String(1000 + n),
    conditionId: hash(n),
    size: 100_000,
    price: 0.6,
    timestamp: (nowMs - n * 60_000) / 1000,
    title: `Market ${n}?`,
    slug: `market-${n}`,
    eventSlug: `event-${n}`,
    outcome: "Yes",
    outcomeIndex: 0,
    name: "",
    pseudonym: "",
    transactionHash: hash(100 + n),
    ...fields,
  };
}

/** An event holding `markets` (one-market when given one), open, ending with its first market. */
export function makeEvent(id: string, markets: Market[], overrides: Partial<MarketEvent> = {}): MarketEvent {
  const slug = overrides.slug ?? `event-${id}`;
  return {
    id,
    slug,
    title: `Event ${id}?`,
    description: `Rules of event ${id}.`,
    resolutionSource: null,
    image: null,
    endDate: markets[0]?.endDate ?? null,
    startDate: null,
    volume24h: markets.reduce((sum, m) => sum + m.volume24h, 0),
    volume: markets.reduce((sum, m) => sum + (m.volume ?? 0), 0),
    liquidity: markets.reduce((sum, m) => sum + (m.liquidity ?? 0), 0),
    negRisk: markets.length > 1,
    tags: [],
    markets: markets.map((m) => ({ ...m, event: { slug } })),
    resolved: [],
    ...overrides,
  };
}

/** A multi-outcome event's bucket: its market priced `cents` for Yes, named `label`. */
export function makeBucket(
  id: string,
  label: string,
  cents: number,
  overrides: Partial<Market> = {},
): Market {
  return makeMarket({
    id,
    slug: `bucket-${id}`,
    title: `Will ${label} win?`,
    groupTitle: label,
    outcomes: [
      { label: "Yes", price: cents / 100, tokenId: `t-${id}-yes` },
      { label: "No", price: 1 - cents / 100, tokenId: `t-${id}-no` },
    ],
    ...overrides,
  });
}
