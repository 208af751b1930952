/**
 * Gamma's keyset list served from recorded markets, as the real route pages them (upstreams.md):
 * `{ markets, next_cursor }`, `limit` capped at 100, the next page asked with `after_cursor`, no
 * `next_cursor` on the last page, `offset` refused with 422. Shared by the msw handlers (workerd
 * tests) and the fixture server (browser tests, bench).
 */

/** Headers the deprecated offset list answers with today. */
export const LEGACY_LIST_HEADERS = {
  sunset: "Fri, 01 May 2026 00:00:00 GMT",
  warning: '299 - "GET /markets is deprecated: use /markets/keyset"',
} as const;

/** An opaque cursor for a position in the list (real cursors are opaque base64 too). */
function cursorFor(position: number): string {
  return btoa(JSON.stringify({ p: position })).replace(/=+$/, "");
}

function positionOf(cursor: string): number | null {
  try {
    const parsed = JSON.parse(atob(cursor)) as { p?: unknown };
    return typeof parsed.p === "number" && Number.isInteger(parsed.p) && parsed.p >= 0 ? parsed.p : null;
  } catch {
    return null;
  }
}

export type KeysetAnswer =
  | { status: 200; body: { markets: unknown[]; next_cursor?: string } }
  | { status: 422; body: { error: string } };

/**
 * The answer of `GET /markets/keyset` for a query, over `markets` (already in the requested order).
 * `pageSize` stands in for how many the upstream puts on a page (at most `limit`, at most 100).
 */
export function keysetAnswer(
  markets: readonly unknown[],
  query: URLSearchParams,
  pageSize = 100,
): KeysetAnswer {
  if (query.has("offset"))
    return { status: 422, body: { error: "offset is not supported: use after_cursor" } };
  const limit = Math.min(100, Math.max(1, Number(query.get("limit") ?? 20) || 20), pageSize);
  const cursor = query.get("after_cursor");
  // Any other cursor name is ignored and page 1 comes back, as on the real route.
  const start = cursor === null ? 0 : (positionOf(cursor) ?? 0);
  const end = start + limit;
  const page = markets.slice(start, end);
  return {
    status: 200,
    body: end < markets.length ? { markets: page, next_cursor: cursorFor(end) } : { markets: page },
  };
}
