/**
 * Smart money for the cards and the model (decision 0055): each minute run that did not refresh the smart
 * wallets computes it for a few of the shown events, in rotation, and keeps one compact row per event in D1.
 * A run asks the Data API at most SMART_EVENTS_PER_RUN × 2 times (one holders call of at most 20 conditions
 * and one page of trades per event, single attempts) and D1 twice (the smart wallets among the answers'
 * wallets, then the rows that changed). Cards never ask an upstream.
 */
import { ok, type Section } from "~/lib/section";
import { leanText, smartMoneyLine } from "~/lib/smart-money";
import type { Market } from "~/lib/types";
import {
  askSmartMoney,
  eventSmartMoney,
  SMART_TRADES_WINDOW_MS,
  type SmartMoneyAnswer,
  smartOutcomes,
  smartQuery,
  walletsOf,
} from "../events/smart-money";
import type { EventSmartRow, HistoryStore } from "../history/store";
import { createLog } from "../log";
import type { DataV2 } from "../polymarket/data-v2";
import type { StoredMarkets } from "./markets";

const log = createLog("smart-money");

/** Events computed per minute run: 2 × (1 holders call + 1 trades page) = 4 upstream calls. */
export const SMART_EVENTS_PER_RUN = 2;

/**
 * The shown events in a fixed order (by slug) cut into groups of SMART_EVENTS_PER_RUN; the minute's group.
 * Stateless: every event comes round once every ⌈events ÷ 2⌉ minutes (50 for 100 events), well inside the
 * two hours a card trusts a row for.
 */
export function rotationGroup<T extends { slug: string }>(events: readonly T[], nowMs: number): T[] {
  const sorted = [...events].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  const groups = Math.ceil(sorted.length / SMART_EVENTS_PER_RUN);
  if (groups === 0) return [];
  const index = Math.floor(nowMs / 60_000) % groups;
  return sorted.slice(index * SMART_EVENTS_PER_RUN, (index + 1) * SMART_EVENTS_PER_RUN);
}

/** The shown events smart money can be asked for: their covered outcomes (from the kept markets) and query. */
function candidates(stored: StoredMarkets) {
  const bySlug = new Map<string, Market[]>();
  for (const market of stored.markets ?? []) {
    const slug = market.event?.slug;
    if (!slug) continue;
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), market]);
  }
  return stored.snapshot.events.flatMap((card) => {
    const outcomes = smartOutcomes(bySlug.get(card.slug) ?? [], card.multi);
    const query = smartQuery(card.slug, card.id, outcomes);
    return query ? [{ slug: card.slug, outcomes, query }] : [];
  });
}

/** Computes this minute's events and writes their rows; answers the rows written (0: nothing to do). */
export async function refreshEventSmartMoney(
  history: HistoryStore,
  dataV2: Pick<DataV2, "holders" | "eventTrades">,
  stored: StoredMarkets | null,
  now: number,
): Promise<Section<number>> {
  if (!stored) return ok(0);
  const due = rotationGroup(candidates(stored), now);
  if (due.length === 0) return ok(0);
  const answers = await Promise.all(
    due.map((event) =>
      askSmartMoney(
        // v2 only: v1's fallback asks once per condition, more than a run may spend.
        (conditionIds) => dataV2.holders(conditionIds, true),
        dataV2,
        event.query,
        now - SMART_TRADES_WINDOW_MS,
      ).catch((error: unknown): SmartMoneyAnswer | null => {
        log.warn(`${event.slug}: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }),
    ),
  );
  const asked = due.flatMap((event, i) => {
    const answer = answers[i];
    return answer ? [{ ...event, answer }] : [];
  });
  if (asked.length === 0) return ok(0);
  const smart = await history.smartWalletsAmong(asked.flatMap((e) => walletsOf(e.answer)));
  // Before the first list there is nothing to call smart: no rows rather than rows of nothing.
  if (smart.refreshedAt === null) return ok(0);
  const rows: EventSmartRow[] = asked.map(({ slug, outcomes, answer }) => {
    const money = eventSmartMoney(outcomes, answer, smart.wallets, now);
    return {
      eventSlug: slug,
      line: smartMoneyLine(money),
      lean: leanText(money),
      wallets: money.wallets,
      asOf: now,
    };
  });
  return ok(await history.writeEventSmartMoney(rows, now));
}
