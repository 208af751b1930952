/**
 * Cached data renders with the first byte; on a cold cache a loader hands React Router the pending
 * fetch instead, and the page streams its shell at once and the data when it arrives. The result is
 * wrapped (`{ value }`) because an async function cannot return a promise without waiting for it.
 */
import { data } from "react-router";
import type { NowOrLater, Section } from "~/lib/section";
import type { Deps } from "../deps";
import type { KeptAt } from "../lookups";
export async function cachedOrPending<TData, TView>({
  read,
  fetchNow,
  view,
  waitUntil,
}: {
  read: () => Promise<TData | null>;
  fetchNow: () => Promise<TData>;
  view: (data: TData) => TView;
  waitUntil: (promise: Promise<unknown>) => void;
}): Promise<{ value: TView | Promise<TView> }> {
  const cached = await read();
  if (cached !== null) return { value: view(cached) };
  const pending = fetchNow().then(view);
  // The fetch fills the cache for everyone: it runs to its end even if this visitor goes away.
  waitUntil(pending.catch(() => undefined));
  return { value: pending };
}

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
