/**
 * `/compare` and `GET /api/v1/compare` (decision 0057): the matched Polymarket ↔ Kalshi markets by their gap
 * after fees, largest first, with the filters both read from the URL. Pure: the page and the API build
 * their answers from the stored pairs and the shown markets through `compareRows`. Never called an
 * arbitrage: the two venues' resolution rules can differ.
 */
import { type CategorySlug, categoryBySlug } from "./categories";
import { endDatesApartDays, kalshiEventUrl, kalshiPrice, type PairInput, pairGap } from "./cross-venue";
import { eventUrl, tradeUrl } from "./links";
import type { PolymarketFeeSchedule } from "./types";

/** The page's and the API's query parameters. */
export const COMPARE_PARAMS = { category: "category", minGap: "min_gap" } as const;

/** The largest minimum gap asked for, in cents (a contract pays at most 100¢). */
export const MAX_MIN_GAP_CENTS = 100;

/** A minimum gap as the URL gives it: cents, up to two decimals. */
export const MIN_GAP_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

export const NOT_ARBITRAGE = "Not an arbitrage: resolution rules can differ.";

export interface CompareFilters {
  category: CategorySlug | null;
  /** Rows whose gap after fees is at least this many cents; null: every row. */
  minGapCents: number | null;
}

/** The filters in a URL, or what was wrong with them (a 400). An empty parameter is no filter. */
export function parseCompareFilters(
  params: URLSearchParams,
): { ok: true; filters: CompareFilters } | { ok: false; message: string } {
  const categoryText = params.get(COMPARE_PARAMS.category)?.trim() ?? "";
  const category = categoryText === "" ? null : (categoryBySlug(categoryText)?.slug ?? undefined);
  if (category === undefined)
    return { ok: false, message: `Unknown category "${categoryText.slice(0, 40)}".` };
  const gapText = params.get(COMPARE_PARAMS.minGap)?.trim() ?? "";
  let minGapCents: number | null = null;
  if (gapText !== "") {
    const value = MIN_GAP_PATTERN.test(gapText) ? Number(gapText) : Number.NaN;
    if (!(value <= MAX_MIN_GAP_CENTS))
      return {
        ok: false,
        message: `Bad ${COMPARE_PARAMS.minGap}: a number of cents from 0 to ${MAX_MIN_GAP_CENTS} (e.g. 2 or 2.5).`,
      };
    minGapCents = value;
  }
  return { ok: true, filters: { category, minGapCents } };
}

/** The query string of some filters ("" for none). */
export function compareSearch(filters: CompareFilters): string {
  const params = new URLSearchParams();
  if (filters.category) params.set(COMPARE_PARAMS.category, filters.category);
  if (filters.minGapCents !== null) params.set(COMPARE_PARAMS.minGap, String(filters.minGapCents));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** A shown Polymarket market as the comparison reads it. */
export interface ShownMarketInput {
  id: string;
  slug: string | null;
  question: string;
  eventTitle: string;
  category: CategorySlug | null;
  yes: number;
  endDate: string | null;
  fee: PolymarketFeeSchedule | null | undefined;
}

/** One matched pair on the page and in the API. Prices 0–1, gaps in dollars a contract. */
export interface CompareRow {
  polymarket: {
    id: string;
    question: string;
    eventSlug: string;
    eventTitle: string;
    category: CategorySlug | null;
    yes: number;
    /** ISO time its price was read (the market snapshot's). */
    readAt: string;
    url: string | null;
    /** Its event page on Polymarket, where the rules are published. */
    rulesUrl: string | null;
    endDate: string | null;
  };
  kalshi: {
    ticker: string;
    question: string;
    label: string;
    yes: number;
    bid: number | null;
    ask: number | null;
    volume24h: number | null;
    readAt: string;
    url: string;
    rulesUrl: string;
    closeTime: string | null;
  };
  /** Kalshi's Yes price minus Polymarket's. */
  gap: number;
  /** |gap| minus both venues' taker fees a contract on a 100-contract trade (decision 0057). */
  gapAfterFees: number;
  kalshiFee: number;
  /** Null: Polymarket's fee on this market is not known, so not included. */
  polymarketFee: number | null;
  feesIncluded: boolean;
  match: { score: number; decidedBy: "score" | "confirmed"; reasons: string[]; matchedAt: string };
  /** Whole days between the two end dates when more than a day apart, else null. */
  endDatesApartDays: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The rows of the pairs whose Polymarket market is shown and whose Kalshi market is quoted, largest gap after
 * fees first (then the larger raw gap, then the Polymarket id).
 */
export function compareRows(
  pairs: readonly PairInput[],
  shown: ReadonlyMap<string, ShownMarketInput>,
  polymarketReadAt: string,
): CompareRow[] {
  const rows: CompareRow[] = [];
  for (const pair of pairs) {
    const market = shown.get(pair.polymarketId);
    const kYes = kalshiPrice(pair.kalshi);
    if (!market || kYes === null) continue;
    const gap = pairGap(kYes, market.yes, market.fee);
    rows.push({
      polymarket: {
        id: market.id,
        question: market.question,
        eventSlug: pair.eventSlug,
        eventTitle: market.eventTitle,
        category: market.category,
        yes: market.yes,
        readAt: polymarketReadAt,
        url: tradeUrl(pair.eventSlug, market.slug),
        rulesUrl: eventUrl(pair.eventSlug),
        endDate: market.endDate,
      },
      kalshi: {
        ticker: pair.kalshi.ticker,
        question: pair.kalshi.title,
        label: pair.kalshi.label,
        yes: kYes,
        bid: pair.kalshi.yesBid,
        ask: pair.kalshi.yesAsk,
        volume24h: pair.kalshi.volume24h,
        readAt: iso(pair.kalshi.readMs),
        url: kalshiEventUrl(pair.kalshi.eventTicker),
        rulesUrl: pair.kalshi.rulesUrl,
        closeTime: pair.kalshi.closeTime,
      },
      gap: Math.round(gap.gap * 1e6) / 1e6,
      gapAfterFees: gap.afterFees,
      kalshiFee: gap.kalshiFee,
      polymarketFee: gap.polymarketFee,
      feesIncluded: gap.feesKnown,
      match: {
        score: pair.score,
        decidedBy: pair.decidedBy,
        reasons: pair.reasons,
        matchedAt: iso(pair.matchedMs),
      },
      endDatesApartDays: endDatesApartDays(market.endDate, pair.kalshi.closeTime),
    });
  }
  return rows.sort(
    (a, b) =>
      b.gapAfterFees - a.gapAfterFees ||
      Math.abs(b.gap) - Math.abs(a.gap) ||
      a.polymarket.id.localeCompare(b.polymarket.id),
  );
}

/** The rows the filters keep. */
export function filterRows(rows: readonly CompareRow[], filters: CompareFilters): CompareRow[] {
  return rows.filter(
    (r) =>
      (filters.category === null || r.polymarket.category === filters.category) &&
      (filters.minGapCents === null || r.gapAfterFees * 100 >= filters.minGapCents - 1e-9),
  );
}

/** What `/compare` and the API answer. */
export interface CompareData {
  /**
   * `pairs`: rows to show; `none-above`: pairs, none through the filters; `no-pairs`: nothing matched yet;
   * `unavailable`: the pairs could not be read.
   */
  state: "pairs" | "none-above" | "no-pairs" | "unavailable";
  filters: CompareFilters;
  rows: CompareRow[];
  /** Pairs shown before the filters. */
  total: number;
  /** Why the page may be stale or empty (Kalshi not read lately, the database failing), else null. */
  message: string | null;
  /** When Kalshi's markets were last read in full (ISO), null when never. */
  kalshiReadAt: string | null;
  /** When the Polymarket prices were read (ISO), null without a snapshot. */
  polymarketReadAt: string | null;
}
