/**
 * What a market or event page's 404 says (decision 0050): the slug that was asked for, and a search for it
 * on Polymarket, so a link to a market we do not know still leads somewhere. The slug comes from the URL:
 * it is only ever rendered as text and encoded into the search link. Pure and client-safe.
 */
import { cleanText } from "./clean-text";
import { polymarketSearchUrl } from "./links";
import { SEARCH_MAX_LENGTH } from "./search";

/** The data a market or event page's 404 carries to the error page. */
export interface MissingPage {
  missing: "market" | "event";
  /** The slug as asked for, cleaned and cut (never markup: React renders it as text). */
  slug: string;
}

/** Unseen characters (controls, direction and zero-width marks) are dropped, so the slug shows as typed. */
const UNSEEN = /[\p{Cc}\p{Cf}]/gu;

/** The 404's data for a slug taken from the URL. */
export function missingPage(missing: MissingPage["missing"], slug: string): MissingPage {
  return { missing, slug: cleanText(slug).replace(UNSEEN, "").trim().slice(0, SEARCH_MAX_LENGTH) };
}

/** A 404's data when it is a missing market or event page, else null (any other 404 or error). */
export function readMissingPage(data: unknown): MissingPage | null {
  if (typeof data !== "object" || data === null) return null;
  const { missing, slug } = data as Record<string, unknown>;
  if ((missing !== "market" && missing !== "event") || typeof slug !== "string" || slug === "") return null;
  return missingPage(missing, slug);
}

/** The words a slug is made of ("will-x-win" → "will x win"): what Polymarket's search is asked. */
export function slugWords(slug: string): string {
  return slug.replace(/[-_]+/g, " ").trim();
}

/** What the 404 page says and links to for a missing market or event. */
export function missingPageText(page: MissingPage): { sentence: string; linkText: string; href: string } {
  const words = slugWords(page.slug) || page.slug;
  return {
    sentence: `We couldn’t find the ${page.missing} “${page.slug}”.`,
    linkText: `Search Polymarket for “${words}”`,
    href: polymarketSearchUrl(words),
  };
}
