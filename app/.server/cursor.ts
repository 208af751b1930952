/**
 * Keyset paging for the JSON APIs: a cursor is the id of the last item of the previous page,
 * base64url-encoded, so a page boundary survives items being added before it.
 */

export function encodeCursor(id: string): string {
  return btoa(id).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The id a cursor of `encodeCursor` names, or null when the text is not one. */
export function decodeCursor(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) return null;
  try {
    return atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return null;
  }
}

/** Up to `size` items after the one `cursor` names (from the start without one), or null when it names none. */
export function pageAfter<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  cursor: string | null | undefined,
  size: number,
): { items: T[]; nextCursor: string | null } | null {
  let start = 0;
  if (cursor) {
    const id = decodeCursor(cursor);
    const index = id === null ? -1 : items.findIndex((item) => idOf(item) === id);
    if (index < 0) return null;
    start = index + 1;
  }
  const page = items.slice(start, start + size);
  const last = page.at(-1);
  return {
    items: page,
    nextCursor: last !== undefined && start + page.length < items.length ? encodeCursor(idOf(last)) : null,
  };
}
