/**
 * The status page's measured part: uptime and incidents of each upstream, read from the checks the
 * crons record (history database) and computed by ~/lib/uptime. Without the database, or when it
 * fails, the page says "History unavailable" (null here, one log line) and renders the rest.
 */
import { HISTORY_WINDOW_MS, type StatusHistory, statusHistory, UPTIME_WINDOWS } from "~/lib/uptime";
import type { SwrCache } from "../cache/swr-cache";
import type { HistoryStore } from "../history/store";
import { createLog } from "../log";

const log = createLog("status");

/**
 * How long an isolate keeps the history it read: the crons record a check a minute, so a visitor sees a
 * new one at most this late, and a burst of visitors costs the database two queries per isolate.
 */
const STATUS_MEMO_MS = 15_000;

export function readStatusHistory(
  memo: Pick<SwrCache, "remembered">,
  history: HistoryStore | null,
  now: number,
): Promise<StatusHistory | null> {
  return memo.remembered({
    key: "status-history",
    ttlMs: STATUS_MEMO_MS,
    load: () => readFromDatabase(history, now),
    // Unavailable history is read again next time.
    keep: (history) => history !== null,
  });
}

async function readFromDatabase(history: HistoryStore | null, now: number): Promise<StatusHistory | null> {
  if (!history) {
    log.error("history unavailable: no D1 binding (DB)");
    return null;
  }
  try {
    const [tallies, checks] = await Promise.all([
      history.checkTallies(UPTIME_WINDOWS.map((window) => now - window.ms)),
      history.checksAroundFailures(now - HISTORY_WINDOW_MS),
    ]);
    return statusHistory(tallies, checks, now);
  } catch (error) {
    log.error("history unavailable (the rest of the page renders)", error);
    return null;
  }
}
