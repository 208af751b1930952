/**
 * Search over every open event (decision 0035), for the list pages, the header's suggestions
 * and `/api/v1/search`: one page of the index's ranking as event cards. An event among the snapshot's busiest
 * keeps its card (our forecast, X count and the snapshot's prices); any other shows the index's figures and
 * no forecast. Before the index's first full pass, or when D1 fails, the snapshot's events that match answer
 * instead, and say so (`source: "snapshot"`, with why).
 */
import { type Category, filterMarkets } from "~/lib/categories";
import { errorMessage } from "~/lib/errors";
import { byPrice, eventOutcomes } from "~/lib/outcomes";
import { POLYMARKET } from "~/lib/provenance";
import { matchesEvent, matchesSearch, type SearchResults } from "~/lib/search";
import type {
  AnyEvent,
  DisplayEvent,
  EventOutcome,
  IndexedEvent,
  MarketEvent,
  MarketSnapshot,
} from "~/lib/types";
import { encodeCursor } from "../cursor";
import { toEventFacts, toOutcomeView } from "../events/card";
import { createLog } from "../log";

import { matchedOutcome } from "./matched-outcome";
import type { SearchMemo } from "./memo";
import {
  clampLimit,
  type IndexAnswer,
  readIndex,
  SearchCursorError,
  type SearchPage,
  searchKey,
  searchOffset,
} from "./query";

const log = createLog("search");

/** Why the snapshot answered a search: the index has not finished its first pass, or cannot be read. */
export const SEARCH_FALLBACK = {
  building: "Searching the 100 busiest events only: the index of every open event is still being built.",
  failed: "Searching the 100 busiest events only: the index of every open event cannot be read right now.",
} as const;

export interface SearchRequest {
  /** The visitor's text (the caller cuts or refuses it past 200 characters). */
  q: string;
  limit?: number;
  cursor?: string | null;
  /** A category page's search: only its events. */
  category?: Category;
}

/** An indexed event's own card: its index figures, no forecast (also `/api/v1/events/{slug}`'s `event`). */
export function indexedEventCard(event: MarketEvent, now: number): AnyEvent {
  return { ...toEventFacts(event, now), forecast: null, mentions: null };
}

/** An indexed event's card: the snapshot's when it is one of the busiest, else its own figures, no forecast. */
function toResult(event: IndexedEvent, shown: ReadonlyMap<string, DisplayEvent>, now: number): AnyEvent {
  return shown.get(event.slug) ?? indexedEventCard(event, now);
}

/** The snapshot's cards by slug, made once per snapshot. */
const shownBy = new WeakMap<readonly DisplayEvent[], ReadonlyMap<string, DisplayEvent>>();
/**
 * A page's cards, made once per page and snapshot: a kept answer (memo.ts) is asked again within its minute,
 * and its cards change only with the snapshot (an event's card, or whether it is among the busiest).
 */
const cardsBy = new WeakMap<SearchPage, { events: readonly DisplayEvent[]; cards: AnyEvent[] }>();

function cardsOf(page: SearchPage, events: readonly DisplayEvent[], now: number): AnyEvent[] {
  const made = cardsBy.get(page);
  if (made && made.events === events) return made.cards;
  let shown = shownBy.get(events);
  if (!shown) {
    shown = new Map(events.map((e) => [e.slug, e]));
    shownBy.set(events, shown);
  }
  const lookup = shown;
  const cards = page.events.map((e) => toResult(e, lookup, now));
  cardsBy.set(page, { events, cards });
  return cards;
}

/**
 * The outcome of an indexed event that `q` names, from every one of its open outcomes (a card lists three),
 * dearest first; the card's own entry for it when the card lists it, so the two never differ in price.
 */
function indexedOutcomeNamed(q: string, event: IndexedEvent, card: AnyEvent): EventOutcome | null {
  const named = matchedOutcome(q, byPrice(eventOutcomes(event)));
  if (!named) return null;
  const listed = card.outcomes.find((o) => o.marketId === named.market.id && o.label === named.label);
  return listed ?? toOutcomeView(named);
}

/** The snapshot's events that match, in its order (busiest first), a page of them. */
export function snapshotResults(
  snapshot: Pick<MarketSnapshot, "events" | "provenance">,
  request: SearchRequest,
  fallback: string,
): SearchResults {
  // The same page sizes and cursors (offsets) as the index.
  const limit = clampLimit(request.limit);
  const offset = searchOffset(request.cursor);
  const inCategory = request.category
    ? filterMarkets(snapshot.events, request.category, "")
    : snapshot.events;
  const search = request.q.trim();
  const matching = search ? inCategory.filter((e) => matchesEvent(e, search)) : inCategory;
  const events = matching.slice(offset, offset + limit);
  return {
    source: "snapshot",
    fallback,
    events,
    nextCursor: offset + limit < matching.length ? encodeCursor(String(offset + limit)) : null,
    provenance: {
      ...snapshot.provenance,
      ...(events.length === 0 ? { mentions: null, sentiment: null } : {}),
    },
    // The snapshot's search matches the outcomes a card lists by their text: the named one is the first so matched.
    outcomeNamed: (event) =>
      search === "" ? null : (event.outcomes.find((o) => matchesSearch(o.label, search)) ?? null),
  };
}

/** What a search reads: the index (D1) and its minute's memo, and the shown events for their forecasts. */
export interface SearchSources {
  now: number;
  db: D1Database | null;
  searches?: SearchMemo<IndexAnswer>;
  /** The market snapshot (built now when none is cached): its cards' forecasts and X counts. */
  shown: () => Promise<MarketSnapshot>;
}

/**
 * One page of a search. Throws SearchCursorError for a cursor that is not a `nextCursor` (a 400); every
 * other failure (D1, a missing binding) is the snapshot's answer with the reason.
 */
export async function searchOpenEvents(
  { now, db, searches, shown: shownNow }: SearchSources,
  request: SearchRequest,
): Promise<SearchResults> {
  const snapshot = shownNow();
  if (db === null) return snapshotResults(await snapshot, request, SEARCH_FALLBACK.failed);
  let page: SearchPage;
  let checkedAt: string | null;
  try {
    const query = {
      q: request.q,
      limit: request.limit,
      cursor: request.cursor,
      category: request.category?.slug,
    };
    const answer = await (searches
      ? searches.get(searchKey(query), now, () => readIndex(db, query))
      : readIndex(db, query));
    if (!answer.ready) return snapshotResults(await snapshot, request, SEARCH_FALLBACK.building);
    page = answer.page;
    checkedAt = answer.checkedAt;
  } catch (error) {
    if (error instanceof SearchCursorError) throw error;
    log.warn(`the index cannot be read: ${errorMessage(error)}`);
    return snapshotResults(await snapshot, request, SEARCH_FALLBACK.failed);
  }
  const shown = await snapshot;
  const events = cardsOf(page, shown.events, now);
  const forecast = events.some((e) => e.forecast !== null);
  let indexed: Map<string, IndexedEvent> | null = null;
  return {
    source: "index",
    fallback: null,
    events,
    nextCursor: page.nextCursor,
    provenance: {
      markets: { kind: "cached", by: POLYMARKET, at: checkedAt ?? new Date(now).toISOString() },
      mentions: forecast ? shown.provenance.mentions : null,
      sentiment: forecast ? shown.provenance.sentiment : null,
    },
    outcomeNamed: (card) => {
      indexed ??= new Map(page.events.map((e) => [e.slug, e]));
      const event = indexed.get(card.slug);
      return event ? indexedOutcomeNamed(request.q, event, card) : null;
    },
  };
}
