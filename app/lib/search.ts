/** SPEC §5 search: case-insensitive substring of the title; blank matches everything. */
export function matchesSearch(title: string, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === "" || title.toLowerCase().includes(needle);
}
