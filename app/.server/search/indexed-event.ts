/**
 * An event outside the snapshot as the search index holds it (decision 0037): `/event/:slug`
 * and `/api/v1/events/{slug}` take its prices from the index row instead of asking Gamma. Only an open row
 * the crawl keeps current answers; a missing or closed row, an index whose crawl has stopped, or D1 missing
 * or failing is "not in the index", and the caller asks Gamma as before.
 */
import type { IndexedEvent } from "~/lib/types";
import { createLog } from "../log";
import type { Sources } from "../sources";
import { getIndexedEvent, indexState } from "./query";

const log = createLog("search");

/** An index older than this (no full pass and no write of the row) is not trusted: Gamma answers instead. */
const LEAST_TRUST_MS = 6 * 3_600_000;
/** …nor older than three of the configured passes (SEARCH_INDEX_PASS_MINUTES apart). */
const PASSES_TRUSTED = 3;

export interface FromIndex {
  event: IndexedEvent;
  /**
   * When the index last listed every open event, if after the row's last write: its figures were the same
   * to the cent then (a row is rewritten only when they move). Null when the row is the newer.
   */
  checkedAt: string | null;
}

/**
 * The open indexed event with this slug and when the index last confirmed it, or null. Two one-row D1
 * queries in parallel (the row by its unique slug, the crawl's state); never an upstream call.
 */
export async function openIndexedEvent(
  { index, now }: Pick<Sources, "index" | "now">,
  slug: string,
): Promise<FromIndex | null> {
  const { db, passMinutes } = index;
  if (db === null) return null;
  let found: [IndexedEvent | null, Awaited<ReturnType<typeof indexState>>];
  try {
    found = await Promise.all([getIndexedEvent(db, slug), indexState(db)]);
  } catch (error) {
    log.warn(`the index cannot be read for event ${slug}: asking Polymarket`, error);
    return null;
  }
  const [event, state] = found;
  if (event === null || event.closed) return null;
  const written = Date.parse(event.updatedAt);
  const lastPass = state.lastFullPassAt === null ? Number.NaN : Date.parse(state.lastFullPassAt);
  const checked = Number.isFinite(lastPass) && lastPass > written ? lastPass : written;
  const trustMs = Math.max(LEAST_TRUST_MS, PASSES_TRUSTED * passMinutes * 60_000);
  if (now - checked > trustMs) return null;
  return { event, checkedAt: checked > written ? state.lastFullPassAt : null };
}
