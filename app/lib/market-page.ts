/** What the market page shows, as the server hands it to the page and to /api/markets/:slug (client-safe). */
import type { ChartModel, PointSource } from "./chart";
import type { MentionsSource, Recommendation, SentimentLabel, WhaleTrade } from "./types";

export interface OutcomePrice {
  label: string;
  /** 0..1. */
  price: number;
}

/** Open for trading, past its end date awaiting resolution, or resolved (with the winning outcome). */
export type MarketStatus =
  | { kind: "open" }
  | { kind: "awaiting"; since: string | null }
  | { kind: "resolved"; outcome: string | null };

/** Where the page's market figures came from. */
export type MarketSource =
  /** The current top 100 (the 15-minute snapshot). */
  | { kind: "snapshot"; at: string; stale: boolean }
  /** Fetched on demand from Gamma (a market outside the top 100). */
  | { kind: "gamma"; at: string; stale: boolean }
  /** Gamma could not be reached: our last stored point. */
  | { kind: "history"; at: string };

export interface MarketView {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  image: string | null;
  eventSlug: string | null;
  conditionId: string | null;
  clobTokenIds: string[];
  outcomes: OutcomePrice[];
  volume24h: number | null;
  totalVolume: number | null;
  liquidity: number | null;
  endDate: string | null;
  status: MarketStatus;
  source: MarketSource;
}

/** The current analysis, when the market is in the top 100. */
export interface CurrentAnalysis {
  sentiment: SentimentLabel;
  confidence: number;
  recommendation: Recommendation;
  reasoning: string;
  /** Model id or "estimated". */
  source: string;
  mentions: number;
  mentionsSource: MentionsSource;
}

/** A section that can fail on its own: its value, or why it is missing. */
export type Section<T> = { ok: true; value: T } | { ok: false; message: string };

export interface ChartSection {
  chart: ChartModel | null;
  /** Parts of the history that could not be read (the chart shows the rest). */
  notes: string[];
}

export interface SentimentStep {
  /** Epoch seconds. */
  t: number;
  sentiment: SentimentLabel;
  confidence: number;
  recommendation: Recommendation;
  source: string;
  reasoning: string;
}

export interface MentionPoint {
  /** Epoch seconds. */
  t: number;
  count: number;
  source: MentionsSource;
}

export interface MarketTrades {
  trades: WhaleTrade[];
  /** How many came from our own store and from the Data API (a trade in both counts once, as ours). */
  stored: number;
  fetched: number;
  /** Set when one of the two could not be read. */
  notes: string[];
}

export interface HolderRow {
  wallet: string;
  name: string | null;
  amount: number;
}

export interface OutcomeHolders {
  outcome: string;
  holders: HolderRow[];
}

export interface SiblingMarket {
  slug: string | null;
  title: string;
  /** 0..1, the first outcome's price. */
  price: number;
  label: string;
  current: boolean;
}

/** One point of `/api/markets/:slug/history`: every outcome's price at `t`, and where it came from. */
export interface HistoryPoint {
  t: number;
  prices: (number | null)[];
  source: PointSource;
}

/** Status words for a visitor. */
export function statusText(status: MarketStatus): string {
  switch (status.kind) {
    case "open":
      return "Open";
    case "awaiting":
      return "Awaiting resolution";
    case "resolved":
      return status.outcome ? `Resolved: ${status.outcome}` : "Resolved";
  }
}

/** The page's path for a market slug. */
export function marketPath(slug: string): string {
  return `/market/${encodeURIComponent(slug)}`;
}
