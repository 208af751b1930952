/**
 * The market shapes the pages and the API share, as valibot schemas: the TypeScript types are inferred
 * from them (app/lib/types.ts, app/lib/market-page.ts) and the OpenAPI document is generated from them.
 */
import * as v from "valibot";

const percent = v.pipe(v.number(), v.description("Percent 0–100"));
const isoTime = v.pipe(v.string(), v.description("ISO 8601 time"));
const nullableIso = v.nullable(isoTime);

export const RecommendationSchema = v.picklist(["BUY_YES", "BUY_NO", "NEUTRAL"]);
export const SentimentLabelSchema = v.picklist(["bullish", "bearish", "neutral"]);
export const MentionsSourceSchema = v.picklist(["live", "estimated"]);

/** The side a call buys, on the market of the outcome it names. */
export const CallSideSchema = v.picklist(["buy_yes", "buy_no"]);

/** The call an event's forecast makes, as the record keeps it. */
export const EventCallSchema = v.object({
  marketId: v.string(),
  side: CallSideSchema,
  recommendation: RecommendationSchema,
  /** What is bought: the outcome ("Trump") for buy-yes, "No" on it for buy-no, or a one-market event's side. */
  outcome: v.pipe(v.string(), v.description('The side bought, as a trader reads it ("Yes", "No · Trump")')),
  sidePrice: v.pipe(v.number(), v.description("Price of the side bought at the call, 0–1")),
  edge: v.pipe(
    v.nullable(v.number()),
    v.description(
      "The model's probability of the side bought minus its price, whole percentage points; null for an estimate's call",
    ),
  ),
});

/** A market card: SPEC §3 "Display market" plus links and labels. */
export const DisplayMarketSchema = v.pipe(
  v.object({
    id: v.string(),
    title: v.string(),
    image: v.nullable(v.string()),
    yesPrice: v.pipe(v.number(), v.description("The first outcome's price, percent 0–100")),
    noPrice: v.pipe(v.number(), v.description("The second outcome's price, percent 0–100")),
    yesLabel: v.pipe(v.string(), v.description('First outcome\'s label ("Yes", a team, "Up")')),
    noLabel: v.string(),
    volume: v.pipe(v.number(), v.description("Total volume, USD")),
    volume24h: v.number(),
    liquidity: v.number(),
    priceChange24h: v.pipe(v.number(), v.description("24 h change of the first outcome, percentage points")),
    endDate: nullableIso,
    tags: v.array(v.string()),
    slug: v.nullable(v.string()),
    eventSlug: v.nullable(v.string()),
    sentiment: v.object({
      score: v.pipe(v.number(), v.description("Signed, about −72..72")),
      confidence: percent,
      recommendation: RecommendationSchema,
      twitterBuzz: v.pipe(v.number(), v.description("X mentions counted for the market's keyword")),
      grokAnalysis: v.pipe(v.string(), v.description("The analysis text")),
      source: v.pipe(v.string(), v.description('Model id, or "estimated"')),
    }),
    isLive: v.boolean(),
    twitterTrending: v.boolean(),
    twitterSentiment: SentimentLabelSchema,
    isTwitterLive: v.boolean(),
    mentionsSource: MentionsSourceSchema,
    spark: v.optional(
      v.pipe(
        v.array(v.number()),
        v.description("The first outcome's price (0–1) hourly over the last 24 hours, ending now"),
      ),
    ),
  }),
  v.metadata({ ref: "Market" }),
);

export const OutcomePriceSchema = v.object({
  label: v.string(),
  price: v.pipe(v.number(), v.minValue(0), v.maxValue(1), v.description("0–1")),
});

/** Open for trading, past its end date awaiting resolution, or resolved (with the winning outcome). */
export const MarketStatusSchema = v.variant("kind", [
  v.object({ kind: v.literal("open") }),
  v.object({ kind: v.literal("awaiting"), since: nullableIso }),
  v.object({ kind: v.literal("resolved"), outcome: v.nullable(v.string()) }),
]);

/**
 * Where a page's figures came from: the top-100 snapshot, Gamma on demand, our last stored point, or the
 * search index of every open event (an event page outside the snapshot, decision 0037).
 */
export const MarketSourceSchema = v.variant("kind", [
  v.object({ kind: v.literal("snapshot"), at: isoTime, stale: v.boolean() }),
  v.object({ kind: v.literal("gamma"), at: isoTime, stale: v.boolean() }),
  v.object({ kind: v.literal("history"), at: isoTime }),
  v.object({
    kind: v.literal("index"),
    at: v.pipe(
      v.string(),
      v.description("ISO 8601 time the index last wrote the figures (a price moved a cent)"),
    ),
    checkedAt: v.pipe(
      v.nullable(v.string()),
      v.description(
        "ISO 8601 end of the index's last full pass, when later than `at`: the figures were unchanged then",
      ),
    ),
  }),
]);

export const MarketViewSchema = v.pipe(
  v.object({
    id: v.string(),
    slug: v.string(),
    title: v.string(),
    description: v.nullable(v.string()),
    image: v.nullable(v.string()),
    eventSlug: v.nullable(v.string()),
    conditionId: v.nullable(v.string()),
    clobTokenIds: v.array(v.string()),
    outcomes: v.array(OutcomePriceSchema),
    volume24h: v.nullable(v.number()),
    totalVolume: v.nullable(v.number()),
    liquidity: v.nullable(v.number()),
    endDate: nullableIso,
    status: MarketStatusSchema,
    source: MarketSourceSchema,
  }),
  v.metadata({ ref: "MarketDetail" }),
);

/** The current analysis, when the market is in the top 100. */
export const CurrentAnalysisSchema = v.pipe(
  v.object({
    sentiment: SentimentLabelSchema,
    confidence: percent,
    recommendation: v.pipe(
      RecommendationSchema,
      v.description(
        "This market's side of its event's call; NEUTRAL when the call is on another market or none",
      ),
    ),
    call: v.pipe(
      v.nullable(EventCallSchema),
      v.description(
        "Its event's call (on this or another of the event's markets), as the event's card shows it",
      ),
    ),
    noCall: v.pipe(v.nullable(v.string()), v.description("Why its event has no call; null when it has one")),
    reasoning: v.string(),
    source: v.pipe(v.string(), v.description('Model id, or "estimated"')),
    mentions: v.number(),
    mentionsSource: MentionsSourceSchema,
  }),
  v.metadata({ ref: "Analysis" }),
);

/** One row of a market's price history: every outcome's price (0–1, null before its first point) at `t`. */
export const HistoryPointSchema = v.object({
  t: v.pipe(v.number(), v.description("Epoch seconds")),
  prices: v.array(v.nullable(v.number())),
  source: v.pipe(v.picklist(["ours", "clob"]), v.description("Our 10-minute history, or Polymarket's CLOB")),
});
