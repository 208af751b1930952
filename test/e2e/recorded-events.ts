/**
 * What the list pages should show, worked out from the recorded payload the fixture server serves: the
 * recorded top-100 markets replayed as if recorded now and grouped into their 20 events (as the fixture's
 * events list is built), each read by the app's pure parser, then the category, search and list view
 * applied. The browser tests compare the built Worker's pages against it.
 */
import { toEventFacts } from "../../app/.server/events/card";
import { normaliseGammaEvent } from "../../app/.server/polymarket/gamma-events";
import { type Category, filterMarkets } from "../../app/lib/categories";
import { type ListView, parseListView, selectListItems } from "../../app/lib/list-view";
import { matchesSearch } from "../../app/lib/search";
import type { MarketEvent } from "../../app/lib/types";
import { readFixture } from "../support/fixtures";
import { eventsOf, MARKETS_RECORDED_AT, replayedAt } from "../support/upstream-answers";

const now = Date.now();

/** The recorded events as the app reads them: every market with its outcomes' CLOB tokens. */
export const recordedMarketEvents: MarketEvent[] = eventsOf(
  replayedAt(readFixture("polymarket/gamma-markets-active-100.json") as unknown[], MARKETS_RECORDED_AT, now),
)
  .map(normaliseGammaEvent)
  .filter((e): e is MarketEvent => e !== null);

/** The recorded events as cards read them (no forecast, mentions or sparkline: those are the Worker's). */
export const recordedEvents = recordedMarketEvents.map((e) => toEventFacts(e, now));

export type RecordedEvent = (typeof recordedEvents)[number];

/** Whether an event's end date has passed (what "Hide ended" drops). */
export const hasEnded = (e: RecordedEvent): boolean => e.endDate !== null && Date.parse(e.endDate) <= now;

/**
 * The events a list page lists (all of them, before the page's card limit), in order: `query` is the
 * page's query string (`sort`, `ended`, `search`), `category` the page's (none: Trending, the home page).
 */
export function listedEvents(category: Category | undefined, query = ""): RecordedEvent[] {
  const params = new URLSearchParams(query);
  const view: ListView = parseListView(params, { trending: category === undefined });
  const search = params.get("search")?.trim() ?? "";
  const inCategory = filterMarkets(recordedEvents, category, "");
  const matching = inCategory.filter(
    (e) => matchesSearch(e.title, search) || e.outcomes.some((o) => matchesSearch(o.label, search)),
  );
  return selectListItems(matching, view, now);
}

/** The one recorded event with this title (throws when there is none: the fixture changed). */
export function recordedEvent(title: string): RecordedEvent {
  const event = recordedEvents.find((e) => e.title === title);
  if (!event) throw new Error(`no recorded event titled ${title}`);
  return event;
}
