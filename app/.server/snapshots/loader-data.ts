/**
 * Cached data renders with the first byte; on a cold cache a loader hands React Router the pending
 * fetch instead, and the page streams its shell at once and the data when it arrives. The result is
 * wrapped (`{ value }`) because an async function cannot return a promise without waiting for it.
 */
export async function cachedOrPending<TData, TView>(
  read: () => Promise<TData | null>,
  fetchNow: () => Promise<TData>,
  view: (data: TData) => TView,
): Promise<{ value: TView | Promise<TView> }> {
  const cached = await read();
  return { value: cached !== null ? view(cached) : fetchNow().then(view) };
}
