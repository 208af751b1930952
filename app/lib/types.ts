/**
 * Domain types shared by the server pipeline and the UI (client-safe: no server imports). The shapes
 * the API serves are inferred from their valibot schemas (app/lib/schemas/), which also generate the
 * OpenAPI document: one definition each.
 */
import type { InferOutput } from "valibot";
import type { SnapshotProvenance } from "./provenance";
import type {
  DisplayMarketSchema,
  MentionsSourceSchema,
  RecommendationSchema,
  SentimentLabelSchema,
} from "./schemas/market";
import type { TraderSchema, WhaleOutcomeSchema, WhaleTradeSchema } from "./schemas/whale";

export type Recommendation = InferOutput<typeof RecommendationSchema>;
export type SentimentLabel = InferOutput<typeof SentimentLabelSchema>;

/** A market from the provider feed, normalised (SPEC §3 "Market" plus link slugs). */
export interface Market {
  id: string;
  title: string;
  description: string;
  /** https URL or null; never a non-https URL from the feed. */
  image: string | null;
  /** ISO timestamp or null when missing/unparseable. */
  endDate: string | null;
  totalVolume: number;
  volume24h: number;
  liquidity: number;
  /** Percent 0..100 of the first outcome ("Yes" for binary markets). Shown in cents. */
  yesPrice: number;
  /** Percent 0..100 of the second outcome (or 100 - yesPrice when there is none). */
  noPrice: number;
  /** Outcome labels as the provider names them ("Yes"/"No", "Up"/"Down", team names). */
  yesLabel: string;
  noLabel: string;
  /** 24h change of the first outcome's price, in percentage points (0 when absent). */
  priceChange24h: number;
  tags: string[];
  slug: string | null;
  eventSlug: string | null;
  /** Every outcome as the provider lists it, for the history (absent on the built-in samples). */
  outcomeDetail?: OutcomeDetail;
}

export interface OutcomeDetail {
  conditionId: string | null;
  outcomes: string[];
  /** 0..1, aligned with `outcomes`. */
  prices: number[];
  clobTokenIds: string[];
  /** Trading has ended (absent in snapshots written before the market page). */
  closed?: boolean;
  /** UMA's resolution status ("proposed", "disputed", "resolved"), null while none. */
  resolution?: string | null;
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
  /** yesPrice at analysis time; a later move re-triggers analysis. */
  analysedPrice: number;
  /** The model's probability (0..1) that the first outcome happens, when it gave one; never for estimates. */
  probability?: number | null;
}

/** SPEC §3 "Display market", plus what the card needs for links and labels. */
export type DisplayMarket = InferOutput<typeof DisplayMarketSchema>;

export interface MarketSnapshot {
  markets: DisplayMarket[];
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

/** SPEC §3 "Whale trade" plus links and labels. */
export type WhaleTrade = InferOutput<typeof WhaleTradeSchema>;
export type Trader = InferOutput<typeof TraderSchema>;

export interface WhaleSnapshot {
  trades: WhaleTrade[];
  fetchedAt: string;
  error?: string;
  /** Set while refreshes fail and older trades are served: when the failures began. */
  failingSince?: string;
}
