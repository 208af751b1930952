/**
 * Domain types shared by the server pipeline and the UI (client-safe: no server imports). The shapes
 * the API serves are inferred from their valibot schemas (app/lib/schemas/), which also generate the
 * OpenAPI document: one definition each.
 */
import type { InferOutput } from "valibot";
import type { SnapshotProvenance } from "./provenance";
import type {
  AnyEventSchema,
  CardResolutionSchema,
  DisplayEventSchema,
  EventCallSchema,
  EventDetailSchema,
  EventForecastSchema,
  EventOutcomeSchema,
} from "./schemas/event";
import type {
  DisplayMarketSchema,
  MentionsSourceSchema,
  RecommendationSchema,
  SentimentLabelSchema,
} from "./schemas/market";
import type { TraderSchema, WhaleOutcomeSchema, WhaleRadarSchema, WhaleTradeSchema } from "./schemas/whale";

export type Recommendation = InferOutput<typeof RecommendationSchema>;
export type SentimentLabel = InferOutput<typeof SentimentLabelSchema>;

/** One outcome of a market: what it is called, what it costs, and its CLOB token. */
export interface Outcome {
  /** As the provider names it ("Yes"/"No", "Up"/"Down", a team). */
  label: string;
  /** 0..1. */
  price: number;
  /** Its CLOB token id, null where the provider lists none. */
  tokenId: string | null;
}

/** The event a market belongs to: Polymarket groups sibling markets ("buckets") in one event. */
export interface EventRef {
  slug: string;
}

/**
 * The one market model (decision 0027): a market as the provider lists it, normalised, with every outcome
 * and its event. Cards, the market page and the API bodies are projections of it (display-market.ts,
 * market/resolve.ts); the built-in samples (SPEC §8) are markets too.
 */
export interface Market {
  id: string;
  slug: string | null;
  title: string;
  /**
   * What the market is called inside a multi-outcome event (Gamma's `groupItemTitle`: "Trump",
   * "250k–500k"), null when Gamma gives none.
   */
  groupTitle: string | null;
  description: string;
  /** https URL or null; never a non-https URL from the feed. */
  image: string | null;
  /** ISO timestamp or null when missing/unparseable. */
  endDate: string | null;
  /** Total volume, USD; null where the source keeps none (the search index's rows, our history). */
  volume: number | null;
  volume24h: number;
  /** USD; null where the source keeps none (the search index's rows). */
  liquidity: number | null;
  /** Every outcome in the provider's order, priced 0..1. */
  outcomes: Outcome[];
  /**
   * The labels of the headline pair cards and calls quote: the first outcome against the second, or against
   * "Other" when the provider lists more than two (decision 0002). Its prices are the outcomes'; the percent
   * pair of SPEC §3 is a view of them (`headlinePercent`, display-market.ts).
   */
  yesLabel: string;
  noLabel: string;
  /**
   * 24 h change of the first outcome's price, 0..1 like the price (0.0125 is 1.25 points), to the hundredth
   * of a point; 0 when absent.
   */
  firstPriceChange24h: number;
  tags: string[];
  event: EventRef | null;
  /** The CTF condition id (trades and holders are asked by it), null where the provider lists none. */
  conditionId: string | null;
  /** Trading has ended. */
  closed: boolean;
  /** UMA's resolution status ("proposed", "disputed", "resolved"), null while none. */
  resolution: string | null;
  /** Every UMA status it went through, oldest first (Gamma's `umaResolutionStatuses`); [] where none is known. */
  resolutionHistory: string[];
  /**
   * Polymarket's taker fee on it (Gamma's `feesEnabled`, `feeSchedule`): null when fees are off; absent when
   * Gamma did not say (the fee is then not known).
   */
  fee?: PolymarketFeeSchedule | null;
}

/** A market's taker fee schedule: fee = contracts × rate × (P × (1 − P))^exponent. */
export interface PolymarketFeeSchedule {
  rate: number;
  exponent: number;
}

/** A Gamma tag of an event ("Politics", "NBA"): categories come from these (decision 0028). */
export interface EventTag {
  slug: string;
  label: string;
}

/**
 * An event as Polymarket groups markets ("Who will win the 2028 election?"): the unit of cards, calls and
 * pages. A one-market event is one question; a multi-outcome event holds one market per outcome.
 */
export interface MarketEvent {
  id: string;
  slug: string;
  title: string;
  /** Its rules. */
  description: string;
  resolutionSource: string | null;
  image: string | null;
  endDate: string | null;
  startDate: string | null;
  volume24h: number;
  /** Total volume, USD. */
  volume: number;
  liquidity: number;
  /** Polymarket's negative-risk grouping: the outcomes are mutually exclusive. */
  negRisk: boolean;
  tags: EventTag[];
  /** Its open markets, in Gamma's order. */
  markets: Market[];
  /** Its markets that are closed or no longer active: shown as resolved, not as outcomes to trade. */
  resolved: Market[];
}

/**
 * An event of the search index (decision 0034): any open Polymarket event (not only the 100 busiest) as the
 * index row keeps it, and the index's own fields. Its markets hold what the row stores (search/document.ts):
 * no rules text, image, total volume, liquidity or condition id (null or empty). Figures are as of
 * `updatedAt`: a row is rewritten only when a price moves a cent, a volume its second significant digit, or
 * its text changes.
 */
export interface IndexedEvent extends MarketEvent {
  /** A full pass of Gamma's open events no longer listed it. */
  closed: boolean;
  /** ISO time its row was last written. */
  updatedAt: string;
}

/** Where a figure came from. */
export type MentionsSource = InferOutput<typeof MentionsSourceSchema>;

export interface MentionCount {
  keyword: string;
  mentions: number;
  trending: boolean;
  source: MentionsSource;
}

/** One market's analysis: from the language model or the deterministic estimate. */
export interface MarketAnalysis {
  marketId: string;
  sentiment: SentimentLabel;
  /** Percent 0..100. */
  confidence: number;
  recommendation: Recommendation;
  /** Signed, roughly -72..72 (SPEC: bullish 35..60 × multiplier, bearish mirrored, neutral near 0). */
  score: number;
  reasoning: string;
  /** Model id (e.g. "grok-4-fast-non-reasoning") or "estimated". */
  source: string;
  /** The first outcome's price (0..1) at analysis time. */
  analysedFirstPrice: number;
  /** The model's probability (0..1) that the first outcome happens, when it gave one; never for estimates. */
  probability?: number | null;
}

/** The side a call buys on the market of the outcome it names. */
export type CallSideBought = "buy_yes" | "buy_no";

/**
 * One event's analysis as the build keeps it between runs: the model's forecast (or the estimate), its
 * call before the record's rules (call-rules.ts) are applied, and the prices it saw.
 */
export interface EventAnalysis {
  eventId: string;
  /** Percent 0..100. */
  confidence: number;
  reasoning: string;
  /** Model id (e.g. "grok-4-fast-non-reasoning") or "estimated". */
  source: string;
  /** The model's probability (0..1) per open outcome, by outcome key (event-outcomes.ts); null for estimates. */
  probabilities: Record<string, number> | null;
  /** The call made: buy yes or no on one market of the event; null for none. */
  call: { marketId: string; side: CallSideBought } | null;
  /** The leading outcomes' prices (0..1) at analysis, by key: a move of a point or a new leader re-analyses. */
  analysedPrices: Record<string, number>;
  /** The smart-money lean in words the model was given (decision 0055); null or absent: none was fresh. */
  smartMoney?: string | null;
}

/** An event card. */
export type DisplayEvent = InferOutput<typeof DisplayEventSchema>;
export type EventForecast = InferOutput<typeof EventForecastSchema>;
export type EventCall = InferOutput<typeof EventCallSchema>;
/** One outcome as a card and the API list it. */
export type EventOutcome = InferOutput<typeof EventOutcomeSchema>;
/** An event with our forecast and X count when it is among the busiest, null otherwise (search results). */
export type AnyEvent = InferOutput<typeof AnyEventSchema>;
export type CardResolution = InferOutput<typeof CardResolutionSchema>;
/** One event in full, as `/api/v1/events/{slug}` answers it. */
export type EventDetail = InferOutput<typeof EventDetailSchema>;

/** SPEC §3 "Display market", plus what the card needs for links and labels. */
export type DisplayMarket = InferOutput<typeof DisplayMarketSchema>;

export interface MarketSnapshot {
  /** The cards: the busiest events, busiest first. */
  events: DisplayEvent[];
  /** The open markets of those events, busiest event first, at most 100: the API's market bodies. */
  markets: DisplayMarket[];
  /** X mentions over the events, each distinct query once (events that share a query share its count). */
  totalMentions: number;
  /** What the markets, the mention counts and the sentiment are made of. */
  provenance: SnapshotProvenance;
  /** ISO time the data was fetched from the provider. */
  fetchedAt: string;
  /** Past its freshness window (served while a refresh runs or keeps failing). */
  stale?: boolean;
  /** Set when the last refresh failed: what went wrong (data shown is older or sample). */
  error?: string;
  /** Set while refreshes fail: when the failures began (the data shown is from `fetchedAt`). */
  failingSince?: string;
}

export type WhaleOutcome = InferOutput<typeof WhaleOutcomeSchema>;

export type WhaleRadar = InferOutput<typeof WhaleRadarSchema>;

/**
 * SPEC §3 "Whale trade" plus links and labels. `radar` is added where a list is shown (from the wallet
 * facts stored in D1): null when the wallet is not checked yet, absent where no one looked.
 */
export type WhaleTrade = InferOutput<typeof WhaleTradeSchema> & { radar?: WhaleRadar | null };
export type Trader = InferOutput<typeof TraderSchema>;

export interface WhaleSnapshot {
  trades: WhaleTrade[];
  fetchedAt: string;
  error?: string;
  /** Set while refreshes fail and older trades are served: when the failures began. */
  failingSince?: string;
}
