/**
 * The header's as-you-type suggestions (decisions 0038 and 0050): what one `GET /api/v1/search`
 * answer gives the popup. Read by hand, not with the API's valibot schemas: the search box is on every page, and
 * valibot would then load with every page. Pure.
 */
import { SEARCH_MAX_LENGTH } from "./search";

/** Suggestions asked for per pause: a short list above the fold of a phone. */
export const SUGGESTION_LIMIT = 6;

/**
 * One suggested event: its title, its page, and one outcome with its own price (0..1): the
 * outcome the search's words name ("luna": the candidate Luna), else the event's leading outcome.
 */
export interface Suggestion {
  title: string;
  href: string;
  outcome: { label: string; price: number } | null;
}

export interface SuggestionAnswer {
  suggestions: Suggestion[];
  /** Why only the busiest events were searched (the API's `note`); null when the index answered. */
  note: string | null;
}

/** The API request for a text, or null for blank text (nothing is asked). */
export function suggestionsUrl(text: string): string | null {
  if (text.trim() === "") return null;
  const params = new URLSearchParams({
    q: text.slice(0, SEARCH_MAX_LENGTH),
    limit: String(SUGGESTION_LIMIT),
  });
  return `/api/v1/search?${params}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** A path on this site ("/event/x"), never another origin ("//host", "https:…"). */
const isLocalPath = (href: unknown): href is string =>
  typeof href === "string" && href.startsWith("/") && !href.startsWith("//") && !href.includes("\\");

/** An outcome's label and price, taken from the same object so the two always belong together. */
function readOutcome(value: unknown): Suggestion["outcome"] {
  return isRecord(value) && typeof value.label === "string" && typeof value.price === "number"
    ? { label: value.label, price: value.price }
    : null;
}

function readSuggestion(event: unknown): Suggestion | null {
  if (!isRecord(event) || typeof event.title !== "string" || !isLocalPath(event.href)) return null;
  const leading = readOutcome(Array.isArray(event.outcomes) ? event.outcomes[0] : undefined);
  return { title: event.title, href: event.href, outcome: readOutcome(event.matchedOutcome) ?? leading };
}

/** The suggestions of a search answer, or null when the body is not one (the popup then stays shut). */
export function parseSuggestions(json: unknown): SuggestionAnswer | null {
  if (!isRecord(json) || !Array.isArray(json.events)) return null;
  const suggestions: Suggestion[] = [];
  for (const event of json.events) {
    const suggestion = readSuggestion(event);
    // One option per page (an option's id and key are its place and its href).
    if (suggestion && !suggestions.some((s) => s.href === suggestion.href)) suggestions.push(suggestion);
  }
  suggestions.splice(SUGGESTION_LIMIT);
  return { suggestions, note: typeof json.note === "string" ? json.note : null };
}

/** What the live region says when suggestions arrive. */
export function suggestionCountText(count: number): string {
  if (count === 0) return "No suggestions";
  return count === 1 ? "1 suggestion" : `${count} suggestions`;
}
