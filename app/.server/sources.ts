/**
 * What an entry (a page's loader, an API answer) hands the modules below it, built once from its `deps`:
 * plain values and clients, never `deps` itself. The clock is read once, so every figure of one answer
 * is as of the same instant.
 */
import type { Deps } from "./deps";
import { HistoryReads } from "./history/reads";
import type { HistoryStore } from "./history/store";
import { type Lookups, lookupsFor } from "./lookups";
import type { SearchSources } from "./search/results";
import { type CachedMarkets, marketSnapshot } from "./snapshots/markets";
import type { StatusSources } from "./snapshots/status";
import { whaleSnapshot } from "./snapshots/whales";

export interface Sources {
  /** Epoch milliseconds, read once for the answer. */
  now: number;
  /** The on-demand reads, bound to the request's caches, gate and clients. */
  lookups: Lookups;
  /** The history database's reads for pages, each kept a minute. */
  reads: HistoryReads;
  /** The history database itself, where the Worker has one. */
  store: HistoryStore | null;
  /** The search index (D1) and how often its crawl passes over every open event. */
  index: { db: D1Database | null; passMinutes: number };
  /** The market snapshot as cached (a stale one schedules its refresh); read only when needed. */
  snapshot: () => Promise<CachedMarkets | null>;
}

export function sourcesOf(deps: Deps): Sources {
  return {
    now: deps.now(),
    lookups: lookupsFor(deps),
    reads: new HistoryReads(deps.history, deps.cache),
    store: deps.history,
    index: { db: deps.db, passMinutes: deps.config.searchIndexPassMinutes },
    snapshot: () => marketSnapshot.cached(deps),
  };
}

/** What the status answers read (the status page, the help center, the health checks). */
export function statusSourcesOf(deps: Deps): StatusSources {
  return {
    now: deps.now(),
    config: deps.config,
    history: deps.history,
    memo: deps.cache,
    inspect: async () => {
      const [markets, whales] = await Promise.all([
        marketSnapshot.inspect(deps),
        whaleSnapshot.inspect(deps),
      ]);
      return { markets, whales };
    },
    buildMissing: ({ markets, whales }) =>
      Promise.all([markets ? marketSnapshot.get(deps) : null, whales ? whaleSnapshot.get(deps) : null]),
  };
}

/** What a search of every open event reads: the index, its memo, and the shown events' forecasts. */
export function searchSourcesOf(deps: Deps): SearchSources {
  return {
    now: deps.now(),
    db: deps.db,
    ...(deps.searches ? { searches: deps.searches } : {}),
    shown: () => marketSnapshot.get(deps),
  };
}
