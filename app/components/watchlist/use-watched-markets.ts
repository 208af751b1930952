import { useCallback, useEffect, useRef, useState } from "react";
import { forEachLimited, WATCHLIST_CONCURRENCY, type WatchedMarket } from "~/lib/watchlist";
import { parseMarketAnswer } from "~/lib/watchlist-answer";

/** A row's current data: loading, loaded, gone (404) or not loadable right now. */
export type MarketState =
  | { kind: "loading" }
  | { kind: "ok"; market: WatchedMarket }
  | { kind: "gone" }
  | { kind: "error" };

const REQUEST_TIMEOUT_MS = 10_000;
const LOADING: MarketState = { kind: "loading" };

/** One `GET /api/v1/markets/{slug}`; never throws. */
async function loadMarket(slug: string, signal: AbortSignal): Promise<MarketState> {
  try {
    const res = await fetch(`/api/v1/markets/${encodeURIComponent(slug)}`, {
      headers: { accept: "application/json" },
      signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    });
    // Every body is read, errors' too: an unread one keeps the request open until the timeout.
    const body: unknown = await res.json().catch(() => null);
    if (res.status === 404) return { kind: "gone" };
    const market = res.ok ? parseMarketAnswer(body) : null;
    return market ? { kind: "ok", market } : { kind: "error" };
  } catch {
    return { kind: "error" };
  }
}

/**
 * The current state of each starred market, fetched after hydration, WATCHLIST_CONCURRENCY at a time.
 * Each market is fetched once per visit (a star added from another tab is fetched when it appears);
 * `retry` asks again for one that failed.
 */
export function useWatchedMarkets(slugs: readonly string[]): {
  stateOf: (slug: string) => MarketState;
  retry: (slug: string) => void;
} {
  const [states, setStates] = useState<Readonly<Record<string, MarketState>>>({});
  const [round, setRound] = useState(0);
  // Finished fetches, read by the effect without re-running it.
  const settled = useRef(new Set<string>());
  const key = JSON.stringify(slugs);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the retry's signal to run again
  useEffect(() => {
    const todo = (JSON.parse(key) as string[]).filter((slug) => !settled.current.has(slug));
    if (todo.length === 0) return;
    const controller = new AbortController();
    void forEachLimited(todo, WATCHLIST_CONCURRENCY, async (slug) => {
      if (controller.signal.aborted) return;
      const state = await loadMarket(slug, controller.signal);
      // A list change or unmount aborted it: the next run asks again.
      if (controller.signal.aborted) return;
      settled.current.add(slug);
      setStates((current) => ({ ...current, [slug]: state }));
    });
    return () => controller.abort();
  }, [key, round]);

  const stateOf = useCallback((slug: string) => states[slug] ?? LOADING, [states]);
  const retry = useCallback((slug: string) => {
    settled.current.delete(slug);
    setStates((current) => {
      const { [slug]: _, ...rest } = current;
      return rest;
    });
    setRound((r) => r + 1);
  }, []);
  return { stateOf, retry };
}
