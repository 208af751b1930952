/**
 * What one isolate keeps between requests: the snapshot cache (memo, single flight, failure back-off),
 * the on-demand cache (memory in front of the data centre's Cache API), a few seconds of finished
 * pages and a minute of search answers. The runtime hands every request of an isolate the same `env` object, so state is kept per env;
 * a test that wants a clean isolate passes a new env object.
 */
import { defaultCache, OnDemandCache } from "../app/.server/cache/on-demand";
import { SwrCache } from "../app/.server/cache/swr-cache";
import type { Config } from "../app/.server/config";
import { D1RefreshState } from "../app/.server/history/store";
import { SearchMemo } from "../app/.server/search/memo";
import type { IndexAnswer } from "../app/.server/search/query";
import { HistoryOutbox } from "../app/.server/snapshots/outbox";
import { HtmlCache } from "./html-cache";

export interface Isolate {
  cache: SwrCache;
  onDemand: OnDemandCache;
  /** History batches a database outage left unwritten (decision 0023). */
  outbox: HistoryOutbox;
  pages: HtmlCache;
  /** A minute of the search index's answers (decision 0035). */
  searches: SearchMemo<IndexAnswer>;
}

const isolates = new WeakMap<object, Isolate>();

/**
 * The Cache API namespace of on-demand answers: the data centre's default cache, unless the env hands
 * one in (the workerd tests give each test a cache of its own, as they give it its own isolate).
 */
function onDemandStorage(env: Env): Cache | null {
  return (env as { ON_DEMAND_CACHE?: Cache }).ON_DEMAND_CACHE ?? defaultCache();
}

export function isolateFor(env: Env, config: Config): Isolate {
  let isolate = isolates.get(env);
  if (!isolate) {
    const now = () => Date.now();
    isolate = {
      cache: new SwrCache({ kv: env.CACHE, state: env.DB ? new D1RefreshState(env.DB) : undefined, now }),
      onDemand: new OnDemandCache({
        now,
        cache: onDemandStorage(env),
        backoffMs: config.failureBackoffSeconds * 1000,
      }),
      outbox: new HistoryOutbox(),
      // Pages are the same for every visitor of a URL: keep finished ones as long as the snapshot memo.
      pages: new HtmlCache({ ttlMs: 5_000, maxEntries: 200, maxUrlLength: 512 }),
      searches: new SearchMemo<IndexAnswer>((answer) => answer.page.events.length),
    };
    isolates.set(env, isolate);
  }
  return isolate;
}
