/**
 * What one isolate keeps between requests: the snapshot cache (memo, single flight, failure back-off)
 * and a few seconds of finished pages. The runtime hands every request of an isolate the same `env`
 * object, so state is kept per env; a test that wants a clean isolate passes a new env object.
 */
import { SwrCache } from "../app/.server/cache/swr-cache";
import { HtmlCache } from "./html-cache";

export interface Isolate {
  cache: SwrCache;
  pages: HtmlCache;
}

const isolates = new WeakMap<object, Isolate>();

export function isolateFor(env: Env): Isolate {
  let isolate = isolates.get(env);
  if (!isolate) {
    isolate = {
      cache: new SwrCache({ kv: env.CACHE, now: () => Date.now() }),
      // Pages are the same for every visitor of a URL: keep finished ones as long as the snapshot memo.
      pages: new HtmlCache({ ttlMs: 5_000, maxEntries: 200, maxUrlLength: 512 }),
    };
    isolates.set(env, isolate);
  }
  return isolate;
}
