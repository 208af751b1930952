/** Longest search text used or shown anywhere: a pasted essay is cut here before it is rendered. */
export const SEARCH_MAX_LENGTH = 200;

/** A search parameter as the site uses it: at most SEARCH_MAX_LENGTH characters, "" when absent. */
export function readSearch(params: URLSearchParams, name = "search"): string {
  return (params.get(name) ?? "").slice(0, SEARCH_MAX_LENGTH);
}

/** SPEC §5 search: case-insensitive substring of the title; blank matches everything. */
export function matchesSearch(title: string, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === "" || title.toLowerCase().includes(needle);
}
