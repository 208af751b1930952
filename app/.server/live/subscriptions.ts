/**
 * Which CLOB tokens the live hub follows (every outcome of the open markets the snapshot keeps) and how they
 * are spread over upstream connections (at most CLOB_TOKENS_PER_CONNECTION each).
 */
import type { Market } from "~/lib/types";

/** Polymarket's market channel takes about 500 tokens per connection in practice. */
export const CLOB_TOKENS_PER_CONNECTION = 500;

/** What a token is on our pages. */
export interface TokenInfo {
  event: string;
  market: string;
  outcome: string;
}

/** The tokens of the snapshot's open markets, in the snapshot's order (busiest first). */
export function followedTokens(markets: readonly Market[]): Map<string, TokenInfo> {
  const tokens = new Map<string, TokenInfo>();
  for (const market of markets) {
    if (market.closed) continue;
    const event = market.event?.slug ?? market.slug;
    if (!event) continue;
    for (const outcome of market.outcomes) {
      if (outcome.tokenId && !tokens.has(outcome.tokenId))
        tokens.set(outcome.tokenId, { event, market: market.id, outcome: outcome.label });
    }
  }
  return tokens;
}

/** What to tell each open connection, and the token sets of connections to open. */
export interface SubscriptionPlan {
  /** Per current connection, in order: tokens to unsubscribe and to subscribe. */
  changes: { remove: string[]; add: string[] }[];
  /** Tokens for new connections, one list per connection. */
  open: string[][];
}

/**
 * Moves the current connections' token sets to `wanted` with the fewest messages: each connection drops what
 * is no longer wanted, new tokens fill the free room of existing connections first, the rest open new ones.
 */
export function planSubscriptions(
  current: readonly ReadonlySet<string>[],
  wanted: Iterable<string>,
  perConnection = CLOB_TOKENS_PER_CONNECTION,
): SubscriptionPlan {
  const want = new Set(wanted);
  const held = new Set<string>();
  const changes = current.map((tokens) => {
    const remove = [...tokens].filter((token) => !want.has(token));
    for (const token of tokens) if (want.has(token)) held.add(token);
    return { remove, add: [] as string[], room: perConnection - (tokens.size - remove.length) };
  });
  const missing = [...want].filter((token) => !held.has(token));
  for (const change of changes) {
    while (change.room > 0 && missing.length > 0) {
      const token = missing.shift();
      if (token === undefined) break;
      change.add.push(token);
      change.room -= 1;
    }
  }
  const open: string[][] = [];
  for (let i = 0; i < missing.length; i += perConnection) open.push(missing.slice(i, i + perConnection));
  return { changes: changes.map(({ remove, add }) => ({ remove, add })), open };
}
