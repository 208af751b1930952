/**
 * An event's smart money as the event page and the API show it: the Data API's holders and trades through
 * the `smartMoney` lookup (kept ten minutes), the smart wallets among them from D1 (kept a minute), and the
 * figures. Each way it can fail says so in its own words.
 */
import type { EventOutcomeOf } from "~/lib/outcomes";
import { ok, type Section, unavailable } from "~/lib/section";
import {
  SMART_MONEY_NO_OUTCOMES,
  SMART_MONEY_UNAVAILABLE,
  SMART_WALLETS_NOT_LOADED,
  type SmartMoneyView,
  smartMoneyView,
} from "~/lib/smart-money";
import type { HistoryReads } from "../history/reads";
import { type Lookups, sayUnavailable } from "../lookups";
import { eventSmartMoney, type SmartMoneyQuery, walletsOf } from "./smart-money";

/**
 * The section for the covered outcomes: `empty` when there is nothing to ask or the smart wallets have
 * never been loaded, `unavailable` when the upstream or the database fails, `limited` over the lookup limit.
 */
export async function smartMoneySection(
  { lookups, reads, now }: { lookups: Lookups; reads: HistoryReads; now: number },
  outcomes: readonly EventOutcomeOf[],
  query: SmartMoneyQuery | null,
): Promise<Section<SmartMoneyView>> {
  if (query === null) return unavailable(SMART_MONEY_NO_OUTCOMES, "empty");
  const kept = await lookups.smartMoney(query);
  if (!kept.ok) return sayUnavailable(kept, SMART_MONEY_UNAVAILABLE);
  const answer = kept.value.value;
  const smart = await reads.smartAmong(query.slug, kept.value.fetchedAt, walletsOf(answer));
  if (!smart.ok) return smart;
  if (smart.value.refreshedAt === null) return unavailable(SMART_WALLETS_NOT_LOADED, "empty");
  return ok(
    smartMoneyView(eventSmartMoney(outcomes, answer, smart.value.wallets, now), kept.value.fetchedAt),
  );
}
