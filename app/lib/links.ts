/** Links to the provider's public pages; only https URLs are ever produced. */

const POLYMARKET = "https://polymarket.com";

/** The market's event page when the event slug is known, else the provider's search for the title. */
export function marketUrl(title: string, eventSlug: string | null): string {
  if (eventSlug) return `${POLYMARKET}/event/${encodeURIComponent(eventSlug)}`;
  return `${POLYMARKET}/search?q=${encodeURIComponent(title)}`;
}

/** A URL from upstream data, if it is https; anything else (http:, javascript:, data:) is dropped. */
export function httpsOnly(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}
