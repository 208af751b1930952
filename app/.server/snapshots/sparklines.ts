/**
 * The cards' 24-hour sparklines: the first outcome's price at each hour's first 10-minute point from
 * the history database, ending with the price just fetched. Read once per market build (one D1 query for all
 * shown markets), stored with the snapshot, so rendering a card costs no database call.
 */
import { toPercent } from "~/lib/format";
import { firstSidePriceOf } from "~/lib/outcomes";
import type { Market } from "~/lib/types";
import type { HistoryStore } from "../history/store";
import { createLog } from "../log";

const log = createLog("history");

const DAY_SECONDS = 86_400;

/**
 * The price just fetched as the line's last point: to the hundredth of a cent by way of percent, the float
 * steps it has always taken, so its rounding to the tenth of a cent below lands where it always has (0.0035
 * reads 0.003, as it always has; rounded directly it would read 0.004).
 */
const latestPrice = (market: Market): number => toPercent(firstSidePriceOf(market)) / 100;

/** Sparkline values by market id; empty when the database is missing or failing (one log line). */
export async function readSparklines(
  history: HistoryStore | null,
  markets: readonly Market[],
  now: number,
): Promise<Map<string, number[]>> {
  const lines = new Map<string, number[]>();
  if (!history || markets.length === 0) return lines;
  let past: Map<string, number[]>;
  try {
    const nowSec = Math.floor(now / 1000);
    past = await history.hourlyFirstPrices(
      markets.map((m) => m.id),
      nowSec - DAY_SECONDS,
      nowSec,
    );
  } catch (error) {
    log.error("sparklines unavailable (cards show none)", error);
    return lines;
  }
  for (const market of markets) {
    const values = [...(past.get(market.id) ?? []), latestPrice(market)];
    if (values.length >= 2)
      lines.set(
        market.id,
        values.map((v) => Math.round(v * 1000) / 1000),
      );
  }
  return lines;
}
