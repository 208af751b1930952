/**
 * The whale feed's entries: the trades the Whale Watch page shows for a view (the same `selectTrades`
 * filter and sort), at most FEED_ENTRIES_MAX, worded as the page's cards word them.
 */
import { FEED_ENTRIES_MAX, feedUrls, whaleFeedTitle } from "~/lib/feeds";
import { formatNumber, formatPrice } from "~/lib/format";
import { radarLine } from "~/lib/fresh-wallet";
import { eventUrl } from "~/lib/links";
import { marketPath } from "~/lib/market-page";
import type { WhaleSnapshot, WhaleTrade } from "~/lib/types";
import {
  formatOdds,
  formatPotentialWin,
  formatTradeAmount,
  outcomeBadge,
  payoutLabel,
  selectTrades,
  shortenAddress,
  sideLabel,
  traderName,
  type WhaleView,
  whaleViewSearch,
} from "~/lib/whales";
import { entryUrn, type FeedEntry, type FeedMeta } from "./build";

const PAGE = "/whale-watch";

/** "Bought $120K of Yes on Will it rain?" */
export function tradeTitle(trade: WhaleTrade): string {
  return `${sideLabel(trade.side)} ${formatTradeAmount(trade)} of ${outcomeBadge(trade).label} on ${trade.title}`;
}

/**
 * "Alice (0x6d20…a165) bought 200,000 Yes shares at 60¢ (60% odds). Potential win: $200K. Radar 0/100:
 * nothing flagged."
 */
export function tradeSummary(trade: WhaleTrade): string {
  const wallet = shortenAddress(trade.trader.wallet);
  const name = traderName(trade);
  const who = name ? `${name} (${wallet})` : wallet;
  const side = sideLabel(trade.side).toLowerCase();
  const shares = `${formatNumber(trade.size)} ${outcomeBadge(trade).label} shares`;
  const price = `${formatPrice(trade.price)} (${formatOdds(trade.price)} odds)`;
  const payout = `${payoutLabel(trade.side)}: ${formatPotentialWin(trade)}.`;
  return `${who} ${side} ${shares} at ${price}. ${payout} ${radarLine(trade.radar)}.`;
}

/** The trade's page here when its market is known, else its event on Polymarket, else Whale Watch. */
function tradeLink(trade: WhaleTrade, origin: string): string {
  if (trade.marketSlug) return `${origin}${marketPath(trade.marketSlug)}`;
  return eventUrl(trade.eventSlug) ?? `${origin}${PAGE}`;
}

export function whaleEntry(trade: WhaleTrade, origin: string): FeedEntry {
  return {
    id: entryUrn("trade", trade.id),
    title: tradeTitle(trade),
    link: tradeLink(trade, origin),
    date: new Date(trade.timestamp),
    summary: tradeSummary(trade),
  };
}

/** The whale feed for one view of the page. `now` dates an empty feed. */
export function whaleFeed(
  snapshot: WhaleSnapshot,
  view: WhaleView,
  origin: string,
  now: number,
): { meta: FeedMeta; entries: FeedEntry[] } {
  const trades = selectTrades(snapshot.trades, view).slice(0, FEED_ENTRIES_MAX);
  const search = whaleViewSearch(view);
  const newest = trades.reduce((max, t) => Math.max(max, t.timestamp), Number.NEGATIVE_INFINITY);
  return {
    meta: {
      title: whaleFeedTitle(view),
      description:
        "Polymarket trades over $50K as OddsPulse's Whale Watch shows them: the market, the outcome, the amount, the price and the trader.",
      link: `${origin}${PAGE}${search}`,
      links: feedUrls(origin, PAGE, search),
      updated: new Date(Number.isFinite(newest) ? newest : now),
    },
    entries: trades.map((trade) => whaleEntry(trade, origin)),
  };
}
