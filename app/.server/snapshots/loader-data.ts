/**
 * Cached data renders with the first byte; on a cold cache a loader hands React Router the pending
 * fetch instead, and the page streams its shell at once and the data when it arrives. The result is
 * wrapped (`{ value }`) because an async function cannot return a promise without waiting for it.
 */
export async function cachedOrPending<TData, TView>(
  read: () => Promise<TData | null>,
  fetchNow: () => Promise<TData>,
  view: (data: TData) => TView,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<{ value: TView | Promise<TView> }> {
  const cached = await read();
  if (cached !== null) return { value: view(cached) };
  const pending = fetchNow().then(view);
  // The fetch fills the cache for everyone: it runs to its end even if this visitor goes away.
  waitUntil(pending.catch(() => undefined));
  return { value: pending };
}
