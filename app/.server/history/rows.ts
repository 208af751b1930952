/** What every table module shares: JSON array columns we wrote ourselves, and counting changed rows. */

/** A JSON array column; anything unreadable reads as empty. */
export function jsonArray<T>(text: string, item: (value: unknown) => value is T): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(item) : [];
  } catch {
    return [];
  }
}

export const isString = (value: unknown): value is string => typeof value === "string";
export const isNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);

/** The rows a batch's statements changed, in all. */
export function changes(results: readonly D1Result[]): number {
  return results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
}

/** Ids bound in one `IN (…)` list at most (D1 binds up to 100 parameters a statement). */
export const MAX_IN_IDS = 90;

/** `?2, ?3, …` for `count` ids bound after one leading parameter. */
export function inList(count: number): string {
  return Array.from({ length: count }, (_, i) => `?${i + 2}`).join(", ");
}
