/**
 * The trader page's "Record" (decision 0056): the wallet's resolved and closed positions (kept on demand
 * like its other sections), each given its event's category from the search index's tags (D1, kept a
 * minute), else its title's keywords, made into the win rate and the PnL by category.
 */
import { primaryCategory } from "~/lib/categories";
import { ok, type Section } from "~/lib/section";
import {
  RECORD_UNAVAILABLE,
  type SettledPosition,
  type TraderRecord,
  traderRecord,
} from "~/lib/trader-record";
import type { SwrCache } from "../cache/swr-cache";
import { createLog } from "../log";
import { type Lookups, sayUnavailable } from "../lookups";
import { eventTagsBySlug } from "../search/event-tags";

const log = createLog("trader");
const TAGS_MEMO_MS = 60_000;

export { RECORD_UNAVAILABLE };

/** Where categories are read: the search index and the isolate's memory. */
export interface RecordIndex {
  db: D1Database | null;
  memo: Pick<SwrCache, "remembered">;
}

/** The indexed events of the positions, by slug; none (titles decide) when the index cannot be read. */
async function indexedEvents(index: RecordIndex, wallet: string, positions: readonly SettledPosition[]) {
  const { db } = index;
  if (!db) return new Map();
  try {
    return await index.memo.remembered({
      key: `record-tags:${wallet}`,
      ttlMs: TAGS_MEMO_MS,
      load: () =>
        eventTagsBySlug(
          db,
          positions.map((p) => p.eventSlug),
        ),
    });
  } catch (error) {
    log.error("search index tags unavailable: categories from titles", error);
    return new Map();
  }
}

/** The wallet's record, or why it is missing (`limited` over the client's lookup limit). */
export async function traderRecordSection(
  lookups: Lookups,
  index: RecordIndex,
  wallet: string,
): Promise<Section<TraderRecord>> {
  const kept = await lookups.traderRecord(wallet);
  if (!kept.ok) return sayUnavailable(kept, RECORD_UNAVAILABLE);
  const { api, positions, complete } = kept.value.value;
  const events = await indexedEvents(index, wallet, positions);
  return ok(
    traderRecord(positions, (p) => primaryCategory(events.get(p.eventSlug) ?? { title: p.title, tags: [] }), {
      api,
      asOf: kept.value.fetchedAt,
      complete,
      stale: kept.value.stale,
    }),
  );
}
