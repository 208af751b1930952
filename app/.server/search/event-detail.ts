/**
 * One event in full (`/api/v1/events/{slug}`, decision 0032): its card's fields, the forecast and X count
 * when it is among the busiest events, and every open outcome. A shown event is answered from the snapshot
 * when the snapshot keeps all of its markets, else its outcomes are read on demand (`LOOKUPS.event`, gated
 * and kept in memory and the Cache API); a failing lookup leaves the snapshot's part, said in `notes`.
 * An event outside the snapshot is answered from the search index when it holds the event open and current
 * (decision 0037: no upstream call, `fetchedAt` the row's last write), else read on demand; either without a
 * forecast. A slug that cannot be Polymarket's is unknown without any D1 query or upstream call.
 */

import { byPrice, eventOutcomes } from "~/lib/outcomes";
import {
  type AnswerProvenance,
  analysisProvenance,
  fetchedProvenance,
  mentionsProvenance,
  POLYMARKET,
  type Provenance,
} from "~/lib/provenance";
import { ok, type Section } from "~/lib/section";
import type { AnyEvent, DisplayEvent, EventDetail, EventOutcome, Market, MarketEvent } from "~/lib/types";
import { toEventFacts, toOutcomeView } from "../events/card";
import { sayUnavailable } from "../lookups";
import { isSlug } from "../polymarket/gamma";
import { findShownEvent } from "../snapshots/markets";
import type { Sources } from "../sources";
import { openIndexedEvent } from "./indexed-event";
import { indexedEventCard } from "./results";

export interface ReadEvent {
  /** The answer but for its markets' resolutions (the API adds them from `markets`). */
  detail: Omit<EventDetail, "resolutions">;
  /** Where the outcomes' prices came from: the snapshot (15-minute freshness), the index or an on-demand read. */
  from: "snapshot" | "index" | "lookup";
  /** Every market read with its UMA state (open and resolved ones); null from the index, which keeps no state. */
  markets: Market[] | null;
}

/** What the lookup answers: today `{ slug, title, markets }`, the whole event once it carries it. */
type LookedUpEvent = Pick<MarketEvent, "slug" | "title" | "markets"> & Partial<MarketEvent>;

export const OUTCOMES_UNAVAILABLE =
  "Polymarket could not be asked for the event's other outcomes right now: only those in our snapshot are listed.";

const sum = (markets: readonly Market[], figure: (m: Market) => number) =>
  markets.reduce((total, m) => total + figure(m), 0);

/** The looked-up event as an event of ours: its open markets, and what it does not say taken from them. */
function asMarketEvent(found: LookedUpEvent): MarketEvent {
  const open = found.markets.filter((m) => !m.closed);
  const first = open[0] ?? found.markets[0];
  return {
    // The thin lookup names no event id: the slug (also unique at Polymarket) stands in until it does.
    id: found.id ?? found.slug,
    slug: found.slug,
    title: found.title,
    description: found.description ?? first?.description ?? "",
    resolutionSource: found.resolutionSource ?? null,
    image: found.image ?? first?.image ?? null,
    endDate: found.endDate ?? first?.endDate ?? null,
    startDate: found.startDate ?? null,
    volume24h: found.volume24h ?? sum(found.markets, (m) => m.volume24h),
    volume: found.volume ?? sum(found.markets, (m) => m.volume ?? 0),
    liquidity: found.liquidity ?? sum(open, (m) => m.liquidity ?? 0),
    negRisk: found.negRisk ?? false,
    tags: found.tags ?? (first?.tags ?? []).map((label) => ({ slug: "", label })),
    markets: open,
    resolved: found.resolved ?? found.markets.filter((m) => m.closed),
  };
}

/** Where an event's figures came from: its prices (`markets`), and its forecast's and X count's when it has them. */
function provenanceOf(event: AnyEvent, markets: Provenance): AnswerProvenance {
  return {
    markets,
    sentiment: event.forecast ? analysisProvenance(event.forecast.source) : null,
    mentions: event.mentions ? mentionsProvenance(event.mentions.source) : null,
  };
}

/**
 * The card with the outcome prices read just now (a lookup fresher than the snapshot): one answer never
 * gives two prices for one outcome. The call keeps the price it was made at.
 */
function withPrices(card: DisplayEvent, outcomes: readonly EventOutcome[]): DisplayEvent {
  const now = (marketId: string, label: string) =>
    outcomes.find((o) => o.marketId === marketId && o.label === label);
  return {
    ...card,
    outcomes: card.outcomes.map((o) => {
      const read = now(o.marketId, o.label);
      return read ? { ...o, price: read.price, priceChange24h: read.priceChange24h } : o;
    }),
    forecast: {
      ...card.forecast,
      probabilities: card.forecast.probabilities.map((p) => ({
        ...p,
        market: now(p.marketId, p.label)?.price ?? p.market,
      })),
    },
  };
}

/** Every open outcome, dearest first, as the API lists them. */
function outcomeViews(markets: readonly Market[], multi: boolean) {
  return byPrice(eventOutcomes({ markets: [...markets] }, multi)).map(toOutcomeView);
}

/**
 * The event by slug: null when Polymarket does not know it (or the slug cannot be one); unavailable or
 * limited when it is not in the snapshot and the lookup fails.
 */
export async function readEvent(
  sources: Pick<Sources, "now" | "snapshot" | "lookups" | "index">,
  slug: string,
): Promise<Section<ReadEvent | null>> {
  if (!isSlug(slug)) return ok(null);
  const { now, lookups } = sources;
  const shown = findShownEvent(await sources.snapshot(), slug);
  if (shown) {
    const { card, markets, snapshot } = shown;
    const outcomeCount = card.outcomes.length + card.moreOutcomes;
    const fromSnapshot = {
      event: card,
      outcomes: outcomeViews(markets, card.multi),
      outcomeCount,
      inSnapshot: true,
      fetchedAt: snapshot.fetchedAt,
      provenance: provenanceOf(card, snapshot.provenance.markets),
    };
    if (fromSnapshot.outcomes.length >= outcomeCount)
      return ok({ detail: fromSnapshot, from: "snapshot", markets });
    const read = await lookups.event(slug);
    const found = read.ok ? read.value.value : null;
    if (!read.ok || found === null) {
      const note = read.ok ? OUTCOMES_UNAVAILABLE : sayUnavailable(read, OUTCOMES_UNAVAILABLE).message;
      return ok({ detail: { ...fromSnapshot, notes: [note] }, from: "snapshot", markets });
    }
    const event = asMarketEvent(found);
    const outcomes = outcomeViews(event.markets, card.multi || event.markets.length > 1);
    const { fetchedAt, stale } = read.value;
    return ok({
      detail: {
        event: withPrices(card, outcomes),
        outcomes,
        outcomeCount: outcomes.length,
        inSnapshot: true,
        fetchedAt,
        provenance: provenanceOf(card, fetchedProvenance(POLYMARKET, fetchedAt, stale)),
      },
      from: "lookup",
      markets: [...event.markets, ...event.resolved],
    });
  }
  const indexed = await openIndexedEvent(sources, slug);
  if (indexed) {
    const { event, checkedAt } = indexed;
    const at = checkedAt ?? event.updatedAt;
    const card = indexedEventCard(event, now);
    return ok({
      detail: outsideDetail(card, event, event.updatedAt, { kind: "cached", by: POLYMARKET, at }),
      from: "index",
      markets: null,
    });
  }
  const read = await lookups.event(slug);
  if (!read.ok) return read;
  const found = read.value.value;
  if (found === null) return ok(null);
  const event = asMarketEvent(found);
  const card: AnyEvent = { ...toEventFacts(event, now), forecast: null, mentions: null };
  const { fetchedAt, stale } = read.value;
  return ok({
    detail: outsideDetail(card, event, fetchedAt, fetchedProvenance(POLYMARKET, fetchedAt, stale)),
    from: "lookup",
    markets: [...event.markets, ...event.resolved],
  });
}

/** An event outside the snapshot: its card without a forecast, every open outcome, where its prices came from. */
function outsideDetail(
  card: AnyEvent,
  event: MarketEvent,
  fetchedAt: string,
  markets: Provenance,
): Omit<EventDetail, "resolutions"> {
  const outcomes = outcomeViews(event.markets, event.markets.length > 1);
  return {
    event: card,
    outcomes,
    outcomeCount: outcomes.length,
    inSnapshot: false,
    fetchedAt,
    provenance: provenanceOf(card, markets),
  };
}
