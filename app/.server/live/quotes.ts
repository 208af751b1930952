/**
 * The live hub's view of each followed token: best bid, best ask and last trade as the CLOB market channel
 * reports them, and the price a visitor sees, worked out as Polymarket shows it.
 */
import type { ClobMessage } from "./clob-messages";

export interface Quote {
  bestBid: number | null;
  bestAsk: number | null;
  last: number | null;
  /** The upstream's timestamp of the latest change, epoch ms. */
  t: number;
}

/** Polymarket shows the midpoint unless the spread is wider than this; then the last trade. */
export const WIDE_SPREAD = 0.1;

/** The price shown for a quote (0..1), or null while nothing is known. */
export function shownPrice({ bestBid, bestAsk, last }: Quote): number | null {
  if (bestBid !== null && bestAsk !== null) {
    const mid = (bestBid + bestAsk) / 2;
    if (bestAsk - bestBid <= WIDE_SPREAD + 1e-9 || last === null) return Math.round(mid * 10_000) / 10_000;
  }
  return last ?? bestBid ?? bestAsk;
}

function bestOf(levels: readonly { price: number }[], pick: (a: number, b: number) => number): number | null {
  let best: number | null = null;
  for (const { price } of levels) best = best === null ? price : pick(best, price);
  return best;
}

/** What one message means for the quotes: the tokens it changed, and a resolution when it is one. */
export interface Applied {
  changed: string[];
  resolved: { tokens: string[]; winner: string | null; winningToken: string | null; t: number } | null;
}

/**
 * Applies a message to `quotes` (only for tokens in `followed`; others are ignored) and says which tokens'
 * quotes changed.
 */
export function applyClobMessage(
  quotes: Map<string, Quote>,
  followed: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  message: ClobMessage,
): Applied {
  const changed: string[] = [];
  const update = (token: string, t: number, patch: Partial<Quote>) => {
    if (!followed.has(token)) return;
    const before = quotes.get(token) ?? { bestBid: null, bestAsk: null, last: null, t: 0 };
    const after = { ...before, ...patch, t: Math.max(before.t, t) };
    if (after.bestBid === before.bestBid && after.bestAsk === before.bestAsk && after.last === before.last)
      return;
    quotes.set(token, after);
    changed.push(token);
  };
  switch (message.event_type) {
    case "book": {
      const last = typeof message.last_trade_price === "number" ? { last: message.last_trade_price } : {};
      update(message.asset_id, message.timestamp, {
        bestBid: bestOf(message.bids, Math.max),
        bestAsk: bestOf(message.asks, Math.min),
        ...last,
      });
      break;
    }
    case "price_change":
      for (const change of message.price_changes) {
        update(change.asset_id, message.timestamp, {
          ...(change.best_bid !== undefined ? { bestBid: change.best_bid } : {}),
          ...(change.best_ask !== undefined ? { bestAsk: change.best_ask } : {}),
        });
      }
      break;
    case "last_trade_price":
      update(message.asset_id, message.timestamp, { last: message.price });
      break;
    case "best_bid_ask":
      update(message.asset_id, message.timestamp, { bestBid: message.best_bid, bestAsk: message.best_ask });
      break;
    case "market_resolved": {
      const tokens = message.assets_ids ?? message.clob_token_ids ?? [];
      if (!tokens.some((token) => followed.has(token))) break;
      return {
        changed,
        resolved: {
          tokens,
          winner: message.winning_outcome ?? null,
          winningToken: message.winning_asset_id ?? null,
          t: message.timestamp,
        },
      };
    }
    // tick_size_change and new_market say nothing about a shown price.
    default:
      break;
  }
  return { changed, resolved: null };
}
