/** Links to the provider's public pages, and the https-only rule for URLs from upstream data. */

const POLYMARKET = "https://polymarket.com";
const WALLET = /^0x[0-9a-fA-F]{40}$/;

/**
 * The market's event page on Polymarket. Without an event slug there is no link: a guessed URL would
 * often not lead to the market. The slug is encoded, so the URL is always one path segment under /event/.
 */
export function eventUrl(eventSlug: string | null): string | null {
  const slug = eventSlug?.trim();
  return slug ? `${POLYMARKET}/event/${encodeURIComponent(slug)}` : null;
}

/**
 * Where a market is traded on Polymarket: the market inside its event (`/event/{eventSlug}/{marketSlug}`),
 * or the event alone when the market has no slug of its own or is the event itself. Null without an
 * event slug: a guessed URL would often not lead to the market.
 */
export function tradeUrl(eventSlug: string | null, marketSlug: string | null): string | null {
  const event = eventUrl(eventSlug);
  const market = marketSlug?.trim();
  if (!event || !market || market === eventSlug?.trim()) return event;
  return `${event}/${encodeURIComponent(market)}`;
}

/** The trader's profile page, only for a well-formed wallet address (anything else stays plain text). */
export function profileUrl(wallet: string): string | null {
  return WALLET.test(wallet) ? `${POLYMARKET}/profile/${wallet.toLowerCase()}` : null;
}

/** Polymarket's search for some text (encoded, so any text stays one query parameter). */
export function polymarketSearchUrl(text: string): string {
  return `${POLYMARKET}/search?q=${encodeURIComponent(text)}`;
}

/** A market card's link: the event page when the slug is known, else the provider's search for the title. */
export function marketUrl(title: string, eventSlug: string | null): string {
  return eventUrl(eventSlug) ?? polymarketSearchUrl(title);
}

/** A URL from upstream data, if it is https; anything else (http:, javascript:, data:, junk) is dropped. */
export function httpsOnly(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}
