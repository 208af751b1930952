/** What loaders share: a section read now or streamed later, and the error page a failed read calls for. */
import { data } from "react-router";
import { CHART_RANGES, type ChartRange, parseChartRange } from "~/lib/chart";
import type { NowOrLater, Section } from "~/lib/section";
import type { Deps } from "../deps";
import type { KeptAt } from "../lookups";
/**
 * A page section read on demand: `run` is started either way; when every key it reads is fresh it is
 * awaited here, else its pending promise is handed back for the page to stream, and also goes to
 * `waitUntil`, so the kept answers fill even if the visitor leaves. Wrapped (`{ value }`) like
 * `cachedOrPending`: an async function's result cannot be a promise (it would wait for it).
 */
export async function nowOrLater<T>(
  deps: Deps,
  reads: readonly KeptAt[],
  run: () => Promise<T>,
): Promise<{ value: NowOrLater<T> }> {
  const fresh = await Promise.all(reads.map(({ key, freshMs }) => deps.onDemand.peek(key, freshMs)));
  const pending = run();
  if (fresh.every((kept) => kept !== null)) return { value: await pending };
  deps.waitUntil(pending.catch(() => undefined));
  return { value: pending };
}

/**
 * A loader's value, or the error page its failure calls for: 429 over the client's lookup limit, 503
 * when the data cannot be had right now (React Router renders the route's error boundary).
 */
export function valueOrErrorPage<T>(section: Section<T>): T {
  if (section.ok) return section.value;
  throw data(section.message, { status: section.reason === "limited" ? 429 : 503 });
}

/** A route's 404: logged as one line, the page's own not-found text. */
export function notFound(path: string, body: unknown = null): never {
  console.warn(`[404] GET ${path}`);
  throw data(body, { status: 404 });
}

/** The chart range a page's URL asks for (`?range=`, default one week), else a 400 naming the choices. */
export function chartRangeOf(url: URL): ChartRange {
  const range = parseChartRange(url.searchParams.get("range"));
  if (range === null) {
    throw data(`Unknown range: use one of ${CHART_RANGES.map((r) => r.value).join(", ")}.`, { status: 400 });
  }
  return range;
}
