/**
 * The event shapes the pages and the API share (the event is the unit of cards, calls and
 * pages), as valibot schemas: the TypeScript types are inferred from them and the OpenAPI document is
 * generated from them.
 */
import * as v from "valibot";
import { EventCallSchema, MentionsSourceSchema, SentimentLabelSchema } from "./market";
import { AnswerProvenanceSchema } from "./provenance";

export { CallSideSchema, EventCallSchema } from "./market";

const percent = v.pipe(v.number(), v.description("Percent 0–100"));
const probability = v.pipe(v.number(), v.minValue(0), v.maxValue(1), v.description("0–1"));
const nullableIso = v.nullable(v.pipe(v.string(), v.description("ISO 8601 time")));

/**
 * One outcome of an event as a card lists it: a market of a multi-outcome event (named by its group title,
 * priced by its Yes side), or one side of a one-market event.
 */
export const EventOutcomeSchema = v.object({
  marketId: v.string(),
  marketSlug: v.nullable(v.string()),
  label: v.string(),
  price: v.pipe(v.number(), v.description("0–1 (0.335 is 33.5¢)")),
  priceChange24h: v.pipe(v.number(), v.description("24 h change, percentage points")),
});

/** The model's (or the estimate's) forecast for an event, as a card and the API show it. */
export const EventForecastSchema = v.pipe(
  v.object({
    sentiment: SentimentLabelSchema,
    score: v.pipe(v.number(), v.description("Signed, about −72..72")),
    confidence: percent,
    reasoning: v.string(),
    source: v.pipe(v.string(), v.description('Model id, or "estimated"')),
    call: v.nullable(EventCallSchema),
    pricedAt: v.pipe(
      v.string(),
      v.description(
        "ISO 8601 time of the prices the call (or no call) was worked out at; `market` in probabilities is the price then",
      ),
    ),
    noCall: v.pipe(
      v.nullable(v.string()),
      v.description(
        'Why there is no call, with its figure ("Largest gap 3 points, below the 8-point threshold", "Ended, awaiting resolution", …); null when there is one',
      ),
    ),
    probabilities: v.pipe(
      v.array(v.object({ marketId: v.string(), label: v.string(), model: probability, market: probability })),
      v.description(
        "The model's probability beside the market's for the leading outcomes; empty for estimates",
      ),
    ),
  }),
  v.metadata({ ref: "EventForecast" }),
);

/** An event's X count and the query it counted: events whose titles give one query share its count. */
const EventMentionsSchema = v.object({
  count: v.pipe(
    v.number(),
    v.description(
      'Original X posts of the last 7 days with the phrase `query`; an estimate when `source` is "estimated"',
    ),
  ),
  query: v.pipe(
    v.string(),
    v.description(
      'The exact phrase counted, derived from the event\'s title ("Bitcoin", "2028 presidential election"); events that share it share one count, and totals count it once',
    ),
  ),
  trending: v.boolean(),
  source: MentionsSourceSchema,
});

/** A card's word on UMA's resolution: the event's market whose answer is proposed or disputed. */
export const CardResolutionSchema = v.pipe(
  v.object({
    marketId: v.string(),
    label: v.pipe(
      v.nullable(v.string()),
      v.description("The market's name in a multi-outcome event; null for a one-market event"),
    ),
    state: v.picklist(["proposed", "disputed"]),
    answer: v.pipe(
      v.nullable(v.string()),
      v.description(
        'The proposed answer (an outcome\'s label or "50-50"); null until the Data API has said it',
      ),
    ),
    finalAt: v.pipe(
      nullableIso,
      v.description(
        "When the proposal becomes final unless disputed (or the vote's expected end); null until the Data API has said it",
      ),
    ),
    others: v.pipe(v.number(), v.description("The event's other markets proposed or disputed")),
  }),
  v.metadata({ ref: "CardResolution" }),
);

/** What an event is, whether or not we forecast it: the card's fields but its forecast and X count. */
const eventFacts = {
  id: v.string(),
  slug: v.string(),
  title: v.pipe(
    v.string(),
    v.description("Its title; a one-market event's blank (\"___\") filled with its market's label"),
  ),
  question: v.pipe(
    v.nullable(v.string()),
    v.description(
      "A one-market event's own market question when it says more than the title (the strike, the date); else null",
    ),
  ),
  image: v.nullable(v.string()),
  endDate: v.pipe(
    v.nullable(v.string()),
    v.description("ISO 8601 time its last market ends (the markets' own end dates, not the event's)"),
  ),
  endsFrom: v.pipe(
    v.nullable(v.string()),
    v.description("ISO 8601 time its first market ends, when its markets end on different dates; else null"),
  ),
  startDate: nullableIso,
  volume: v.pipe(v.number(), v.description("Total volume, USD")),
  volume24h: v.number(),
  liquidity: v.number(),
  tags: v.array(v.string()),
  category: v.nullable(v.string()),
  multi: v.pipe(v.boolean(), v.description("More than one market: each outcome is its own market")),
  outcomes: v.pipe(
    v.array(EventOutcomeSchema),
    v.description("A one-market event's two sides, or a multi-outcome event's leading three by price"),
  ),
  moreOutcomes: v.pipe(v.number(), v.description("Open outcomes not listed")),
  priceChange24h: v.pipe(v.number(), v.description("24 h change of the leading outcome, points")),
  isLive: v.boolean(),
  resolution: v.pipe(
    v.nullable(CardResolutionSchema),
    v.description(
      "A market of the event whose answer is proposed or disputed (disputed first), from Gamma's state; null when none is (or, from our index, not known)",
    ),
  ),
  href: v.pipe(v.string(), v.description("The event page, or a one-market event's market page")),
  spark: v.optional(
    v.pipe(v.array(v.number()), v.description("The leading outcome's price (0–1) hourly over 24 hours")),
  ),
};

/** An event card: the unit of the lists. */
export const DisplayEventSchema = v.pipe(
  v.object({ ...eventFacts, forecast: EventForecastSchema, mentions: EventMentionsSchema }),
  v.metadata({ ref: "Event" }),
);

/**
 * One event in full (`/api/v1/events/{slug}`): its card's fields, the forecast and X count when it is among
 * the busiest events (null otherwise), and every open outcome.
 */
/**
 * An event whether or not we forecast it (a search result, one event in full): the card's fields, with our
 * forecast and X count only for the busiest events (the snapshot's), null for any other open event.
 */
const anyEvent = {
  ...eventFacts,
  forecast: v.pipe(
    v.nullable(EventForecastSchema),
    v.description("Our forecast; null when the event is not among the busiest events (the snapshot)"),
  ),
  mentions: v.pipe(
    v.nullable(EventMentionsSchema),
    v.description(
      "X mentions of the query derived from the event's title; null when the event is not in the snapshot",
    ),
  ),
};

export const AnyEventSchema = v.pipe(v.object(anyEvent), v.metadata({ ref: "AnyEvent" }));

/**
 * A search result: the event, and the outcome the search's words name with its own price, so that a
 * suggestion for "luna" shows Luna's price rather than the leader's.
 */
export const SearchEventSchema = v.pipe(
  v.object({
    ...anyEvent,
    matchedOutcome: v.pipe(
      v.nullable(EventOutcomeSchema),
      v.description(
        "The outcome whose name holds the search's words (any open outcome, listed in outcomes or not), with its own price; null when the title or tags matched instead",
      ),
    ),
  }),
  v.metadata({ ref: "SearchEvent" }),
);

/** Where one market stands in UMA's resolution (lib/resolution.ts). */
export const MarketResolutionSchema = v.pipe(
  v.object({
    marketId: v.string(),
    marketSlug: v.nullable(v.string()),
    label: v.pipe(
      v.string(),
      v.description("The market's name in the event (its group title, else its question)"),
    ),
    state: v.pipe(
      v.picklist(["open", "proposed", "disputed", "resolved"]),
      v.description(
        "open: trading or no answer proposed; proposed: an answer waits out its challenge window; disputed: UMA's vote decides (48–72 h); resolved: final",
      ),
    ),
    answer: v.pipe(
      v.nullable(v.string()),
      v.description(
        'The proposed (or, resolved, the final) answer: an outcome\'s label or "50-50"; null when not known',
      ),
    ),
    finalAt: v.pipe(
      nullableIso,
      v.description(
        "When a proposal becomes final unless disputed, or the vote's expected end; null when not known",
      ),
    ),
    wasDisputed: v.pipe(v.boolean(), v.description("An answer was disputed at some point")),
  }),
  v.metadata({ ref: "MarketResolution" }),
);

const money = v.pipe(v.number(), v.description("USD"));

/** An event's smart money (decision 0055): the top wallets of the all-time PnL board holding each outcome. */
export const SmartMoneySchema = v.pipe(
  v.object({
    outcomes: v.array(
      v.object({
        key: v.string(),
        label: v.string(),
        price: probability,
        wallets: v.pipe(v.number(), v.description("Smart wallets among the outcome's top holders")),
        enough: v.pipe(
          v.boolean(),
          v.description(
            "At least 3 smart wallets hold it; false: its figures are withheld (zero, null, no holders)",
          ),
        ),
        shares: v.number(),
        value: v.pipe(v.number(), v.description("Their shares at the price now, USD")),
        avgEntry: v.pipe(
          v.nullable(v.number()),
          v.description("Share-weighted average entry, 0–1, where known"),
        ),
        netFlow24h: v.pipe(
          v.number(),
          v.description("Bought minus sold by smart wallets in the last 24 hours, USD"),
        ),
        holders: v.array(
          v.object({
            wallet: v.string(),
            rank: v.pipe(v.number(), v.description("Rank on the all-time PnL board")),
            name: v.nullable(v.string()),
            shares: v.number(),
            value: money,
          }),
        ),
      }),
    ),
    lean: v.pipe(
      v.nullable(v.object({ key: v.string(), label: v.string(), share: probability, price: probability })),
      v.description(
        "The outcome whose share of the smart value is furthest above its price, when at least 10 points; null: no lean",
      ),
    ),
    leanText: v.string(),
    line: v.pipe(
      v.nullable(v.string()),
      v.description("The cards' line; null when nothing rests on 3 wallets"),
    ),
    wallets: v.pipe(v.number(), v.description("Distinct smart wallets over every outcome")),
    method: v.pipe(v.string(), v.description('How "smart" is defined')),
    asOf: v.pipe(v.string(), v.description("ISO 8601 time the holders and trades were read")),
  }),
  v.metadata({ ref: "SmartMoney" }),
);

/** One of the event's markets Kalshi also lists (decision 0057): Kalshi's stored prices beside Polymarket's. */
export const KalshiPairSchema = v.pipe(
  v.object({
    polymarketId: v.pipe(v.string(), v.description("The Polymarket market (an outcome's marketId)")),
    ticker: v.pipe(v.string(), v.description("Kalshi's market ticker")),
    title: v.pipe(v.string(), v.description("Kalshi's question")),
    url: v.pipe(v.string(), v.description("Kalshi's page of the market's event")),
    rulesUrl: v.pipe(v.string(), v.description("Kalshi's page of the market's series, where its rules are")),
    price: v.pipe(
      v.nullable(probability),
      v.description(
        "Kalshi's Yes price: its last trade, else its quote's middle; null when it quotes neither",
      ),
    ),
    bid: v.pipe(v.nullable(probability), v.description("Kalshi's best Yes bid")),
    ask: v.pipe(v.nullable(probability), v.description("Kalshi's best Yes ask")),
    volume24h: v.pipe(v.nullable(v.number()), v.description("Contracts traded on Kalshi in 24 h")),
    readAt: v.pipe(
      v.string(),
      v.description("ISO 8601 time Kalshi's figures were read (up to a crawl pass old)"),
    ),
    closed: v.pipe(
      v.boolean(),
      v.description("Kalshi no longer lists the market open: its last price is given"),
    ),
    gap: v.pipe(
      v.nullable(v.number()),
      v.description(
        "Kalshi's price minus Polymarket's (the outcome's price in outcomes), whole cents, before fees; null without a Kalshi price. Not an arbitrage: the two venues' rules can differ",
      ),
    ),
    score: v.pipe(v.number(), v.description("The matcher's 0–1 (1 for a pair confirmed by hand)")),
    reasons: v.pipe(v.array(v.string()), v.description("How the pair was matched")),
    decidedBy: v.pipe(
      v.picklist(["score", "confirmed"]),
      v.description('"score": the matcher\'s; "confirmed": confirmed by hand'),
    ),
    endDatesApartDays: v.pipe(
      v.nullable(v.number()),
      v.description("Days between the two markets' end dates when more than one apart; else null"),
    ),
  }),
  v.metadata({ ref: "KalshiPair" }),
);

export const EventDetailSchema = v.pipe(
  v.object({
    event: AnyEventSchema,
    outcomes: v.pipe(v.array(EventOutcomeSchema), v.description("Every open outcome read, dearest first")),
    outcomeCount: v.pipe(
      v.number(),
      v.description(
        "Open outcomes the event has: more than outcomes lists when only part could be read (see notes)",
      ),
    ),
    inSnapshot: v.pipe(
      v.boolean(),
      v.description(
        "Among the busiest events (/events); false: from our index of every open event, or read from Polymarket on demand",
      ),
    ),
    fetchedAt: v.pipe(
      v.string(),
      v.description(
        "ISO 8601 time the prices were fetched from Polymarket (from the index: when its row last changed, a price moving a cent)",
      ),
    ),
    resolutions: v.pipe(
      v.nullable(v.array(MarketResolutionSchema)),
      v.description(
        "Each market read (open and resolved ones), where it stands in UMA's resolution: Gamma's state, with the Data API's answer and times for markets proposed or disputed; null for an event read from our index, which keeps no UMA state",
      ),
    ),
    notes: v.optional(v.pipe(v.array(v.string()), v.description("What could not be read"))),
    provenance: AnswerProvenanceSchema,
    smartMoney: v.optional(
      v.pipe(
        v.nullable(SmartMoneySchema),
        v.description(
          "Smart money over the dearest 20 open outcomes; null when it cannot be read (why is in notes)",
        ),
      ),
    ),
    kalshi: v.optional(
      v.pipe(
        v.nullable(v.array(KalshiPairSchema)),
        v.description(
          "The event's markets Kalshi also lists, with Kalshi's stored prices; empty without a pair, null when they cannot be read (why is in notes)",
        ),
      ),
    ),
  }),
  v.metadata({ ref: "EventDetail" }),
);
