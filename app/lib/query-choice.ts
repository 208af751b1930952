/**
 * One query parameter read as one of a page's options: its value when it is an option (case and
 * surrounding spaces forgiven), else the fallback. A repeated parameter counts by its first value, as
 * `URLSearchParams.get` reads it (the whale watch's tested behaviour). Shared by every page whose view
 * lives in its URL.
 */
export function queryChoice<T extends string>(
  params: URLSearchParams,
  name: string,
  options: readonly { value: T }[],
  fallback: T,
): T {
  const value = params.get(name)?.trim().toLowerCase();
  return options.find((o) => o.value === value)?.value ?? fallback;
}
