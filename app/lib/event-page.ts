/** What the event page shows, as the server hands it to the page (client-safe), and its pure builders. */
import type { ChartRange } from "./chart";
import type { KalshiPairRow } from "./cross-venue";
import { edgePoints } from "./edge";
import type { SidePair } from "./live-state";
import type {
  ChartSection,
  MarketSource,
  MarketStatus,
  MarketTrades,
  MentionPoint,
  OutcomeHolders,
  OutcomePrice,
} from "./market-page";
import type { Resolution } from "./resolution";
import type { NowOrLater, Section } from "./section";
import type { SmartMoneyView } from "./smart-money";
import type { CallWithReturn } from "./track-record-page";
import type { DisplayEvent, EventForecast } from "./types";

/** The event's own figures: title, dates, status and where they came from. */
export interface EventView {
  slug: string;
  /** Its title, a one-market event's blank filled with its market's label. */
  title: string;
  /** A one-market event's own market question when it says more than the title; else null. */
  question: string | null;
  image: string | null;
  /** When its last market ends (lib/market-state.ts `eventEnds`). */
  endDate: string | null;
  /** When its first market ends, when the markets end on different dates. */
  endsFrom: string | null;
  volume24h: number;
  volume: number;
  liquidity: number;
  /** More than one market: each outcome is its own market. */
  multi: boolean;
  status: MarketStatus;
  source: MarketSource;
}

/** What only Gamma says of an event: its rules and where it resolves from. */
export interface EventRulesView {
  /** Its rules (Gamma's description); null when Gamma gives none. */
  description: string | null;
  /** As Gamma gives it: a URL (linked only when https) or words. */
  resolutionSource: string | null;
}

/** One market beyond open (proposed, disputed or resolved) and where its UMA resolution stands. */
export interface ResolutionRow {
  marketId: string;
  marketSlug: string | null;
  /** The market's name in the event (its group title, else its question). */
  label: string;
  resolution: Resolution;
}

/** The resolution section: the event's markets beyond open, or none (every market still trading). */
export interface EventResolutions {
  rows: ResolutionRow[];
  /** Markets beyond open not listed (the list stops at one Data API call's worth). */
  more: number;
  /** Where the rules say the answer comes from (Gamma's `resolutionSource`), when known. */
  source: string | null;
  /** Why the Data API's details (times, the proposed answer) are missing, when they are. */
  note: string | null;
}

/** One outcome row of the table: a market of a multi-outcome event, or one side of a one-market event. */
export interface OutcomeRow {
  marketId: string;
  marketSlug: string | null;
  label: string;
  /** 0..1. */
  price: number;
  /** Percentage points. */
  priceChange24h: number;
  /** The market's total volume, USD (a one-market event's two sides share it); null when unknown (the index keeps none). */
  volume: number | null;
  /** The outcome's CLOB token: its order book. */
  tokenId: string | null;
}

/** The top of one outcome's order book (0..1), null where a side is empty. */
export interface BookQuote {
  bestBid: number | null;
  bestAsk: number | null;
  /** Ask − bid, when both are there. */
  spread: number | null;
}

/** The order books of the listed outcomes by token id. */
export type Books = Record<string, BookQuote>;

/**
 * Everything `/event/:slug` shows; trades and holders stream in when cold, and for an event drawn from the
 * index the rules too (Gamma is asked for them on demand, decision 0037).
 */
export interface EventPageData {
  event: EventView;
  /** Gamma's rules, or why they cannot be shown (Gamma unreachable, the client over its lookup limit). */
  rules: NowOrLater<Section<EventRulesView>>;
  /** Open outcomes by price, dearest first (a closed event's: its resolved markets). */
  outcomes: OutcomeRow[];
  /** Markets of an open event that are already resolved (not offered to trade). */
  resolved: OutcomeRow[];
  books: Section<Books>;
  range: ChartRange;
  /** Render time (epoch ms). */
  now: number;
  chart: ChartSection;
  /** The card's forecast, or null when the event is not among the shown (busiest) events. */
  forecast: EventForecast | null;
  /** The card's current X count, or null outside the shown events. */
  mentionsNow: DisplayEvent["mentions"] | null;
  /** The track record's calls on the event's markets, newest first. */
  calls: Section<CallWithReturn[]>;
  /** Mention counts of the leading outcome's market from our points. */
  mentions: Section<MentionPoint[]>;
  trades: NowOrLater<MarketTrades>;
  /** The leading outcome whose market's holders are listed, and its market's prices; null when none can be asked. */
  holdersOf: { label: string; marketId: string; prices: OutcomePrice[] } | null;
  holders: NowOrLater<Section<OutcomeHolders[]>>;
  /** UMA's resolution of the markets beyond open (Gamma's state, the Data API v2's details). */
  resolution: NowOrLater<EventResolutions>;
  /** Smart money over the open outcomes, or why not (none open, not loaded yet, unavailable). */
  smartMoney: NowOrLater<Section<SmartMoneyView>>;
  /** The event's markets Kalshi also lists, with Kalshi's stored prices; empty when none is paired. */
  kalshi: Section<KalshiPairRow[]>;
}

/**
 * How live prices name an outcome's side and its mirror: a multi-outcome event's outcome is its market's
 * "Yes" (against "No"); a one-market event's outcome is one of its market's two sides, named by label.
 */
export function outcomeSides(
  rows: readonly OutcomeRow[],
  marketId: string,
  label: string,
  multi: boolean,
): SidePair {
  if (multi) return ["Yes", "No"];
  return [label, rows.find((r) => r.marketId === marketId && r.label !== label)?.label ?? ""];
}

/** The page's path for an event slug. */
export function eventPath(slug: string): string {
  return `/event/${encodeURIComponent(slug)}`;
}

/** The top of a book as the table shows it. */
export function bookQuote(bestBid: number | null, bestAsk: number | null): BookQuote {
  const spread =
    bestBid !== null && bestAsk !== null ? Math.round((bestAsk - bestBid) * 10_000) / 10_000 : null;
  return { bestBid, bestAsk, spread };
}

/** One bar pair of the forecast chart: widths in percent of the track, and the words a reader needs. */
export interface ForecastBar {
  marketId: string;
  label: string;
  /** 0..100, for the bar widths. */
  model: number;
  market: number;
  /** "Model 7 points above the market", "Model and market agree". */
  verdict: string;
}

const clamp = (p: number) => Math.min(1, Math.max(0, p));
const pct = (p: number) => Math.round(clamp(p) * 1000) / 10;

/**
 * One outcome's bar pair: the model's probability beside the market's price (`price`, the outcome's price
 * now). The gap is `edgePoints`, the rounding the call's edge uses, so the two never disagree; under half a
 * point reads as agreement.
 */
export function forecastBar(p: EventForecast["probabilities"][number], price: number): ForecastBar {
  const gap = edgePoints(clamp(p.model), clamp(price));
  return {
    marketId: p.marketId,
    label: p.label,
    model: pct(p.model),
    market: pct(price),
    verdict:
      gap === 0
        ? "Model and market agree"
        : `Model ${Math.abs(gap)} point${Math.abs(gap) === 1 ? "" : "s"} ${gap > 0 ? "above" : "below"} the market`,
  };
}

/** The forecast's bars at the prices the forecast was made with, in its order (dearest first). */
export function forecastBars(probabilities: EventForecast["probabilities"]): ForecastBar[] {
  return probabilities.map((p) => forecastBar(p, p.market));
}

/** What the forecast section says for an event outside the shown ones. */
export const NO_FORECAST_TEXT = "No AI forecast: this event is not among the 100 busiest";
