/**
 * The pairs an event or market page and the event API show (decision 0057): read from D1 through the pages'
 * reads (kept a minute), each beside its Polymarket market as the page shows it. D1 failing degrades the
 * Kalshi part alone.
 */
import { type KalshiPairRow, kalshiPairView } from "~/lib/cross-venue";
import { eventUrl } from "~/lib/links";
import type { SidePair } from "~/lib/live-state";
import type { MarketSource } from "~/lib/market-page";
import { firstSidePriceOf, outcomeLabel } from "~/lib/outcomes";
import { ok, type Section, unavailable } from "~/lib/section";
import type { Market } from "~/lib/types";
import type { StoredPair } from "./pairs";

/** The pages' reads of an event's pairs (`HistoryReads`, kept a minute). */
export interface PairReads {
  eventPairs(eventSlug: string): Promise<Section<StoredPair[]>>;
}

export const KALSHI_UNAVAILABLE = "Kalshi's prices are unavailable right now.";

/** When a page's Polymarket prices were read (the index's: its last pass found them unchanged). */
export function readAtOf(source: MarketSource): string {
  return source.kind === "index" ? (source.checkedAt ?? source.at) : source.at;
}

/** A Polymarket market a page shows, as the Kalshi line needs it. */
export interface ShownMarket {
  marketId: string;
  endDate: string | null;
  label: string;
  price: number;
  sides: SidePair;
}

/** An event's markets as its page shows them (`multi`: each market is an outcome, its Yes against No). */
export function shownMarkets(markets: readonly Market[], multi: boolean): ShownMarket[] {
  return markets.map((market) => {
    const first = market.outcomes[0]?.label ?? "Yes";
    return {
      marketId: market.id,
      endDate: market.endDate,
      label: multi ? outcomeLabel(market) : first,
      price: firstSidePriceOf(market),
      sides: multi ? (["Yes", "No"] as const) : ([first, market.outcomes[1]?.label ?? ""] as const),
    };
  });
}

/**
 * The pairs of the listed markets of an event (by its slug), in the markets' order; `readAt`: when the page's
 * Polymarket prices were read.
 */
export async function kalshiRows(
  reads: PairReads,
  eventSlug: string,
  markets: readonly ShownMarket[],
  readAt: string,
): Promise<Section<KalshiPairRow[]>> {
  const stored = await reads.eventPairs(eventSlug);
  if (!stored.ok) return unavailable(KALSHI_UNAVAILABLE);
  const byId = new Map(stored.value.map((p) => [p.polymarketId, p]));
  return ok(
    markets.flatMap(({ endDate, ...market }) => {
      const pair = byId.get(market.marketId);
      if (!pair) return [];
      return [
        {
          kalshi: kalshiPairView(pair, endDate),
          polymarket: { ...market, readAt, url: eventUrl(eventSlug) },
        },
      ];
    }),
  );
}
