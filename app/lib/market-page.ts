/** What the market page shows, as the server hands it to the page and to /api/markets/:slug (client-safe). */
import type { InferOutput } from "valibot";
import type { ChartModel, ChartRange, PointSource } from "./chart";
import type { KalshiPairRow } from "./cross-venue";
import { fetchedProvenance, POLYMARKET, type Provenance } from "./provenance";
import type {
  CurrentAnalysisSchema,
  MarketSourceSchema,
  MarketStatusSchema,
  MarketViewSchema,
  OutcomePriceSchema,
} from "./schemas/market";
import type { NowOrLater, Section } from "./section";
import type { CallWithReturn } from "./track-record-page";
import type { MentionsSource, Recommendation, SentimentLabel, Trader, WhaleTrade } from "./types";

export type OutcomePrice = InferOutput<typeof OutcomePriceSchema>;
/** Open for trading, past its end date awaiting resolution, or resolved (with the winning outcome). */
export type MarketStatus = InferOutput<typeof MarketStatusSchema>;
/** Where the page's market figures came from. */
export type MarketSource = InferOutput<typeof MarketSourceSchema>;
export type MarketView = InferOutput<typeof MarketViewSchema>;
/** The current analysis, when the market is in the top 100. */
export type CurrentAnalysis = InferOutput<typeof CurrentAnalysisSchema>;

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
  trader: Trader;
  amount: number;
}

export interface OutcomeHolders {
  outcome: string;
  holders: HolderRow[];
}

/** One wallet's position in one outcome, with its worth now. */
export interface HolderPosition {
  trader: Trader;
  shares: number;
  /** Dollars at the outcome's current price (shares × price); null when the market has no such outcome. */
  value: number | null;
}

export interface OutcomePositions {
  outcome: string;
  /** The outcome's current price, 0..1, or null when the market has no outcome of that name. */
  price: number | null;
  /** One row per wallet, largest first. */
  holders: HolderPosition[];
}

/**
 * The top holders of each outcome with each position's value at that outcome's current price. A wallet
 * has one balance per outcome token, so a wallet listed twice under one outcome (a repeated row, or two
 * token entries named after the same outcome) is the same position: one row with the larger amount, never
 * the sum, which would double it.
 */
export function holderPositions(
  outcomes: readonly OutcomeHolders[],
  prices: readonly OutcomePrice[],
): OutcomePositions[] {
  const byOutcome = new Map<string, Map<string, HolderRow>>();
  for (const { outcome, holders } of outcomes) {
    const wallets = byOutcome.get(outcome) ?? new Map<string, HolderRow>();
    byOutcome.set(outcome, wallets);
    for (const row of holders) {
      const seen = wallets.get(row.trader.wallet);
      if (!seen || row.amount > seen.amount) wallets.set(row.trader.wallet, row);
    }
  }
  return [...byOutcome].map(([outcome, wallets]) => {
    const price = prices.find((p) => p.label === outcome)?.price ?? null;
    const holders = [...wallets.values()]
      .sort((a, b) => b.amount - a.amount)
      .map(({ trader, amount }) => ({
        trader,
        shares: amount,
        value: price === null ? null : amount * price,
      }));
    return { outcome, price, holders };
  });
}

export interface SiblingMarket {
  /** Its market id: its price follows the event's live prices. */
  id: string;
  slug: string | null;
  title: string;
  /** 0..1, the first outcome's price. */
  price: number;
  label: string;
  /** Its second outcome's label (the live prices may name either side). */
  otherLabel: string;
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

/** Everything `/market/:slug` shows; trades, holders and the event's other markets stream in when cold. */
export interface MarketPageData {
  market: MarketView;
  analysis: CurrentAnalysis | null;
  range: ChartRange;
  /** Render time (epoch ms): relative times hydrate to the same text. */
  now: number;
  chart: ChartSection;
  sentiment: Section<SentimentStep[]>;
  mentions: Section<MentionPoint[]>;
  /** The track record's calls on this market, newest first. */
  calls: Section<CallWithReturn[]>;
  trades: NowOrLater<MarketTrades>;
  holders: NowOrLater<Section<OutcomeHolders[]>>;
  siblings: NowOrLater<Section<SiblingMarket[]>>;
  /** Kalshi's market of the same question, with its stored prices; empty when none is paired. */
  kalshi: Section<KalshiPairRow[]>;
}

/**
 * Where a market page's (or an event page's) prices came from, as a provenance: the snapshot or Gamma,
 * live while fresh and cached once stale; our stored history, cached at its last point; our index of every
 * open event, cached at its row's last write.
 */
export function sourceProvenance(source: MarketSource): Provenance {
  switch (source.kind) {
    case "snapshot":
    case "gamma":
      return fetchedProvenance(POLYMARKET, source.at, source.stale);
    case "history":
      return { kind: "cached", by: "our price history", at: source.at };
    case "index":
      return { kind: "cached", by: POLYMARKET, at: source.checkedAt ?? source.at };
  }
}
