/** What one shown market contributes to a snapshot's history: a row of `markets`, `market_points` and `sentiment_changes`. */
import type { Recommendation, SentimentLabel } from "~/lib/types";

export interface MarketObservation {
  id: string;
  slug: string | null;
  eventSlug: string | null;
  /** Its name inside its event ("Trump"); absent in batches queued before it was kept (decision 0032). */
  groupTitle?: string | null;
  conditionId: string | null;
  question: string;
  outcomes: readonly string[];
  clobTokenIds: readonly string[];
  endDate: string | null;
  /** 0..1, aligned with `outcomes`. */
  prices: readonly number[];
  volume24h: number;
  liquidity: number;
  sentiment: {
    label: SentimentLabel;
    confidence: number;
    recommendation: Recommendation;
    /** Model id or "estimated". */
    source: string;
    reasoning: string;
  };
  mentions: { count: number; source: "live" | "estimated" };
}
